import { Anchor, Card, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { formatFileSize } from '@parity/domain/file-size';
import { SUPPORT_MESSAGE_MAX, supportReplySchema, type TSupportRequestDetail } from '@parity/domain/support';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { useCrumbName } from '../../../components/breadcrumbs/crumb-names';
import { Button } from '../../../components/button/button';
import { confirm } from '../../../components/dialog/confirm';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { MarkdownText } from '../../../components/markdown/markdown';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { useCurrentAccount } from '../../../lib/account';
import { formatDateTime } from '../../../lib/dates';
import { downloadFile } from '../../../lib/download';
import { useRequestAction, useSupportRequest } from '../api/support';
import { StatusBadge } from '../components/status-badge';

function ReplyForm({ request, asSupport }: { request: TSupportRequestDetail; asSupport: boolean }) {
  const action = useRequestAction(request.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<{ body: string }>(supportReplySchema, { initialValues: { body: '' } });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    action.mutate(
      { reply: supportReplySchema.parse(values).body },
      {
        onSuccess: () => {
          form.reset();
          showAlert(
            'success',
            asSupport ? 'Answer sent' : 'Reply sent',
            asSupport ? 'The requester is told by mail.' : '',
          );
        },
        onError: (error) => setFormError(applyApiErrors(error, form, { focus: true })),
      },
    );
  }, focusFirstError);
  const label = asSupport ? 'Answer' : 'Reply';
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        <FormError title={`Your ${label.toLowerCase()} could not be sent`}>{formError}</FormError>
        <Textarea
          label={label}
          description={`Markdown is allowed; at most ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters.${
            !asSupport && request.status === 'closed' ? ' Replying reopens the request.' : ''
          }`}
          rows={3}
          data-path="body"
          {...form.getInputProps('body')}
        />
        <Button type="submit" loading={action.isPending} style={{ alignSelf: 'flex-end' }}>
          {asSupport ? 'Send answer' : 'Send reply'}
        </Button>
      </Stack>
    </form>
  );
}

/** /support/requests/:requestId: the request, its attachment and thread; reply, answer (administrators) and close. */
export function RequestRoute() {
  const requestId = Number(useParams().requestId);
  const request = useSupportRequest(requestId);
  const account = useCurrentAccount();
  const close = useRequestAction(requestId);
  useCrumbName(`/support/requests/${requestId}`, request.data?.subject);
  if (request.isPending) return <QueryLoader label="Loading the support request" />;
  if (request.isError) {
    return (
      <QueryError
        error={request.error}
        title="The support request could not be loaded"
        onRetry={() => void request.refetch()}
      />
    );
  }
  const r = request.data;
  const isRequester = account.data?.id === r.requester.id;
  const asSupport = !isRequester && account.data?.isAdministrator === true;
  const closeRequest = async () => {
    const sure = await confirm({
      title: 'Close this request?',
      message: 'A reply in the thread reopens it.',
      confirmLabel: 'Close request',
    });
    if (sure)
      close.mutate({ close: true }, { onSuccess: () => showAlert('success', 'Request closed', r.subject) });
  };
  return (
    <Stack gap="md" maw={860}>
      <PageHeader
        title={r.subject}
        description={`Filed by ${r.requester.name}${r.organization ? ` (${r.organization.name})` : ''} on ${formatDateTime(r.created_at)}`}
        actions={
          r.status === 'closed' ? null : (
            <Button kind="secondary" loading={close.isPending} onClick={() => void closeRequest()}>
              Close request
            </Button>
          )
        }
      />
      <Group gap="sm">
        <Text size="sm">Status:</Text>
        <StatusBadge status={r.status} />
        {r.page ? (
          <Text size="sm">
            From the page{' '}
            <Anchor component={Link} to={r.page}>
              {r.page}
            </Anchor>
          </Text>
        ) : null}
      </Group>
      <Card withBorder padding="md">
        <MarkdownText>{r.message}</MarkdownText>
        {r.attachment ? (
          <Button
            kind="tertiary"
            size="small"
            leftSection={<IconDownload size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => void downloadFile(r.attachment!.url, r.attachment!.name)}
          >
            {`${r.attachment.name} (${formatFileSize(r.attachment.size)})`}
          </Button>
        ) : null}
      </Card>
      <Stack gap="sm" component="section" aria-label="Thread">
        {r.messages.length === 0 ? (
          <Text c="dimmed" role="status">
            No answer yet. The Parity team answers by mail and here.
          </Text>
        ) : (
          r.messages.map((m) => (
            <Paper
              key={m.id}
              withBorder
              p="md"
              bg={m.from_support ? 'var(--mantine-color-blue-0)' : undefined}
              aria-label={m.from_support ? 'Answer from Parity support' : `Reply from ${m.author.name}`}
            >
              <Text size="xs" c="dimmed" mb={4}>
                {m.from_support ? `Parity support (${m.author.name})` : m.author.name} ·{' '}
                {formatDateTime(m.created_at)}
              </Text>
              <MarkdownText>{m.body}</MarkdownText>
            </Paper>
          ))
        )}
      </Stack>
      <ReplyForm request={r} asSupport={asSupport} />
    </Stack>
  );
}

export { RequestRoute as Component };
