import { Anchor, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { PASSWORD_RULE_HINT } from '@parity/domain/auth';
import { type TAcceptInvitationRequest, ZAcceptInvitationRequest } from '@parity/domain/signup';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { apiErrorMessage, applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { PasswordField } from '../../../components/password-field/password-field';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { signIn } from '../api/sign-in';
import { isNotFound } from '../lib/form';

/** /signup/invitation/{uuid}: an organization admin's invitation; the account is ready at once. */
export function InvitationRoute() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const invitation = useInvitation(uuid);
  const accept = useAcceptInvitation(uuid);
  const form = useSchemaForm<TAcceptInvitationRequest>(ZAcceptInvitationRequest, {
    initialValues: { name: '', lastname: '', password: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.onSubmit((values) => {
    if (accept.isPending || !invitation.data) return;
    setFailure(null);
    accept.mutate(values, {
      onSuccess: async (answer) => {
        try {
          await signIn({ email: answer.email, password: values.password });
          showAlert('success', 'Welcome to Parity', `You are now a member of ${answer.organization.name}.`);
          navigate('/', { replace: true });
        } catch (error) {
          setFailure(apiErrorMessage(error));
        }
      },
      onError: (error) => setFailure(applyApiErrors(error, form, { focus: true })),
    });
  }, focusFirstError);

  if (invitation.isPending) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Title order={1}>Your invitation</Title>
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (invitation.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>Your invitation</Title>
        <FormError
          title={isNotFound(invitation.error) ? 'This invitation cannot be used' : 'Something went wrong'}
        >
          {apiErrorMessage(invitation.error)}
        </FormError>
        <Text size="sm">
          Ask the admin who invited you for a new invitation,{' '}
          <Anchor component={Link} to="/signup">
            sign up
          </Anchor>{' '}
          with an organization code, or{' '}
          <Anchor component={Link} to="/login">
            log in
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }

  const { email, organization } = invitation.data;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Join {organization.name} on Parity</Title>
        <Text c="dimmed">
          You were invited by an admin of {organization.name}. Create your account to accept.
        </Text>
      </Stack>
      <FormError title="The account was not created">{failure}</FormError>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" name="email" type="email" autoComplete="username" value={email} readOnly />
          <TextInput
            label="First name"
            name="name"
            autoComplete="given-name"
            withAsterisk
            aria-required
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Last name"
            name="lastname"
            autoComplete="family-name"
            withAsterisk
            aria-required
            {...form.getInputProps('lastname')}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            description={form.errors.password ? undefined : PASSWORD_RULE_HINT}
            withAsterisk
            aria-required
            {...form.getInputProps('password')}
          />
          <Button
            type="submit"
            kind="primary"
            size="large"
            fullWidth
            loading={accept.isPending}
            disabled={accept.isPending}
          >
            Create account and join
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

export { InvitationRoute as Component };
