import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { verifyEmail } from '../api/sign-up';
import { FormError } from '../components/form-error';
import { errorMessage } from '../lib/form';

/** /signup/processing/{accountId}/verification/{uuid}: opens the mailed link, then on to sign in. */
export function ProcessingVerificationRoute() {
  const { accountId = '', uuid = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verifyEmail({ account_id: Number(accountId), token: uuid })
      .then((answer) => {
        showAlert('success', 'Verification completed');
        navigate('/signup/verification2', {
          replace: true,
          state: { accountId: answer.account_id, email: answer.email },
        });
      })
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [accountId, uuid, navigate]);

  return (
    <Stack gap="lg">
      <Title order={1}>Verifying your email address</Title>
      {failure ? (
        <>
          <FormError title="The link did not work">{failure}</FormError>
          <Text size="sm">
            <Anchor component={Link} to="/signup/verification">
              Send a new link
            </Anchor>{' '}
            or{' '}
            <Anchor component={Link} to="/login">
              log in
            </Anchor>{' '}
            if your address is already verified.
          </Text>
        </>
      ) : (
        <Stack align="center" gap="sm" aria-busy="true">
          <Loader aria-hidden="true" />
          <Text role="status">Verifying your email address…</Text>
        </Stack>
      )}
    </Stack>
  );
}

export { ProcessingVerificationRoute as Component };
