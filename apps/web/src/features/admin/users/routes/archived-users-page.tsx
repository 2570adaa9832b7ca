import { Center, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TArchivedUserRow } from '@parity/domain/admin-users';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { confirm } from '../../../../components/dialog/confirm';
import { Pager, pageCount } from '../../../../components/pager/pager';
import { QueryError } from '../../../../components/query-state/query-state';
import { formatDate } from '../../../../lib/dates';
import { useArchivedUsers, useRestoreUser } from '../api/users';
import { USERS_PAGE_SIZE } from './users-page';

const fullName = (u: { name: string; lastname: string }) => `${u.name} ${u.lastname}`.trim();

/** /admin/archived-users: deactivated accounts, each restorable (the user then sets a new password). */
export function ArchivedUsersPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const offset = (page - 1) * USERS_PAGE_SIZE;
  const archived = useArchivedUsers(debounced, USERS_PAGE_SIZE, offset);
  const restore = useRestoreUser();
  const total = archived.data?.total ?? 0;
  const pages = pageCount(total, USERS_PAGE_SIZE);

  const restoreUser = async (user: TArchivedUserRow) => {
    const ok = await confirm({
      title: 'Restore user',
      message: `${fullName(user)} can sign in again after choosing a new password from the link mailed to ${user.email}.`,
      confirmLabel: 'Restore',
    });
    if (!ok) return;
    try {
      await restore.mutateAsync(user.id);
      showAlert('success', 'User restored', `A password reset link was sent to ${user.email}.`);
    } catch {
      // The API client shows the error alert.
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="archived-users-title">
      <Title order={2} size="h3" id="archived-users-title">
        Archived Users
      </Title>
      <TextInput
        label="Search"
        placeholder="Name or email"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={280}
      />
      {archived.isPending ? (
        <Center py="lg">
          <Loader aria-label="Loading the archived users" />
        </Center>
      ) : archived.isError ? (
        <QueryError
          error={archived.error}
          title="The archived users could not be loaded"
          onRetry={() => void archived.refetch()}
        />
      ) : archived.data.data.length === 0 ? (
        <Text c="dimmed" py="md">
          {debounced ? 'No archived users match this search.' : 'No archived users.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Archived users" aria-busy={archived.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Organization</Table.Th>
                <Table.Th>Archived</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {archived.data.data.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>{fullName(user)}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.organization?.name ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(user.deleted_at)}</Table.Td>
                  <Table.Td>
                    <Button
                      kind="secondary"
                      size="small"
                      aria-label={`Restore ${fullName(user)}`}
                      loading={restore.isPending && restore.variables === user.id}
                      onClick={() => void restoreUser(user)}
                    >
                      Restore
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager pages={pages} page={page} onChange={setPage} />
    </Stack>
  );
}

export { ArchivedUsersPage as Component };
