import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { useRequestResetLink } from '../api/passwords';
import { AuthPageHeader } from '../components/auth-page-header';
import { FormError } from '../components/form-error';
import { REQUIRED } from '../components/new-password-fields';
import { apiFieldErrors, apiMessage } from '../lib/api-errors';
import { pendingLoginEmail } from '../lib/pending-login';
import { LOGIN_PATH } from '../lib/redirect';

export const EMAIL_SENT = 'Email sent';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /login/forgot: asks for a reset link; the answer never tells whether the email has an account. */
export function ForgotRoute() {
  const [email, setEmail] = useState(pendingLoginEmail());
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const request = useRequestResetLink();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const value = email.trim();
    const found = !value
      ? REQUIRED
      : EMAIL_PATTERN.test(value)
        ? undefined
        : 'Email must be a valid email address';
    setError(found);
    if (found) {
      emailRef.current?.focus();
      return;
    }
    setFormError(null);
    request.mutate(
      { email: value },
      {
        onSuccess: (message) => {
          setSent(message);
          alertStore.add({ type: 'success', title: EMAIL_SENT, description: message });
        },
        onError: (failure) => {
          const fields = apiFieldErrors(failure, ['email'] as const);
          if (fields.email) setError(fields.email);
          else setFormError(apiMessage(failure));
        },
      },
    );
  };

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
          <FormError id="forgot-error" title="Could not send the link" message={formError} />
          <TextInput
            ref={emailRef}
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            withAsterisk
            aria-required
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
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
