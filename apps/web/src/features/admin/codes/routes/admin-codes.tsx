import { Badge, Center, Code, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { TAdminCode, TAdminCodeStatus } from '@parity/domain/admin-codes';
import { listAction, listItem } from '@parity/domain/list-item';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { confirm } from '../../../../components/dialog/confirm';
import { closeDialog, openDialog } from '../../../../components/dialog/dialog-store';
import { DateField } from '../../../../components/form/date-field';
import { Pager, pageCount } from '../../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../../components/query-state/query-state';
import { RowActions } from '../../../../components/row-actions/row-actions';
import { Select } from '../../../../components/select/select';
import { formatDate } from '../../../../lib/dates';
import { useOrganizationChoices } from '../../lib/organization-choices';
import {
  ADMIN_CODES_PAGE_SIZE,
  useAdminCodes,
  useCreateCode,
  useRevokeCode,
  useRotateCode,
} from '../api/codes';

export const NO_CODES = 'No codes found.';
const STATUS_COLOUR: Record<TAdminCodeStatus, string> = {
  active: 'success',
  expired: 'warning',
  revoked: 'gray',
};
const STATUS_LABEL: Record<TAdminCodeStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

const codeItem = (code: TAdminCode) =>
  listItem(code.id, [
    listAction({ id: 'rotate', title: 'Rotate', primary: true, disabled: code.status === 'revoked' }),
    listAction({
      id: 'revoke',
      title: 'Revoke',
      icon: 'revoke',
      type: 'danger',
      disabled: code.status === 'revoked',
    }),
  ]);

/** /admin/codes: every organization's sign-up codes; create, rotate and revoke them. */
export function AdminCodesRoute() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [text, setText] = useState(search);
  const codes = useAdminCodes(search, page);
  const rotate = useRotateCode();
  const revoke = useRevokeCode();

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

  const act = async (code: TAdminCode, action: string) => {
    const name = `${code.code} of ${code.organization.name}`;
    if (action === 'rotate') {
      const ok = await confirm({
        title: 'Rotate code',
        message: `Replace ${name} by a new code? The old code stops working at once.`,
        confirmLabel: 'Rotate',
      });
      if (!ok) return false;
      const fresh = await rotate.mutateAsync(code.id);
      showAlert('success', 'Code rotated', `The new code is ${fresh.code}.`);
      return true;
    }
    const ok = await confirm({
      title: 'Revoke code',
      message: `Revoke ${name}? Nobody can sign up with it any more.`,
      confirmLabel: 'Revoke',
      danger: true,
    });
    if (!ok) return false;
    await revoke.mutateAsync(code.id);
    return true;
  };

  const total = codes.data?.total ?? 0;
  const pages = pageCount(total, ADMIN_CODES_PAGE_SIZE);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Organizations Codes</Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            openDialog({
              title: 'Create code',
              size: 'medium',
              content: (close) => <CreateCodeForm onDone={close} />,
            })
          }
        >
          Create code
        </Button>
      </Group>
      <search aria-label="Codes">
        <form onSubmit={submit}>
          <Group gap="sm" align="flex-end">
            <TextInput
              label="Search codes"
              placeholder="Organization or code"
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
      {codes.isPending ? (
        <QueryLoader label="Loading the codes" />
      ) : codes.isError ? (
        <QueryError
          error={codes.error}
          title="The codes could not be loaded"
          onRetry={() => void codes.refetch()}
        />
      ) : codes.data.data.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{NO_CODES}</Text>
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Caption>Organizations codes, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Code</Table.Th>
                <Table.Th scope="col">Organization</Table.Th>
                <Table.Th scope="col">Expires</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {codes.data.data.map((code) => (
                <Table.Tr key={code.id}>
                  <Table.Td>
                    <Code>{code.code}</Code>
                  </Table.Td>
                  <Table.Td>{code.organization.name}</Table.Td>
                  <Table.Td>{code.expires_at ? formatDate(code.expires_at) : 'Never'}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOUR[code.status]} variant="light">
                      {STATUS_LABEL[code.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      item={codeItem(code)}
                      label={code.code}
                      onAction={(action) => act(code, action)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager pages={pages} page={page} onChange={(next) => go({ page: next })} />
    </Stack>
  );
}

/** The create dialog: an organization (searched as typed) and an optional last day of validity. */
function CreateCodeForm({ onDone }: { onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = useOrganizationChoices(search, 'live');
  const create = useCreateCode();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!organizationId) {
      setError('Choose an organization');
      return;
    }
    try {
      const code = await create.mutateAsync({
        organization_id: Number(organizationId),
        // valid through the whole chosen day (UTC)
        expires_at: expiresOn ? `${expiresOn}T23:59:59.999Z` : null,
      });
      showAlert('success', 'Code created', `The new code is ${code.code}.`);
      onDone();
    } catch {
      // the API client has shown the failure
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Select
          label="Organization"
          placeholder="Type a name"
          searchable
          required
          searchValue={search}
          onSearchChange={setSearch}
          data={(options.data?.data ?? []).map((organization) => ({
            value: String(organization.id),
            label: organization.name,
          }))}
          value={organizationId}
          onChange={(value) => {
            setOrganizationId(value);
            setError(null);
          }}
          nothingFoundMessage={options.isFetching ? 'Searching…' : 'No organization found'}
          error={error}
        />
        <DateField
          label="Expires on"
          description="Leave empty for a code that does not expire"
          value={expiresOn}
          onChange={setExpiresOn}
        />
        <Group justify="flex-end" gap="sm">
          <Button kind="blanc" onClick={() => closeDialog()}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export { AdminCodesRoute as Component };
