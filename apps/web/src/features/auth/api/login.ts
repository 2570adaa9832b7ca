import { WEB_CLIENT_ID } from '@parity/domain/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setTokens } from '../../../lib/token-storage';

export interface LoginCredentials {
  username: string;
  password: string;
}

/** What POST /api/oauth/token/ answers (spec section 7): a token pair, or the MFA flag. */
export interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  mfa_verification_required?: boolean;
  /** The two-factor challenge (with mfa_verification_required). */
  uuid?: string;
}

export type LoginResult = { kind: 'signed-in' } | { kind: 'mfa-required'; uuid: string };

/**
 * The password grant of the first-party web client. Silent: the login form shows failures
 * inline. No retries: replaying a refused sign-in only spends the rate limit.
 */
export async function loginWithPassword({ username, password }: LoginCredentials): Promise<LoginResult> {
  const response = await api.post<TokenResponse | undefined>(
    '/api/oauth/token/',
    { grant_type: 'password', username, password, client_id: WEB_CLIENT_ID },
    { encoding: 'form', silent: true, retries: 0 },
  );
  if (response?.mfa_verification_required && response.uuid)
    return { kind: 'mfa-required', uuid: response.uuid };
  if (response?.access_token && response.refresh_token) {
    setTokens({ access_token: response.access_token, refresh_token: response.refresh_token });
    return { kind: 'signed-in' };
  }
  throw new Error('The sign-in answer held no token. Please try again.');
}

export function useLogin() {
  return useMutation({ mutationFn: loginWithPassword });
}
