import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { type SignupAccount, useSignupAccount } from '../api/organization';

/**
 * The signed-in account on a /signup/processing/{accountId} step. A link with another account's
 * id is corrected to the signed-in one; the API only ever acts on the signed-in account.
 */
export function useStepAccount() {
  const { accountId } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const account = useSignupAccount();
  const data: SignupAccount | undefined = account.data;

  useEffect(() => {
    if (data && String(data.id) !== accountId) {
      navigate(pathname.replace(`/processing/${accountId}/`, `/processing/${data.id}/`), { replace: true });
    }
  }, [data, accountId, pathname, navigate]);

  return account;
}
