import { Stack, TextInput } from '@mantine/core';
import { type TLoginForm, ZLoginForm } from '@parity/domain/auth';
import { useState } from 'react';
import { Button } from '../../../components/button/button';
import { apiErrorMessage } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { PasswordField } from '../../../components/password-field/password-field';
import { useSignIn } from '../api/sign-in';

export interface SignInFormProps {
  initialEmail?: string;
  onSignedIn: () => void | Promise<void>;
}

/** Email and password, to sign a newly verified person in and carry on with sign-up. */
export function SignInForm({ initialEmail = '', onSignedIn }: SignInFormProps) {
  const signIn = useSignIn();
  const form = useSchemaForm<TLoginForm>(ZLoginForm, {
    initialValues: { username: initialEmail, password: '' },
  });
  const [continuing, setContinuing] = useState(false);

  const submit = form.onSubmit(({ username, password }) => {
    if (signIn.isPending || continuing) return;
    signIn.mutate(
      { email: username.trim(), password },
      {
        onSuccess: async () => {
          setContinuing(true);
          try {
            await onSignedIn();
          } finally {
            setContinuing(false);
          }
        },
      },
    );
  }, focusFirstError);

  const failure = signIn.isError ? apiErrorMessage(signIn.error, 'Sign-in failed. Please try again.') : null;
  const busy = signIn.isPending || continuing;

  return (
    <form onSubmit={submit} noValidate aria-describedby={failure ? 'signin-error' : undefined}>
      <Stack gap="md">
        <FormError id="signin-error" title="Sign-in failed">
          {failure}
        </FormError>
        <TextInput
          label="Email"
          name="username"
          type="email"
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
        <Button type="submit" kind="primary" size="large" fullWidth loading={busy} disabled={busy}>
          Sign in and continue
        </Button>
      </Stack>
    </form>
  );
}
