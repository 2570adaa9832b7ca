import { Anchor, Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SUPPORT_PAGE_SIZE, SUPPORT_TOPIC_LABELS } from '@parity/domain/support';
import { IconMessagePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeader } from '../../../components/page-header/page-header';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { useArticles, useSupportRequests } from '../api/support';
import { RequestTable } from '../components/request-table';
import { SearchForm } from '../components/search-form';
import { contactPath, fromOf } from '../lib/from';

function Articles() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const articles = useArticles(q, page);
  const show = (next: { q?: string; page?: number }) => {
    const out = new URLSearchParams(params);
    const nextQ = next.q ?? q;
    if (nextQ) out.set('q', nextQ);
    else out.delete('q');
    if ((next.page ?? 1) > 1) out.set('page', String(next.page));
    else out.delete('page');
    // The entry keeps its state: the page the user came from, for Contact support after going back.
    setParams(out, { replace: true, state: location.state });
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="help-articles">
      <Title order={2} size="h4" id="help-articles">
        Help articles
      </Title>
      <SearchForm
        name="Help articles"
        label="Search help"
        placeholder="e.g. scores, two-factor code"
        initial={q}
        onSearch={(text) => show({ q: text, page: 1 })}
      />
      {articles.isPending ? (
        <QueryLoader label="Loading the help articles" />
      ) : articles.isError ? (
        <QueryError
          error={articles.error}
          title="The help articles could not be loaded"
          onRetry={() => void articles.refetch()}
        />
      ) : articles.data.data.length === 0 ? (
        <Text c="dimmed" role="status">
          {q
            ? 'No help article matches your search. Try the FAQ, or contact support.'
            : 'No help article yet.'}
        </Text>
      ) : (
        <>
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2 }}
            spacing="sm"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {articles.data.data.map((a) => (
              <Card component="li" key={a.id} withBorder padding="md">
                <Stack gap={4}>
                  <Anchor component={Link} to={`/support/articles/${a.slug}`} fw={600}>
                    {a.title}
                  </Anchor>
                  {a.topic ? (
                    <Badge variant="light" color="gray" size="sm">
                      {SUPPORT_TOPIC_LABELS[a.topic]}
                    </Badge>
                  ) : null}
                  {a.published ? null : <Badge color="yellow">Draft</Badge>}
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {a.excerpt}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <Pager
            pages={pageCount(articles.data.total, SUPPORT_PAGE_SIZE)}
            page={page}
            onChange={(next) => show({ page: next })}
          />
        </>
      )}
    </Stack>
  );
}

function MyRequests() {
  const [page, setPage] = useState(1);
  const requests = useSupportRequests('mine', null, page);
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-requests">
      <Title order={2} size="h4" id="my-requests">
        My requests
      </Title>
      {requests.isPending ? (
        <QueryLoader label="Loading your support requests" />
      ) : requests.isError ? (
        <QueryError
          error={requests.error}
          title="Your support requests could not be loaded"
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.data.length === 0 ? (
        <Text c="dimmed" role="status">
          You have not contacted support yet.
        </Text>
      ) : (
        <>
          <RequestTable rows={requests.data.data} withRequester={false} />
          <Pager pages={pageCount(requests.data.total, SUPPORT_PAGE_SIZE)} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

/** /support: help articles (searchable), Contact support (with the page the user came from) and my requests. */
export function SupportRoute() {
  const location = useLocation();
  // Read once: searching the articles replaces the location and its state.
  const [from] = useState(() => fromOf(location));
  return (
    <Stack gap="lg">
      <PageHeader
        title="Help & support"
        description="Read the help articles and the FAQ, or ask the Parity team."
        actions={
          <Button
            component={Link}
            to={contactPath(from)}
            leftSection={<IconMessagePlus size={16} aria-hidden />}
          >
            Contact support
          </Button>
        }
      />
      <Text size="sm">
        Quick answers by topic are in the{' '}
        <Anchor component={Link} to="/faq">
          FAQ
        </Anchor>
        .
      </Text>
      <Articles />
      <MyRequests />
    </Stack>
  );
}

export { SupportRoute as Component };
