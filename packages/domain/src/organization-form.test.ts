import { describe, expect, it } from 'vitest';
import {
  countError,
  countRule,
  normaliseOrganizationForm,
  organizationFormErrors,
  ZOrganizationForm,
} from './organization-form';

const TODAY = '2026-06-15';
const valid = {
  name: 'Acme',
  legal_structure: 2,
  inception_date: '2004-03-15',
  primary_contact_id: 7,
  is_publicly_traded: false,
  ticker_symbol: '',
  total_full_time_employees: 20,
  total_leaders: 4,
  total_owners: 3,
};

describe('organization form rules (spec 5)', () => {
  it('accepts a complete form', () => {
    expect(organizationFormErrors(valid, { requireName: true, today: TODAY })).toEqual({});
  });

  it('requires name, legal structure, inception date and primary contact with labelled messages', () => {
    const errors = organizationFormErrors(
      { name: ' ', legal_structure: null, inception_date: '', primary_contact_id: null },
      { requireName: true, today: TODAY },
    );
    expect(errors.name).toBe('Name is required');
    expect(errors.legal_structure).toBe('Legal Structure is required');
    expect(errors.inception_date).toBe('Inception Date is required');
    expect(errors.primary_contact_id).toBe('Primary Contact is required');
  });

  it('does not check the name when the form has none (reporting overview)', () => {
    expect(organizationFormErrors({ ...valid, name: '' }, { today: TODAY }).name).toBeUndefined();
  });

  it('refuses an inception date after today, accepts today', () => {
    expect(
      organizationFormErrors({ ...valid, inception_date: '2026-06-16' }, { today: TODAY }).inception_date,
    ).toBe('Inception Date must not be after today');
    expect(
      organizationFormErrors({ ...valid, inception_date: TODAY }, { today: TODAY }).inception_date,
    ).toBeUndefined();
  });

  it('ticker symbol: at most 10 characters; required only when publicly traded', () => {
    expect(
      organizationFormErrors({ ...valid, ticker_symbol: 'ABCDEFGHIJK' }, { today: TODAY }).ticker_symbol,
    ).toBe('Ticker Symbol must be maximum 10 characters long');
    expect(
      organizationFormErrors({ ...valid, ticker_symbol: 'ABCDEFGHIJ' }, { today: TODAY }).ticker_symbol,
    ).toBeUndefined();
    const traded = { ...valid, legal_structure: 1, is_publicly_traded: true, total_owners: 0 };
    expect(organizationFormErrors(traded, { today: TODAY }).ticker_symbol).toBe('Ticker Symbol is required');
    expect(organizationFormErrors({ ...traded, ticker_symbol: 'ACME' }, { today: TODAY })).toEqual({});
  });

  it('publicly traded only for legal structure 1', () => {
    expect(
      organizationFormErrors({ ...valid, is_publicly_traded: true, ticker_symbol: 'AC' }, { today: TODAY })
        .is_publicly_traded,
    ).toBe('Publicly Traded can be selected only for a Corporation (C Corp)');
  });

  it.each([1, 2, 3, 4, 6, 7, 9, 10])('structure %i: employees and leaders required, min 2', (ls) => {
    for (const field of ['total_full_time_employees', 'total_leaders'] as const) {
      const label = field === 'total_leaders' ? 'Total Senior Leadership' : 'Total Full-Time Employees';
      expect(countRule(field, ls)).toEqual({ required: true, min: 2, fixed: null });
      expect(countError(field, 0, ls)).toBe(`${label} is required`);
      expect(countError(field, null, ls)).toBe(`${label} is required`);
      expect(countError(field, 1, ls)).toBe(`${label} must be equal or greater than 2`);
      expect(countError(field, 2, ls)).toBeNull();
    }
  });

  it.each([5, 8])('structure %i: every count fixed at 1', (ls) => {
    for (const field of ['total_full_time_employees', 'total_leaders', 'total_owners'] as const) {
      expect(countRule(field, ls)).toEqual({ required: true, min: 1, fixed: 1 });
      expect(countError(field, 1, ls)).toBeNull();
    }
    expect(countError('total_owners', 0, ls)).toBe('Total Owners is required');
    expect(countError('total_owners', 2, ls)).toBe('Total Owners must be not greater than 1');
    expect(countError('total_leaders', 3, ls)).toBe('Total Senior Leadership must be not greater than 1');
  });

  it('owners: structure 1 required min 1 unless publicly traded', () => {
    expect(countError('total_owners', 0, 1)).toBe('Total Owners is required');
    expect(countError('total_owners', 1, 1)).toBeNull();
    expect(countError('total_owners', 0, 1, true)).toBeNull();
  });

  it.each([6, 9])('owners: structure %i min 0', (ls) => {
    expect(countRule('total_owners', ls)).toEqual({ required: false, min: 0, fixed: null });
    expect(countError('total_owners', 0, ls)).toBeNull();
    expect(countError('total_owners', -1, ls)).toBe('Total Owners must be equal or greater than 0');
  });

  it.each([2, 4])('owners: structure %i required min 2', (ls) => {
    expect(countError('total_owners', 0, ls)).toBe('Total Owners is required');
    expect(countError('total_owners', 1, ls)).toBe('Total Owners must be equal or greater than 2');
    expect(countError('total_owners', 2, ls)).toBeNull();
  });

  it.each([3, 7, 10])('owners: structure %i required min 1', (ls) => {
    expect(countError('total_owners', 0, ls)).toBe('Total Owners is required');
    expect(countError('total_owners', 1, ls)).toBeNull();
  });

  it('zod schema puts each message on its field', () => {
    const result = ZOrganizationForm.safeParse({ ...valid, name: '', total_owners: 1 });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['name', 'Name is required'],
      ['total_owners', 'Total Owners must be equal or greater than 2'],
    ]);
  });
});

describe('normaliseOrganizationForm', () => {
  it('fixes the head counts of single-person structures and clears publicly traded outside structure 1', () => {
    expect(
      normaliseOrganizationForm({
        legal_structure: 5,
        is_publicly_traded: true,
        total_full_time_employees: 9,
        total_leaders: 4,
        total_owners: 3,
      }),
    ).toEqual({
      legal_structure: 5,
      is_publicly_traded: false,
      total_full_time_employees: 1,
      total_leaders: 1,
      total_owners: 1,
    });
    const corporation = { legal_structure: 1, is_publicly_traded: true, total_owners: 0, name: 'Kept' };
    expect(normaliseOrganizationForm(corporation)).toEqual(corporation);
  });
});
