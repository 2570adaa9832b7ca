import {
  ActionIcon,
  Badge,
  Center,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ADMIN_AUDIT_DATES_ORDER_MESSAGE,
  AUDIT_ENTITY_LABELS,
  type TAdminAuditEntry,
} from '@parity/domain/admin-audit';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateField } from '../../../../components/form/date-field';
import { Pager, pageCount } from '../../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../../components/query-state/query-state';
import { Select } from '../../../../components/select/select';
import { browserTimeZone, formatDateTime } from '../../../../lib/dates';
import { OrganizationSelect } from '../../reports/components/organization-select';
import { ADMIN_AUDIT_PAGE_SIZE, type AuditFilters, useAdminAudit } from '../api/audit';
import { AuditDiff, fieldLabel } from '../components/audit-diff';

export const NO_ENTRIES = 'No audit entries match these filters.';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTIONS = [
  'create',
  'update',
  'delete',
  'approve',
  'decline',
  'archive',
  'restore',
  'rotate',
  'revoke',
  'password_reset',
  'disable_two_factor',
  'join',
  'remove',
  'upload',
  'submit',
];

const entityLabel = (entity: string) =>
  (AUDIT_ENTITY_LABELS as Record<string, string>)[entity] ?? fieldLabel(entity);

/** The filters kept in the address, so a filtered view can be shared. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const text = (name: string) => params.get(name) || undefined;
  const day = (name: string) => {
    const value = params.get(name);
    return value && ISO_DAY.test(value) ? value : undefined;
  };
  const organization = Number(params.get('organization_id'));
  const filters: AuditFilters = {
    actor: text('actor'),
    organization_id: Number.isInteger(organization) && organization > 0 ? organization : undefined,
    entity: text('entity'),
    action: text('action'),
    from: day('from'),
    to: day('to'),
  };
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const set = (next: Partial<AuditFilters> & { page?: number }) => {
    const merged = { ...filters, page: 1, ...next };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) {
      if (value !== undefined && value !== null && value !== '' && !(key === 'page' && value === 1))
        search.set(key, String(value));
    }
    setParams(search, { replace: true });
  };
  return { filters, page, set };
}

/** /admin/audit: every audited write of the platform, filtered by actor, organization, kind and date. */
export function AdminAuditRoute() {
  const { filters, page, set } = useFilters();
  const [actor, setActor] = useState(filters.actor ?? '');
  const [debounced] = useDebouncedValue(actor.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed search moves the filter
  useEffect(() => {
    if (debounced !== (filters.actor ?? '')) set({ actor: debounced || undefined });
  }, [debounced]);
  const datesInOrder = !filters.from || !filters.to || filters.from <= filters.to;
  return (
    <Stack gap="md">
      <Title order={2}>Audit</Title>
      <Group gap="sm" align="flex-start" component="search" aria-label="Audit filters">
        <TextInput
          label="Actor"
          placeholder="Name or email"
          value={actor}
          onChange={(event) => setActor(event.currentTarget.value)}
          w={{ base: '100%', xs: 220 }}
        />
        <OrganizationSelect
          label="Organization"
          value={filters.organization_id ? String(filters.organization_id) : null}
          onChange={(value) => set({ organization_id: value ? Number(value) : undefined })}
        />
        <Select
          label="Kind"
          placeholder="Every kind"
          clearable
          data={Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label }))}
          value={filters.entity ?? null}
          onChange={(value) => set({ entity: value ?? undefined })}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label="Action"
          placeholder="Every action"
          clearable
          data={ACTIONS.map((value) => ({ value, label: fieldLabel(value) }))}
          value={filters.action ?? null}
          onChange={(value) => set({ action: value ?? undefined })}
          w={{ base: '100%', xs: 180 }}
        />
        <DateField
          label="From"
          value={filters.from ?? null}
          onChange={(value) => set({ from: value ?? undefined })}
          w={{ base: '100%', xs: 170 }}
        />
        <DateField
          label="To"
          value={filters.to ?? null}
          onChange={(value) => set({ to: value ?? undefined })}
          error={datesInOrder ? undefined : ADMIN_AUDIT_DATES_ORDER_MESSAGE}
          w={{ base: '100%', xs: 170 }}
        />
      </Group>
      {datesInOrder ? (
        <AuditTable filters={filters} page={page} onPage={(next) => set({ page: next })} />
      ) : null}
    </Stack>
  );
}

function AuditTable({
  filters,
  page,
  onPage,
}: {
  filters: AuditFilters;
  page: number;
  onPage: (page: number) => void;
}) {
  const list = useAdminAudit(filters, page);
  const [open, setOpen] = useState<Set<number>>(new Set());
  if (list.isPending) return <QueryLoader label="Loading the audit log" />;
  if (list.isError) {
    return (
      <QueryError
        error={list.error}
        title="The audit log could not be loaded"
        onRetry={() => void list.refetch()}
      />
    );
  }
  const { data, total } = list.data;
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total} {total === 1 ? 'entry' : 'entries'}; times in {browserTimeZone()}
      </Text>
      {data.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{NO_ENTRIES}</Text>
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder verticalSpacing="xs">
            <Table.Caption>Audit entries, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <VisuallyHidden>Details</VisuallyHidden>
                </Table.Th>
                <Table.Th scope="col">Time</Table.Th>
                <Table.Th scope="col">Actor</Table.Th>
                <Table.Th scope="col">Organization</Table.Th>
                <Table.Th scope="col">What</Table.Th>
                <Table.Th scope="col">Entity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((entry) => (
                <AuditRow
                  key={entry.id}
                  entry={entry}
                  open={open.has(entry.id)}
                  onToggle={() => toggle(entry.id)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager pages={pageCount(total, ADMIN_AUDIT_PAGE_SIZE)} page={page} onChange={onPage} />
    </Stack>
  );
}

function AuditRow({
  entry,
  open,
  onToggle,
}: {
  entry: TAdminAuditEntry;
  open: boolean;
  onToggle: () => void;
}) {
  const what = `${entityLabel(entry.entity)}: ${fieldLabel(entry.action).toLowerCase()}`;
  const detailsId = `audit-entry-${entry.id}`;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <ActionIcon
            variant="subtle"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={`${open ? 'Hide' : 'Show'} the changes of ${what}`}
          >
            {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>{formatDateTime(entry.at)}</Table.Td>
        <Table.Td>
          {entry.actor ? (
            <Stack gap={0}>
              <Text size="sm">{entry.actor.name || entry.actor.email}</Text>
              <Text size="xs" c="dimmed">
                {entry.actor.email}
              </Text>
            </Stack>
          ) : (
            <Badge variant="light" color="gray">
              System
            </Badge>
          )}
        </Table.Td>
        <Table.Td>{entry.organization?.name ?? '—'}</Table.Td>
        <Table.Td>{what}</Table.Td>
        <Table.Td>{entry.entity_name ?? (entry.entity_id ? `#${entry.entity_id}` : '—')}</Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr id={detailsId}>
          <Table.Td colSpan={6}>
            <AuditDiff before={entry.before} after={entry.after} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}

export { AdminAuditRoute as Component };
