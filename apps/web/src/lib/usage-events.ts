import { type TUsageEventType, usageEventOf, ZUsageEvent } from '@parity/domain/usage-events';
import { api } from './api-client';

export const DROPPED_EVENT_WARNING = 'Usage event dropped: it fails the event payload check';

/**
 * Sends a usage event once it passes the spec's event payload check (the domain's ZUsageEvent); an
 * event that fails it is dropped with a console warning, never sent. Sending never troubles the
 * user: no alert, no retry, a failure is let go. Answers whether the event was sent.
 */
export function sendUsageEvent(event: unknown): boolean {
  const checked = ZUsageEvent.safeParse(event);
  if (!checked.success) {
    console.warn(DROPPED_EVENT_WARNING, checked.error.issues);
    return false;
  }
  void api.post('/api/usage-events', checked.data, { silent: true, retries: 0 }).catch(() => {});
  return true;
}

/** The signed-in account's event about a survey (dropped when the account has no organization). */
export function sendAccountUsageEvent(
  type: TUsageEventType,
  account: Parameters<typeof usageEventOf>[1] | undefined,
  surveyId: number,
): boolean {
  return account ? sendUsageEvent(usageEventOf(type, account, surveyId)) : false;
}
