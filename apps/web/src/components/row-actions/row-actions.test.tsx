import { listAction, listItem } from '@parity/domain/list-item';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { json, stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { alertStore } from '../alerts/alert-store';
import { RowActions } from './row-actions';

const actions = [
  listAction({ id: 'resend', title: 'Resend', icon: 'send', primary: true }),
  listAction({ id: 'copy', title: 'Copy link', primary: true, disabled: true }),
  listAction({ id: 'edit', title: 'Edit', icon: 'edit' }),
  listAction({ id: 'revoke', title: 'Revoke', icon: 'revoke', type: 'danger' }),
  listAction({ id: 'archive', title: 'Archive', disabled: true }),
];

beforeEach(() => alertStore.clear());
afterEach(() => vi.unstubAllGlobals());

describe('RowActions', () => {
  it('shows a failed action’s error once: inline with show_error, with no toast', async () => {
    stubFetch({ 'POST /api/resend': () => json({ message: 'The invitation expired.' }, 422) });
    const onAction = () => api.post('/api/resend', {}, { retries: 0 });
    const user = userEvent.setup();
    renderWithProviders(<RowActions item={listItem(1, actions)} label="ada@acme.test" onAction={onAction} />);
    await user.click(screen.getByRole('button', { name: 'Resend ada@acme.test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Resend failed: The invitation expired.');
    expect(screen.getAllByText(/The invitation expired\./)).toHaveLength(1);
    expect(alertStore.getAlerts()).toEqual([]);
  });

  it('leaves a failed action’s error to its single toast without show_error', async () => {
    stubFetch({ 'POST /api/resend': () => json({ message: 'The invitation expired.' }, 422) });
    const onAction = () => api.post('/api/resend', {}, { retries: 0 });
    const user = userEvent.setup();
    renderWithProviders(
      <RowActions
        item={listItem(1, actions, { show_error: false })}
        label="ada@acme.test"
        onAction={onAction}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Resend ada@acme.test' }));
    await waitFor(() =>
      expect(alertStore.getAlerts()).toEqual([
        expect.objectContaining({ type: 'error', description: 'The invitation expired.' }),
      ]),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the primary actions as buttons and the others in the row’s menu, disabled ones unusable', async () => {
    const onAction = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<RowActions item={listItem(1, actions)} label="ada@acme.test" onAction={onAction} />);
    expect(screen.getByRole('button', { name: 'Resend ada@acme.test' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Copy link ada@acme.test' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend ada@acme.test' }));
    expect(onAction).toHaveBeenLastCalledWith('resend');

    await user.click(screen.getByRole('button', { name: 'More actions for ada@acme.test' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Revoke', 'Archive']);
    expect(screen.getByRole('menuitem', { name: 'Archive' })).toBeDisabled();
    await user.click(screen.getByRole('menuitem', { name: 'Revoke' }));
    expect(onAction).toHaveBeenLastCalledWith('revoke');
    expect(onAction).toHaveBeenCalledTimes(2);
  });

  it('has no menu when every action is primary', () => {
    renderWithProviders(
      <RowActions
        item={listItem(1, [listAction({ id: 'approve', title: 'Approve', primary: true })])}
        label="Penny"
        onAction={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  });

  it('says when an action is done or why it failed, with show_success and show_error', async () => {
    let fail = false;
    const onAction = () => (fail ? Promise.reject(new Error('The invitation expired')) : Promise.resolve());
    const user = userEvent.setup();
    renderWithProviders(<RowActions item={listItem(1, actions)} label="ada@acme.test" onAction={onAction} />);
    await user.click(screen.getByRole('button', { name: 'Resend ada@acme.test' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Resend: done');

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Resend ada@acme.test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Resend failed: The invitation expired');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('stays silent without show_success and show_error, and after a cancelled action', async () => {
    let answer: Promise<unknown> = Promise.resolve(false);
    const user = userEvent.setup();
    const { rerender } = renderWithProviders(
      <RowActions item={listItem(1, actions)} label="ada@acme.test" onAction={() => answer} />,
    );
    await user.click(screen.getByRole('button', { name: 'Resend ada@acme.test' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend ada@acme.test' })).toBeEnabled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    rerender(
      <RowActions
        item={listItem(1, actions, { show_success: false, show_error: false })}
        label="ada@acme.test"
        onAction={() => answer}
      />,
    );
    answer = Promise.resolve();
    await user.click(screen.getByRole('button', { name: 'Resend ada@acme.test' }));
    answer = Promise.reject(new Error('nope'));
    answer.catch(() => {});
    await user.click(screen.getByRole('button', { name: 'Resend ada@acme.test' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend ada@acme.test' })).toBeEnabled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the other actions off while one runs', async () => {
    let finish: () => void = () => {};
    const user = userEvent.setup();
    renderWithProviders(
      <RowActions
        item={listItem(1, [
          listAction({ id: 'approve', title: 'Approve', primary: true, type: 'success' }),
          listAction({ id: 'decline', title: 'Decline', primary: true, type: 'danger' }),
        ])}
        label="Penny"
        onAction={() =>
          new Promise<void>((resolve) => {
            finish = resolve;
          })
        }
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Approve Penny' }));
    expect(screen.getByRole('button', { name: 'Decline Penny' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Decline Penny' })).toBeEnabled());
    expect(screen.getByRole('status')).toHaveTextContent('Approve: done');
  });
});
