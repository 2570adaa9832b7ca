import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { ZPasswordResetForm } from '@parity/domain/auth';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { alertRequiredFields } from '../../../components/form/required-alert';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useResetPassword } from '../api/passwords';
import { AuthPageHeader } from '../components/auth-page-header';
import { NewPasswordFields } from '../components/new-password-fields';
import { apiErrorCode } from '../lib/api-errors';
import { pendingLoginEmail } from '../lib/pending-login';
import { LOGIN_PATH } from '../lib/redirect';

/** The reset's required arguments, named in the 'Error' alert when empty (spec 8). */
export const RESET_LABELS = {
  email: 'Email',
  new_password: 'New password',
  new_password_confirmation: 'Confirm new password',
};

/** /login/reset/{uuid}: the mailed link; a new password, then the user logs in with it. */
export function ResetRoute() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const form = useSchemaForm(ZPasswordResetForm, {
    initialValues: { email: pendingLoginEmail(), new_password: '', new_password_confirmation: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [linkEnded, setLinkEnded] = useState(false);
  const reset = useResetPassword();

  const onSubmit = form.onSubmit((values) => {
    if (reset.isPending) return;
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
          setFormError(applyApiErrors(error, form, { focus: true }));
        },
      },
    );
  }, alertRequiredFields(RESET_LABELS));

  return (
    <Stack gap="lg">
      <AuthPageHeader title="Reset your password">
        Choose a new password for your Parity account. Every device signed in to it will be logged out.
      </AuthPageHeader>
      <form onSubmit={onSubmit} noValidate aria-describedby={formError ? 'reset-error' : undefined}>
        <Stack gap="md">
          <FormError id="reset-error" title="Password not reset">
            {formError}
          </FormError>
          {linkEnded ? (
            <Text size="sm">
              <Anchor component={Link} to={`${LOGIN_PATH}/forgot`}>
                Ask for a new link
              </Anchor>
            </Text>
          ) : null}
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
          <NewPasswordFields inputProps={form.getInputProps} />
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
