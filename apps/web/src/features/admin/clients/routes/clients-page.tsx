import { Anchor, Badge, Center, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { TAdminClient } from '@parity/domain/admin-clients';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../../components/button/button';
import { openDialog } from '../../../../components/dialog/dialog-store';
import { Pager, pageCount } from '../../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../../components/query-state/query-state';
import { formatDate } from '../../../../lib/dates';
import { ADMIN_CLIENTS_PAGE_SIZE, useAdminClients } from '../api/clients';
import { CreateClientForm } from '../components/client-form';
import { ClientStatus } from '../components/client-status';

export const NO_CLIENTS = 'No clients found.';

/** /admin/clients: the OAuth clients (the web app and the integrations); create one. */
export function ClientsPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [text, setText] = useState(search);
  const clients = useAdminClients(search, page);

  const go = (next: { search?: string; page?: number }) => {
    const query = new URLSearchParams();
    const value = next.search ?? search;
    if (value) query.set('search', value);
    if ((next.page ?? 1) > 1) query.set('page', String(next.page));
    setParams(query, { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ search: text.trim(), page: 1 });
  };

  const total = clients.data?.total ?? 0;
  const pages = pageCount(total, ADMIN_CLIENTS_PAGE_SIZE);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Clients</Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            openDialog({
              title: 'Create client',
              size: 'medium',
              content: (close) => <CreateClientForm onDone={close} />,
            })
          }
        >
          Create client
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Integration clients obtain tokens with the client_credentials grant and read, as their organization,
        what their scopes cover.
      </Text>
      <search aria-label="Clients">
        <form onSubmit={submit}>
          <Group gap="sm" align="flex-end">
            <TextInput
              label="Search clients"
              placeholder="Name, client ID or organization"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              w={{ base: '100%', sm: 360 }}
            />
            <Button type="submit" kind="secondary">
              Search
            </Button>
          </Group>
        </form>
      </search>
      {clients.isPending ? (
        <QueryLoader label="Loading the clients" />
      ) : clients.isError ? (
        <QueryError
          error={clients.error}
          title="The clients could not be loaded"
          onRetry={() => void clients.refetch()}
        />
      ) : clients.data.data.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{search ? `${NO_CLIENTS} Nothing matches “${search}”.` : NO_CLIENTS}</Text>
        </Center>
      ) : (
        <>
          <Text size="sm" c="dimmed">{`${total} ${total === 1 ? 'client' : 'clients'}`}</Text>
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder verticalSpacing="xs">
              <Table.Caption>OAuth clients, newest first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Organization</Table.Th>
                  <Table.Th scope="col">Scopes</Table.Th>
                  <Table.Th scope="col">Last used</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {clients.data.data.map((client) => (
                  <ClientRow key={client.id} client={client} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <Pager pages={pages} page={page} onChange={(next) => go({ page: next })} />
    </Stack>
  );
}

function ClientRow({ client }: { client: TAdminClient }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={0}>
          <Anchor component={Link} to={`/admin/clients/${encodeURIComponent(client.id)}`}>
            {client.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {client.id}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>{client.organization?.name ?? (client.first_party ? 'First-party web app' : '—')}</Table.Td>
      <Table.Td>
        {client.first_party ? (
          <Text size="sm">All (signed-in users)</Text>
        ) : (
          <Group gap={4}>
            {client.scopes.map((scope) => (
              <Badge key={scope} variant="outline" size="sm">
                {scope}
              </Badge>
            ))}
          </Group>
        )}
      </Table.Td>
      <Table.Td>{client.last_used_at ? formatDate(client.last_used_at) : 'Never'}</Table.Td>
      <Table.Td>
        <ClientStatus client={client} />
      </Table.Td>
    </Table.Tr>
  );
}

export { ClientsPage as Component };
