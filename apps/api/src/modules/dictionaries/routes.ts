import {
  DICTIONARY_NAMES,
  DICTIONARY_SCHEMAS,
  dictionaryResponse,
  type TDictionaryName,
} from '@parity/domain/dictionaries';
import { DICTIONARY_ENDPOINTS } from '@parity/domain/dictionary-endpoints';
import type { FastifyInstance } from 'fastify';
import { etagMatches, ZNotModified } from '../../core/http/etag';
import { requireAuth } from '../../plugins/auth';
import { DictionaryService } from './service';

const SUMMARIES: Record<TDictionaryName, string> = {
  genders: 'Genders (id, name, order, category_id)',
  genderCategories: 'Gender categories (id, name, order)',
  ethnicities: 'Races/ethnicities, with the White and undisclosed flags the scores use',
  colors: 'Organization colours (id, name, hex)',
  languages: 'Languages',
  tags: 'Tags (not cached: may change at run time)',
  functionalTitles: 'Functional titles',
  corporateTitles: 'Corporate titles, by seniority',
  interests: 'Interests (not cached: may change at run time)',
  roles: 'Roles (not cached: may change at run time)',
  globalReasonForChange: 'Reasons for an organization name change',
  globalIndustryHierarchy: 'Global industry hierarchy: sectors, industries, sub-industries and flat lists',
  globalIndustryHierarchyTypes: 'Global industry hierarchy types, keyed like organization identifiers',
  legalStructures: 'Organization legal structures (ids 1-10)',
  attributeOptions: 'Attribute option groups of individuals and board members',
};

const STATIC_CACHE_CONTROL = 'private, max-age=86400';
// Revalidate every time (ETag still spares the body): these lists may change without a deploy.
const VOLATILE_CACHE_CONTROL = 'no-cache';

export default async function dictionariesRoutes(app: FastifyInstance) {
  const service = new DictionaryService(app.db);

  for (const name of DICTIONARY_NAMES) {
    const { path, cacheable, public: isPublic = false } = DICTIONARY_ENDPOINTS[name];
    const cacheControl = cacheable ? STATIC_CACHE_CONTROL : VOLATILE_CACHE_CONTROL;
    app.get(
      path,
      {
        config: { public: isPublic },
        schema: {
          tags: ['dictionaries'],
          ...(isPublic ? { security: [] } : {}),
          summary: SUMMARIES[name],
          description: `Reference data "${name}". Answers with a strong ETag and Cache-Control: private, no-store to a signed-in caller${isPublic ? ` (${cacheControl} to an anonymous one)` : ''}; send If-None-Match to get 304.`,
          response: {
            200: dictionaryResponse(DICTIONARY_SCHEMAS[name]).describe(`The ${name} dictionary`),
            304: ZNotModified,
          },
        },
      },
      async (request, reply) => {
        if (!isPublic) requireAuth(request);
        const { body, etag } = await service.get(name);
        reply.header('etag', etag).header('cache-control', cacheControl);
        if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
        // Pre-serialized bytes (validated once when built): no serializer work per request.
        return reply.type('application/json; charset=utf-8').send(body);
      },
    );
  }
}
