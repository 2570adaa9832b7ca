import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { apiErrorMessage } from '../../../components/form/api-errors';
import { FormError } from '../../../components/form/form-error';
import { setTokens } from '../../../lib/token-storage';
import { verifyEmail } from '../api/sign-up';
import { storeSignupToken } from '../lib/signup-token';
import { processingPath } from '../lib/texts';

/**
 * /signup/processing/{accountId}/verification/{uuid}: opens the mailed link, signed in by its
 * answer, then on to the organization step (a link opened before: on to sign in).
 */
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
        if (answer.signup_token) {
          // The link proved the address and the answer is a session: on to the organization
          // step and the dashboard without a second sign-in.
          if (answer.token) {
            setTokens({ access_token: answer.token.access_token, refresh_token: answer.token.refresh_token });
          }
          storeSignupToken(answer.account_id, answer.signup_token);
          navigate(processingPath(answer.account_id, 'organization'), { replace: true });
          return;
        }
        // Opened before: the link proves nothing any more, so the next steps need a sign-in.
        navigate('/signup/verification2', {
          replace: true,
          state: { accountId: answer.account_id, email: answer.email },
        });
      })
      .catch((error: unknown) => setFailure(apiErrorMessage(error)));
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
