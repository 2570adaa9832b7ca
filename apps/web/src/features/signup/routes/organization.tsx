import { Anchor, Divider, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { ZJoinOrganizationRequest } from '@parity/domain/signup';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button/button';
import { apiErrorMessage, applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { useJoinOrganization } from '../api/organization';
import { processingPath } from '../lib/texts';
import { useStepAccount } from '../lib/use-step-account';

/** /signup/processing/{accountId}/organization: join with an organization code, or create one. */
export function OrganizationRoute() {
  const navigate = useNavigate();
  const { account, accountId } = useStepAccount();
  const join = useJoinOrganization(accountId);
  const form = useSchemaForm(ZJoinOrganizationRequest, { initialValues: { code: '' } });

  const status = account.data?.status;
  const id = account.data?.id;
  useEffect(() => {
    // Someone who already belongs (or waits) somewhere has nothing to do here.
    if (id !== undefined && (status === 'pending' || status === 'approved')) {
      navigate(processingPath(id, 'finish'), { replace: true });
    }
  }, [id, status, navigate]);

  const submit = form.onSubmit(({ code }) => {
    if (join.isPending || id === undefined) return;
    join.mutate(
      { code: code.trim() },
      {
        onSuccess: () => navigate(processingPath(id, 'finish')),
        onError: (failure) => {
          // Every refusal shows on the one field.
          const message = applyApiErrors(failure, form, { focus: true });
          if (message) {
            form.setFieldError('code', message);
            form.getInputNode('code')?.focus();
          }
        },
      },
    );
  }, focusFirstError);

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
        <FormError title="Your account could not be loaded">{apiErrorMessage(account.error)}</FormError>
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
            label="Organization code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            withAsterisk
            aria-required
            {...form.getInputProps('code')}
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
