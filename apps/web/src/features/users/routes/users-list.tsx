import { Anchor, Card, Center, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { displayName, NO_INFORMATION } from '@parity/domain/account';
import { IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeader } from '../../../components/page-header/page-header';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError } from '../../../components/query-state/query-state';
import { USERS_PAGE_SIZE, useUsers } from '../api/users';
import { UserAvatar } from '../components/user-avatar';

export const NO_USERS_FOUND = 'No users found';

/** /users: the directory, searched by name and paged by 30 (page and query kept in the address). */
export function UsersListRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const form = useForm({ initialValues: { search: query } });
  const users = useUsers(query, page);
  const total = users.data?.total ?? 0;
  const pages = pageCount(total, USERS_PAGE_SIZE);

  const go = (next: { search?: string; page?: number }) => {
    const params = new URLSearchParams();
    const search = next.search ?? query;
    if (search) params.set('search', search);
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearchParams(params);
  };

  const submit = form.onSubmit(({ search }) => go({ search: search.trim(), page: 1 }));

  return (
    <Stack gap="md">
      <PageHeader title="Users" description="People of the organizations on Parity." />
      <search aria-label="Users">
        <form onSubmit={submit}>
          <Group gap="sm" align="flex-end">
            <TextInput
              label="Search users"
              placeholder="Name, title or organization"
              leftSection={<IconSearch size={16} aria-hidden />}
              {...form.getInputProps('search')}
              w={{ base: '100%', sm: 360 }}
            />
            <Button type="submit" kind="secondary">
              Search
            </Button>
          </Group>
        </form>
      </search>
      {users.isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          role="status"
          aria-busy="true"
          aria-label="Loading users"
        >
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <Skeleton key={key} height={76} radius="md" />
          ))}
        </SimpleGrid>
      ) : users.isError ? (
        <QueryError
          error={users.error}
          title="The users could not be loaded"
          onRetry={() => void users.refetch()}
        />
      ) : (users.data?.data.length ?? 0) === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{NO_USERS_FOUND}</Text>
        </Center>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {total} {total === 1 ? 'user' : 'users'}
          </Text>
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2, md: 3 }}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {users.data?.data.map((user) => {
              const name = displayName(user.name, user.lastname);
              return (
                <Card component="li" key={user.id} withBorder radius="md" padding="sm">
                  <Group gap="sm" wrap="nowrap">
                    <UserAvatar src={user.image_url} name={name} />
                    <Stack gap={0} miw={0}>
                      <Anchor component={Link} to={`/users/${user.id}`} fw={600} truncate>
                        {name}
                      </Anchor>
                      <Text size="xs" c="dimmed" truncate>
                        {user.title || NO_INFORMATION}
                      </Text>
                      <Text size="xs" truncate>
                        {user.organization?.name ?? NO_INFORMATION}
                      </Text>
                    </Stack>
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
          <Pager pages={pages} page={page} onChange={(next) => go({ page: next })} />
        </>
      )}
    </Stack>
  );
}

export { UsersListRoute as Component };
