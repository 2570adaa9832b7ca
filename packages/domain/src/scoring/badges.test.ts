import { describe, expect, it } from 'vitest';
import { badgeLevel, ownershipBadges } from './badges';

describe('diverse-ownership badges', () => {
  it('25% is substantial, 50% majority, below nothing', () => {
    expect(badgeLevel(0.2499)).toBeNull();
    expect(badgeLevel(0.25)).toBe('substantial');
    expect(badgeLevel(0.4999)).toBe('substantial');
    expect(badgeLevel(0.5)).toBe('majority');
    expect(badgeLevel(null)).toBeNull();
  });
  it('the highest level of the women and people-of-colour shares', () => {
    expect(ownershipBadges(0.3, 0.6)).toEqual({
      level: 'majority',
      label: 'Majority diverse-owned',
      women: 'substantial',
      peopleOfColour: 'majority',
    });
    expect(ownershipBadges(0.1, 0.25)).toMatchObject({
      level: 'substantial',
      label: 'Substantially diverse-owned',
    });
    expect(ownershipBadges(null, 0.1)).toEqual({
      level: null,
      label: null,
      women: null,
      peopleOfColour: null,
    });
  });
});
