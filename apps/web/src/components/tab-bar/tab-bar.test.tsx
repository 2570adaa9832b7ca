import { Tabs } from '@mantine/core';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { TabBar } from './tab-bar';

const TABS = ['Overview', 'Total Full-Time Employees', 'Investments', 'Board Members', 'Analytics'].map(
  (label) => ({ value: label.toLowerCase().replace(/ /g, '-'), label }),
);

function Page() {
  const [value, setValue] = useState('overview');
  return (
    <TabBar label="Profile tabs" tabs={TABS} value={value} onChange={setValue}>
      {TABS.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.label} panel
        </Tabs.Panel>
      ))}
    </TabBar>
  );
}

/** jsdom lays nothing out: the list is given the sizes of a row too narrow for its tabs. */
function overflowingRow(list: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: clientWidth });
  let left = 0;
  Object.defineProperty(list, 'scrollLeft', {
    configurable: true,
    get: () => left,
    set: (next: number) => {
      left = Math.max(0, Math.min(next, scrollWidth - clientWidth));
    },
  });
}

afterEach(() => document.body.replaceChildren());

describe('tab bar', () => {
  it('shows arrows while tabs are out of view, each scrolling the row until its end', async () => {
    renderWithProviders(<Page />);
    const list = screen.getByRole('tablist', { name: 'Profile tabs' });
    expect(screen.queryByRole('button', { name: 'Show the next tabs' })).not.toBeInTheDocument();

    overflowingRow(list, 900, 500);
    fireEvent.scroll(list);
    const next = await screen.findByRole('button', { name: 'Show the next tabs' });
    const previous = screen.getByRole('button', { name: 'Show the previous tabs' });
    expect(previous).toBeDisabled();
    const user = userEvent.setup();
    await user.click(next);
    expect(list.scrollLeft).toBe(400);
    fireEvent.scroll(list); // a browser says so once the row has moved
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
    await user.click(previous);
    expect(list.scrollLeft).toBe(0);
    fireEvent.scroll(list);
    expect(previous).toBeDisabled();
  });

  it('lists every tab in a picker (the phone’s), which opens the chosen one', async () => {
    renderWithProviders(<Page />);
    const picker = screen.getByRole('combobox', { name: 'Profile tabs' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(TABS.map((tab) => tab.label));
    await userEvent.setup().selectOptions(picker, 'Investments');
    expect(screen.getByRole('tab', { name: 'Investments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Investments panel')).toBeVisible();
  });
});
