import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../testing/fetch-stub';
import { DROPPED_EVENT_WARNING, sendAccountUsageEvent, sendUsageEvent } from './usage-events';

const event = {
  type: 'survey.submitted',
  organizationId: 2,
  surveyId: 5,
  user: { id: 4, email: 'ada@acme.test', name: 'Ada Lovelace' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('usage events', () => {
  it('sends an event that passes the payload check', async () => {
    const calls = stubFetch({ 'POST /api/usage-events': () => json({ message: 'Event recorded' }, 201) });
    expect(sendUsageEvent(event)).toBe(true);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.method).toBe('POST');
    expect(JSON.parse(calls[0]?.body ?? 'null')).toEqual(event);
  });

  it.each([
    ['a text organizationId', { ...event, organizationId: '2' }],
    ['a user without a numeric id', { ...event, user: { ...event.user, id: 'ada' } }],
    ['no user email', { ...event, user: { id: 4, name: 'Ada' } }],
    ['no type', { ...event, type: undefined }],
  ])('drops an event with %s: a warning, no request', async (_name, invalid) => {
    const calls = stubFetch(() => json({}, 201));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(sendUsageEvent(invalid)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith(DROPPED_EVENT_WARNING, expect.any(Array));
  });

  it('drops the event of an account without an organization', () => {
    const calls = stubFetch(() => json({}, 201));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const account = {
      id: 4,
      name: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@acme.test',
      organization_id: null,
    };
    expect(sendAccountUsageEvent('survey.created', account, 5)).toBe(false);
    expect(sendAccountUsageEvent('survey.created', undefined, 5)).toBe(false);
    expect(calls).toHaveLength(0);
  });
});
