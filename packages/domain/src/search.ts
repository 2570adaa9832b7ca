import { z } from 'zod';

/**
 * Search (issue 17): one rights-aware search across the platform. A kind is one definition on
 * the API side (modules/search/kinds).
 */
export const SEARCH_KINDS = [
  'organizations',
  'people',
  'surveys',
  'documents',
  'policies',
  'events',
  'pods',
  'articles',
  'faq',
] as const;
export const ZSearchKind = z.enum(SEARCH_KINDS);
export type TSearchKind = z.infer<typeof ZSearchKind>;
export const SEARCH_KIND_LABELS: Record<TSearchKind, string> = {
  organizations: 'Organizations',
  people: 'People',
  surveys: 'Surveys',
  documents: 'Documents',
  policies: 'Policies',
  events: 'Events',
  pods: 'Pods',
  articles: 'Help articles',
  faq: 'FAQ',
};

export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Results per kind: the top bar's menu shows a few, the page more, one kind pages further. */
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 50;

const kindsMessage = `kinds must be a comma-separated list of ${SEARCH_KINDS.join(', ')}`;

/** GET /api/search?q=&kinds=organizations,people&limit=&offset= */
export const ZSearchQuery = z.strictObject({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'Type something to search for')
    .max(SEARCH_QUERY_MAX_LENGTH, `The search may be at most ${SEARCH_QUERY_MAX_LENGTH} characters long`),
  kinds: z
    .string()
    .transform((value, ctx) => {
      const list = value
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      const unknown = list.filter((k) => !(SEARCH_KINDS as readonly string[]).includes(k));
      if (list.length === 0 || unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: unknown.length ? `Unknown kind ${unknown.join(', ')}; ${kindsMessage}` : kindsMessage,
        });
        return z.NEVER;
      }
      return [...new Set(list)] as TSearchKind[];
    })
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(SEARCH_MAX_LIMIT, `limit must be at most ${SEARCH_MAX_LIMIT}`)
    .default(SEARCH_DEFAULT_LIMIT),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
});
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

/** A piece of highlighted text: the matched words have `match: true` (never HTML). */
export const ZSearchTextPart = z.object({ text: z.string(), match: z.boolean() });
export type TSearchTextPart = z.infer<typeof ZSearchTextPart>;

export const ZSearchHit = z.object({
  kind: ZSearchKind,
  id: z.number().int(),
  title: z.array(ZSearchTextPart),
  /** what it is and where: "Acme Capital Partners · PDF, 120 kB", a person's title and organization */
  subtitle: z.string(),
  /** the matched passage of a document's text or a description, when there is one */
  snippet: z.array(ZSearchTextPart).nullable(),
  /** the app path that opens it */
  link: z.string(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchGroup = z.object({
  kind: ZSearchKind,
  total: z.number().int(),
  items: z.array(ZSearchHit),
});
export type TSearchGroup = z.infer<typeof ZSearchGroup>;

/** The groups in SEARCH_KINDS order, every asked kind present (total 0 when nothing matched). */
export const ZSearchResponse = z.object({ q: z.string(), groups: z.array(ZSearchGroup) });
export type TSearchResponse = z.infer<typeof ZSearchResponse>;
