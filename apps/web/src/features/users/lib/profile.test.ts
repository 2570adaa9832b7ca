import { displayName, NO_INFORMATION, PRIVATE } from '@parity/domain/account';
import { describe, expect, it } from 'vitest';
import { profileText, requiredMessage } from './profile';

describe('profile display rules (spec 3)', () => {
  it("drops the last name when it is empty or 'Private'", () => {
    expect(displayName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(displayName('Ada', '')).toBe('Ada');
    expect(displayName('Ada', null)).toBe('Ada');
    expect(displayName('Ada', 'Private')).toBe('Ada');
  });

  it("shows 'Private' for private values and 'No information' for empty ones", () => {
    expect(profileText('Private')).toBe(PRIVATE);
    expect(profileText(null)).toBe(NO_INFORMATION);
    expect(profileText('')).toBe(NO_INFORMATION);
    expect(profileText([])).toBe(NO_INFORMATION);
    expect(profileText(true)).toBe('Yes');
    expect(profileText(false)).toBe('No');
    expect(profileText(3, (id) => (id === 3 ? 'Female' : null))).toBe('Female');
    expect(profileText(9, () => null)).toBe(NO_INFORMATION);
  });

  it('names the missing required fields', () => {
    const labels = { name: 'Name', lastname: 'Last name' };
    expect(requiredMessage({ name: 'Ada', lastname: 'L' }, labels)).toBeNull();
    expect(requiredMessage({ name: ' ', lastname: '' }, labels)).toBe(
      'Please, populate required data: Name, Last name',
    );
    expect(requiredMessage({ name: 'Ada', lastname: '' }, labels)).toBe(
      'Please, populate required data: Last name',
    );
  });
});
