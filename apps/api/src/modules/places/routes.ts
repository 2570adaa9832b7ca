import {
  ZPlaceDetails,
  ZPlaceId,
  ZPlaceSuggestions,
  ZPlacesAutocompleteQuery,
  ZPlacesConfig,
} from '@parity/domain/places';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { createPlacesService } from './service';

/** Per signed-in user: type-ahead is debounced, so 120 lookups a minute is generous. */
export const PLACES_RATE_LIMIT = { max: 120, timeWindowMs: 60_000 };

export default async function placesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createPlacesService(app.config);
  // One counter for suggestions and details (the auth hook runs first, so the user is known).
  const limit = app.rateLimit({
    max: PLACES_RATE_LIMIT.max,
    timeWindow: PLACES_RATE_LIMIT.timeWindowMs,
    keyGenerator: (request) => `places:${request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`}`,
  }) as unknown as onRequestAsyncHookHandler;

  app.get(
    '/api/places/config',
    {
      // Public: the phone input on the sign-up page needs it before anyone signs in.
      config: { public: true },
      schema: {
        tags: ['places'],
        summary:
          'Which optional outside services the web may use (IP-to-country URL, Google Places, a BI tool)',
        description:
          'Public. The optional services configured on this server (none by default: the built-in places list is ' +
          'used): the IP-to-country URL, whether Google Places answers address searches, and whether a BI tool is ' +
          "configured (hosts then get 'Open in BI tool'; its address comes with GET /api/tableau/token).",
        security: [],
        response: { 200: ZPlacesConfig },
      },
    },
    async () => service.config(),
  );

  app.get(
    '/api/places/autocomplete',
    {
      onRequest: limit,
      schema: {
        tags: ['places'],
        summary: 'Address suggestions for typed text (2 to 200 characters)',
        description:
          'From Google Places when GOOGLE_PLACES_API_KEY is set, else from the built-in list of business cities ("street, city" text suggests that address). At most 120 lookups a minute per user.',
        querystring: ZPlacesAutocompleteQuery,
        response: { 200: ZPlaceSuggestions },
      },
    },
    async (request) => {
      requireAuth(request);
      return { data: await service.autocomplete(request.query.q) };
    },
  );

  app.get(
    '/api/places/:placeId',
    {
      onRequest: limit,
      schema: {
        tags: ['places'],
        summary: "A suggested place's address parts",
        description:
          'The street, city, region, postal code and country of a place named by an autocomplete suggestion; unknown ids answer 404.',
        params: z.object({ placeId: ZPlaceId }),
        response: { 200: ZPlaceDetails },
      },
    },
    async (request) => {
      requireAuth(request);
      return service.details(request.params.placeId);
    },
  );
}
