import { describe, expect, it } from 'vitest';
import {
  policyStatusMessage,
  timeAgo,
  ZPolicyFields,
  ZPolicyRecordInput,
  ZPolicyRecordUpdate,
} from './policies';

const NOW = new Date('2026-03-10T12:00:00Z');
const ada = { id: 1, name: 'Ada', lastname: 'Lovelace' };

describe('policyStatusMessage', () => {
  it('Reviewed: status, by the full name, time since current_as_of', () => {
    expect(
      policyStatusMessage(
        { status: 'Reviewed', user: ada, current_as_of: '2026-03-07', created_at: '2025-01-01T00:00:00Z' },
        NOW,
      ),
    ).toBe('Reviewed by Ada Lovelace 4 days ago');
  });

  it('hides a Private last name', () => {
    expect(
      policyStatusMessage(
        {
          status: 'Reviewed',
          user: { id: 1, name: 'Ada', lastname: 'Private' },
          current_as_of: '2026-03-10',
          created_at: '2025-01-01T00:00:00Z',
        },
        NOW,
      ),
    ).toBe('Reviewed by Ada 12 hours ago');
  });

  it('an unknown status is not shown and the time is since created_at', () => {
    expect(
      policyStatusMessage(
        { status: 'Draft', user: ada, current_as_of: '2020-01-01', created_at: '2026-03-10T10:00:00Z' },
        NOW,
      ),
    ).toBe('by Ada Lovelace 2 hours ago');
    expect(
      policyStatusMessage(
        { status: null, user: null, current_as_of: null, created_at: '2026-03-10T11:59:50Z' },
        NOW,
      ),
    ).toBe('a few seconds ago');
  });

  it('Reviewed without current_as_of falls back to created_at', () => {
    expect(
      policyStatusMessage(
        { status: 'Reviewed', user: null, current_as_of: null, created_at: '2025-03-10T12:00:00Z' },
        NOW,
      ),
    ).toBe('Reviewed a year ago');
  });
});

describe('timeAgo', () => {
  it('words the distance like a clock face would', () => {
    const at = (ms: number) => timeAgo(new Date(NOW.getTime() - ms), NOW);
    expect(at(60_000)).toBe('a minute ago');
    expect(at(10 * 60_000)).toBe('10 minutes ago');
    expect(at(60 * 60_000)).toBe('an hour ago');
    expect(at(24 * 3600_000)).toBe('a day ago');
    expect(at(40 * 24 * 3600_000)).toBe('a month ago');
    expect(at(100 * 24 * 3600_000)).toBe('3 months ago');
    expect(at(3 * 365 * 24 * 3600_000)).toBe('3 years ago');
    expect(at(-2 * 24 * 3600_000)).toBe('in 2 days');
  });
});

describe('ZPolicyRecordInput', () => {
  it('accepts multipart strings, empty fields as null', () => {
    const parsed = ZPolicyRecordInput.parse({
      policy_id: '3',
      status: 'Reviewed',
      current_as_of: '2026-01-02',
      established_at: '',
      last_reviewed_at: '',
      survey_id: '',
      organization_id: '2',
      updated_at: '',
    });
    expect(parsed).toMatchObject({
      policy_id: 3,
      status: 'Reviewed',
      current_as_of: '2026-01-02',
      established_at: null,
      survey_id: null,
      updated_at: null,
    });
  });

  it('refuses an unknown status, a bad date and a missing policy', () => {
    const result = ZPolicyRecordInput.safeParse({
      status: 'Lost',
      current_as_of: '2026-13-40',
      updated_at: null,
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['status', 'current_as_of', 'policy_id']));
    const dateIssue = result.error?.issues.find((issue) => issue.path[0] === 'current_as_of');
    expect(dateIssue?.message).toBe('Enter a valid date (YYYY-MM-DD).');
  });

  it('the update needs the record id', () => {
    expect(ZPolicyRecordUpdate.safeParse({ policy_id: 1, updated_at: null }).success).toBe(false);
    expect(ZPolicyRecordUpdate.parse({ id: '7', policy_id: 1, updated_at: null }).id).toBe(7);
  });

  it('the form fields alone', () => {
    expect(
      ZPolicyFields.parse({ status: '', current_as_of: '', established_at: '', last_reviewed_at: '' }),
    ).toEqual({
      status: null,
      current_as_of: null,
      established_at: null,
      last_reviewed_at: null,
    });
  });
});
