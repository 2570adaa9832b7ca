import { Menu, Tooltip } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Select } from '../select/select';
import { findTypeAheadMatch, TYPEAHEAD_RESET_MS } from './type-ahead';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Lists open on real timers (their transitions); the typing runs on fake timeouts, to the
 * millisecond, one key event at a time at the focused element.
 */
const typing = () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return {
    keyboard(text: string) {
      for (const key of text) fireEvent.keyDown(document.activeElement ?? document.body, { key });
    },
  };
};
/** Just past the reset: Mantine's own menu buffer (500 ms) would still hold the letters. */
const pastReset = () => act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS + 10));

describe('type-ahead (spec 9: reset after 350 ms)', () => {
  it('is 350 ms', () => {
    expect(TYPEAHEAD_RESET_MS).toBe(350);
  });

  it('matches by prefix, and one repeated letter cycles through the labels starting with it', () => {
    const labels = ['Alpha', 'Banana', 'Bandana', 'Cherry'];
    expect(findTypeAheadMatch(labels, 'band', 1)).toBe(2);
    expect(findTypeAheadMatch(labels, 'b', -1)).toBe(1);
    expect(findTypeAheadMatch(labels, 'bb', 1)).toBe(2);
    expect(findTypeAheadMatch(labels, 'b', 2)).toBe(1);
    expect(findTypeAheadMatch(labels, 'x', 0)).toBe(-1);
  });

  it('moves the focus in every menu (the theme default) and forgets the letters after 350 ms', async () => {
    renderWithProviders(
      // jsdom lays out nothing: a detached target would hide the list.
      <Menu hideDetached={false}>
        <Menu.Target>
          <button type="button">Fruit</button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>Alpha</Menu.Item>
          <Menu.Item>Banana</Menu.Item>
          <Menu.Item>Bandana</Menu.Item>
          <Menu.Item>Cherry</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
      { app: true },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Fruit' }));
    await screen.findByRole('menu');
    const user = typing();

    user.keyboard('band');
    expect(screen.getByRole('menuitem', { name: 'Bandana' })).toHaveFocus();
    pastReset();
    user.keyboard('c');
    expect(screen.getByRole('menuitem', { name: 'Cherry' })).toHaveFocus();
  });

  it('lets a select that is not searchable pick by typing, like a native select', async () => {
    const user = typing();
    const onChange = vi.fn();
    renderWithProviders(
      <Select label="Colour" data={['Red', 'Green', 'Grey', 'Blue']} onChange={onChange} />,
      { app: true },
    );
    const input = screen.getByRole('combobox', { name: 'Colour' });
    input.focus();

    user.keyboard('gre');
    expect(input).toHaveValue('Green');
    user.keyboard('y');
    expect(input).toHaveValue('Grey');
    expect(onChange).toHaveBeenLastCalledWith('Grey', expect.objectContaining({ label: 'Grey' }));
    pastReset();
    user.keyboard('b');
    expect(input).toHaveValue('Blue');
    pastReset();
    user.keyboard('gg');
    expect(input).toHaveValue('Grey');
  });

  it('closes an open select list on the letter it picks', async () => {
    renderWithProviders(
      <Select
        label="Colour"
        data={['Red', 'Green', 'Blue']}
        defaultValue="Red"
        comboboxProps={{ hideDetached: false }}
      />,
      {
        app: true,
      },
    );
    const input = screen.getByRole('combobox', { name: 'Colour' });
    await userEvent.click(input);
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    const user = typing();
    user.keyboard('b');
    expect(input).toHaveValue('Blue');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('tooltip (spec 9: 10 px offset)', () => {
  it('sits 10 px from its target by the theme default', async () => {
    renderWithProviders(
      <Tooltip label="More about this" opened position="bottom">
        <button type="button">Target</button>
      </Tooltip>,
      { app: true },
    );
    const tooltip = await screen.findByRole('tooltip');
    // jsdom lays everything out at 0: the tooltip's top is the offset below a 0-height target.
    await vi.waitFor(() => expect(tooltip.style.top).toBe('10px'));
  });
});
