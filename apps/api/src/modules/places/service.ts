import type { TPlaceDetails, TPlaceSuggestion, TPlacesConfig } from '@parity/domain/places';
import type { Config } from '../../config';
import { notFound } from '../../core/http/errors';
import { BUILTIN_PREFIX, BuiltinPlacesProvider } from './builtin-provider';
import { GooglePlacesProvider } from './google-provider';
import type { PlacesProvider } from './provider';

export interface PlacesService {
  config(): TPlacesConfig;
  autocomplete(q: string): Promise<TPlaceSuggestion[]>;
  details(placeId: string): Promise<TPlaceDetails>;
}

/**
 * Google Places when GOOGLE_PLACES_API_KEY is set, else the built-in city list. Built-in ids
 * (`builtin:...`) always resolve through the built-in provider, so addresses chosen before a key
 * was configured keep their details.
 */
export function createPlacesService(config: Config): PlacesService {
  const builtin = new BuiltinPlacesProvider();
  const provider: PlacesProvider = config.googlePlaces
    ? new GooglePlacesProvider(config.googlePlaces.apiKey, config.googlePlaces.baseUrl)
    : builtin;
  return {
    config: () => ({
      ip_country_url: config.ipCountryUrl ?? null,
      google_places: !!config.googlePlaces,
      analytics_tool: !!config.analyticsUrl,
    }),
    autocomplete: (q) => provider.autocomplete(q),
    async details(placeId) {
      const found = await (placeId.startsWith(BUILTIN_PREFIX) ? builtin : provider).details(placeId);
      if (!found) throw notFound('Place');
      return found;
    },
  };
}

/** The built-in city list (the demo data's addresses are built on it). */
export { BUILTIN_CITIES } from './cities';

/** A built-in place's details without configuration (the demo data's addresses). */
export function builtinPlaceDetails(placeId: string): Promise<TPlaceDetails | null> {
  return new BuiltinPlacesProvider().details(placeId);
}
