import { Alert, Anchor, Stack, Text, TextInput, Title } from '@mantine/core';
import { ZResendVerificationRequest } from '@parity/domain/signup';
import { Link, useLocation } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { apiErrorMessage } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useResendVerification } from '../api/sign-up';

/** /signup/verification: check your mail, with a way to have the link sent again. */
export function VerificationRoute() {
  const location = useLocation();
  const sentTo = (location.state as { email?: string } | null)?.email ?? '';
  const form = useSchemaForm(ZResendVerificationRequest, { initialValues: { email: sentTo } });
  const resend = useResendVerification();

  const submit = form.onSubmit(({ email }) => {
    if (resend.isPending) return;
    resend.mutate(
      { email: email.trim() },
      { onSuccess: () => showAlert('success', 'Email sent', 'A new verification link is on its way.') },
    );
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Check your email</Title>
        <Text>
          {sentTo
            ? `We sent a link to ${sentTo}. Open it to verify your address and continue.`
            : 'We sent you a link. Open it to verify your address and continue.'}{' '}
          The link is valid for 24 hours.
        </Text>
      </Stack>
      {resend.isSuccess ? (
        <Alert role="status" color="success" variant="light" title="Email sent">
          If an account waits for verification at this address, a new link is on its way. Older links no
          longer work.
        </Alert>
      ) : null}
      {resend.isError ? (
        <FormError title="Could not send the email">{apiErrorMessage(resend.error)}</FormError>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            No email? Check your spam folder, or have the link sent again.
          </Text>
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <Button type="submit" kind="secondary" loading={resend.isPending} disabled={resend.isPending}>
            Send the link again
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/login">
          Back to log in
        </Anchor>
      </Text>
    </Stack>
  );
}

export { VerificationRoute as Component };
