import { Checkbox, Group, Stack, TextInput } from '@mantine/core';
import {
  CLIENT_SCOPE_LABELS,
  CLIENT_SCOPES,
  type TClientScope,
  ZAdminClientCreate,
} from '@parity/domain/admin-clients';
import { useState } from 'react';
import { Button } from '../../../../components/button/button';
import { closeDialog } from '../../../../components/dialog/dialog-store';
import { applyApiErrors } from '../../../../components/form/api-errors';
import { FormError } from '../../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../../components/form/use-schema-form';
import { Select } from '../../../../components/select/select';
import { useOrganizationChoices } from '../../lib/organization-choices';
import { useCreateClient } from '../api/clients';
import { showClientSecret } from './secret-dialog';

interface ScopeProps {
  value: string[];
  onChange: (value: string[]) => void;
  error?: unknown;
}

/** The scope checkboxes: what a client may read, as its organization. */
export function ScopeCheckboxes(props: ScopeProps) {
  return (
    <Checkbox.Group
      label="Scopes"
      description="What the client may read, with its organization's rights; a client never writes."
      required
      value={props.value}
      onChange={props.onChange}
      error={typeof props.error === 'string' ? props.error : undefined}
    >
      <Stack gap="xs" mt="xs">
        {CLIENT_SCOPES.map((scope) => (
          <Checkbox key={scope} value={scope} label={`${scope}: ${CLIENT_SCOPE_LABELS[scope]}`} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

interface CreateValues extends Record<string, unknown> {
  name: string;
  organization_id: number | null;
  scopes: TClientScope[];
}

/** The Create client dialog: name, owning organization (searched as typed), scopes. */
export function CreateClientForm({ onDone }: { onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const options = useOrganizationChoices(search, 'live');
  const create = useCreateClient();
  const form = useSchemaForm<CreateValues>(ZAdminClientCreate, {
    mode: 'controlled',
    initialValues: { name: '', organization_id: null, scopes: [] },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await create.mutateAsync(ZAdminClientCreate.parse(values));
      onDone();
      showClientSecret(result, 'Client created');
    } catch (error) {
      setFormError(applyApiErrors(error, form, { focus: true }));
    }
  }, focusFirstError);

  const organizationId = form.values.organization_id;
  return (
    <form onSubmit={submit} noValidate aria-label="Create client">
      <Stack gap="md">
        <FormError title="The client could not be created">{formError}</FormError>
        <TextInput
          label="Name"
          description="For the administrators: what the client is, e.g. the investor's BI tool"
          required
          {...form.getInputProps('name')}
          key={form.key('name')}
        />
        <Select
          label="Organization"
          description="The client reads as this organization, with its rights"
          placeholder="Type a name"
          searchable
          required
          searchValue={search}
          onSearchChange={setSearch}
          data={(options.data?.data ?? []).map((organization) => ({
            value: String(organization.id),
            label: organization.name,
          }))}
          value={organizationId === null ? null : String(organizationId)}
          onChange={(value) => form.setFieldValue('organization_id', value ? Number(value) : null)}
          nothingFoundMessage={options.isFetching ? 'Searching…' : 'No organization found'}
          error={form.errors.organization_id}
          data-path="organization_id"
        />
        <ScopeCheckboxes
          value={form.values.scopes}
          onChange={(value) => form.setFieldValue('scopes', value as TClientScope[])}
          error={form.errors.scopes}
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
