import { Alert, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  type TAdminClient,
  type TAdminClientUpdate,
  type TClientScope,
  ZAdminClientUpdate,
} from '@parity/domain/admin-clients';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { confirm } from '../../../../components/dialog/confirm';
import { applyApiErrors } from '../../../../components/form/api-errors';
import { FormError } from '../../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../../components/form/use-schema-form';
import { QueryError, QueryLoader } from '../../../../components/query-state/query-state';
import { formatDateTime } from '../../../../lib/dates';
import { useAdminClient, useRevokeClient, useRotateClient, useUpdateClient } from '../api/clients';
import { ScopeCheckboxes } from '../components/client-form';
import { ClientStatus } from '../components/client-status';
import { showClientSecret } from '../components/secret-dialog';

/** /admin/clients/{clientId}: a client's details; edit, rotate its secret, revoke it. */
export function ClientPage() {
  const clientId = useParams().clientId ?? '';
  const client = useAdminClient(clientId);
  if (client.isPending) return <QueryLoader label="Loading the client" />;
  if (client.isError) {
    return (
      <QueryError
        error={client.error}
        title="The client could not be loaded"
        onRetry={() => void client.refetch()}
        action={
          <Button component={Link} to="/admin/clients" kind="tertiary">
            Back to clients
          </Button>
        }
      />
    );
  }
  const data = client.data;
  return (
    <Stack gap="lg" maw={720}>
      <Group gap="sm">
        <Title order={2} size="h3">
          {data.name}
        </Title>
        <ClientStatus client={data} />
      </Group>
      <Details client={data} />
      {data.first_party ? (
        <Alert color="info" title="First-party client">
          The web app's own client signs users in; it cannot be edited, rotated or revoked.
        </Alert>
      ) : data.status === 'revoked' ? (
        <Alert color="gray" title="Revoked">
          This client can no longer obtain tokens, and the tokens it held stopped working.
        </Alert>
      ) : (
        <>
          <EditForm client={data} />
          <SecretActions client={data} />
        </>
      )}
    </Stack>
  );
}

function Details({ client }: { client: TAdminClient }) {
  const rows: [string, string][] = [
    ['Client ID', client.id],
    ['Organization', client.organization?.name ?? 'None (first-party web app)'],
    ['Grant types', client.grant_types.join(', ')],
    ['Scopes', client.first_party ? 'All (signed-in users)' : client.scopes.join(', ')],
    [
      'Created',
      `${formatDateTime(client.created_at)}${client.created_by ? ` by ${client.created_by.name} ${client.created_by.lastname}` : ''}`,
    ],
    ['Secret rotated', client.rotated_at ? formatDateTime(client.rotated_at) : 'Never'],
    ['Last used', client.last_used_at ? formatDateTime(client.last_used_at) : 'Never'],
    ['Revoked', client.revoked_at ? formatDateTime(client.revoked_at) : 'No'],
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed">
      <Table.Caption>Client details</Table.Caption>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={{ base: 120, sm: 180 }}>{label}</Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type EditValues = TAdminClientUpdate & Record<string, unknown>;

function EditForm({ client }: { client: TAdminClient }) {
  const update = useUpdateClient(client.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<EditValues>(ZAdminClientUpdate, {
    mode: 'controlled',
    initialValues: { name: client.name, scopes: client.scopes },
  });
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(ZAdminClientUpdate.parse(values));
      showAlert('success', 'Client saved');
    } catch (error) {
      setFormError(applyApiErrors(error, form, { focus: true }));
    }
  }, focusFirstError);
  return (
    <form onSubmit={submit} noValidate aria-label="Edit client">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Edit
        </Title>
        <FormError title="The client could not be saved">{formError}</FormError>
        <TextInput label="Name" required {...form.getInputProps('name')} key={form.key('name')} />
        <ScopeCheckboxes
          value={form.values.scopes}
          onChange={(value) => form.setFieldValue('scopes', value as TClientScope[])}
          error={form.errors.scopes}
        />
        <Text size="xs" c="dimmed">
          A scope taken away counts at once, for tokens already issued too.
        </Text>
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SecretActions({ client }: { client: TAdminClient }) {
  const rotate = useRotateClient(client.id);
  const revoke = useRevokeClient(client.id);

  const rotateSecret = async () => {
    const ok = await confirm({
      title: 'Rotate secret',
      message: `Give ${client.name} a new secret? The current secret and every token issued with it stop working at once.`,
      confirmLabel: 'Rotate secret',
    });
    if (!ok) return;
    try {
      showClientSecret(await rotate.mutateAsync(undefined), 'New client secret');
    } catch {
      // the API client has shown the failure
    }
  };

  const revokeClient = async () => {
    const ok = await confirm({
      title: 'Revoke client',
      message: `Revoke ${client.name}? It can no longer obtain tokens, and the tokens it holds stop working at once. This cannot be undone.`,
      confirmLabel: 'Revoke',
      danger: true,
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync(undefined);
      showAlert('success', 'Client revoked');
    } catch {
      // the API client has shown the failure
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Secret and access
      </Title>
      <Group gap="sm">
        <Button kind="secondary" loading={rotate.isPending} onClick={() => void rotateSecret()}>
          Rotate secret
        </Button>
        <Button kind="error" loading={revoke.isPending} onClick={() => void revokeClient()}>
          Revoke
        </Button>
      </Group>
    </Stack>
  );
}

export { ClientPage as Component };
