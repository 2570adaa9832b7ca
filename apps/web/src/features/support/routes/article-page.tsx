import { Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { SUPPORT_TOPIC_LABELS } from '@parity/domain/support';
import { Link, useParams } from 'react-router';
import { useCrumbName } from '../../../components/breadcrumbs/crumb-names';
import { MarkdownText } from '../../../components/markdown/markdown';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { formatDate } from '../../../lib/dates';
import { useArticle } from '../api/support';

/** /support/articles/:slug: one help article, its markdown rendered safely. */
export function ArticleRoute() {
  const slug = useParams().slug ?? '';
  const article = useArticle(slug);
  useCrumbName(`/support/articles/${slug}`, article.data?.title);
  if (article.isPending) return <QueryLoader label="Loading the help article" />;
  if (article.isError) {
    return (
      <QueryError
        error={article.error}
        title="The help article could not be loaded"
        onRetry={() => void article.refetch()}
      />
    );
  }
  const a = article.data;
  return (
    <Stack gap="md" maw={860}>
      <PageHeader title={a.title} />
      <Group gap="xs">
        {a.topic ? <Badge variant="light">{SUPPORT_TOPIC_LABELS[a.topic]}</Badge> : null}
        {a.published ? null : <Badge color="yellow">Draft</Badge>}
        <Text size="xs" c="dimmed">
          Updated {formatDate(a.updated_at)}
        </Text>
      </Group>
      {/* Wide tables and code scroll inside the article, never the page. */}
      <Box component="article" style={{ overflowX: 'auto' }}>
        <MarkdownText>{a.body}</MarkdownText>
      </Box>
      <Text size="sm">
        Not answered here?{' '}
        <Anchor component={Link} to="/support/contact">
          Contact support
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

export { ArticleRoute as Component };
