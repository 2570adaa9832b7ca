import { describe, expect, it } from 'vitest';
import { displayName, ZUserAccountUpdate, ZUserDirectoryQuery } from './account';

describe('displayName (spec 3)', () => {
  it('drops the last name when empty or Private', () => {
    expect(displayName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(displayName('Ada', '')).toBe('Ada');
    expect(displayName('Ada', null)).toBe('Ada');
    expect(displayName('Ada', 'Private')).toBe('Ada');
    expect(displayName(' Ada ', ' Lovelace ')).toBe('Ada Lovelace');
  });
});

describe('ZUserAccountUpdate', () => {
  it('reads form values: booleans as 1/0, numeric ids, empty strings as null or []', () => {
    expect(
      ZUserAccountUpdate.parse({
        name: ' Ada ',
        veteran: '1',
        lgbt: '0',
        is_disabled: '',
        two_fa_enabled: 1,
        gender_id: '2',
        ethnicity_id: '',
        languages: ['1', 2],
        interests: '',
        private_fields: ['phone'],
        personal_email: '',
        start_date: '2020-01-31',
      }),
    ).toEqual({
      name: 'Ada',
      veteran: true,
      lgbt: false,
      is_disabled: null,
      two_fa_enabled: true,
      gender_id: 2,
      ethnicity_id: null,
      languages: [1, 2],
      interests: [],
      private_fields: ['phone'],
      personal_email: null,
      start_date: '2020-01-31',
    });
  });

  it('refuses unknown fields, bad values and unknown private fields', () => {
    const issues = (v: unknown) =>
      ZUserAccountUpdate.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ is_sadm: true })?.[0]?.[1]).toMatch(/is_sadm/);
    expect(issues({ veteran: 'yes' })).toEqual([['veteran', 'Value must be 1 or 0']]);
    expect(issues({ phone: '12' })).toEqual([['phone', 'Value must be a valid phone number']]);
    expect(issues({ personal_email: 'a@' })).toEqual([
      ['personal_email', 'Value must be a valid email address'],
    ]);
    expect(issues({ private_fields: ['email'] })?.[0]?.[0]).toBe('private_fields.0');
    expect(issues({ gender_id: -1 })?.[0]?.[0]).toBe('gender_id');
  });
});

describe('ZUserDirectoryQuery', () => {
  it('defaults to 30 from 0 and caps the limit at 100', () => {
    expect(ZUserDirectoryQuery.parse({})).toEqual({ limit: 30, offset: 0 });
    expect(ZUserDirectoryQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});
