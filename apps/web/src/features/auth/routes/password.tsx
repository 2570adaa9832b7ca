import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { ZUpdateAfterExpiryForm, ZUpdateAfterExpiryTicketForm } from '@parity/domain/auth';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { apiErrorMessage, applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { alertRequiredFields } from '../../../components/form/required-alert';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { PasswordField } from '../../../components/password-field/password-field';
import { ApiError } from '../../../lib/api-client';
import { type UpdateAfterExpiryResult, useUpdateAfterExpiry } from '../api/passwords';
import { AuthPageHeader } from '../components/auth-page-header';
import { NewPasswordFields } from '../components/new-password-fields';
import { forgetLoginEmail, pendingLoginEmail } from '../lib/pending-login';
import { LOGIN_PATH, REDIRECT_PARAM, safeRedirectPath } from '../lib/redirect';

export const PASSWORD_UPDATED = 'Password updated';
/** The password update's required arguments, named in the 'Error' alert when empty (spec 8). */
export const PASSWORD_UPDATE_LABELS = {
  email: 'Email',
  old_password: 'Current password',
  new_password: 'New password',
  new_password_confirmation: 'Confirm new password',
};

/** After the change: the page asked for (signed in), or the two-factor step. */
function useContinue() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? '/';
  return (result: UpdateAfterExpiryResult) => {
    const query = target === '/' ? '' : `?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`;
    if (result.kind === 'mfa-required') {
      navigate(`${LOGIN_PATH}/verification/${encodeURIComponent(result.uuid)}${query}`, { replace: true });
      return;
    }
    forgetLoginEmail();
    alertStore.add({ type: 'success', title: PASSWORD_UPDATED, description: 'You are now logged in.' });
    navigate(target, { replace: true });
  };
}

/**
 * /login/password (named route login.password): after a 419, a new password, then the dashboard.
 * With the 419's ticket (this history entry's state) only the new password is asked: the login has
 * just proved the old one. Without it (a reload, a spent ticket), the email and old password too.
 */
export function PasswordRoute() {
  const passed = (useLocation().state as { ticket?: unknown } | null)?.ticket;
  const [ticket, setTicket] = useState(typeof passed === 'string' ? passed : null);
  const [spent, setSpent] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <AuthPageHeader title="Update your password">
        Your password has expired. Choose a new one to continue to Parity.
      </AuthPageHeader>
      {ticket ? (
        <TicketForm
          ticket={ticket}
          onSpent={(message) => {
            setSpent(message);
            setTicket(null);
          }}
        />
      ) : (
        <CredentialsForm notice={spent} />
      )}
    </Stack>
  );
}

function TicketForm({ ticket, onSpent }: { ticket: string; onSpent: (message: string) => void }) {
  const done = useContinue();
  const email = pendingLoginEmail();
  const form = useSchemaForm(ZUpdateAfterExpiryTicketForm, {
    initialValues: { new_password: '', new_password_confirmation: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateAfterExpiry();
  const onSubmit = form.onSubmit((values) => {
    if (update.isPending) return;
    setFormError(null);
    update.mutate(
      { ticket, ...values },
      {
        onSuccess: done,
        onError: (error) => {
          // Expired or used: the form asks for the email and old password instead.
          const body = error instanceof ApiError ? (error.body as { error?: unknown } | null) : null;
          if (body?.error === 'invalid_ticket') onSpent(apiErrorMessage(error));
          else setFormError(applyApiErrors(error, form, { focus: true }));
        },
      },
    );
  }, alertRequiredFields(PASSWORD_UPDATE_LABELS));
  return (
    <PasswordUpdateForm onSubmit={onSubmit} formError={formError} pending={update.isPending}>
      {email ? <Text size="sm">{`A new password for ${email}.`}</Text> : null}
      <NewPasswordFields inputProps={form.getInputProps} />
    </PasswordUpdateForm>
  );
}

function CredentialsForm({ notice }: { notice: string | null }) {
  const done = useContinue();
  const form = useSchemaForm(ZUpdateAfterExpiryForm, {
    initialValues: {
      email: pendingLoginEmail(),
      old_password: '',
      new_password: '',
      new_password_confirmation: '',
    },
  });
  const [formError, setFormError] = useState<string | null>(notice);
  const update = useUpdateAfterExpiry();

  const onSubmit = form.onSubmit((values) => {
    if (update.isPending) return;
    setFormError(null);
    update.mutate(
      { ...values, email: values.email.trim() },
      { onSuccess: done, onError: (error) => setFormError(applyApiErrors(error, form, { focus: true })) },
    );
  }, alertRequiredFields(PASSWORD_UPDATE_LABELS));

  return (
    <PasswordUpdateForm onSubmit={onSubmit} formError={formError} pending={update.isPending}>
      <TextInput
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        withAsterisk
        aria-required
        {...form.getInputProps('email')}
      />
      <PasswordField
        label="Current password"
        name="old_password"
        autoComplete="current-password"
        withAsterisk
        aria-required
        {...form.getInputProps('old_password')}
        toggleLabel="Show characters of the current one"
      />
      <NewPasswordFields inputProps={form.getInputProps} />
    </PasswordUpdateForm>
  );
}

/** Both forms' frame: the API's reason, the fields, Update password and the way back. */
function PasswordUpdateForm({
  onSubmit,
  formError,
  pending,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  formError: string | null;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={formError ? 'password-error' : undefined}>
      <Stack gap="md">
        <FormError id="password-error" title="Password not updated">
          {formError}
        </FormError>
        {children}
        <Button type="submit" kind="primary" size="large" fullWidth loading={pending}>
          Update password
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={LOGIN_PATH}>
            Back to log in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

export { PasswordRoute as Component };
