import { Badge, Card, Checkbox, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  ANNOUNCEMENTS_PAGE_SIZE,
  COMMUNITY_EMPTY,
  type TAnnouncement,
  ZAnnouncementCreate,
} from '@parity/domain/community';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { confirm } from '../../../components/dialog/confirm';
import { openDialog } from '../../../components/dialog/dialog-store';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { MarkdownText } from '../../../components/markdown/markdown';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { formatDateTime } from '../../../lib/dates';
import {
  useAnnouncements,
  useCreateAnnouncement,
  useDeleteAnnouncement,
  useUpdateAnnouncement,
} from '../api/community';

/** A `datetime-local` input's value ("YYYY-MM-DDTHH:mm", local time) of an ISO instant. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

interface AnnouncementValues extends Record<string, unknown> {
  title: string;
  body: string;
  expires_at: string;
}

/** New or edited announcement: title, markdown body, optional expiry (in the future). */
function AnnouncementForm({ announcement, onDone }: { announcement?: TAnnouncement; onDone: () => void }) {
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement(announcement?.id ?? 0);
  const save = announcement ? update : create;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<AnnouncementValues>(ZAnnouncementCreate, {
    initialValues: {
      title: announcement?.title ?? '',
      body: announcement?.body ?? '',
      expires_at: localInput(announcement?.expires_at ?? null),
    },
  });
  const submit = form.onSubmit((values) => {
    setFormError(null);
    const body = ZAnnouncementCreate.parse(values);
    save.mutate(
      { ...body, expires_at: body.expires_at ?? null },
      {
        onSuccess: () => {
          showAlert('success', announcement ? 'Announcement saved' : 'Announcement published', body.title);
          onDone();
        },
        onError: (error) => setFormError(applyApiErrors(error, form, { focus: true })),
      },
    );
  }, focusFirstError);
  return (
    <form onSubmit={submit} noValidate aria-label={announcement ? 'Edit announcement' : 'New announcement'}>
      <Stack gap="md">
        <FormError title="The announcement could not be saved">{formError}</FormError>
        <TextInput
          label="Title"
          required
          maxLength={ANNOUNCEMENT_TITLE_MAX}
          data-path="title"
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Text"
          description="Markdown: **bold**, *italic*, lists, [links](https://example.com). HTML is shown as text."
          required
          rows={6}
          maxLength={ANNOUNCEMENT_BODY_MAX}
          data-path="body"
          {...form.getInputProps('body')}
        />
        <TextInput
          type="datetime-local"
          label="Expires"
          description="Optional, in your time zone: after it, members no longer see the announcement."
          data-path="expires_at"
          {...form.getInputProps('expires_at')}
        />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-end' }}>
          {announcement ? 'Save' : 'Publish'}
        </Button>
      </Stack>
    </form>
  );
}

export function openAnnouncementForm(announcement?: TAnnouncement) {
  openDialog({
    title: announcement ? 'Edit announcement' : 'New announcement',
    size: 'large',
    content: (close) => <AnnouncementForm announcement={announcement} onDone={close} />,
  });
}

function AdminActions({ announcement }: { announcement: TAnnouncement }) {
  const remove = useDeleteAnnouncement(announcement.id);
  const ask = async () => {
    const ok = await confirm({
      title: 'Delete announcement',
      message: `Delete "${announcement.title}"? Nobody will see it again.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (ok) remove.mutate(undefined, { onSuccess: () => showAlert('success', 'Announcement deleted') });
  };
  return (
    <Group gap="xs">
      <Button
        size="small"
        kind="blanc"
        aria-label={`Edit ${announcement.title}`}
        onClick={() => openAnnouncementForm(announcement)}
      >
        Edit
      </Button>
      <Button
        size="small"
        kind="error"
        loading={remove.isPending}
        aria-label={`Delete ${announcement.title}`}
        onClick={() => void ask()}
      >
        Delete
      </Button>
    </Group>
  );
}

/** One announcement: title, who and when, the markdown text (rendered safely). */
export function AnnouncementCard({
  announcement,
  administering = false,
  headingOrder = 2,
}: {
  announcement: TAnnouncement;
  administering?: boolean;
  headingOrder?: 2 | 3;
}) {
  return (
    <Card component="article" withBorder radius="md" padding="md" aria-label={announcement.title}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Title order={headingOrder} size="h4">
            {announcement.title}
          </Title>
          {announcement.expired ? <Badge color="gray">Expired</Badge> : null}
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(announcement.published_at)}
          {announcement.author ? ` · ${announcement.author.name}` : ''}
          {announcement.expires_at
            ? ` · ${announcement.expired ? 'expired' : 'until'} ${formatDateTime(announcement.expires_at)}`
            : ''}
        </Text>
        <MarkdownText>{announcement.body}</MarkdownText>
        {administering ? <AdminActions announcement={announcement} /> : null}
      </Stack>
    </Card>
  );
}

/** The Announcements tab: newest first; platform administrators publish, edit, delete and see expired ones. */
export function AnnouncementsTab({ administering }: { administering: boolean }) {
  const [page, setPage] = useState(1);
  const [includeExpired, setIncludeExpired] = useState(false);
  const list = useAnnouncements(page, administering && includeExpired);
  return (
    <Stack gap="md">
      {administering ? (
        <Group justify="space-between" gap="sm">
          <Checkbox
            label="Show expired announcements"
            checked={includeExpired}
            onChange={(event) => {
              setIncludeExpired(event.currentTarget.checked);
              setPage(1);
            }}
          />
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openAnnouncementForm()}>
            New announcement
          </Button>
        </Group>
      ) : null}
      {list.isPending ? (
        <QueryLoader label="Loading the announcements" />
      ) : list.isError ? (
        <QueryError
          error={list.error}
          title="The announcements could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed" role="status">
          {COMMUNITY_EMPTY.announcements}
        </Text>
      ) : (
        <>
          <Stack gap="sm">
            {list.data.data.map((announcement) => (
              <AnnouncementCard
                key={announcement.id}
                announcement={announcement}
                administering={administering}
              />
            ))}
          </Stack>
          <Pager pages={pageCount(list.data.total, ANNOUNCEMENTS_PAGE_SIZE)} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

/** The newest current announcement, above the tabs; nothing when there is none. */
export function LatestAnnouncement() {
  const latest = useAnnouncements(1, false, 1);
  const announcement = latest.data?.data[0];
  if (!announcement) return null;
  return (
    <section aria-label="Latest announcement">
      <AnnouncementCard announcement={announcement} headingOrder={2} />
    </section>
  );
}
