import type { TGlobalIndustry, TGlobalIndustryType } from '@parity/domain/dictionaries';
import type { TIdentifiers } from '@parity/domain/identifiers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dictionaryQueryKey } from '../../lib/dictionaries';
import { createTestQueryClient, renderWithProviders } from '../../testing/render';
import { IndustriesPicker } from './industries-picker';

const types: TGlobalIndustryType[] = [
  { id: 1, name: 'Sector', key: 'gi_sector_id' },
  { id: 2, name: 'Industry', key: 'gi_industry_id' },
  { id: 3, name: 'Sub-industry', key: 'gi_sub_industry_id' },
  { id: 4, name: 'Assets under management', key: 'gi_aum' },
  { id: 5, name: 'Investment vehicle', key: 'gi_investment_vehicle_id' },
  { id: 6, name: 'Asset class', key: 'gi_asset_class_id' },
  { id: 7, name: 'Strategy', key: 'gi_strategy_id' },
];
const nodes: TGlobalIndustry[] = [
  { id: 1, name: 'Energy', type_id: 1, parent_id: null },
  { id: 7, name: 'Financials', type_id: 1, parent_id: null },
  { id: 101, name: 'Energy Equipment & Services', type_id: 2, parent_id: 1 },
  { id: 701, name: 'Banks', type_id: 2, parent_id: 7 },
  { id: 702, name: 'Diversified Financial Services and Markets', type_id: 2, parent_id: 7 },
  { id: 70201, name: 'Asset Management & Custody Banks', type_id: 3, parent_id: 702 },
  { id: 70101, name: 'Regional Banks', type_id: 3, parent_id: 701 },
  { id: 400001, name: 'Under $1B', type_id: 4, parent_id: null },
  { id: 500001, name: 'Fund', type_id: 5, parent_id: null },
  { id: 600001, name: 'Private Equity', type_id: 6, parent_id: null },
  { id: 700001, name: 'Buyout', type_id: 7, parent_id: null },
];

function renderPicker(initial: TIdentifiers = {}, onValue = vi.fn()) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(dictionaryQueryKey('globalIndustryHierarchy'), nodes);
  queryClient.setQueryData(dictionaryQueryKey('globalIndustryHierarchyTypes'), types);
  function Harness() {
    const [value, setValue] = useState<TIdentifiers>(initial);
    return (
      <IndustriesPicker
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
    );
  }
  renderWithProviders(<Harness />, { queryClient });
  return onValue;
}

const field = (name: string) => screen.getByRole('combobox', { name });

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(field(label));
  // The dropdown opens with a transition that jsdom never finishes: its options count as hidden.
  await userEvent
    .setup({ pointerEventsCheck: 0 })
    .click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('IndustriesPicker', () => {
  it('offers industries only under the chosen sector and clears them when the sector changes', async () => {
    const user = userEvent.setup();
    const onValue = renderPicker();
    expect(screen.getByRole('group', { name: 'Global Industries' })).toBeInTheDocument();
    expect(field('Industry')).toBeDisabled();
    expect(field('Industry')).toHaveAttribute('placeholder', 'Choose a sector first');
    expect(field('Sub-industry')).toBeDisabled();

    await choose(user, 'Sector', 'Financials');
    expect(onValue).toHaveBeenLastCalledWith({
      gi_sector_id: 7,
      gi_industry_id: null,
      gi_sub_industry_id: null,
    });
    await user.click(field('Industry'));
    const listbox = await waitFor(() => {
      const list = document.getElementById(field('Industry').getAttribute('aria-controls') ?? '');
      expect(list).not.toBeNull();
      return list as HTMLElement;
    });
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['Banks', 'Diversified Financial Services and Markets']);
    await userEvent.setup({ pointerEventsCheck: 0 }).click(
      within(listbox).getByRole('option', {
        name: 'Diversified Financial Services and Markets',
        hidden: true,
      }),
    );
    await choose(user, 'Sub-industry', 'Asset Management & Custody Banks');
    expect(onValue).toHaveBeenLastCalledWith({
      gi_sector_id: 7,
      gi_industry_id: 702,
      gi_sub_industry_id: 70201,
    });

    // The summary: two tags (the long one cut after 28 characters), then +1.
    const summary = screen.getByRole('group', { name: 'Selected global industries' });
    expect(within(summary).getByText('Financials')).toBeInTheDocument();
    expect(within(summary).getByText('Diversified Financial Servic…')).toBeInTheDocument();
    expect(within(summary).getByText('+1')).toBeInTheDocument();

    await choose(user, 'Sector', 'Energy');
    expect(onValue).toHaveBeenLastCalledWith({
      gi_sector_id: 1,
      gi_industry_id: null,
      gi_sub_industry_id: null,
    });
    expect(field('Industry')).toHaveValue('');
    expect(field('Sub-industry')).toBeDisabled();
  });

  it('sets the flat lists without touching the hierarchy', async () => {
    const user = userEvent.setup();
    const onValue = renderPicker({ gi_sector_id: 7, gi_industry_id: 701 });
    expect(field('Industry')).toHaveValue('Banks');
    await choose(user, 'Assets under management', 'Under $1B');
    await choose(user, 'Investment vehicle', 'Fund');
    await choose(user, 'Asset class', 'Private Equity');
    await choose(user, 'Strategy', 'Buyout');
    expect(onValue).toHaveBeenLastCalledWith({
      gi_sector_id: 7,
      gi_industry_id: 701,
      gi_aum: 400001,
      gi_investment_vehicle_id: 500001,
      gi_asset_class_id: 600001,
      gi_strategy_id: 700001,
    });
  });

  it('shows the error and disables everything when asked', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(dictionaryQueryKey('globalIndustryHierarchy'), nodes);
    queryClient.setQueryData(dictionaryQueryKey('globalIndustryHierarchyTypes'), types);
    renderWithProviders(
      <IndustriesPicker
        value={{ gi_sector_id: 7 }}
        onChange={() => {}}
        disabled
        error="Sector is required"
      />,
      { queryClient },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Sector is required');
    expect(field('Sector')).toBeDisabled();
    expect(field('Strategy')).toBeDisabled();
  });
  it.each([false, true])(
    'announces its loading state as a named status region (read-only: %s)',
    (readOnly) => {
      // No dictionary data in the cache: the picker waits for both lists.
      renderWithProviders(<IndustriesPicker value={{}} onChange={() => {}} readOnly={readOnly} />, {
        queryClient: createTestQueryClient(),
      });
      const status = screen.getByRole('status', { name: 'Loading global industries' });
      expect(status).toHaveAttribute('aria-busy', 'true');
    },
  );
});
