import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { PasswordField } from '../../../components/password-field/password-field';
import { useUpdateAfterExpiry } from '../api/passwords';
import { AuthPageHeader } from '../components/auth-page-header';
import { FormError } from '../components/form-error';
import {
  NewPasswordFields,
  type NewPasswordValues,
  newPasswordErrors,
  REQUIRED,
} from '../components/new-password-fields';
import { apiFieldErrors, apiMessage } from '../lib/api-errors';
import { forgetLoginEmail, pendingLoginEmail } from '../lib/pending-login';
import { LOGIN_PATH, REDIRECT_PARAM, safeRedirectPath } from '../lib/redirect';

type Field = 'email' | 'old_password' | keyof NewPasswordValues;
const FIELDS: readonly Field[] = ['email', 'old_password', 'new_password', 'new_password_confirmation'];
export const PASSWORD_UPDATED = 'Password updated';

/** /login/password (named route login.password): after a 419, a new password, then the dashboard. */
export function PasswordRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? '/';
  const [values, setValues] = useState({
    email: pendingLoginEmail(),
    old_password: '',
    new_password: '',
    new_password_confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const refs = {
    email: useRef<HTMLInputElement>(null),
    old_password: useRef<HTMLInputElement>(null),
    new_password: useRef<HTMLInputElement>(null),
    new_password_confirmation: useRef<HTMLInputElement>(null),
  };
  const update = useUpdateAfterExpiry();

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
    if (update.isPending) return;
    const found: Partial<Record<Field, string>> = {
      ...(values.email.trim() ? {} : { email: REQUIRED }),
      ...(values.old_password ? {} : { old_password: REQUIRED }),
      ...newPasswordErrors(values),
    };
    if (!found.new_password && values.new_password === values.old_password) {
      found.new_password = 'The new password must be different from the current one.';
    }
    setErrors(found);
    if (Object.values(found).some(Boolean)) return focusFirst(found);
    setFormError(null);
    update.mutate(
      { ...values, email: values.email.trim() },
      {
        onSuccess: (result) => {
          const query = target === '/' ? '' : `?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`;
          if (result.kind === 'mfa-required') {
            navigate(`${LOGIN_PATH}/verification/${encodeURIComponent(result.uuid)}${query}`, {
              replace: true,
            });
            return;
          }
          forgetLoginEmail();
          alertStore.add({ type: 'success', title: PASSWORD_UPDATED, description: 'You are now logged in.' });
          navigate(target, { replace: true });
        },
        onError: (error) => {
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
      <AuthPageHeader title="Update your password">
        Your password has expired. Choose a new one to continue to Parity.
      </AuthPageHeader>
      <form onSubmit={onSubmit} noValidate aria-describedby={formError ? 'password-error' : undefined}>
        <Stack gap="md">
          <FormError id="password-error" title="Password not updated" message={formError} />
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
          <PasswordField
            ref={refs.old_password}
            label="Current password"
            name="old_password"
            autoComplete="current-password"
            withAsterisk
            aria-required
            value={values.old_password}
            onChange={(event) => change('old_password', event.currentTarget.value)}
            error={errors.old_password}
            toggleLabel="Show characters of the current one"
          />
          <NewPasswordFields
            values={values}
            errors={errors}
            onChange={change}
            newPasswordRef={refs.new_password}
            confirmationRef={refs.new_password_confirmation}
          />
          <Button type="submit" kind="primary" size="large" fullWidth loading={update.isPending}>
            Update password
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

export { PasswordRoute as Component };
