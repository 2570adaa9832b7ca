import { SEARCH_KINDS, type TSearchQuery, type TSearchResponse } from '@parity/domain/search';
import { loadCaller, requireAllowed } from '../../core/access/caller';
import { approvedOrganizationId } from '../../core/access/organization-guard';
import { type DbOrTx, queriesOf } from '../../db/client';
import { markClosestWord, partsOf } from './highlight';
import type { SearchCaller } from './kinds/kind';
import { SEARCH_KIND_DEFINITIONS } from './kinds/registry';
import * as repo from './repo';

/**
 * GET /api/search: approved members and platform admins (else 403). One group per asked kind in
 * SEARCH_KINDS order; each kind's rights are part of its query, so what the caller may not read is
 * neither listed nor counted. The kinds run concurrently (one statement each).
 */
export async function search(db: DbOrTx, callerId: number, query: TSearchQuery): Promise<TSearchResponse> {
  const loaded = await loadCaller(db, callerId);
  requireAllowed(loaded);
  const caller: SearchCaller = {
    userId: callerId,
    organizationId: approvedOrganizationId(loaded),
    isSurveyHost: loaded.flags.isSurveyHost,
    isPlatformAdmin: loaded.flags.isAdministrator,
  };
  const asked = new Set(query.kinds ?? SEARCH_KINDS);
  const kinds = SEARCH_KINDS.filter((kind) => asked.has(kind));
  const terms = repo.searchTerms(query.q);
  const page = { limit: query.limit, offset: query.offset };
  const answers = await queriesOf(
    db,
    kinds.map((kind) => () => repo.searchKind(db, SEARCH_KIND_DEFINITIONS[kind], caller, terms, page)),
  );
  return {
    q: query.q,
    groups: kinds.map((kind, i) => {
      const definition = SEARCH_KIND_DEFINITIONS[kind];
      const { total, rows } = answers[i]!;
      return {
        kind,
        total,
        items: rows.map((row) => {
          const title = partsOf(row.title);
          const snippet = row.snippet === null ? null : partsOf(row.snippet);
          return {
            kind,
            id: row.id,
            // A title found by trigrams alone has no marked word from the full-text query.
            title: title.some((part) => part.match) ? title : markClosestWord(row.title, query.q),
            snippet,
            ...definition.present(row.id, row.extra, caller),
          };
        }),
      };
    }),
  };
}
