import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { CODE_MESSAGE } from '@parity/domain/auth';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { alertStore } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { useResendMfaCode, useSubmitMfaCode } from '../api/mfa';
import { AuthPageHeader } from '../components/auth-page-header';
import { FormError } from '../components/form-error';
import { apiErrorCode, apiFieldErrors, apiMessage } from '../lib/api-errors';
import { forgetLoginEmail, pendingLoginEmail, rememberLoginEmail } from '../lib/pending-login';
import { LOGIN_PATH, REDIRECT_PARAM, safeRedirectPath } from '../lib/redirect';

const REQUIRED = 'Field is empty';
export const VERIFICATION_COMPLETED = 'Verification completed';
export const EMAIL_SENT = 'Email sent';

function codeError(value: string): string | undefined {
  const digits = value.replace(/\s+/g, '');
  if (!digits) return REQUIRED;
  return /^[0-9]{6}$/.test(digits) ? undefined : CODE_MESSAGE;
}

/** /login/verification/{uuid}: the 6-digit code mailed for a two-factor sign-in, then the dashboard. */
export function VerificationRoute() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? '/';
  const knownEmail = pendingLoginEmail();
  const [email, setEmail] = useState(knownEmail);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [resent, setResent] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const submit = useSubmitMfaCode();
  const resend = useResendMfaCode();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    const found = { email: email.trim() ? undefined : REQUIRED, code: codeError(code) };
    setErrors(found);
    if (found.email || found.code) {
      (found.email ? emailRef : codeRef).current?.focus();
      return;
    }
    setFormError(null);
    submit.mutate(
      { uuid, email: email.trim(), code: code.replace(/\s+/g, '') },
      {
        onSuccess: () => {
          forgetLoginEmail();
          alertStore.add({ type: 'success', title: VERIFICATION_COMPLETED });
          navigate(target, { replace: true });
        },
        onError: (error) => {
          const fields = apiFieldErrors(error, ['code', 'email'] as const);
          if (apiErrorCode(error) === 'verification_expired') setEnded(true);
          if (fields.code && apiErrorCode(error) === 'invalid_code') {
            setErrors(fields);
            codeRef.current?.focus();
          } else setFormError(apiMessage(error));
        },
      },
    );
  };

  const onResend = () => {
    if (!email.trim()) {
      setErrors({ email: REQUIRED });
      emailRef.current?.focus();
      return;
    }
    setFormError(null);
    rememberLoginEmail(email.trim());
    resend.mutate(
      { uuid, email: email.trim() },
      {
        onSuccess: () => {
          setResent(true);
          setCode('');
          setErrors({});
          alertStore.add({ type: 'success', title: EMAIL_SENT, description: 'A new code is on its way.' });
          codeRef.current?.focus();
        },
        onError: (error) => setFormError(apiMessage(error)),
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
          <FormError id="verification-error" title="Verification failed" message={formError} />
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
              ref={emailRef}
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              withAsterisk
              aria-required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
            />
          )}
          <TextInput
            ref={codeRef}
            label="Verification code"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            withAsterisk
            aria-required
            description="The 6 digits from the email"
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              if (errors.code) setErrors((current) => ({ ...current, code: undefined }));
            }}
            error={errors.code}
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
