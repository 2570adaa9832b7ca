import { Stack, TextInput } from '@mantine/core';
import { PASSWORD_RULE_HINT } from '@parity/domain/auth';
import { type TSignupRequest, ZSignupRequest } from '@parity/domain/signup';
import { useState } from 'react';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { focusFirstError, useSchemaForm } from '../../../components/form/use-schema-form';
import { PasswordField } from '../../../components/password-field/password-field';
import { useStartSignup } from '../api/sign-up';

export interface SignupFormProps {
  onStarted: (email: string) => void;
}

/** The sign-up form: name, last name, email and a password that follows the rule of spec 5. */
export function SignupForm({ onStarted }: SignupFormProps) {
  const signup = useStartSignup();
  const form = useSchemaForm<TSignupRequest>(ZSignupRequest, {
    initialValues: { name: '', lastname: '', email: '', password: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.onSubmit((values) => {
    if (signup.isPending) return;
    setFailure(null);
    signup.mutate(values, {
      onSuccess: () => onStarted(values.email.trim()),
      onError: (error) => setFailure(applyApiErrors(error, form, { focus: true })),
    });
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate aria-describedby={failure ? 'signup-error' : undefined}>
      <Stack gap="md">
        <FormError id="signup-error" title="Sign-up failed">
          {failure}
        </FormError>
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
        <TextInput
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          aria-required
          {...form.getInputProps('email')}
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
          loading={signup.isPending}
          disabled={signup.isPending}
        >
          Create account
        </Button>
      </Stack>
    </form>
  );
}
