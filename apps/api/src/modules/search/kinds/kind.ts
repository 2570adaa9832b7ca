import type { TSearchKind } from '@parity/domain/search';
import type { SQL } from 'drizzle-orm';

/** Who searches: the rights every kind's predicate is written with (from core/access's caller). */
export interface SearchCaller {
  userId: number;
  /** The live organization the caller is an approved member of; null when none. */
  organizationId: number | null;
  /** A survey host of their organization (approved, user_manage_surveys). */
  isSurveyHost: boolean;
  /** is_sadm */
  isPlatformAdmin: boolean;
}

/** The search terms as SQL: the text typed and its safely parsed full-text query. */
export interface SearchTerms {
  /** the query text, for trigram similarity */
  text: SQL;
  /** websearch_to_tsquery of the text (quotes and operators never error) */
  tsquery: SQL;
}

/**
 * One searchable kind, as SQL over its rows: everything the search needs to find, rank, hide and
 * show a row lives here, so a new kind (events, pods) is one file like this and one registry line.
 * Every SQL piece may use the aliases `from` declares.
 */
export interface SearchKindDefinition<Extra = Record<string, unknown>> {
  kind: TSearchKind;
  /** FROM clause with its aliases (joins to rows with one match each, so ids stay unique) */
  from: SQL;
  /** the row's id (an integer) */
  id: SQL;
  /** the generated tsvector column(s) */
  vector: SQL;
  /** the name compared by trigrams for typos and prefixes (a trigram GIN index on it) */
  name: SQL;
  /** true for the rows the caller may read: rights are in the query, so counts never leak */
  readable(caller: SearchCaller): SQL;
  /** the text shown as the hit's title (highlighted) */
  title: SQL;
  /** a longer text to show the matched passage of, with its text search configuration */
  snippet?: { text: SQL; config: 'english' | 'simple' };
  /** the values `present` needs, as a json_build_object(...) */
  extra(caller: SearchCaller): SQL;
  /** the hit's subtitle and link from its extra values */
  present(id: number, extra: Extra, caller: SearchCaller): { subtitle: string; link: string };
}

/** A definition checked against its Extra, stored in the registry without it. */
export function defineKind<Extra>(definition: SearchKindDefinition<Extra>): SearchKindDefinition {
  return definition as unknown as SearchKindDefinition;
}
