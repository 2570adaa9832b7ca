import { Anchor, Badge, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TAdminOrganizationSort, TAdminOrganizationState } from '@parity/domain/admin-organizations';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager, pageCount } from '../../../../components/pager/pager';
import { Select } from '../../../../components/select/select';
import { type ListColumn, SortedListTable } from '../../../../components/table/sorted-list-table';
import { formatDate } from '../../../../lib/dates';
import { useDictionary } from '../../../../lib/dictionaries';
import { type OrganizationsFilter, useAdminOrganizations } from '../api';

export const ORGANIZATIONS_PAGE_SIZE = 25;

const COLUMNS: ListColumn<TAdminOrganizationSort>[] = [
  { label: 'Name', sort: 'name' },
  { label: 'Legal structure', sort: null },
  { label: 'Listing', sort: null },
  { label: 'Members (approved)', sort: 'members' },
  { label: 'LPI (0-100)', sort: null },
  { label: 'Created', sort: 'created_at' },
];

const STATES: { value: TAdminOrganizationState; label: string }[] = [
  { value: 'live', label: 'Live' },
  { value: 'deleted', label: 'Deleted' },
  { value: 'all', label: 'Live and deleted' },
];

/** /admin/organizations: every organization, searched, filtered, sorted and paged (spec 2 Admin). */
export function OrganizationsPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [legalStructure, setLegalStructure] = useState<string | null>(null);
  const [visibility, setVisibility] = useState<'public' | 'private' | null>(null);
  const [state, setState] = useState<TAdminOrganizationState>('live');
  const [sort, setSort] = useState<{ by: TAdminOrganizationSort; order: 'asc' | 'desc' }>({
    by: 'name',
    order: 'asc',
  });
  const [page, setPage] = useState(1);
  const legalStructures = useDictionary('legalStructures');
  const filter: OrganizationsFilter = {
    search: debounced,
    legalStructure: legalStructure ? Number(legalStructure) : null,
    visibility,
    state,
    sortBy: sort.by,
    sortOrder: sort.order,
    limit: ORGANIZATIONS_PAGE_SIZE,
    offset: (page - 1) * ORGANIZATIONS_PAGE_SIZE,
  };
  const organizations = useAdminOrganizations(filter);
  const filtered = Boolean(debounced || legalStructure || visibility || state !== 'live');
  const total = organizations.data?.total ?? 0;
  const pages = pageCount(total, ORGANIZATIONS_PAGE_SIZE);
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const sortBy = (by: TAdminOrganizationSort) => {
    setSort((current) => ({ by, order: current.by === by && current.order === 'asc' ? 'desc' : 'asc' }));
    setPage(1);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-organizations-title">
      <Title order={2} size="h3" id="admin-organizations-title">
        Organizations
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Organization name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => reset(setSearch)(event.currentTarget.value)}
          w={240}
        />
        <Select
          label="Legal structure"
          placeholder="All legal structures"
          clearable
          data={(legalStructures.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={legalStructure}
          onChange={reset(setLegalStructure)}
          w={240}
        />
        <Select
          label="Listing"
          placeholder="Public and private"
          clearable
          data={[
            { value: 'public', label: 'Public' },
            { value: 'private', label: 'Private' },
          ]}
          value={visibility}
          onChange={(value) => reset(setVisibility)((value as 'public' | 'private' | null) ?? null)}
          w={180}
        />
        <Select
          label="State"
          data={STATES}
          value={state}
          allowDeselect={false}
          onChange={(value) => reset(setState)((value as TAdminOrganizationState | null) ?? 'live')}
          w={180}
        />
      </Group>
      <SortedListTable
        query={organizations}
        noun="organizations"
        label="Organizations"
        empty={filtered ? 'No organizations match these filters.' : 'No organizations yet.'}
        columns={COLUMNS}
        sort={sort}
        onSort={sortBy}
        minWidth={760}
      >
        {(rows) =>
          rows.map((organization) => (
            <Table.Tr key={organization.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/organizations/${organization.id}`}>
                  {organization.name}
                </Anchor>
                {organization.deleted_at ? (
                  <Badge ml="xs" size="sm" color="danger" variant="light">
                    Deleted {formatDate(organization.deleted_at)}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{organization.legal_structure?.name ?? '—'}</Table.Td>
              <Table.Td>{organization.is_public ? 'Public' : 'Private'}</Table.Td>
              <Table.Td>{organization.members}</Table.Td>
              <Table.Td>{organization.lpi === null ? 'Not submitted' : organization.lpi.toFixed(1)}</Table.Td>
              <Table.Td>{formatDate(organization.created_at)}</Table.Td>
            </Table.Tr>
          ))
        }
      </SortedListTable>
      {total > 0 ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {filter.offset + 1}–{Math.min(filter.offset + ORGANIZATIONS_PAGE_SIZE, total)} of {total}{' '}
            organizations
          </Text>
          <Pager pages={pages} page={page} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}

export { OrganizationsPage as Component };
