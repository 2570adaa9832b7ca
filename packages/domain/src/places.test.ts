import { describe, expect, it } from 'vitest';
import { GLOBAL_INDUSTRY_KEYS } from './dictionaries';
import { setIdentifier, ZIdentifiers } from './identifiers';
import { ZAddressFound, ZPlaceDetails, ZPlacesAutocompleteQuery } from './places';

describe('places', () => {
  it('bounds the search text to 2..200 characters after trimming', () => {
    expect(ZPlacesAutocompleteQuery.safeParse({ q: ' a ' }).success).toBe(false);
    expect(ZPlacesAutocompleteQuery.parse({ q: ' Lo ' })).toEqual({ q: 'Lo' });
    expect(ZPlacesAutocompleteQuery.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
  });
  it('an address found needs a place id; details are optional parts', () => {
    expect(ZAddressFound.safeParse({ place_id: '', description: 'x', details: null }).success).toBe(false);
    expect(
      ZAddressFound.parse({
        place_id: 'builtin:city:gb:london',
        description: 'London, England, United Kingdom',
        details: { place_id: 'builtin:city:gb:london', description: 'London', city: 'London', country: 'GB' },
      }).details?.city,
    ).toBe('London');
    expect(ZPlaceDetails.safeParse({ place_id: 'p', description: 'd', lat: 91 }).success).toBe(false);
  });
});

describe('identifiers', () => {
  it('accepts every key as an optional, nullable positive integer and nothing else', () => {
    const all = Object.fromEntries(GLOBAL_INDUSTRY_KEYS.map((key, i) => [key, i + 1]));
    expect(ZIdentifiers.parse(all)).toEqual(all);
    expect(ZIdentifiers.parse({ gi_sector_id: null })).toEqual({ gi_sector_id: null });
    expect(ZIdentifiers.safeParse({ gi_sector_id: 0 }).success).toBe(false);
    expect(ZIdentifiers.safeParse({ gi_sector_id: 1.5 }).success).toBe(false);
    expect(ZIdentifiers.safeParse({ unknown_id: 1 }).success).toBe(false);
  });
  it('a changed parent clears its descendants; an unchanged one keeps them', () => {
    const value = { gi_sector_id: 1, gi_industry_id: 2, gi_sub_industry_id: 3, gi_aum: 4 };
    expect(setIdentifier(value, 'gi_sector_id', 5)).toEqual({
      gi_sector_id: 5,
      gi_industry_id: null,
      gi_sub_industry_id: null,
      gi_aum: 4,
    });
    expect(setIdentifier(value, 'gi_industry_id', 7)).toMatchObject({
      gi_sector_id: 1,
      gi_sub_industry_id: null,
    });
    expect(setIdentifier(value, 'gi_sector_id', 1)).toEqual(value);
    expect(setIdentifier(value, 'gi_aum', null)).toMatchObject({ gi_aum: null, gi_industry_id: 2 });
  });
});
