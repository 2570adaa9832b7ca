import type { TPlaceDetails, TPlaceSuggestion } from '@parity/domain/places';
import { BUILTIN_CITIES, type BuiltinCity, fold } from './cities';
import { MAX_SUGGESTIONS, type PlacesProvider } from './provider';

/**
 * Works offline: suggests the bundled business cities by name (prefix of the name, then of any
 * word in it), and for "street, city" text the address on that street in each matching city.
 *
 * Place ids: `builtin:city:<cc>:<slug>` for a city, `builtin:addr:<cc>:<slug>:<street>` for an
 * address, the street base64url-encoded, so details are rebuilt from the id alone.
 */
export const BUILTIN_PREFIX = 'builtin:';
const STREET_MAX = 200;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const byKey = new Map(BUILTIN_CITIES.map((city) => [city.key, city]));
const indexed = BUILTIN_CITIES.map((city) => ({
  city,
  name: fold(city.name),
  words: fold(city.name).split(/[\s-]+/),
  region: fold(city.region),
  country: fold(countryName(city.country)),
  code: city.country.toLowerCase(),
}));

function cityLine(city: BuiltinCity): string {
  return [city.name, city.region, countryName(city.country)].filter(Boolean).join(', ');
}

/** Cities whose name starts with the text, then those with a word that does. */
function findCities(text: string): typeof indexed {
  const q = fold(text);
  if (!q) return [];
  const starts = indexed.filter((c) => c.name.startsWith(q));
  const words = indexed.filter((c) => !c.name.startsWith(q) && c.words.some((w) => w.startsWith(q)));
  return [...starts, ...words];
}

/** Narrows cities by the text after the city: a region, a country name or a country code. */
function matchesArea(entry: (typeof indexed)[number], area: string | undefined): boolean {
  const a = fold(area ?? '');
  if (!a) return true;
  return entry.region.startsWith(a) || entry.country.startsWith(a) || entry.code === a;
}

function encodeStreet(street: string): string {
  return Buffer.from(street, 'utf8').toString('base64url');
}

function decodeStreet(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  const street = Buffer.from(encoded, 'base64url').toString('utf8');
  if (encodeStreet(street) !== encoded) return null;
  if (!street.trim() || street.length > STREET_MAX || /\p{Cc}/u.test(street)) return null;
  return street;
}

function citySuggestion(city: BuiltinCity): TPlaceSuggestion {
  const secondary = [city.region, countryName(city.country)].filter(Boolean).join(', ');
  return {
    place_id: `${BUILTIN_PREFIX}city:${city.key}`,
    description: cityLine(city),
    main_text: city.name,
    secondary_text: secondary || null,
  };
}

function addressSuggestion(street: string, city: BuiltinCity): TPlaceSuggestion {
  return {
    place_id: `${BUILTIN_PREFIX}addr:${city.key}:${encodeStreet(street)}`,
    description: `${street}, ${cityLine(city)}`,
    main_text: street,
    secondary_text: cityLine(city),
  };
}

export class BuiltinPlacesProvider implements PlacesProvider {
  async autocomplete(q: string): Promise<TPlaceSuggestion[]> {
    const parts = q
      .split(',')
      .map((part) => part.trim().replace(/\s+/g, ' '))
      .filter(Boolean);
    const [first, second, third] = parts;
    if (!first) return [];
    if (!second)
      return findCities(first)
        .slice(0, MAX_SUGGESTIONS)
        .map((c) => citySuggestion(c.city));
    // "City, Region/Country" names a city; "Street, City[, Region/Country]" an address in it.
    const cities = findCities(first)
      .filter((c) => matchesArea(c, second))
      .map((c) => citySuggestion(c.city));
    const street = first.slice(0, STREET_MAX);
    const addresses = findCities(second)
      .filter((c) => matchesArea(c, third))
      .map((c) => addressSuggestion(street, c.city));
    return [...cities, ...addresses].slice(0, MAX_SUGGESTIONS);
  }

  async details(placeId: string): Promise<TPlaceDetails | null> {
    if (!placeId.startsWith(BUILTIN_PREFIX)) return null;
    const [kind, code, slug, encoded, ...rest] = placeId.slice(BUILTIN_PREFIX.length).split(':');
    if (rest.length) return null;
    const city = byKey.get(`${code}:${slug}`);
    if (!city) return null;
    const base = { place_id: placeId, city: city.name, region: city.region || null, country: city.country };
    if (kind === 'city' && encoded === undefined) {
      return { ...base, description: cityLine(city), street: null, postal_code: null, lat: null, lng: null };
    }
    if (kind !== 'addr' || encoded === undefined) return null;
    const street = decodeStreet(encoded);
    if (!street) return null;
    return {
      ...base,
      description: `${street}, ${cityLine(city)}`,
      street,
      postal_code: null,
      lat: null,
      lng: null,
    };
  }
}
