import type { TAddressFound } from '@parity/domain/places';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { ADDRESS_NO_MATCH, ADDRESS_UNAVAILABLE, AddressSearch } from './address-search';

const baker = {
  place_id: 'builtin:addr:gb:london-england:MjIxQiBCYWtlciBTdHJlZXQ',
  description: '221B Baker Street, London, England, United Kingdom',
  main_text: '221B Baker Street',
  secondary_text: 'London, England, United Kingdom',
};
const london = {
  place_id: 'builtin:city:gb:london-england',
  description: 'London, England, United Kingdom',
  main_text: 'London',
  secondary_text: 'England, United Kingdom',
};
const bakerDetails = {
  place_id: baker.place_id,
  description: baker.description,
  street: '221B Baker Street',
  city: 'London',
  region: 'England',
  postal_code: null,
  country: 'GB',
  lat: null,
  lng: null,
};

function stubPlaces({ google = false, details = true, autocompleteFails = false } = {}) {
  return stubFetch(({ url }) => {
    if (url.pathname === '/api/places/config') return json({ ip_country_url: null, google_places: google });
    if (url.pathname === '/api/places/autocomplete') {
      if (autocompleteFails) return json({ message: 'Bad gateway', error: 'places_unavailable' }, 502);
      const q = url.searchParams.get('q') ?? '';
      if (q.toLowerCase().startsWith('221b')) return json({ data: [baker] });
      if (q.toLowerCase().startsWith('lo')) return json({ data: [london, baker] });
      return json({ data: [] });
    }
    if (url.pathname === `/api/places/${encodeURIComponent(baker.place_id)}`) {
      return details ? json(bakerDetails) : json({ message: 'Place not found.', error: 'not_found' }, 404);
    }
    return json({ message: 'not found' }, 404);
  });
}

const autocompleteCalls = (fetchStub: ReturnType<typeof stubPlaces>) =>
  fetchStub.filter((call) => call.path === '/api/places/autocomplete').map((call) => call.search.get('q'));

function Harness({
  initial = null,
  onValue,
}: {
  initial?: TAddressFound | null;
  onValue: (v: TAddressFound | null) => void;
}) {
  const [value, setValue] = useState<TAddressFound | null>(initial);
  return (
    <AddressSearch
      label="Primary Address"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const input = () => screen.getByRole('combobox', { name: 'Primary Address' });
const option = (name: string) => screen.findByRole('option', { name, hidden: true });

describe('AddressSearch', () => {
  it('asks once the typing pauses; arrow down and Enter pick a suggestion with its details', async () => {
    const fetchStub = stubPlaces();
    const onValue = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onValue={onValue} />);
    await user.type(input(), '221B Baker');
    expect(await option(baker.description)).toBeInTheDocument();
    expect(autocompleteCalls(fetchStub)).toEqual(['221B Baker']);
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', (await option(baker.description)).id);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith({
        place_id: baker.place_id,
        description: baker.description,
        details: bakerDetails,
      }),
    );
    expect(input()).toHaveValue(baker.description);
  });

  it('arrow keys move between suggestions', async () => {
    stubPlaces();
    const onValue = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onValue={onValue} />);
    await user.type(input(), 'Lon');
    await option(london.description);
    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', (await option(london.description)).id);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith(expect.objectContaining({ place_id: baker.place_id })),
    );
  });

  it('keeps the choice without details when they fail to load; typing again clears the value', async () => {
    stubPlaces({ details: false });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onValue = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onValue={onValue} />);
    await user.type(input(), '221B');
    await userEvent.setup({ pointerEventsCheck: 0 }).click(await option(baker.description));
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith({
        place_id: baker.place_id,
        description: baker.description,
        details: null,
      }),
    );
    await user.type(input(), 'x');
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(input()).toHaveValue(`${baker.description}x`);
  });

  it('shows a chosen value, clears it with the button, and says when nothing matches', async () => {
    stubPlaces();
    const onValue = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <Harness
        onValue={onValue}
        initial={{ place_id: london.place_id, description: london.description, details: null }}
      />,
    );
    expect(input()).toHaveValue(london.description);
    await user.click(screen.getByRole('button', { name: 'Clear address' }));
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(input()).toHaveValue('');
    await user.type(input(), 'Zzyzx');
    expect(await screen.findByText(ADDRESS_NO_MATCH)).toBeInTheDocument();
  });

  it('says when the search is unavailable, and credits Google when it is the provider', async () => {
    stubPlaces({ google: true, autocompleteFails: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<Harness onValue={vi.fn()} />);
    await user.type(input(), 'Lo');
    expect(await screen.findByText(ADDRESS_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.getByText('Powered by Google')).toBeInTheDocument();
  });

  it('shows the error it is given', () => {
    stubPlaces();
    renderWithProviders(
      <AddressSearch
        label="Primary Address"
        value={null}
        onChange={() => {}}
        error="Address is required"
        required
      />,
    );
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Address is required')).toBeInTheDocument();
  });
});
