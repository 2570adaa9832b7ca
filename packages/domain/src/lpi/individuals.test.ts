import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/rules';
import {
  DEFAULT_INDIVIDUAL_OPTION_FLAGS,
  individualFieldState,
  individualRowSchema,
  individualUpdateSchema,
  NOT_APPLICABLE_MESSAGE,
  OWNERSHIP_DECIMALS_MESSAGE,
  ownershipAlert,
  ownershipSaveSchema,
  ownershipTotal,
} from './individuals';

const TODAY = '2026-06-15';
const schema = individualRowSchema(DEFAULT_INDIVIDUAL_OPTION_FLAGS, TODAY);

const employee = {
  identification_id: 17,
  name: 'Jane Doe',
  corporate_title_id: 3,
  date_of_joining: '2020-01-01',
  gender_id: 1,
  ethnicity_id: 2,
  immigration_id: 2,
  veteran_id: 2,
  lgbtq_id: 2,
  disabled_id: 2,
  us_citizen_id: 1,
  us_based_id: 1,
  is_senior_management: true,
  date_of_promotion: '2022-05-01',
  is_owner: true,
  ownership: 60.5,
  initial_ownership_date: '2021-01-01',
};

function issues(input: unknown, s = schema): Record<string, string> {
  const result = s.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('individual row', () => {
  it('accepts a complete employee and reads 0/1 switches as booleans', () => {
    const parsed = schema.parse({ ...employee, is_owner: 1, is_senior_management: 1 });
    expect(parsed.is_owner).toBe(true);
    expect(parsed.is_senior_management).toBe(true);
    expect(parsed.ownership).toBe(60.5);
  });

  it('needs an identification and a name', () => {
    expect(issues({})).toEqual({ identification_id: MESSAGES.required, name: MESSAGES.required });
    expect(issues({ identification_id: 18, name: '   ' })).toEqual({ name: MESSAGES.required });
    expect(issues({ identification_id: 18, name: 'x'.repeat(256) })).toEqual({
      name: MESSAGES.max_char(255),
    });
  });

  it('asks an employee (17) for title, joining date and demographics', () => {
    expect(issues({ identification_id: 17, name: 'A' })).toEqual({
      corporate_title_id: MESSAGES.required,
      date_of_joining: MESSAGES.required,
      gender_id: MESSAGES.required,
      ethnicity_id: MESSAGES.required,
      immigration_id: MESSAGES.required,
      veteran_id: MESSAGES.required,
      lgbtq_id: MESSAGES.required,
      disabled_id: MESSAGES.required,
      us_citizen_id: MESSAGES.required,
      us_based_id: MESSAGES.required,
    });
  });

  it('asks other individuals (19, 20) for demographics but not title or joining date', () => {
    for (const identification_id of [19, 20]) {
      expect(Object.keys(issues({ identification_id, name: 'A' })).sort()).toEqual(
        [
          'disabled_id',
          'ethnicity_id',
          'gender_id',
          'immigration_id',
          'lgbtq_id',
          'us_based_id',
          'us_citizen_id',
          'veteran_id',
        ].sort(),
      );
      expect(
        issues({ ...employee, identification_id, is_senior_management: false, date_of_promotion: null }),
      ).toEqual({
        corporate_title_id: NOT_APPLICABLE_MESSAGE,
        date_of_joining: NOT_APPLICABLE_MESSAGE,
      });
    }
  });

  it('drops the requirement of a question whose organization flag is off', () => {
    const flags = { ...DEFAULT_INDIVIDUAL_OPTION_FLAGS, veteran_id: false, us_based_id: false };
    const s = individualRowSchema(flags, TODAY);
    expect(issues({ ...employee, veteran_id: null, us_based_id: null }, s)).toEqual({});
    expect(issues({ ...employee, lgbtq_id: null }, s)).toEqual({ lgbtq_id: MESSAGES.required });
    expect(
      individualFieldState({ identification_id: 19, is_senior_management: false, is_owner: false }, flags),
    ).toMatchObject({ veteran_id: false, us_based_id: false, lgbtq_id: true, corporate_title_id: false });
  });

  it('refuses demographics and leadership for an entity or without identification', () => {
    expect(issues({ ...employee, identification_id: 18 })).toEqual({
      corporate_title_id: NOT_APPLICABLE_MESSAGE,
      date_of_joining: NOT_APPLICABLE_MESSAGE,
      gender_id: NOT_APPLICABLE_MESSAGE,
      ethnicity_id: NOT_APPLICABLE_MESSAGE,
      immigration_id: NOT_APPLICABLE_MESSAGE,
      veteran_id: NOT_APPLICABLE_MESSAGE,
      lgbtq_id: NOT_APPLICABLE_MESSAGE,
      disabled_id: NOT_APPLICABLE_MESSAGE,
      us_citizen_id: NOT_APPLICABLE_MESSAGE,
      us_based_id: NOT_APPLICABLE_MESSAGE,
      is_senior_management: NOT_APPLICABLE_MESSAGE,
      date_of_promotion: NOT_APPLICABLE_MESSAGE,
    });
    expect(
      issues({
        identification_id: 18,
        name: 'Fund I',
        is_owner: true,
        ownership: 40,
        initial_ownership_date: '2020-01-01',
      }),
    ).toEqual({});
    expect(issues({ name: 'X', is_owner: true, gender_id: 1 })).toMatchObject({
      identification_id: MESSAGES.required,
      is_owner: NOT_APPLICABLE_MESSAGE,
      gender_id: NOT_APPLICABLE_MESSAGE,
    });
  });

  it('allows a promotion date only with leadership, not after today', () => {
    expect(issues({ ...employee, is_senior_management: false })).toEqual({
      date_of_promotion: NOT_APPLICABLE_MESSAGE,
    });
    expect(issues({ ...employee, date_of_promotion: null })).toEqual({});
    expect(issues({ ...employee, date_of_promotion: '2026-06-16' })).toEqual({
      date_of_promotion: MESSAGES.before_or_equal(TODAY),
    });
    expect(issues({ ...employee, date_of_promotion: TODAY })).toEqual({});
  });

  it('keeps the joining date on or before today and checks dates are real', () => {
    expect(issues({ ...employee, date_of_joining: '2026-06-16' })).toEqual({
      date_of_joining: MESSAGES.before_or_equal(TODAY),
    });
    expect(issues({ ...employee, date_of_joining: '2020-13-45' })).toEqual({
      date_of_joining: MESSAGES.date,
    });
  });

  it('needs a percentage (0-100, 2 decimals) and a past initial date from an owner', () => {
    expect(issues({ ...employee, ownership: null, initial_ownership_date: null })).toEqual({
      ownership: MESSAGES.required,
      initial_ownership_date: MESSAGES.required,
    });
    expect(issues({ ...employee, ownership: 100.5 })).toEqual({ ownership: MESSAGES.percentage });
    expect(issues({ ...employee, ownership: -1 })).toEqual({ ownership: MESSAGES.percentage });
    expect(issues({ ...employee, ownership: 10.123 })).toEqual({ ownership: OWNERSHIP_DECIMALS_MESSAGE });
    expect(issues({ ...employee, ownership: 0.29 })).toEqual({});
    expect(issues({ ...employee, initial_ownership_date: '2027-01-01' })).toEqual({
      initial_ownership_date: MESSAGES.before_or_equal(TODAY),
    });
    expect(issues({ ...employee, is_owner: false })).toEqual({
      ownership: NOT_APPLICABLE_MESSAGE,
      initial_ownership_date: NOT_APPLICABLE_MESSAGE,
    });
    expect(issues({ ...employee, is_owner: false, ownership: null, initial_ownership_date: null })).toEqual(
      {},
    );
  });

  it('update rows carry an id; the save body defaults its lists', () => {
    expect(issues(employee, individualUpdateSchema(DEFAULT_INDIVIDUAL_OPTION_FLAGS, TODAY))).toEqual({
      id: expect.any(String),
    });
    const body = ownershipSaveSchema().parse({ updated_at: null, delete: [3] });
    expect(body).toEqual({ updated_at: null, create: [], update: [], delete: [3] });
  });
});

describe('ownership total and alert', () => {
  it('sums only owners, to the cent', () => {
    expect(
      ownershipTotal([
        { is_owner: true, ownership: 33.33 },
        { is_owner: true, ownership: 33.33 },
        { is_owner: 1, ownership: '33.34' },
        { is_owner: false, ownership: 50 },
        { is_owner: true, ownership: null },
      ]),
    ).toBe(100);
  });

  it('is a success only at exactly 100.00', () => {
    expect(ownershipAlert(100)).toEqual({ type: 'success', text: 'Ownership is 100.00%' });
    // Short of 100%: what is wrong and what to do (issue #19).
    expect(ownershipAlert(58.95)).toEqual({
      type: 'error',
      text: 'Owner percentages add up to 58.95%; they must total 100.00%',
    });
    expect(ownershipAlert(100.01).text).toBe('Owner percentages add up to 100.01%; they must total 100.00%');
    expect(ownershipAlert(0).text).toBe('Owner percentages add up to 0.00%; they must total 100.00%');
  });
});
