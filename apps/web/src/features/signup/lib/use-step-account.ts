import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LOGIN_PATH } from '../../../lib/session';
import { getAccessToken } from '../../../lib/token-storage';
import { useSignupAccount } from '../api/organization';
import { signupToken } from './signup-token';

/**
 * The account of a /signup/processing/{accountId} step: signed in, or proven by the verification
 * link's sign-up token (no sign-in needed). A link with another account's id is corrected to the
 * signed-in one; with neither a sign-in nor a token for this account, the step asks to sign in.
 */
export function useStepAccount() {
  const { accountId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const canAsk = getAccessToken() !== null || signupToken(accountId) !== null;
  const account = useSignupAccount(accountId);
  const data = account.data;

  useEffect(() => {
    if (!canAsk) {
      navigate(LOGIN_PATH, { replace: true });
    } else if (data && String(data.id) !== accountId) {
      navigate(location.pathname.replace(`/processing/${accountId}/`, `/processing/${data.id}/`), {
        replace: true,
      });
    }
  }, [canAsk, data, accountId, location.pathname, navigate]);

  return { account, accountId, signedIn: getAccessToken() !== null };
}
