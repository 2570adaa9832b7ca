import {
  Anchor,
  Badge,
  ColorSwatch,
  Group,
  MultiSelect,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { listAction, listItem } from '@parity/domain/list-item';
import {
  DECLINE_CODE_LABELS,
  needsReminder,
  PARTICIPANT_STATUS_LABELS,
  PARTICIPANT_STATUSES,
  PARTICIPANTS_PAGE_SIZE,
  type TDeclineCode,
  type TParticipant,
  type TParticipantSort,
  type TParticipantStatus,
} from '@parity/domain/survey-participants';
import type { TOrganizationLabel } from '@parity/domain/surveys';
import { IconBell, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { confirm } from '../../../../components/dialog/confirm';
import { Pager, pageCount } from '../../../../components/pager/pager';
import { RowActions } from '../../../../components/row-actions/row-actions';
import { Select } from '../../../../components/select/select';
import { type ListColumn, SortedListTable } from '../../../../components/table/sorted-list-table';
import { formatDate } from '../../../../lib/dates';
import { type ParticipantsFilter, useHostLabels, useParticipants, useSendReminders } from './api';
import { ContactsPanel } from './contacts-panel';
import { openLabelsEditor } from './labels-editor';

/** Theme colours, whose light variants keep AA contrast. */
const STATUS_COLOURS: Record<TParticipantStatus, string> = {
  not_started: 'gray',
  in_progress: 'warning',
  submitted: 'success',
  declined: 'danger',
};

const COLUMNS: ListColumn<TParticipantSort>[] = [
  { label: 'Organization', sort: 'name' },
  { label: 'Status', sort: 'status' },
  { label: 'Progress', sort: 'progress' },
  { label: 'Invited', sort: 'invited_at' },
  { label: 'Submitted', sort: 'submitted_at' },
  { label: 'Last reminded', sort: 'last_reminded_at' },
  { label: 'Labels', sort: null },
  { label: 'Actions', sort: null },
];

/** A participant: remind it while it has not answered (not once the survey is closed); edit its labels. */
const participantItem = (participant: TParticipant, closed: boolean) =>
  listItem(participant.organization_id, [
    needsReminder(participant.status) &&
      listAction({ id: 'remind', title: 'Remind', icon: 'remind', primary: true, disabled: closed }),
    listAction({ id: 'labels', title: 'Edit labels', icon: 'labels' }),
  ]);

/** The participants list (search, filters, sortable columns, pages of 30), reminders and contacts. */
export function InvitationsTab({
  surveyId,
  closed,
  respondentHref,
}: {
  surveyId: number;
  closed: boolean;
  respondentHref: (organizationId: number) => string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<TParticipantStatus | null>(null);
  const [labelIds, setLabelIds] = useState<number[]>([]);
  const [sort, setSort] = useState<{ by: TParticipantSort; order: 'asc' | 'desc' }>({
    by: 'name',
    order: 'asc',
  });
  const [page, setPage] = useState(1);
  const filter: ParticipantsFilter = {
    limit: PARTICIPANTS_PAGE_SIZE,
    offset: (page - 1) * PARTICIPANTS_PAGE_SIZE,
    sortBy: sort.by,
    sortOrder: sort.order,
    search: debounced,
    status,
    labelIds,
  };
  const participants = useParticipants(surveyId, filter);
  const labels = useHostLabels(surveyId);
  const reminders = useSendReminders(surveyId);
  const filtered = Boolean(debounced || status || labelIds.length);

  const sortBy = (by: TParticipantSort) => {
    setSort((current) => ({
      by,
      order: current.by === by && current.order === 'asc' ? 'desc' : 'asc',
    }));
    setPage(1);
  };

  const sendReminders = async () => {
    const ok = await confirm({
      title: 'Send reminder',
      message:
        'Every participant that has not submitted (and has not declined) gets a reminder mail now. Send it?',
      confirmLabel: 'Send reminder',
    });
    if (!ok) return;
    try {
      const result = await reminders.mutateAsync(undefined);
      showAlert(
        'success',
        'Reminder sent',
        result.reminded === 1
          ? '1 participant was reminded.'
          : `${result.reminded} participants were reminded.`,
      );
    } catch {
      // The API client shows the error alert.
    }
  };

  const total = participants.data?.total ?? 0;
  const pages = pageCount(total, PARTICIPANTS_PAGE_SIZE);

  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="participants-title">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h3" id="participants-title">
            Participants
          </Title>
          <Button
            leftSection={<IconBell size={16} aria-hidden />}
            onClick={sendReminders}
            loading={reminders.isPending}
            disabled={closed}
            title={closed ? 'The survey is closed' : undefined}
          >
            Send reminder
          </Button>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Organization name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={240}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            clearable
            data={PARTICIPANT_STATUSES.map((s) => ({ value: s, label: PARTICIPANT_STATUS_LABELS[s] }))}
            value={status}
            onChange={(value) => {
              setStatus((value as TParticipantStatus | null) ?? null);
              setPage(1);
            }}
            w={180}
          />
          <MultiSelect
            label="Labels"
            placeholder={labelIds.length ? undefined : 'Any label'}
            clearable
            data={(labels.data?.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={labelIds.map(String)}
            onChange={(values) => {
              setLabelIds(values.map(Number));
              setPage(1);
            }}
            nothingFoundMessage="No labels yet"
            w={260}
          />
        </Group>
        <SortedListTable
          query={participants}
          noun="participants"
          label="Participants"
          empty={filtered ? 'No participants match these filters.' : 'No organization is invited yet.'}
          columns={COLUMNS}
          sort={sort}
          onSort={sortBy}
          minWidth={960}
          actionsLast
        >
          {(rows) =>
            rows.map((p) => (
              <ParticipantRow
                key={p.organization_id}
                participant={p}
                labels={labels.data?.data ?? []}
                surveyId={surveyId}
                closed={closed}
                respondentHref={respondentHref}
              />
            ))
          }
        </SortedListTable>
        {total > 0 ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {filter.offset + 1}–{Math.min(filter.offset + PARTICIPANTS_PAGE_SIZE, total)} of {total}
            </Text>
            <Pager pages={pages} page={page} onChange={setPage} />
          </Group>
        ) : null}
      </Stack>
      <ContactsPanel surveyId={surveyId} closed={closed} />
    </Stack>
  );
}

function ParticipantRow({
  participant: p,
  labels,
  surveyId,
  closed,
  respondentHref,
}: {
  participant: TParticipant;
  labels: TOrganizationLabel[];
  surveyId: number;
  closed: boolean;
  respondentHref: (organizationId: number) => string;
}) {
  const remind = useSendReminders(surveyId);
  const onAction = (action: string) => {
    if (action === 'labels') return openLabelsEditor({ surveyId, participant: p, labels });
    return remind
      .mutateAsync([p.organization_id])
      .then(() => showAlert('success', 'Reminder sent', `${p.name} was reminded.`));
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {p.name}
        </Text>
        {p.status === 'submitted' ? (
          // The Analytics tab's manager view of this respondent (addressable, so it survives a reload).
          <Anchor
            component={Link}
            size="xs"
            to={respondentHref(p.organization_id)}
            aria-label={`Scores of ${p.name}`}
          >
            Scores
          </Anchor>
        ) : null}
      </Table.Td>
      <Table.Td>
        {/* A badge's label may shrink to an ellipsis in a narrow column: the status must read whole. */}
        <Badge color={STATUS_COLOURS[p.status]} variant="light" styles={{ label: { overflow: 'visible' } }}>
          {PARTICIPANT_STATUS_LABELS[p.status]}
        </Badge>
        {p.status === 'declined' && p.decline_code ? (
          <Text size="xs" c="dimmed">
            {DECLINE_CODE_LABELS[p.decline_code as TDeclineCode] ?? p.decline_code}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td miw={120}>
        <Group gap={6} wrap="nowrap">
          <Progress value={p.progress} w={60} aria-label={`Progress of ${p.name}`} />
          <Text size="xs">
            {p.progress}% ({p.completed_steps}/{p.total_steps})
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDate(p.invited_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{p.submitted_at ? formatDate(p.submitted_at) : '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{p.last_reminded_at ? formatDate(p.last_reminded_at) : 'Never'}</Text>
        {p.reminder_count > 1 ? (
          <Text size="xs" c="dimmed">
            {p.reminder_count} reminders
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="wrap">
          {p.labels.map((l) => (
            // The label's own colour is a swatch: as text colour it may not keep AA contrast.
            <Badge
              key={l.id}
              variant="outline"
              color="gray"
              c="dark"
              size="sm"
              leftSection={
                <ColorSwatch color={l.color ?? 'var(--mantine-color-gray-5)'} size={8} withShadow={false} />
              }
            >
              {l.name}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <RowActions item={participantItem(p, closed)} label={p.name} onAction={onAction} />
      </Table.Td>
    </Table.Tr>
  );
}
