import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { ZMfaCodeForm } from '@parity/domain/auth';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { apiErrorMessage, applyApiErrors } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { alertRequiredFields } from '../../../components/form/required-alert';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useResendMfaCode, useSubmitMfaCode } from '../api/mfa';
import { AuthPageHeader } from '../components/auth-page-header';
import { apiErrorCode } from '../lib/api-errors';
import { forgetLoginEmail, pendingLoginEmail, rememberLoginEmail } from '../lib/pending-login';
import { LOGIN_PATH, REDIRECT_PARAM, safeRedirectPath } from '../lib/redirect';

export const VERIFICATION_COMPLETED = 'Verification completed';
export const EMAIL_SENT = 'Email sent';
/** The verification's required arguments, named in the 'Error' alert when empty (spec 8). */
export const VERIFICATION_LABELS = { email: 'Email', code: 'Verification code' };

/** /login/verification/{uuid}: the 6-digit code mailed for a two-factor sign-in, then the dashboard. */
export function VerificationRoute() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? '/';
  const knownEmail = pendingLoginEmail();
  const form = useSchemaForm(ZMfaCodeForm, { initialValues: { email: knownEmail, code: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [resent, setResent] = useState(false);
  const submit = useSubmitMfaCode();
  const resend = useResendMfaCode();
  const email = form.values.email.trim();

  const onSubmit = form.onSubmit(({ code }) => {
    if (submit.isPending) return;
    setFormError(null);
    submit.mutate(
      { uuid, email, code: code.replace(/\s+/g, '') },
      {
        onSuccess: () => {
          forgetLoginEmail();
          alertStore.add({ type: 'success', title: VERIFICATION_COMPLETED });
          navigate(target, { replace: true });
        },
        onError: (error) => {
          if (apiErrorCode(error) === 'verification_expired') setEnded(true);
          // Only a wrong code belongs to a field; anything else is the form's.
          const field =
            apiErrorCode(error) === 'invalid_code'
              ? (path: string) => (path === 'code' ? path : null)
              : () => null;
          setFormError(applyApiErrors(error, form, { field, focus: true }));
        },
      },
    );
  }, alertRequiredFields(VERIFICATION_LABELS));

  const onResend = () => {
    if (form.validateField('email').hasError) {
      form.getInputNode('email')?.focus();
      return;
    }
    setFormError(null);
    rememberLoginEmail(email);
    resend.mutate(
      { uuid, email },
      {
        onSuccess: () => {
          setResent(true);
          form.setFieldValue('code', '');
          form.clearErrors();
          alertStore.add({ type: 'success', title: EMAIL_SENT, description: 'A new code is on its way.' });
          form.getInputNode('code')?.focus();
        },
        onError: (error) => setFormError(apiErrorMessage(error)),
      },
    );
  };

  return (
    <Stack gap="lg">
      <AuthPageHeader title="Two-factor verification">
        We emailed a 6-digit code{knownEmail ? ` to ${knownEmail}` : ''}. Enter it to finish logging in; it
        expires in 10 minutes.
      </AuthPageHeader>
      <form onSubmit={onSubmit} noValidate aria-describedby={formError ? 'verification-error' : undefined}>
        <Stack gap="md">
          <FormError id="verification-error" title="Verification failed">
            {formError}
          </FormError>
          {ended ? (
            <Text size="sm">
              <Anchor component={Link} to={LOGIN_PATH}>
                Log in again
              </Anchor>{' '}
              to get a new code.
            </Text>
          ) : null}
          {knownEmail ? null : (
            <TextInput
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              withAsterisk
              aria-required
              {...form.getInputProps('email')}
            />
          )}
          <TextInput
            label="Verification code"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            withAsterisk
            aria-required
            description="The 6 digits from the email"
            {...form.getInputProps('code')}
          />
          {resent ? (
            <Text size="sm" role="status">
              If a verification is waiting for that account, we sent it a new code.
            </Text>
          ) : null}
          <Button type="submit" kind="primary" size="large" fullWidth loading={submit.isPending}>
            Verify
          </Button>
          <Button type="button" kind="tertiary" size="medium" onClick={onResend} loading={resend.isPending}>
            Send a new code
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

export { VerificationRoute as Component };
