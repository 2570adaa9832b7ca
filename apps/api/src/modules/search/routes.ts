import { AWAITING_APPROVAL_MESSAGE } from '@parity/domain/permissions';
import { SEARCH_KINDS, SEARCH_QUERY_MAX_LENGTH, ZSearchQuery, ZSearchResponse } from '@parity/domain/search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import { search } from './service';

export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Search organizations, people, surveys, documents, policies, events, pods, help articles and the FAQ',
        description:
          `q: 1-${SEARCH_QUERY_MAX_LENGTH} characters, parsed as a web search (quotes, or, -word; never an error), ` +
          `typos and prefixes of names found by trigrams. kinds: a comma-separated list of ${SEARCH_KINDS.join(', ')} ` +
          '(all when absent). One group per asked kind, in that order: `total` counts every match the caller may ' +
          'read (nothing else is listed or counted), `items` the page limit/offset of them, best first, with the ' +
          "matched words as `{text, match}` parts and the app path that opens each. 403 '" +
          AWAITING_APPROVAL_MESSAGE +
          "' for a caller not yet approved.",
        querystring: ZSearchQuery,
        response: { 200: ZSearchResponse, ...errorResponses(403) },
      },
    },
    async (request) => search(app.db, requireAuth(request).userId, request.query),
  );
}
