import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { START, STOP } from './highlight';
import type { SearchCaller, SearchKindDefinition, SearchTerms } from './kinds/kind';

/** The terms: the names are indexed as typed ('simple'), the texts stemmed ('english'). */
export function searchTerms(q: string): SearchTerms {
  return {
    text: sql`${q}::text`,
    tsquery: sql`(websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('simple', ${q}))`,
  };
}

const marks = `StartSel=${START}, StopSel=${STOP}`;
const TITLE_OPTIONS = `HighlightAll=true, ${marks}`;
const SNIPPET_OPTIONS = `MaxWords=24, MinWords=12, MaxFragments=2, FragmentDelimiter=" … ", ${marks}`;

export interface KindPageRow {
  id: number;
  title: string;
  snippet: string | null;
  extra: Record<string, unknown>;
}

/**
 * One kind's answer in one statement: the count of every match the caller may read, and the page
 * of them best first. A row matches its tsvector (scored by ts_rank_cd, the weights A-C) or is
 * like its name by trigrams (word_similarity, for typos and prefixes); a row found both ways adds
 * both scores. Headlines are made for the page's rows only.
 *
 * The statement runs with sequential scans off (SET LOCAL, its own transaction): the planner
 * prices pg_trgm's operator like a comparison and chose to compute word_similarity on every
 * organization (430 ms at 10,000) over its trigram index (17 ms), the same for the full-text side.
 */
export async function searchKind(
  db: DbOrTx,
  definition: SearchKindDefinition,
  caller: SearchCaller,
  terms: SearchTerms,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: KindPageRow[] }> {
  // Inside a caller's transaction the setting would outlive the statement: plan as usual there.
  if ('rollback' in db) return readKind(db, definition, caller, terms, page);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return readKind(tx, definition, caller, terms, page);
  });
}

async function readKind(
  db: DbOrTx,
  definition: SearchKindDefinition,
  caller: SearchCaller,
  terms: SearchTerms,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: KindPageRow[] }> {
  const { from, id, vector, name } = definition;
  const readable = definition.readable(caller);
  const snippetText = definition.snippet?.text ?? sql`NULL::text`;
  const snippetConfig = sql.raw(`'${definition.snippet?.config ?? 'simple'}'::regconfig`);
  // The two ways to match are two branches, each planned on its own index (GIN on the tsvector, the
  // trigram GIN on the name, or the rights' own index when they narrow the rows to one
  // organization's), each scoring the rows it reads: an OR of both would be a scan of the table
  // computing word_similarity on every row, and reading the matches again to score them cost as
  // much as finding them. Only the page's rows are read again (by id) for their titles, snippets
  // and extra values.
  const result = await db.execute<{ total: number; items: KindPageRow[] }>(sql`
    WITH candidates AS (
      SELECT ${id} AS id, ts_rank_cd(${vector}, ${terms.tsquery}, 32) AS score
        FROM ${from} WHERE ${readable} AND ${vector} @@ ${terms.tsquery}
      UNION ALL
      SELECT ${id} AS id, word_similarity(${terms.text}, ${name}) AS score
        FROM ${from} WHERE ${readable} AND ${name} %> ${terms.text}
    ), matched AS MATERIALIZED (
      SELECT id, sum(score) AS score FROM candidates GROUP BY id
    ), page AS (
      SELECT id, score FROM matched ORDER BY score DESC, id LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT
      (SELECT count(*)::int FROM matched) AS total,
      coalesce((SELECT json_agg(json_build_object(
          'id', page.id,
          'title', ts_headline('simple', ${definition.title}, ${terms.tsquery}, ${TITLE_OPTIONS}),
          'snippet', CASE WHEN coalesce(${snippetText}, '') = '' THEN NULL
            ELSE ts_headline(${snippetConfig}, ${snippetText}, ${terms.tsquery}, ${SNIPPET_OPTIONS}) END,
          'extra', ${definition.extra(caller)}
        ) ORDER BY page.score DESC, page.id) FROM ${from} JOIN page ON page.id = ${id}), '[]'::json) AS items`);
  const [row] = (result as unknown as { rows: { total: number; items: KindPageRow[] | string }[] }).rows;
  const items =
    typeof row?.items === 'string' ? (JSON.parse(row.items) as KindPageRow[]) : (row?.items ?? []);
  return { total: Number(row?.total ?? 0), rows: items };
}
