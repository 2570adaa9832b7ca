import { SUPPORT_TOPIC_LABELS, type TSupportTopic } from '@parity/domain/support';
import { sql } from 'drizzle-orm';
import { markdownAsText } from '../../../db/markdown-as-text';
import { defineKind } from './kind';

/** FAQ entries by question and answer: public, so every searcher reads them; each opens on /faq. */
export const faqKind = defineKind<{ topic: TSupportTopic }>({
  kind: 'faq',
  from: sql`faq_entries fe`,
  id: sql`fe.id`,
  vector: sql`fe.search`,
  name: sql`fe.question`,
  readable: () => sql`TRUE`,
  title: sql`fe.question`,
  snippet: { text: markdownAsText(sql`fe.answer`), config: 'english' },
  extra: () => sql`json_build_object('topic', fe.topic)`,
  present: (id, extra) => ({
    subtitle: `FAQ · ${SUPPORT_TOPIC_LABELS[extra.topic]}`,
    // the FAQ page opens the entry and scrolls to it
    link: `/faq?entry=${id}`,
  }),
});
