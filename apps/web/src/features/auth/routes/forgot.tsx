import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { type TPasswordEmailRequest, ZPasswordEmailRequest } from '@parity/domain/auth';
import { useState } from 'react';
import { Link } from 'react-router';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { useRequestResetLink } from '../api/passwords';
import { AuthPageHeader } from '../components/auth-page-header';
import { pendingLoginEmail } from '../lib/pending-login';
import { LOGIN_PATH } from '../lib/redirect';

export const EMAIL_SENT = 'Email sent';

/** /login/forgot: asks for a reset link; the answer never tells whether the email has an account. */
export function ForgotRoute() {
  const form = useSchemaForm<TPasswordEmailRequest>(ZPasswordEmailRequest, {
    initialValues: { email: pendingLoginEmail() },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const request = useRequestResetLink();

  const onSubmit = form.onSubmit(({ email }) => {
    if (request.isPending) return;
    setFormError(null);
    request.mutate(
      { email: email.trim() },
      {
        onSuccess: (message) => {
          setSent(message);
          alertStore.add({ type: 'success', title: EMAIL_SENT, description: message });
        },
        onError: (failure) => setFormError(applyApiErrors(failure, form)),
      },
    );
  }, focusFirstError);

  return (
    <Stack gap="lg">
      <AuthPageHeader title="Forgot your password?">
        Enter the email address of your Parity account and we will email you a link to choose a new password.
      </AuthPageHeader>
      {sent ? (
        <Text role="status" fw={500}>
          {sent} The link expires in 60 minutes.
        </Text>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-describedby={formError ? 'forgot-error' : undefined}>
        <Stack gap="md">
          <FormError id="forgot-error" title="Could not send the link">
            {formError}
          </FormError>
          <TextInput
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            withAsterisk
            aria-required
            {...form.getInputProps('email')}
          />
          <Button type="submit" kind="primary" size="large" fullWidth loading={request.isPending}>
            {sent ? 'Send again' : 'Send reset link'}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={LOGIN_PATH}>
              Back to log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}

export { ForgotRoute as Component };
