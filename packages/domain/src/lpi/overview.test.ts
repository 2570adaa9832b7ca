import { describe, expect, it } from 'vitest';
import { overviewErrors, ZOverviewSave } from './overview';

const base = {
  updated_at: null,
  legal_structure: 3,
  inception_date: '2012-09-01',
  primary_contact_id: 4,
  total_full_time_employees: 12,
  total_leaders: 3,
  total_owners: 2,
};

describe('reporting overview (spec 5)', () => {
  it('accepts a complete overview with website, phone and a found address', () => {
    const result = ZOverviewSave.safeParse({
      ...base,
      website: 'https://cedar.example',
      primary_phone: '+44 20 7946 0958',
      identifiers: { gi_sector_id: 1, gi_aum: 5 },
      office_address_found: { place_id: 'p', description: 'London, UK', details: null },
    });
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });

  it('requires legal_structure, inception_date and primary_contact_id', () => {
    const result = ZOverviewSave.safeParse({ updated_at: null });
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path[0], i.message]) ?? []);
    expect(messages.legal_structure).toBe('Legal Structure is required');
    expect(messages.inception_date).toBe('Inception Date is required');
    expect(messages.primary_contact_id).toBe('Primary Contact is required');
  });

  it('checks website and phone formats, and the shared count rules', () => {
    expect(overviewErrors({ ...base, website: 'nope', primary_phone: '123' })).toEqual({
      website: 'Value must be a valid URL',
      primary_phone: 'Value must be a valid phone number',
    });
    expect(overviewErrors({ ...base, total_leaders: 1 }).total_leaders).toBe(
      'Total Senior Leadership must be equal or greater than 2',
    );
  });

  it('refuses unknown fields', () => {
    expect(ZOverviewSave.safeParse({ ...base, lpi_score: 9 }).success).toBe(false);
  });
});
