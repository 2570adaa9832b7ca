import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../components/alerts/alert-store';
import { BUTTON_SIZES, BUTTON_TYPES } from '../components/button/button';
import { closeAllDialogs } from '../components/dialog/dialog-store';
import { stubFetch } from '../testing/fetch-stub';
import { cleanupApps, renderApp } from '../testing/render';

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  stubFetch({});
});

afterEach(() => {
  cleanupApps();
  alertStore.clear();
  closeAllDialogs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/design', () => {
  it('renders every button type in every size', async () => {
    renderApp('/design');
    await screen.findByRole('heading', { level: 1, name: 'Design system' });
    const gallery = screen.getByRole('table', { name: /Button types/ });
    for (const type of BUTTON_TYPES) {
      const row = within(gallery).getByTestId(`button-row-${type}`);
      const buttons = within(row).getAllByRole('button');
      expect(buttons.map((button) => button.getAttribute('data-kind'))).toEqual([type, type, type]);
      expect(buttons.map((button) => button.getAttribute('data-size'))).toEqual([...BUTTON_SIZES]);
    }
    expect(within(gallery).getAllByRole('button')).toHaveLength(BUTTON_TYPES.length * BUTTON_SIZES.length);
  });

  it('shows the four alert types and the three notification types', async () => {
    renderApp('/design');
    await screen.findByRole('heading', { level: 1, name: 'Design system' });
    for (const type of ['info', 'success', 'warning', 'error']) {
      expect(document.querySelector(`#alerts [data-type="${type}"]`)).not.toBeNull();
    }
    for (const type of ['base', 'alert', 'guidance']) {
      expect(document.querySelector(`#notifications [data-type="${type}"]`)).not.toBeNull();
    }
  });

  it('fires a live alert through the alert store', async () => {
    renderApp('/design');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show success alert' }));
    const live = screen.getByRole('region', { name: 'Alerts' });
    expect(await within(live).findByText('Ownership is 100.00%')).toBeInTheDocument();
  });

  it('opens a dialog of each size', async () => {
    renderApp('/design');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open large dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'A large dialog' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'A large dialog' })).not.toBeInTheDocument(),
    );
  });

  it('shows every input kind with an error state', async () => {
    renderApp('/design');
    await screen.findByRole('heading', { level: 1, name: 'Design system' });
    const input = (pattern: RegExp) =>
      screen
        .getAllByLabelText(pattern)
        .find((element) => element.tagName === 'INPUT' || element.tagName === 'TEXTAREA');
    for (const label of [
      'Organization name',
      'New password',
      'Legal structure',
      'Total full-time employees',
      'Inception date',
      'Publicly traded',
      'I accept the terms and conditions',
      'Can you tell us more?',
    ]) {
      const escaped = label.replace('?', '\\?');
      expect(input(new RegExp(`^${escaped}(?! \\(error)`)), label).toBeDefined();
      expect(input(new RegExp(`^${escaped} \\(error state\\)`)), label).toHaveAttribute(
        'aria-invalid',
        'true',
      );
    }
  });
});
