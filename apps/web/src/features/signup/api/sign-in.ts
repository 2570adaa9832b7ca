import { WEB_CLIENT_ID } from '@parity/domain/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setTokens } from '../../../lib/token-storage';

export interface SignInInput {
  email: string;
  password: string;
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  mfa_verification_required?: boolean;
}

/**
 * The password grant, for the sign-up steps that sign the new person in (after verification,
 * after accepting an invitation). Silent and without retries: failures show inline.
 */
export async function signIn({ email, password }: SignInInput): Promise<void> {
  const answer = await api.post<TokenAnswer | undefined>(
    '/api/oauth/token/',
    { grant_type: 'password', username: email, password, client_id: WEB_CLIENT_ID },
    { encoding: 'form', silent: true, retries: 0 },
  );
  if (answer?.access_token && answer.refresh_token) {
    setTokens({ access_token: answer.access_token, refresh_token: answer.refresh_token });
    return;
  }
  if (answer?.mfa_verification_required) {
    throw new Error('This account uses two-factor sign-in: please sign in from the login page.');
  }
  throw new Error('The sign-in answer held no token. Please try again.');
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
