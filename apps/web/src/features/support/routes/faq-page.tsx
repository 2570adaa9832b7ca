import { Accordion, Anchor, Chip, Group, Stack, Text, Title } from '@mantine/core';
import {
  SUPPORT_TOPIC_LABELS,
  SUPPORT_TOPICS,
  type TFaqEntry,
  type TSupportTopic,
} from '@parity/domain/support';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MarkdownText } from '../../../components/markdown/markdown';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { getAccessToken } from '../../../lib/token-storage';
import { useFaq } from '../api/faq';
import { SearchForm } from '../components/search-form';

/** /faq (public): questions by topic, searchable, each answer in an accordion. */
export function FaqRoute() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const topic = SUPPORT_TOPICS.find((t) => t === params.get('topic')) ?? null;
  // ?entry=ID (a search hit's link) opens that answer
  const entry = Number(params.get('entry')) || null;
  const faq = useFaq(q, topic);
  const show = (next: { q?: string; topic?: TSupportTopic | null }) => {
    const out = new URLSearchParams();
    const nextQ = next.q ?? q;
    const nextTopic = next.topic === undefined ? topic : next.topic;
    if (nextQ) out.set('q', nextQ);
    if (nextTopic) out.set('topic', nextTopic);
    setParams(out, { replace: true });
  };
  const byTopic = SUPPORT_TOPICS.map(
    (t) => [t, (faq.data?.data ?? []).filter((e) => e.topic === t)] as const,
  ).filter(([, entries]) => entries.length > 0);
  const signedIn = getAccessToken() !== null;
  return (
    <Stack gap="md" maw={860}>
      <PageHeader
        title="Frequently asked questions"
        description="Quick answers about signing in, the LPI, scores, surveys and privacy."
      />
      <SearchForm
        name="FAQ"
        label="Search the FAQ"
        placeholder="e.g. password, scores"
        initial={q}
        onSearch={(text) => show({ q: text })}
      />
      <Chip.Group
        multiple={false}
        value={topic ?? 'all'}
        onChange={(value) => show({ topic: value === 'all' ? null : (value as TSupportTopic) })}
      >
        <Group gap="xs" role="group" aria-label="Topics">
          <Chip value="all">All topics</Chip>
          {SUPPORT_TOPICS.map((t) => (
            <Chip key={t} value={t}>
              {SUPPORT_TOPIC_LABELS[t]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {faq.isPending ? (
        <QueryLoader label="Loading the FAQ" />
      ) : faq.isError ? (
        <QueryError
          error={faq.error}
          title="The FAQ could not be loaded"
          onRetry={() => void faq.refetch()}
        />
      ) : byTopic.length === 0 ? (
        <Text c="dimmed" role="status">
          No question matches your search.
        </Text>
      ) : (
        byTopic.map(([t, entries]) => <Topic key={t} topic={t} entries={entries} opened={entry} />)
      )}
      <Text size="sm">
        Still stuck?{' '}
        {signedIn ? (
          <Anchor component={Link} to="/support/contact">
            Contact support
          </Anchor>
        ) : (
          <>
            <Anchor component={Link} to="/login">
              Log in
            </Anchor>{' '}
            and contact support, or ask an admin of your organization.
          </>
        )}
      </Text>
    </Stack>
  );
}

function Topic({
  topic,
  entries,
  opened,
}: {
  topic: TSupportTopic;
  entries: TFaqEntry[];
  opened: number | null;
}) {
  const holdsOpened = entries.some((e) => e.id === opened);
  useEffect(() => {
    if (holdsOpened) document.getElementById(`faq-entry-${opened}`)?.scrollIntoView({ block: 'start' });
  }, [holdsOpened, opened]);
  return (
    <Stack gap="xs" component="section" aria-labelledby={`faq-${topic}`}>
      <Title order={2} size="h4" id={`faq-${topic}`}>
        {SUPPORT_TOPIC_LABELS[topic]}
      </Title>
      <Accordion variant="separated" multiple defaultValue={holdsOpened ? [String(opened)] : []}>
        {entries.map((e) => (
          <Accordion.Item key={e.id} value={String(e.id)} id={`faq-entry-${e.id}`}>
            <Accordion.Control>{e.question}</Accordion.Control>
            <Accordion.Panel>
              <MarkdownText>{e.answer}</MarkdownText>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

export { FaqRoute as Component };
