import { SUPPORT_TOPIC_LABELS, type TSupportTopic } from '@parity/domain/support';
import { sql } from 'drizzle-orm';
import { markdownAsText } from '../../../db/markdown-as-text';
import { defineKind } from './kind';

/**
 * Help articles by title and body (the support module's rule): every searcher reads the published
 * ones; platform administrators, who edit them, find the drafts too.
 */
export const articlesKind = defineKind<{ slug: string; topic: TSupportTopic | null; published: boolean }>({
  kind: 'articles',
  from: sql`help_articles ha`,
  id: sql`ha.id`,
  vector: sql`ha.search`,
  name: sql`ha.title`,
  readable: (caller) => (caller.isPlatformAdmin ? sql`TRUE` : sql`ha.published`),
  title: sql`ha.title`,
  snippet: { text: markdownAsText(sql`ha.body`), config: 'english' },
  extra: () => sql`json_build_object('slug', ha.slug, 'topic', ha.topic, 'published', ha.published)`,
  present: (_id, extra) => ({
    subtitle: [
      'Help article',
      extra.topic ? SUPPORT_TOPIC_LABELS[extra.topic] : null,
      extra.published ? null : 'draft',
    ]
      .filter(Boolean)
      .join(' · '),
    link: `/support/articles/${encodeURIComponent(extra.slug)}`,
  }),
});
