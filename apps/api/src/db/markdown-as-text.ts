import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A markdown column as the plain text a snippet or an excerpt shows, on one line: links keep their words; marks,
 * quotes and list markers (-, +, *, 1.) go.
 */
export function markdownAsText(column: SQLWrapper): SQL {
  const linksAsWords = sql`regexp_replace(${column}, '!?\\[([^\\]]*)\\]\\([^)]*\\)', '\\1', 'g')`;
  const unmarked = sql`regexp_replace(${linksAsWords}, '^\\s*(?:[-+]|\\d+[.)])\\s+|[*\`#]+|^>\\s?', '', 'gn')`;
  return sql`regexp_replace(${unmarked}, '\\s*\\n\\s*', ' ', 'g')`;
}
