import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { TLoginForm } from '@parity/domain/auth';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button';
import { focusFirstError } from '../../../components/form/use-schema-form';
import { PasswordField } from '../../../components/password-field/password-field';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
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

// /login stays within its script budget: the schema (and zod with it) loads once a field is
// focused, not with the page.
const loadSchema = () => import('@parity/domain/auth').then(({ ZLoginForm }) => schemaResolver(ZLoginForm));

export interface LoginFormProps {
  onSignedIn: () => void;
  /** The password was right and a code was mailed: go to the verification page of `uuid`. */
  onMfaRequired: (uuid: string) => void;
  /** The token endpoint answered 419: go to login.password, with its ticket (the password proved). */
  onPasswordExpired: (ticket: string | null) => void;
}

export function LoginForm({ onSignedIn, onMfaRequired, onPasswordExpired }: LoginFormProps) {
  const login = useLogin();
  const form = useForm<TLoginForm>({
    initialValues: { username: '', password: '' },
    validate: async (values) => (await loadSchema())(values),
  });

  const submit = form.onSubmit(({ username, password }) => {
    if (login.isPending) return;
    username = username.trim();
    login.mutate(
      { username, password },
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
            const ticket = (error.body as { detail?: { ticket?: unknown } } | null)?.detail?.ticket;
            onPasswordExpired(typeof ticket === 'string' ? ticket : null);
          }
        },
      },
    );
  }, focusFirstError);

  const expired = login.error instanceof ApiError && login.error.status === 419;
  const failure = login.isError && !expired ? loginErrorMessage(login.error) : null;

  return (
    <form
      onSubmit={submit}
      onFocus={loadSchema}
      noValidate
      aria-describedby={failure ? 'login-error' : undefined}
    >
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
          label="Email"
          name="username"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          aria-required
          {...form.getInputProps('username')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          withAsterisk
          aria-required
          {...form.getInputProps('password')}
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
