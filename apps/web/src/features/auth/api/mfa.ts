import { WEB_CLIENT_ID } from '@parity/domain/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setTokens } from '../../../lib/token-storage';
import type { TokenResponse } from './login';

export interface MfaSubmitInput {
  uuid: string;
  email: string;
  code: string;
}

/** POST /api/mfa-submit (form, spec 7): the mailed code for the token pair, stored at once. */
export async function submitMfaCode({ uuid, email, code }: MfaSubmitInput): Promise<void> {
  const response = await api.post<TokenResponse | undefined>(
    '/api/mfa-submit',
    { uuid, code, email, username: email, type: 'email', grant_type: 'password', client_id: WEB_CLIENT_ID },
    { encoding: 'form', silent: true, retries: 0 },
  );
  if (!response?.access_token || !response.refresh_token) {
    throw new Error('The verification answer held no token. Please try again.');
  }
  setTokens({ access_token: response.access_token, refresh_token: response.refresh_token });
}

export function useSubmitMfaCode() {
  return useMutation({ mutationFn: submitMfaCode });
}

/** POST /api/mfa-send {email, type}: a new code for this verification. */
export async function resendMfaCode({ uuid, email }: { uuid: string; email: string }): Promise<void> {
  await api.post('/api/mfa-send', { email, type: 'email', uuid }, { silent: true, retries: 0 });
}

export function useResendMfaCode() {
  return useMutation({ mutationFn: resendMfaCode });
}
