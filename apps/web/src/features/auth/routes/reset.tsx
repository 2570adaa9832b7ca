import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { useResetPassword } from '../api/passwords';
import { AuthPageHeader } from '../components/auth-page-header';
import { FormError } from '../components/form-error';
import {
  NewPasswordFields,
  type NewPasswordValues,
  newPasswordErrors,
  REQUIRED,
} from '../components/new-password-fields';
import { apiErrorCode, apiFieldErrors, apiMessage } from '../lib/api-errors';
import { pendingLoginEmail } from '../lib/pending-login';
import { LOGIN_PATH } from '../lib/redirect';

type Field = 'email' | keyof NewPasswordValues;
const FIELDS: readonly Field[] = ['email', 'new_password', 'new_password_confirmation'];

/** /login/reset/{uuid}: the mailed link; a new password, then the user logs in with it. */
export function ResetRoute() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const [values, setValues] = useState({
    email: pendingLoginEmail(),
    new_password: '',
    new_password_confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [linkEnded, setLinkEnded] = useState(false);
  const refs = {
    email: useRef<HTMLInputElement>(null),
    new_password: useRef<HTMLInputElement>(null),
    new_password_confirmation: useRef<HTMLInputElement>(null),
  };
  const reset = useResetPassword();

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirst = (found: Partial<Record<Field, string>>) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) refs[first].current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const found: Partial<Record<Field, string>> = {
      ...(values.email.trim() ? {} : { email: REQUIRED }),
      ...newPasswordErrors(values),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return focusFirst(found);
    setFormError(null);
    reset.mutate(
      { ...values, email: values.email.trim(), token: uuid },
      {
        onSuccess: (message) => {
          alertStore.add({ type: 'success', title: 'Success!', description: message });
          navigate(LOGIN_PATH, { replace: true });
        },
        onError: (error) => {
          if (apiErrorCode(error) === 'invalid_token') setLinkEnded(true);
          const fields = apiFieldErrors(error, FIELDS);
          if (Object.keys(fields).length) {
            setErrors(fields);
            focusFirst(fields);
          } else setFormError(apiMessage(error));
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <AuthPageHeader title="Reset your password">
        Choose a new password for your Parity account. Every device signed in to it will be logged out.
      </AuthPageHeader>
      <form onSubmit={onSubmit} noValidate aria-describedby={formError ? 'reset-error' : undefined}>
        <Stack gap="md">
          <FormError id="reset-error" title="Password not reset" message={formError} />
          {linkEnded ? (
            <Text size="sm">
              <Anchor component={Link} to={`${LOGIN_PATH}/forgot`}>
                Ask for a new link
              </Anchor>
            </Text>
          ) : null}
          <TextInput
            ref={refs.email}
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            withAsterisk
            aria-required
            value={values.email}
            onChange={(event) => change('email', event.currentTarget.value)}
            error={errors.email}
          />
          <NewPasswordFields
            values={values}
            errors={errors}
            onChange={change}
            newPasswordRef={refs.new_password}
            confirmationRef={refs.new_password_confirmation}
          />
          <Button type="submit" kind="primary" size="large" fullWidth loading={reset.isPending}>
            Reset password
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

export { ResetRoute as Component };
