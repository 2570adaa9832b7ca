import { Anchor, Divider, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { ZJoinOrganizationRequest } from '@parity/domain/signup';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button/button';
import { useJoinOrganization } from '../api/organization';
import { FormError } from '../components/form-error';
import { apiFieldErrors, errorMessage, validate } from '../lib/form';
import { processingPath } from '../lib/texts';
import { useStepAccount } from '../lib/use-step-account';

/** /signup/processing/{accountId}/organization: join with an organization code, or create one. */
export function OrganizationRoute() {
  const navigate = useNavigate();
  const account = useStepAccount();
  const join = useJoinOrganization();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  const status = account.data?.status;
  const id = account.data?.id;
  useEffect(() => {
    // Someone who already belongs (or waits) somewhere has nothing to do here.
    if (id !== undefined && (status === 'pending' || status === 'approved')) {
      navigate(processingPath(id, 'finish'), { replace: true });
    }
  }, [id, status, navigate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (join.isPending || id === undefined) return;
    const found = validate<'code'>(ZJoinOrganizationRequest, { code }).code;
    setError(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    join.mutate(
      { code: code.trim() },
      {
        onSuccess: () => navigate(processingPath(id, 'finish')),
        onError: (failure) => {
          setError(apiFieldErrors(failure, ['code'] as const).code ?? errorMessage(failure));
          inputRef.current?.focus();
        },
      },
    );
  };

  if (account.isPending) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Title order={1}>Join your organization</Title>
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (account.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>Join your organization</Title>
        <FormError title="Your account could not be loaded">{errorMessage(account.error)}</FormError>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Join your organization</Title>
        <Text>
          Enter the organization code an admin of your organization gave you. The admins are asked to approve
          your access.
        </Text>
      </Stack>
      {status === 'declined' ? (
        <FormError title="Your last request was declined">
          You may ask to join another organization, or create a new one.
        </FormError>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            ref={inputRef}
            label="Organization code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            withAsterisk
            aria-required
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              if (error) setError(undefined);
            }}
            error={error}
          />
          <Button
            type="submit"
            kind="primary"
            size="large"
            fullWidth
            loading={join.isPending}
            disabled={join.isPending}
          >
            Join organization
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <Text ta="center">
        Your organization is not on Parity yet?{' '}
        <Anchor component={Link} to={processingPath(id ?? '', 'organization/create')}>
          Create a new organization
        </Anchor>
      </Text>
    </Stack>
  );
}

export { OrganizationRoute as Component };
