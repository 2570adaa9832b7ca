import { Anchor, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import {
  HELP_TITLE_MAX,
  helpArticleSchema,
  SUPPORT_PAGE_SIZE,
  SUPPORT_TOPIC_LABELS,
  SUPPORT_TOPICS,
  type THelpArticleInputRaw,
  type TSupportTopic,
} from '@parity/domain/support';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { confirm } from '../../../components/dialog/confirm';
import { openDialog } from '../../../components/dialog/dialog-store';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { Select } from '../../../components/select/select';
import { useArticle, useArticles, useDeleteArticle, useSaveArticle } from '../api/support';
import { EditorTable } from '../components/editor-table';

interface ArticleValues extends THelpArticleInputRaw, Record<string, unknown> {
  slug: string;
  title: string;
  body: string;
  topic: TSupportTopic | null;
  published: boolean;
}

const TOPIC_OPTIONS = SUPPORT_TOPICS.map((t) => ({ value: t, label: SUPPORT_TOPIC_LABELS[t] }));

function ArticleForm({
  initial,
  slug,
  onDone,
}: {
  initial: ArticleValues;
  slug: string | null;
  onDone: () => void;
}) {
  const save = useSaveArticle(slug);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<ArticleValues>(helpArticleSchema, { initialValues: initial });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(helpArticleSchema.parse(values), {
      onSuccess: (article) => {
        showAlert('success', 'Article saved', article.title);
        onDone();
      },
      onError: (error) => setFormError(applyApiErrors(error, form, { focus: true })),
    });
  }, focusFirstError);
  return (
    <form onSubmit={submit} noValidate aria-label={slug ? 'Edit help article' : 'New help article'}>
      <Stack gap="sm">
        <FormError title="The article could not be saved">{formError}</FormError>
        <TextInput
          label="Title"
          required
          maxLength={HELP_TITLE_MAX}
          data-path="title"
          {...form.getInputProps('title')}
        />
        <TextInput
          label="Slug"
          description="Its address: /support/articles/<slug>"
          required
          data-path="slug"
          {...form.getInputProps('slug')}
        />
        <Select
          label="Topic"
          data={TOPIC_OPTIONS}
          clearable
          value={form.values.topic}
          onChange={(value) => form.setFieldValue('topic', (value as TSupportTopic | null) ?? null)}
        />
        <Textarea
          label="Body (markdown)"
          required
          rows={8}
          data-path="body"
          {...form.getInputProps('body')}
        />
        <Switch label="Published" {...form.getInputProps('published', { type: 'checkbox' })} />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-end' }}>
          Save article
        </Button>
      </Stack>
    </form>
  );
}

/** Edit: the article's body is read first (the list has excerpts only). */
function EditArticle({ slug, onDone }: { slug: string; onDone: () => void }) {
  const article = useArticle(slug);
  if (article.isPending) return <QueryLoader label="Loading the article" />;
  if (article.isError) return <QueryError error={article.error} title="The article could not be loaded" />;
  const { title, body, topic, published } = article.data;
  return <ArticleForm slug={slug} initial={{ slug, title, body, topic, published }} onDone={onDone} />;
}

/** /admin/support/articles: the help articles, drafts included; new, edit and delete. */
export function AdminArticlesRoute() {
  const [page, setPage] = useState(1);
  const articles = useArticles('', page);
  const remove = useDeleteArticle();
  const create = () =>
    openDialog({
      title: 'New help article',
      size: 'large',
      content: (close) => (
        <ArticleForm
          slug={null}
          initial={{ slug: '', title: '', body: '', topic: null, published: true }}
          onDone={close}
        />
      ),
    });
  const edit = (slug: string) =>
    openDialog({
      title: 'Edit help article',
      size: 'large',
      content: (close) => <EditArticle slug={slug} onDone={close} />,
    });
  const drop = async (slug: string, title: string) => {
    if (
      await confirm({ title: 'Delete this article?', message: title, confirmLabel: 'Delete', danger: true })
    ) {
      remove.mutate(slug, { onSuccess: () => showAlert('success', 'Article deleted', title) });
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Anchor component={Link} to="/admin/support">
          Back to the support requests
        </Anchor>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create}>
          New article
        </Button>
      </Group>
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
          No help article yet.
        </Text>
      ) : (
        <>
          <EditorTable
            columns={['Title', 'Topic', 'State']}
            rows={articles.data.data.map((a) => ({
              key: a.id,
              name: a.title,
              cells: [
                <Anchor key="title" component={Link} to={`/support/articles/${a.slug}`}>
                  {a.title}
                </Anchor>,
                a.topic ? SUPPORT_TOPIC_LABELS[a.topic] : '—',
                a.published ? 'Published' : 'Draft',
              ],
              onEdit: () => edit(a.slug),
              onDelete: () => void drop(a.slug, a.title),
            }))}
          />
          <Pager pages={pageCount(articles.data.total, SUPPORT_PAGE_SIZE)} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

export { AdminArticlesRoute as Component };
