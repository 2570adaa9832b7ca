import { ActionIcon, Anchor, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { formatFileSize } from '@parity/domain/file-size';
import type { TPodEntry, TPodReply } from '@parity/domain/pods/pods';
import { IconArrowBackUp, IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/dialog/confirm';
import { FormattedText } from '../../../components/formatted-text/formatted-text';
import { formatDateTime } from '../../../lib/dates';
import { htmlToMarkedText } from '../../../lib/marked-text';
import { useDeletePost } from '../api/feed';
import { downloadPodFile } from '../api/files';
import { PostComposer } from './post-composer';

/** The line of one of the pod's own entries (member joined, event created, file added). */
function PodNotice({ podId, entry }: { podId: number; entry: TPodEntry | TPodReply }) {
  const who = entry.author?.name ?? 'Someone';
  if (entry.kind === 'member_joined') return <Text size="sm">{who} joined the pod.</Text>;
  if (entry.kind === 'event_created')
    return (
      <Text size="sm">
        {who} created the event{' '}
        {entry.event ? (
          <Anchor component={Link} to={`/pods/${podId}/events/${entry.event.id}`}>
            {entry.event.title}
          </Anchor>
        ) : (
          'now removed'
        )}
        .
      </Text>
    );
  return (
    <Text size="sm">
      {who} added the file {entry.file ? <strong>{entry.file.name}</strong> : 'now removed'}.
    </Text>
  );
}

/** One post or reply: author, time, text, mentions, attachments; edit and delete when allowed. */
function Entry({
  podId,
  entry,
  onReply,
}: {
  podId: number;
  entry: TPodEntry | TPodReply;
  onReply?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const remove = useDeletePost(podId);
  const who = entry.author?.name ?? 'Someone';

  const del = async () => {
    const sure = await confirm({
      title: 'Delete the post',
      message: entry.parentId === null ? 'Delete this post and its replies?' : 'Delete this reply?',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (sure) remove.mutate(entry.id);
  };

  if (entry.kind !== 'post') {
    return (
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <PodNotice podId={podId} entry={entry} />
        <Text size="xs" c="dimmed">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap={6}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm">
          <strong>{who}</strong>
          {entry.author?.organizationName ? ` · ${entry.author.organizationName}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          {entry.editedAt ? ' · edited' : ''}
        </Text>
      </Group>
      {editing ? (
        <PostComposer
          podId={podId}
          editing={{
            postId: entry.id,
            text: htmlToMarkedText(entry.body),
            mentionUserIds: entry.mentions.map((person) => person.id),
          }}
          onDone={() => setEditing(false)}
        />
      ) : (
        <FormattedText kind="description" html={entry.body} />
      )}
      {entry.mentions.length ? (
        <Group gap={4} aria-label="Mentioned">
          {entry.mentions.map((person) => (
            <Badge key={person.id} variant="light" tt="none">
              @{person.name}
            </Badge>
          ))}
        </Group>
      ) : null}
      {entry.attachments.map((file) => (
        <Group key={file.id} gap={4}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void downloadPodFile(podId, file.id, file.name).catch(() => undefined)}
          >
            <IconDownload size={14} aria-hidden /> {file.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatFileSize(file.size)}
          </Text>
        </Group>
      ))}
      <Group gap={4}>
        {onReply ? (
          <Tooltip label="Reply">
            <ActionIcon variant="subtle" aria-label={`Reply to ${who}`} onClick={onReply}>
              <IconArrowBackUp size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {entry.canEdit && !editing ? (
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" aria-label="Edit the post" onClick={() => setEditing(true)}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {entry.canDelete ? (
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" aria-label="Delete the post" onClick={() => void del()}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Stack>
  );
}

/** A feed entry with its replies (oldest first) and, for members, a reply box. */
export function FeedEntry({ podId, entry, canPost }: { podId: number; entry: TPodEntry; canPost: boolean }) {
  const [replying, setReplying] = useState(false);
  const replyable = canPost && entry.kind === 'post';
  return (
    <Card component="li" withBorder radius="md" padding="md" data-kind={entry.kind}>
      <Stack gap="sm">
        <Entry podId={podId} entry={entry} {...(replyable ? { onReply: () => setReplying(true) } : {})} />
        {entry.replies.length ? (
          <Stack
            component="ul"
            gap="sm"
            m={0}
            pl="md"
            aria-label="Replies"
            style={{ listStyle: 'none', borderLeft: '2px solid var(--mantine-color-gray-3)' }}
          >
            {entry.replies.map((reply) => (
              <li key={reply.id}>
                <Entry podId={podId} entry={reply} />
              </li>
            ))}
          </Stack>
        ) : null}
        {replying ? (
          <PostComposer podId={podId} parentId={entry.id} onDone={() => setReplying(false)} />
        ) : null}
      </Stack>
    </Card>
  );
}
