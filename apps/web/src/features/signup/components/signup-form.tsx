import { Stack, TextInput } from '@mantine/core';
import { PASSWORD_RULE_MESSAGE } from '@parity/domain/auth';
import { type TSignupRequest, ZSignupRequest } from '@parity/domain/signup';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/button/button';
import { PasswordField } from '../../../components/password-field/password-field';
import { useStartSignup } from '../api/sign-up';
import { apiFieldErrors, errorMessage, type FieldErrors, validate } from '../lib/form';
import { FormError } from './form-error';

type Field = keyof TSignupRequest;
const FIELDS: readonly Field[] = ['name', 'lastname', 'email', 'password'];

export interface SignupFormProps {
  onStarted: (email: string) => void;
}

/** The sign-up form: name, last name, email and a password that follows the rule of spec 5. */
export function SignupForm({ onStarted }: SignupFormProps) {
  const signup = useStartSignup();
  const [values, setValues] = useState<TSignupRequest>({ name: '', lastname: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const refs = {
    name: useRef<HTMLInputElement>(null),
    lastname: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showErrors = (found: FieldErrors<Field>) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) refs[first].current?.focus();
    return first !== undefined;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signup.isPending) return;
    if (showErrors(validate<Field>(ZSignupRequest, values))) return;
    signup.mutate(values, {
      onSuccess: () => onStarted(values.email.trim()),
      onError: (error) => showErrors(apiFieldErrors(error, FIELDS)),
    });
  };

  const failure = signup.isError && !Object.values(errors).some(Boolean) ? errorMessage(signup.error) : null;

  return (
    <form onSubmit={submit} noValidate aria-describedby={failure ? 'signup-error' : undefined}>
      <Stack gap="md">
        {failure ? (
          <FormError id="signup-error" title="Sign-up failed">
            {failure}
          </FormError>
        ) : null}
        <TextInput
          ref={refs.name}
          label="First name"
          name="name"
          autoComplete="given-name"
          withAsterisk
          aria-required
          value={values.name}
          onChange={update('name')}
          error={errors.name}
        />
        <TextInput
          ref={refs.lastname}
          label="Last name"
          name="lastname"
          autoComplete="family-name"
          withAsterisk
          aria-required
          value={values.lastname}
          onChange={update('lastname')}
          error={errors.lastname}
        />
        <TextInput
          ref={refs.email}
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          aria-required
          value={values.email}
          onChange={update('email')}
          error={errors.email}
        />
        <PasswordField
          ref={refs.password}
          label="Password"
          name="password"
          autoComplete="new-password"
          description={errors.password ? undefined : PASSWORD_RULE_MESSAGE}
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
          loading={signup.isPending}
          disabled={signup.isPending}
        >
          Create account
        </Button>
      </Stack>
    </form>
  );
}
