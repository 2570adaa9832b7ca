import { FEEDBACK_BAND_COLOURS, FEEDBACK_RESET_MS } from '@parity/domain/feedback';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../components/alerts/alert-store';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { FeedbackForm } from './feedback-form';

const PAGE = 'http://localhost:3000/users/private';

function renderForm(onCancel = vi.fn()) {
  renderWithProviders(<FeedbackForm onCancel={onCancel} pageUrl={() => PAGE} />);
  return { onCancel };
}

function rating(value: number) {
  return within(screen.getByRole('group', { name: /1 to 10/ })).getByRole('button', { name: String(value) });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  alertStore.clear();
});

describe('FeedbackForm', () => {
  it('shows ten numbered buttons in the five colour bands, and the comment area as the spec sets it', () => {
    renderForm();
    const buttons = within(screen.getByRole('group', { name: /1 to 10/ })).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(buttons.map((button) => button.dataset.band)).toEqual([
      '1',
      '1',
      '2',
      '2',
      '3',
      '3',
      '4',
      '4',
      '5',
      '5',
    ]);
    expect(rating(1).style.getPropertyValue('--rating-colour')).toBe(FEEDBACK_BAND_COLOURS[1]);
    expect(rating(10).style.getPropertyValue('--rating-colour')).toBe(FEEDBACK_BAND_COLOURS[5]);
    const comment = screen.getByRole('textbox', { name: 'Can you tell us more?' });
    expect(comment).toHaveAttribute('rows', '4');
    expect(comment).toHaveAttribute('cols', '50');
    expect(comment).toHaveAttribute('placeholder', 'Empty');
  });

  it('selects a number on click and clears it on a second click; Submit looks disabled without one', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toHaveAttribute('data-disabled');
    expect(submit).toHaveAttribute('aria-disabled', 'true');

    await user.click(rating(7));
    expect(rating(7)).toHaveAttribute('aria-pressed', 'true');
    expect(submit).not.toHaveAttribute('data-disabled');

    await user.click(rating(3));
    expect(rating(7)).toHaveAttribute('aria-pressed', 'false');
    expect(rating(3)).toHaveAttribute('aria-pressed', 'true');

    await user.click(rating(3));
    expect(rating(3)).toHaveAttribute('aria-pressed', 'false');
    expect(submit).toHaveAttribute('data-disabled');
  });

  it("says 'Thumbs is a required field' when sent without a rating, and sends nothing", async () => {
    const calls = stubFetch({});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Thumbs is a required field');
    expect(calls).toHaveLength(0);
  });

  it('posts url, value and comment, shows Success! and resets the form 3000 ms later', async () => {
    const calls = stubFetch({
      'POST /api/feedback': () =>
        json({ id: 1, url: PAGE, value: 8, comment: 'Great', created_at: new Date().toISOString() }, 201),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();
    await user.click(rating(8));
    await user.type(screen.getByRole('textbox', { name: 'Can you tell us more?' }), 'Great');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(
        expect.objectContaining({
          type: 'success',
          title: 'Success!',
          description: 'Feedback has been sent.',
        }),
      ),
    );
    const posted = calls.find((call) => call.method === 'POST' && call.path === '/api/feedback');
    expect(JSON.parse(posted?.body ?? '{}')).toEqual({ url: PAGE, value: 8, comment: 'Great' });

    // Still as sent (and locked) well before the 3 s, empty once they have passed.
    act(() => {
      vi.advanceTimersByTime(FEEDBACK_RESET_MS - 500);
    });
    expect(rating(8)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Can you tell us more?' })).toHaveValue('Great');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(rating(8)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('textbox', { name: 'Can you tell us more?' })).toHaveValue('');
  });

  it('sends an empty comment as null', async () => {
    const calls = stubFetch({
      'POST /api/feedback': () =>
        json({ id: 2, url: PAGE, value: 2, comment: null, created_at: new Date().toISOString() }, 201),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();
    await user.click(rating(2));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({ url: PAGE, value: 2, comment: null });
  });

  it("shows 'Error!' / 'Error' when sending fails, keeping the form", async () => {
    stubFetch({ 'POST /api/feedback': () => json({ message: 'Boom', error: 'internal_error' }, 500) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderForm();
    await user.click(rating(5));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(
        expect.objectContaining({ type: 'error', title: 'Error!', description: 'Error' }),
      ),
    );
    expect(alertStore.getAlerts()).toHaveLength(1);
    expect(rating(5)).toHaveAttribute('aria-pressed', 'true');
  });

  it('calls onCancel from Cancel', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { onCancel } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
