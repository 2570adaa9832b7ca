import { Alert, Group, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  MERGE_MOVES,
  type TAdminOrganization,
  type TAdminOrganizationUpdateInput,
  ZAdminOrganizationUpdate,
} from '@parity/domain/admin-organizations';
import { canBePubliclyTraded } from '@parity/domain/organization-form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { confirm } from '../../../../components/dialog/confirm';
import { applyApiErrors } from '../../../../components/form/api-errors';
import { FormError } from '../../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../../components/form/use-schema-form';
import { Select } from '../../../../components/select/select';
import { formatDate } from '../../../../lib/dates';
import { useDictionary } from '../../../../lib/dictionaries';
import { useAdminOrganizations, useMergeOrganization, useSetDeleted, useUpdateOrganization } from '../api';

/** The About tab: the organization record (Save), soft delete or restore, and Merge into… */
export function AboutTab({ organization }: { organization: TAdminOrganization }) {
  const update = useUpdateOrganization(organization.id);
  const setDeleted = useSetDeleted(organization.id);
  const legalStructures = useDictionary('legalStructures');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<TAdminOrganizationUpdateInput>(ZAdminOrganizationUpdate, {
    mode: 'controlled',
    initialValues: {
      name: organization.name,
      about: organization.about ?? '',
      website: organization.website ?? '',
      legal_structure: organization.legal_structure?.id ?? null,
      is_publicly_traded: organization.is_publicly_traded,
      ticker_symbol: organization.ticker_symbol ?? '',
      is_public: organization.is_public,
    },
  });
  const legalStructure = form.values.legal_structure ?? null;
  const deleted = organization.deleted_at !== null;

  const toInput = (values: TAdminOrganizationUpdateInput) =>
    ZAdminOrganizationUpdate.parse({
      ...values,
      is_publicly_traded: canBePubliclyTraded(values.legal_structure) && Boolean(values.is_publicly_traded),
    });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(toInput(values));
      showAlert('success', 'Organization saved');
    } catch (error) {
      setFormError(applyApiErrors(error, form, { focus: true }));
    }
  }, focusFirstError);

  const toggleDeleted = async () => {
    if (!deleted) {
      const ok = await confirm({
        title: 'Delete organization',
        message: `${organization.name} will be hidden and its ${organization.members} approved members will lose access to it until it is restored.`,
        confirmLabel: 'Delete',
        danger: true,
      });
      if (!ok) return;
    }
    try {
      const result = await setDeleted.mutateAsync(!deleted);
      showAlert('success', result.message);
    } catch {
      // reported by the API client's error alert
    }
  };

  return (
    <Stack gap="lg" maw={640}>
      {deleted ? (
        <Alert color="warning" title="Deleted organization" role="status">
          {`Deleted on ${formatDate(organization.deleted_at)}: its members have no access to it.`}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Organization record">
        <Stack gap="sm">
          <FormError title="The organization could not be saved">{formError}</FormError>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Textarea label="About" rows={4} {...form.getInputProps('about')} />
          <TextInput label="Website" placeholder="https://" {...form.getInputProps('website')} />
          <Select
            label="Legal Structure"
            required
            data={(legalStructures.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={legalStructure === null ? null : String(legalStructure)}
            onChange={(value) => form.setFieldValue('legal_structure', value ? Number(value) : null)}
            error={form.errors.legal_structure}
          />
          <Switch
            label="Publicly Traded"
            disabled={!canBePubliclyTraded(legalStructure)}
            description={
              canBePubliclyTraded(legalStructure)
                ? undefined
                : 'Only a Corporation (C Corp) can be publicly traded.'
            }
            {...form.getInputProps('is_publicly_traded', { type: 'checkbox' })}
          />
          <TextInput label="Ticker Symbol" {...form.getInputProps('ticker_symbol')} />
          <Switch
            label="Listed in the directory (public)"
            {...form.getInputProps('is_public', { type: 'checkbox' })}
          />
          <Group gap="sm">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
            <Button
              kind={deleted ? 'secondary' : 'error'}
              loading={setDeleted.isPending}
              onClick={() => void toggleDeleted()}
            >
              {deleted ? 'Restore' : 'Delete'}
            </Button>
          </Group>
        </Stack>
      </form>
      {deleted ? null : <MergeSection organization={organization} />}
    </Stack>
  );
}

/** Merge into…: picks the organization that keeps everything; this one is then deleted. */
function MergeSection({ organization }: { organization: TAdminOrganization }) {
  const navigate = useNavigate();
  const merge = useMergeOrganization(organization.id);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [target, setTarget] = useState<string | null>(null);
  const choices = useAdminOrganizations({
    search: debounced,
    legalStructure: null,
    visibility: null,
    state: 'live',
    sortBy: 'name',
    sortOrder: 'asc',
    limit: 20,
    offset: 0,
  });
  const options = (choices.data?.data ?? [])
    .filter((o) => o.id !== organization.id)
    .map((o) => ({ value: String(o.id), label: o.name }));
  const targetName = options.find((o) => o.value === target)?.label ?? 'the chosen organization';

  const run = async () => {
    if (!target) return;
    const ok = await confirm({
      title: 'Merge organizations',
      message: `Move everything of ${organization.name} into ${targetName}: ${MERGE_MOVES.join(', ')}. ${organization.name} is then deleted. Refused when both have LPI data for the same profile or survey.`,
      confirmLabel: 'Merge',
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await merge.mutateAsync(Number(target));
      showAlert('success', result.message);
      void navigate(`/admin/organizations/${result.target.id}`);
    } catch {
      // reported by the API client's error alert (a 409 says what collides)
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="merge-title">
      <Title order={3} size="h5" id="merge-title">
        Merge into…
      </Title>
      <Text size="sm" c="dimmed">
        For a duplicate made at sign-up: its members, files and LPI data move to the organization you choose,
        in one step.
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Organization to merge into"
          placeholder="Search by name"
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage="No organization found"
          data={options}
          value={target}
          onChange={setTarget}
          w={280}
        />
        <Button kind="error" disabled={!target} loading={merge.isPending} onClick={() => void run()}>
          Merge
        </Button>
      </Group>
    </Stack>
  );
}
