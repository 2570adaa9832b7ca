import { z } from 'zod';

/**
 * Address search (spec 3 "Overview form": office_address_found; spec 5: a google-address value
 * needs a place_id). Suggestions come from GET /api/places/autocomplete, details from
 * GET /api/places/:placeId; the provider is Google Places when configured, else the built-in
 * list of business cities.
 */

export const PLACES_QUERY_MIN = 2;
export const PLACES_QUERY_MAX = 200;
export const PLACE_ID_MAX = 500;

export const ZPlaceId = z.string().trim().min(1).max(PLACE_ID_MAX);

export const ZPlacesAutocompleteQuery = z.object({
  q: z
    .string()
    .trim()
    .min(PLACES_QUERY_MIN, `Search text must be at least ${PLACES_QUERY_MIN} characters long`)
    .max(PLACES_QUERY_MAX, `Search text must be not more than ${PLACES_QUERY_MAX} characters long`),
});
export type TPlacesAutocompleteQuery = z.infer<typeof ZPlacesAutocompleteQuery>;

/** One suggestion: the text to show and the id to ask details for. */
export const ZPlaceSuggestion = z.object({
  place_id: ZPlaceId,
  description: z.string(),
  main_text: z.string(),
  secondary_text: z.string().nullable(),
});
export type TPlaceSuggestion = z.infer<typeof ZPlaceSuggestion>;

export const ZPlaceSuggestions = z.object({ data: z.array(ZPlaceSuggestion) });
export type TPlaceSuggestions = z.infer<typeof ZPlaceSuggestions>;

/** A place's address parts; `country` is a two-letter code when known. */
export const ZPlaceDetails = z.object({
  place_id: ZPlaceId,
  description: z.string(),
  street: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  postal_code: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  lat: z.number().min(-90).max(90).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
});
export type TPlaceDetails = z.infer<typeof ZPlaceDetails>;

/** The value of an address search field: a chosen place, with its details when they loaded. */
export const ZAddressFound = z.object({
  place_id: ZPlaceId,
  description: z.string().trim().min(1).max(1000),
  details: ZPlaceDetails.nullable(),
});
export type TAddressFound = z.infer<typeof ZAddressFound>;

/** What the web needs to know about the optional outside services (GET /api/places/config). */
export const ZPlacesConfig = z.object({
  /** IP-to-country service the browser may ask (ip2c.org reply format), or null: no lookup. */
  ip_country_url: z.string().url().nullable(),
  /** Whether suggestions come from Google Places (the search shows "Powered by Google"). */
  google_places: z.boolean(),
  /** Whether a BI tool is configured (ANALYTICS_URL): survey hosts then get 'Open in BI tool'. */
  analytics_tool: z.boolean().default(false),
});
export type TPlacesConfig = z.infer<typeof ZPlacesConfig>;
