import type { TPlaceDetails, TPlaceSuggestion } from '@parity/domain/places';

/** Where address suggestions and details come from (built-in list or Google Places). */
export interface PlacesProvider {
  /** Suggestions for typed text (already trimmed, 2..200 characters). */
  autocomplete(q: string): Promise<TPlaceSuggestion[]>;
  /** A place's details, or null when the provider does not know the id. */
  details(placeId: string): Promise<TPlaceDetails | null>;
}

/** Longest suggestion list any provider returns. */
export const MAX_SUGGESTIONS = 8;
