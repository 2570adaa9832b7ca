import { Anchor, Stack, Text, TextInput, Title } from '@mantine/core';
import { type TCreateOrganizationRequest, ZCreateOrganizationForm } from '@parity/domain/signup';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button/button';
import { apiErrorMessage, applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { Select } from '../../../components/select/select';
import { useDictionary } from '../../../lib/dictionaries';
import { useCreateOrganization } from '../api/organization';
import { processingPath } from '../lib/texts';
import { useStepAccount } from '../lib/use-step-account';

/** /signup/processing/{accountId}/organization/create: a new organization, its creator its admin. */
export function OrganizationCreateRoute() {
  const navigate = useNavigate();
  const { account, accountId } = useStepAccount();
  const create = useCreateOrganization(accountId);
  const legalStructures = useDictionary('legalStructures');
  const form = useSchemaForm<
    { name: string; legal_structure_id: string | null; website: string },
    TCreateOrganizationRequest
  >(ZCreateOrganizationForm, {
    initialValues: { name: '', legal_structure_id: null, website: '' },
    transformValues: (values) => ({
      name: values.name,
      legal_structure_id: Number(values.legal_structure_id),
      website: values.website.trim() || null,
    }),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const id = account.data?.id;

  const submit = form.onSubmit((values) => {
    if (create.isPending || id === undefined) return;
    setFailure(null);
    create.mutate(values, {
      onSuccess: () => navigate(processingPath(id, 'finish')),
      onError: (error) => setFailure(applyApiErrors(error, form, { focus: true })),
    });
  }, focusFirstError);

  const options = (legalStructures.data ?? []).map((option) => ({
    value: String(option.id),
    label: option.name,
  }));

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Create a new organization</Title>
        <Text>You become its admin: you can invite colleagues and approve those who join with its code.</Text>
      </Stack>
      <FormError title="The organization was not created">{failure}</FormError>
      {account.isError ? (
        <FormError title="Your account could not be loaded">{apiErrorMessage(account.error)}</FormError>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Organization name"
            name="name"
            autoComplete="organization"
            withAsterisk
            aria-required
            {...form.getInputProps('name')}
          />
          <Select
            label="Legal structure"
            name="legal_structure_id"
            placeholder={legalStructures.isPending ? 'Loading…' : 'Choose one'}
            data={options}
            withAsterisk
            aria-required
            searchable
            {...form.getInputProps('legal_structure_id')}
            disabled={legalStructures.isError}
            description={
              legalStructures.isError ? 'The list could not be loaded. Please reload the page.' : undefined
            }
          />
          <TextInput
            label="Website"
            name="website"
            type="url"
            autoComplete="url"
            placeholder="https://"
            {...form.getInputProps('website')}
          />
          <Button
            type="submit"
            kind="primary"
            size="large"
            fullWidth
            loading={create.isPending}
            disabled={create.isPending || account.isPending}
          >
            Create organization
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        <Anchor component={Link} to={processingPath(id ?? '', 'organization')}>
          Join an existing organization instead
        </Anchor>
      </Text>
    </Stack>
  );
}

export { OrganizationCreateRoute as Component };
