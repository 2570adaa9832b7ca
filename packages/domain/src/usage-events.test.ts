import { describe, expect, it } from 'vitest';
import { usageEventOf, ZUsageEvent } from './usage-events';

const event = {
  type: 'survey.submitted',
  organizationId: 2,
  surveyId: 7,
  user: { id: 4, email: 'ada@acme.test', name: 'Ada Lovelace' },
};

describe('the event payload check (spec 3)', () => {
  it('accepts a type, a numeric organizationId, a surveyId and the user’s numeric id, email and name', () => {
    expect(ZUsageEvent.parse(event)).toEqual(event);
  });

  it.each([
    ['an unknown type', { ...event, type: 'clicked' }],
    ['no type', { ...event, type: undefined }],
    ['a text organizationId', { ...event, organizationId: '2' }],
    ['a null organizationId', { ...event, organizationId: null }],
    ['no surveyId', { ...event, surveyId: undefined }],
    ['a text user id', { ...event, user: { ...event.user, id: '4' } }],
    ['no user email', { ...event, user: { id: 4, name: 'Ada' } }],
    ['a bad user email', { ...event, user: { ...event.user, email: 'ada' } }],
    ['an empty user name', { ...event, user: { ...event.user, name: ' ' } }],
    ['no user', { ...event, user: undefined }],
    ['an unknown key', { ...event, extra: 1 }],
  ])('refuses %s', (_name, payload) => {
    expect(ZUsageEvent.safeParse(payload).success).toBe(false);
  });

  it('builds the signed-in account’s event; without an organization it does not pass', () => {
    const account = { id: 4, name: 'Ada', lastname: 'Lovelace', email: 'ada@acme.test', organization_id: 2 };
    expect(usageEventOf('survey.submitted', account, 7)).toEqual(event);
    const alone = usageEventOf('survey.created', { ...account, organization_id: null }, 7);
    expect(ZUsageEvent.safeParse(alone).success).toBe(false);
  });
});
