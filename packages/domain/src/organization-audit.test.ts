import { describe, expect, it } from 'vitest';
import { sizeBand } from './organization';
import { feedSummary } from './organization-audit';

const ada = { name: 'Ada', lastname: 'Lovelace' };

describe('feedSummary', () => {
  it.each([
    ['organization', 'update', null, null, 'Ada Lovelace updated the organization profile'],
    ['membership', 'join', { user_name: 'Max Planck' }, null, 'Max Planck joined'],
    ['membership', 'approve', { user_name: 'Max Planck' }, null, 'Max Planck joined'],
    [
      'membership',
      'remove',
      null,
      { user_name: 'Max Planck' },
      'Ada Lovelace removed Max Planck from the organization',
    ],
    ['file', 'upload', { original_name: 'report.pdf' }, null, 'Ada Lovelace uploaded report.pdf'],
    ['file', 'delete', null, { original_name: 'report.pdf' }, 'Ada Lovelace deleted report.pdf'],
    ['lpi', 'submit', { survey_id: null }, null, 'Ada Lovelace submitted the LPI profile'],
    ['lpi', 'submit', { survey_id: 4 }, null, 'Ada Lovelace submitted the LPI profile to a survey'],
    ['invitation', 'revoke', null, { email: 'x@y.test' }, 'Ada Lovelace revoked the invitation of x@y.test'],
  ])('%s.%s reads as a sentence', (entity, action, after, before, expected) => {
    expect(feedSummary(entity, action, ada, after, before)).toBe(expected);
  });

  it('names an unknown actor "Someone" and falls back for unknown kinds', () => {
    expect(feedSummary('organization', 'update', null, null, null)).toBe(
      'Someone updated the organization profile',
    );
    expect(feedSummary('organization_code', 'other', ada, null, null)).toBe(
      'Ada Lovelace changed organization code',
    );
  });
});

describe('sizeBand', () => {
  it.each([
    [0, null],
    [1, '1-10'],
    [10, '1-10'],
    [11, '11-50'],
    [200, '51-200'],
    [1000, '201-1000'],
    [1001, '1000+'],
  ])('%i employees -> %s', (n, band) => {
    expect(sizeBand(n)).toBe(band);
  });
});
