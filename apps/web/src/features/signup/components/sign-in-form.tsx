import { Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/button/button';
import { PasswordField } from '../../../components/password-field/password-field';
import { useSignIn } from '../api/sign-in';
import { errorMessage } from '../lib/form';
import { FormError } from './form-error';

export interface SignInFormProps {
  initialEmail?: string;
  onSignedIn: () => void | Promise<void>;
}

/** Email and password, to sign a newly verified person in and carry on with sign-up. */
export function SignInForm({ initialEmail = '', onSignedIn }: SignInFormProps) {
  const signIn = useSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [continuing, setContinuing] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || continuing) return;
    const found = {
      email: email.trim() ? undefined : 'Email is required',
      password: password ? undefined : 'Password is required',
    };
    setErrors(found);
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    signIn.mutate(
      { email: email.trim(), password },
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
  };

  const failure = signIn.isError ? errorMessage(signIn.error, 'Sign-in failed. Please try again.') : null;
  const busy = signIn.isPending || continuing;

  return (
    <form onSubmit={submit} noValidate aria-describedby={failure ? 'signin-error' : undefined}>
      <Stack gap="md">
        {failure ? (
          <FormError id="signin-error" title="Sign-in failed">
            {failure}
          </FormError>
        ) : null}
        <TextInput
          ref={emailRef}
          label="Email"
          name="username"
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          aria-required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete="current-password"
          withAsterisk
          aria-required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" kind="primary" size="large" fullWidth loading={busy} disabled={busy}>
          Sign in and continue
        </Button>
      </Stack>
    </form>
  );
}
