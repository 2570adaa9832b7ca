import { Anchor, Badge, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ADMIN_USER_PERMISSION_SETS,
  ADMIN_USER_ROLE_LABELS,
  ADMIN_USER_ROLES,
  ADMIN_USER_STATUSES,
  type TAdminUserPermissionSet,
  type TAdminUserRole,
  type TAdminUserSort,
  type TAdminUserStatus,
} from '@parity/domain/admin-users';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager, pageCount } from '../../../../components/pager/pager';
import { Select } from '../../../../components/select/select';
import { type ListColumn, SortedListTable } from '../../../../components/table/sorted-list-table';
import { formatDate } from '../../../../lib/dates';
import { useOrganizationChoices } from '../../lib/organization-choices';
import { type UsersFilter, useAdminUsers } from '../api/users';

export const USERS_PAGE_SIZE = 25;

const STATUS_LABELS: Record<TAdminUserStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};
const STATUS_COLOURS: Record<TAdminUserStatus, string> = {
  pending: 'warning',
  approved: 'success',
  declined: 'danger',
};

const COLUMNS: ListColumn<TAdminUserSort>[] = [
  { label: 'Name', sort: 'name' },
  { label: 'Email', sort: 'email' },
  { label: 'Organization', sort: null },
  { label: 'Status', sort: null },
  { label: 'Permission set', sort: null },
  { label: 'Created', sort: 'created_at' },
  { label: 'Last login', sort: 'last_login_at' },
];

/** /admin/users: every active account, searched, filtered, sorted and paged (spec 2 Admin, Users). */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<TAdminUserStatus | null>(null);
  const [role, setRole] = useState<TAdminUserRole | null>(null);
  const [permissionSet, setPermissionSet] = useState<TAdminUserPermissionSet | null>(null);
  const [organizationSearch, setOrganizationSearch] = useState('');
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [sort, setSort] = useState<{ by: TAdminUserSort; order: 'asc' | 'desc' }>({
    by: 'created_at',
    order: 'desc',
  });
  const [page, setPage] = useState(1);
  const filter: UsersFilter = {
    search: debounced,
    status,
    role,
    permissionSet,
    organizationId: organizationId ? Number(organizationId) : null,
    sortBy: sort.by,
    sortOrder: sort.order,
    limit: USERS_PAGE_SIZE,
    offset: (page - 1) * USERS_PAGE_SIZE,
  };
  const users = useAdminUsers(filter);
  const organizations = useOrganizationChoices(organizationSearch);
  const filtered = Boolean(debounced || status || role || permissionSet || organizationId);
  const total = users.data?.total ?? 0;
  const pages = pageCount(total, USERS_PAGE_SIZE);

  const sortBy = (by: TAdminUserSort) => {
    setSort((current) => ({ by, order: current.by === by && current.order === 'asc' ? 'desc' : 'asc' }));
    setPage(1);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-users-title">
      <Title order={2} size="h3" id="admin-users-title">
        Users
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or email"
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
          data={ADMIN_USER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          value={status}
          onChange={(value) => {
            setStatus((value as TAdminUserStatus | null) ?? null);
            setPage(1);
          }}
          w={170}
        />
        <Select
          label="Role"
          placeholder="All roles"
          clearable
          data={ADMIN_USER_ROLES.map((r) => ({ value: r, label: ADMIN_USER_ROLE_LABELS[r] }))}
          value={role}
          onChange={(value) => {
            setRole((value as TAdminUserRole | null) ?? null);
            setPage(1);
          }}
          w={210}
        />
        <Select
          label="Permission set"
          placeholder="All sets"
          clearable
          data={[...ADMIN_USER_PERMISSION_SETS]}
          value={permissionSet}
          onChange={(value) => {
            setPermissionSet(ADMIN_USER_PERMISSION_SETS.find((s) => s === value) ?? null);
            setPage(1);
          }}
          w={230}
        />
        <Select
          label="Organization"
          placeholder="All organizations"
          clearable
          searchable
          searchValue={organizationSearch}
          onSearchChange={setOrganizationSearch}
          nothingFoundMessage="No organization found"
          data={(organizations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
          value={organizationId}
          onChange={(value) => {
            setOrganizationId(value);
            setPage(1);
          }}
          w={240}
        />
      </Group>
      <SortedListTable
        query={users}
        noun="users"
        label="Users"
        empty={filtered ? 'No users match these filters.' : 'No users yet.'}
        columns={COLUMNS}
        sort={sort}
        onSort={sortBy}
        minWidth={980}
      >
        {(rows) =>
          rows.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/users/${user.id}`}>
                  {`${user.name} ${user.lastname}`.trim()}
                </Anchor>
                {user.is_sadm ? (
                  <Badge ml="xs" size="sm" variant="light">
                    Admin
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{user.organization?.name ?? '—'}</Table.Td>
              <Table.Td>
                {user.status ? (
                  <Badge color={STATUS_COLOURS[user.status]} variant="light">
                    {STATUS_LABELS[user.status]}
                  </Badge>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>{user.permission_sets.join(', ') || '—'}</Table.Td>
              <Table.Td>{formatDate(user.created_at)}</Table.Td>
              <Table.Td>{formatDate(user.last_login_at)}</Table.Td>
            </Table.Tr>
          ))
        }
      </SortedListTable>
      {total > 0 ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {filter.offset + 1}–{Math.min(filter.offset + USERS_PAGE_SIZE, total)} of {total}
          </Text>
          <Pager pages={pages} page={page} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}

export { UsersPage as Component };
