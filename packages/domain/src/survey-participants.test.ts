import { describe, expect, it } from 'vitest';
import {
  cumulativeSeries,
  needsReminder,
  organizationsInvitedMessage,
  participantStatusOf,
  percentOf,
  storedStatusOf,
  ZAddContactsBody,
  ZParticipantsQuery,
} from './survey-participants';

describe('participant statuses', () => {
  it('maps the stored invited status to not_started and back', () => {
    expect(participantStatusOf('invited')).toBe('not_started');
    expect(participantStatusOf('submitted')).toBe('submitted');
    expect(storedStatusOf('not_started')).toBe('invited');
    expect(storedStatusOf('declined')).toBe('declined');
  });

  it('reminds only those who have neither submitted nor declined', () => {
    expect(needsReminder('not_started')).toBe(true);
    expect(needsReminder('in_progress')).toBe(true);
    expect(needsReminder('submitted')).toBe(false);
    expect(needsReminder('declined')).toBe(false);
  });
});

describe('the participants query', () => {
  it('defaults to the first page of 30 by name', () => {
    expect(ZParticipantsQuery.parse({})).toEqual({
      limit: 30,
      offset: 0,
      sort_by: 'name',
      sort_order: 'asc',
    });
  });

  it('reads label_ids as a comma list, repeated, or both, without duplicates', () => {
    expect(ZParticipantsQuery.parse({ label_ids: '3,1' }).label_ids).toEqual([3, 1]);
    expect(ZParticipantsQuery.parse({ label_ids: ['3', '1,3'] }).label_ids).toEqual([3, 1]);
  });

  it('refuses junk', () => {
    for (const bad of [
      { sort_by: 'junk' },
      { limit: '101' },
      { limit: '0' },
      { label_ids: 'a' },
      { label_ids: '1,-2' },
      { status: 'invited' },
      { other: '1' },
    ]) {
      expect(ZParticipantsQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('contacts', () => {
  it('takes one contact or a list, emails lower-cased', () => {
    const one = ZAddContactsBody.parse({ organization_id: 2, name: ' Ada ', email: 'Ada@Acme.test' });
    expect(one).toEqual({ organization_id: 2, name: 'Ada', email: 'ada@acme.test' });
    expect(ZAddContactsBody.parse([{ organization_id: 2, name: 'A', email: 'a@b.test' }])).toHaveLength(1);
    expect(ZAddContactsBody.safeParse({ organization_id: 2, name: 'A', email: 'nope' }).success).toBe(false);
    expect(ZAddContactsBody.safeParse([]).success).toBe(false);
  });
});

describe('the invitation message', () => {
  it('names the organizations invited, and those invited before', () => {
    expect(organizationsInvitedMessage(['Rowan Capital'], [])).toBe('Rowan Capital was invited');
    expect(organizationsInvitedMessage(['Rowan Capital', 'Quince Holdings'], [])).toBe(
      'Rowan Capital and Quince Holdings were invited',
    );
    expect(organizationsInvitedMessage(['A', 'B', 'C'], ['D'])).toBe(
      '3 organizations were invited; D was already invited',
    );
    expect(organizationsInvitedMessage([], ['Rowan Capital'])).toBe('Rowan Capital was already invited');
  });
});

describe('response rates', () => {
  it('gives percentages of the invited with one decimal', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(5, 5)).toBe(100);
  });

  it('accumulates per day, carrying totals over days without events and folding earlier days in', () => {
    const series = cumulativeSeries(
      [
        { date: '2026-08-30', invited: 2, submitted: 0, declined: 0 },
        { date: '2026-09-01', invited: 3, submitted: 0, declined: 0 },
        { date: '2026-09-03', invited: 0, submitted: 2, declined: 1 },
      ],
      '2026-09-01',
      '2026-09-04',
    );
    expect(series).toEqual([
      { date: '2026-09-01', invited: 5, submitted: 0, declined: 0 },
      { date: '2026-09-02', invited: 5, submitted: 0, declined: 0 },
      { date: '2026-09-03', invited: 5, submitted: 2, declined: 1 },
      { date: '2026-09-04', invited: 5, submitted: 2, declined: 1 },
    ]);
  });
});
