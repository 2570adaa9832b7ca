import { Anchor, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type TCreateOrganizationRequest, ZCreateOrganizationRequest } from '@parity/domain/signup';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button/button';
import { useDictionary } from '../../../lib/dictionaries';
import { useCreateOrganization } from '../api/organization';
import { FormError } from '../components/form-error';
import { apiFieldErrors, errorMessage, type FieldErrors, validate } from '../lib/form';
import { processingPath } from '../lib/texts';
import { useStepAccount } from '../lib/use-step-account';

type Field = keyof TCreateOrganizationRequest;
const FIELDS: readonly Field[] = ['name', 'legal_structure_id', 'website'];

/** /signup/processing/{accountId}/organization/create: a new organization, its creator its admin. */
export function OrganizationCreateRoute() {
  const navigate = useNavigate();
  const account = useStepAccount();
  const create = useCreateOrganization();
  const legalStructures = useDictionary('legalStructures');
  const [name, setName] = useState('');
  const [legalStructure, setLegalStructure] = useState<string | null>(null);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const refs = {
    name: useRef<HTMLInputElement>(null),
    legal_structure_id: useRef<HTMLInputElement>(null),
    website: useRef<HTMLInputElement>(null),
  };
  const id = account.data?.id;

  const showErrors = (found: FieldErrors<Field>) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) refs[first].current?.focus();
    return first !== undefined;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending || id === undefined) return;
    const values = {
      name,
      legal_structure_id: legalStructure === null ? undefined : Number(legalStructure),
      website: website.trim() || null,
    };
    const found = validate<Field>(ZCreateOrganizationRequest, values);
    if (found.legal_structure_id && legalStructure === null)
      found.legal_structure_id = 'Legal structure is required';
    if (showErrors(found)) return;
    create.mutate(values as TCreateOrganizationRequest, {
      onSuccess: () => navigate(processingPath(id, 'finish')),
      onError: (error) => showErrors(apiFieldErrors(error, FIELDS)),
    });
  };

  const failure = create.isError && !Object.values(errors).some(Boolean) ? errorMessage(create.error) : null;
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
      {failure ? <FormError title="The organization was not created">{failure}</FormError> : null}
      {account.isError ? (
        <FormError title="Your account could not be loaded">{errorMessage(account.error)}</FormError>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            ref={refs.name}
            label="Organization name"
            name="name"
            autoComplete="organization"
            withAsterisk
            aria-required
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setErrors((current) => ({ ...current, name: undefined }));
            }}
            error={errors.name}
          />
          <Select
            ref={refs.legal_structure_id}
            label="Legal structure"
            name="legal_structure_id"
            placeholder={legalStructures.isPending ? 'Loading…' : 'Choose one'}
            data={options}
            withAsterisk
            aria-required
            searchable
            value={legalStructure}
            onChange={(value) => {
              setLegalStructure(value);
              setErrors((current) => ({ ...current, legal_structure_id: undefined }));
            }}
            error={errors.legal_structure_id}
            disabled={legalStructures.isError}
            description={
              legalStructures.isError ? 'The list could not be loaded. Please reload the page.' : undefined
            }
          />
          <TextInput
            ref={refs.website}
            label="Website"
            name="website"
            type="url"
            autoComplete="url"
            placeholder="https://"
            value={website}
            onChange={(event) => {
              setWebsite(event.currentTarget.value);
              setErrors((current) => ({ ...current, website: undefined }));
            }}
            error={errors.website}
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
