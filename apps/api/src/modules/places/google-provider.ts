import type { TPlaceDetails, TPlaceSuggestion } from '@parity/domain/places';
import { z } from 'zod';
import { AppError } from '../../core/http/errors';
import { MAX_SUGGESTIONS, type PlacesProvider } from './provider';

/**
 * Google Places API (New) over fetch: `POST {base}/v1/places:autocomplete` and
 * `GET {base}/v1/places/{id}`, the key in X-Goog-Api-Key and only the fields we use in
 * X-Goog-FieldMask (billing follows the mask). The base URL is configurable so tests can stand
 * a local server in for Google.
 */
const TIMEOUT_MS = 5000;

const ZText = z.object({ text: z.string() });
const ZAutocompleteReply = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string(),
            text: ZText,
            structuredFormat: z.object({ mainText: ZText, secondaryText: ZText.optional() }).optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});

const ZDetailsReply = z.object({
  id: z.string(),
  formattedAddress: z.string().optional(),
  addressComponents: z
    .array(z.object({ longText: z.string(), shortText: z.string().optional(), types: z.array(z.string()) }))
    .optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
});

/** Google's ids are URL-safe tokens; anything else cannot be one. */
const GOOGLE_PLACE_ID = /^[A-Za-z0-9_-]{1,500}$/;

const unavailable = () =>
  new AppError(502, 'places_unavailable', 'Address search is unavailable right now. Try again later.');

export class GooglePlacesProvider implements PlacesProvider {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string,
  ) {}

  private async call(path: string, init: RequestInit, fieldMask: string): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        ...init,
        headers: {
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          'x-goog-api-key': this.apiKey,
          'x-goog-fieldmask': fieldMask,
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable();
    }
  }

  async autocomplete(q: string): Promise<TPlaceSuggestion[]> {
    const res = await this.call(
      '/v1/places:autocomplete',
      { method: 'POST', body: JSON.stringify({ input: q }) },
      'suggestions.placePrediction.placeId,suggestions.placePrediction.text,suggestions.placePrediction.structuredFormat',
    );
    if (!res.ok) throw unavailable();
    const parsed = ZAutocompleteReply.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw unavailable();
    return (parsed.data.suggestions ?? [])
      .flatMap((s) =>
        s.placePrediction && GOOGLE_PLACE_ID.test(s.placePrediction.placeId) ? [s.placePrediction] : [],
      )
      .slice(0, MAX_SUGGESTIONS)
      .map((p) => ({
        place_id: p.placeId,
        description: p.text.text,
        main_text: p.structuredFormat?.mainText.text ?? p.text.text,
        secondary_text: p.structuredFormat?.secondaryText?.text ?? null,
      }));
  }

  async details(placeId: string): Promise<TPlaceDetails | null> {
    if (!GOOGLE_PLACE_ID.test(placeId)) return null;
    const res = await this.call(
      `/v1/places/${encodeURIComponent(placeId)}`,
      { method: 'GET' },
      'id,formattedAddress,addressComponents,location',
    );
    // Google answers 404 for an unknown id and 400 for one it cannot read.
    if (res.status === 404 || res.status === 400) return null;
    if (!res.ok) throw unavailable();
    const parsed = ZDetailsReply.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw unavailable();
    const place = parsed.data;
    const part = (type: string, short = false) => {
      const component = place.addressComponents?.find((c) => c.types.includes(type));
      return (short ? component?.shortText : undefined) ?? component?.longText ?? null;
    };
    const street = [part('street_number'), part('route')].filter(Boolean).join(' ') || null;
    return {
      place_id: place.id,
      description: place.formattedAddress ?? place.id,
      street,
      city: part('locality') ?? part('postal_town'),
      region: part('administrative_area_level_1'),
      postal_code: part('postal_code'),
      country: part('country', true),
      lat: place.location?.latitude ?? null,
      lng: place.location?.longitude ?? null,
    };
  }
}
