import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button';
import { PasswordField } from '../../../components/password-field/password-field';
import { ApiError } from '../../../lib/api-client';
import { type LoginCredentials, useLogin } from '../api/login';
import { rememberLoginEmail } from '../lib/pending-login';

export const INCORRECT_CREDENTIALS_MESSAGE = 'The user credentials were incorrect.';
export const RATE_LIMITED_MESSAGE =
  'Too many sign-in attempts. Please wait a few minutes before trying again.';

// Inline icons: /login stays free of the icon library's runtime.
function AlertIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v4M12 16h.01" strokeLinecap="round" />
    </svg>
  );
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type FieldErrors = Partial<Record<keyof LoginCredentials, string>>;

export function validateCredentials({ username, password }: LoginCredentials): FieldErrors {
  const errors: FieldErrors = {};
  if (!username.trim()) errors.username = 'Email is required';
  else if (!EMAIL_PATTERN.test(username.trim())) errors.username = 'Email must be a valid email address';
  if (!password) errors.password = 'Password is required';
  return errors;
}

function bodyMessage(error: ApiError): string | undefined {
  const body = error.body;
  if (typeof body === 'object' && body !== null) {
    const message = (body as Record<string, unknown>).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

/** The inline message for a failed sign-in (the request is silent: no global alert). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return bodyMessage(error) ?? INCORRECT_CREDENTIALS_MESSAGE;
    if (error.status === 429) return bodyMessage(error) ?? RATE_LIMITED_MESSAGE;
    return bodyMessage(error) ?? error.message;
  }
  return error instanceof Error && error.message ? error.message : 'Sign-in failed. Please try again.';
}

export interface LoginFormProps {
  onSignedIn: () => void;
  /** The password was right and a code was mailed: go to the verification page of `uuid`. */
  onMfaRequired: (uuid: string) => void;
  /** The token endpoint answered 419: go to login.password. */
  onPasswordExpired: () => void;
}

export function LoginForm({ onSignedIn, onMfaRequired, onPasswordExpired }: LoginFormProps) {
  const login = useLogin();
  const [values, setValues] = useState<LoginCredentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const update = (field: keyof LoginCredentials) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const found = validateCredentials(values);
    setErrors(found);
    if (found.username || found.password) {
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    const username = values.username.trim();
    login.mutate(
      { username, password: values.password },
      {
        onSuccess: (answer) => {
          if (answer.kind === 'signed-in') return onSignedIn();
          // The next pages know the email from this tab's session storage (never the password).
          rememberLoginEmail(username);
          onMfaRequired(answer.uuid);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 419) {
            rememberLoginEmail(username);
            onPasswordExpired();
          }
        },
      },
    );
  };

  const expired = login.error instanceof ApiError && login.error.status === 419;
  const failure = login.isError && !expired ? loginErrorMessage(login.error) : null;

  return (
    <form onSubmit={submit} noValidate aria-describedby={failure ? 'login-error' : undefined}>
      <Stack gap="md">
        {failure ? (
          <Alert
            id="login-error"
            role="alert"
            color="danger"
            variant="light"
            title="Sign-in failed"
            icon={<AlertIcon />}
          >
            {failure}
          </Alert>
        ) : null}
        <TextInput
          ref={usernameRef}
          label="Email"
          name="username"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          aria-required
          value={values.username}
          onChange={update('username')}
          error={errors.username}
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete="current-password"
          withAsterisk
          aria-required
          value={values.password}
          onChange={update('password')}
          error={errors.password}
        />
        <Button
          type="submit"
          kind="primary"
          size="large"
          fullWidth
          loading={login.isPending}
          disabled={login.isPending}
        >
          Log in
        </Button>
        <Text size="sm" ta="center">
          New to Parity?{' '}
          <Anchor component={Link} to="/signup">
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
