import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore, showAlert } from './alert-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  alertStore.clear();
  vi.useRealTimers();
});

describe('alert store', () => {
  it('removes a stored alert after 6000 ms by default', () => {
    const id = alertStore.add({ type: 'error', title: 'Error', description: 'Broken' });
    expect(alertStore.getAlerts()).toEqual([
      { id, type: 'error', title: 'Error', description: 'Broken', timeout: 6000 },
    ]);
    vi.advanceTimersByTime(5999);
    expect(alertStore.getAlerts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(alertStore.getAlerts()).toHaveLength(0);
  });

  it('removes a showAlert alert after 4000 ms', () => {
    showAlert('success', 'Success!', 'Feedback has been sent.');
    expect(alertStore.getAlerts()[0]).toMatchObject({ type: 'success', title: 'Success!', timeout: 4000 });
    vi.advanceTimersByTime(3999);
    expect(alertStore.getAlerts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(alertStore.getAlerts()).toHaveLength(0);
  });

  it.each([0, -1])('keeps an alert with timeout %i until it is removed', (timeout) => {
    const id = alertStore.add({ type: 'info', title: 'Sticky', timeout });
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(alertStore.getAlerts()).toHaveLength(1);
    alertStore.remove(id);
    expect(alertStore.getAlerts()).toHaveLength(0);
  });

  it('shows the same message once, renewing its time, and a different one beside it', () => {
    const first = alertStore.add({ type: 'error', title: 'Error', description: 'Organization not found.' });
    vi.advanceTimersByTime(4000);
    const again = alertStore.add({ type: 'error', title: 'Error', description: 'Organization not found.' });
    alertStore.add({ type: 'error', title: 'Error', description: 'Survey not found.' });
    expect(again).toBe(first);
    expect(alertStore.getAlerts().map((alert) => alert.description)).toEqual([
      'Organization not found.',
      'Survey not found.',
    ]);
    vi.advanceTimersByTime(5999);
    expect(alertStore.getAlerts().map((alert) => alert.id)).toContain(first);
    vi.advanceTimersByTime(1);
    expect(alertStore.getAlerts()).toHaveLength(0);
  });

  it('pauses the countdown and resumes with the time that was left', () => {
    const id = alertStore.add({ type: 'warning', title: 'Careful' });
    vi.advanceTimersByTime(4000);
    alertStore.pauseTimer(id);
    vi.advanceTimersByTime(60_000);
    expect(alertStore.getAlerts()).toHaveLength(1);
    alertStore.resumeTimer(id);
    vi.advanceTimersByTime(1999);
    expect(alertStore.getAlerts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(alertStore.getAlerts()).toHaveLength(0);
  });

  it('keeps separate timers and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = alertStore.subscribe(listener);
    const first = alertStore.add({ type: 'info', title: 'One' });
    vi.advanceTimersByTime(2000);
    alertStore.add({ type: 'info', title: 'Two' });
    vi.advanceTimersByTime(4000);
    expect(alertStore.getAlerts().map((alert) => alert.title)).toEqual(['Two']);
    expect(alertStore.getAlerts().some((alert) => alert.id === first)).toBe(false);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
  });
});
