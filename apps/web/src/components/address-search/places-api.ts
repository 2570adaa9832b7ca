import {
  type TPlaceDetails,
  type TPlaceSuggestion,
  type TPlacesConfig,
  ZPlaceDetails,
  ZPlaceSuggestions,
  ZPlacesConfig,
} from '@parity/domain/places';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Which optional outside services the API has configured (IP-to-country URL, Google Places). */
export async function getPlacesConfig(): Promise<TPlacesConfig> {
  return ZPlacesConfig.parse(
    await api.get<unknown>('/api/places/config', undefined, { silent: true, retries: 0 }),
  );
}

export const placesConfigQueryKey = ['places', 'config'] as const;

export function usePlacesConfig(enabled = true) {
  return useQuery({
    queryKey: placesConfigQueryKey,
    queryFn: getPlacesConfig,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled,
  });
}

/** Address suggestions for typed text (2 to 200 characters). */
export async function searchPlaces(q: string, signal?: AbortSignal): Promise<TPlaceSuggestion[]> {
  const body = await api.get<unknown>(
    '/api/places/autocomplete',
    { q },
    { signal, silent: true, retries: 0 },
  );
  return ZPlaceSuggestions.parse(body).data;
}

export function placeSuggestionsQueryKey(q: string) {
  return ['places', 'autocomplete', q] as const;
}

export async function getPlaceDetails(placeId: string): Promise<TPlaceDetails> {
  return ZPlaceDetails.parse(
    await api.get<unknown>(`/api/places/${encodeURIComponent(placeId)}`, undefined, { silent: true }),
  );
}

export function placeDetailsQueryKey(placeId: string) {
  return ['places', 'details', placeId] as const;
}
