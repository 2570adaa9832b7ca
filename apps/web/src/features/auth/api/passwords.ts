import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setTokens } from '../../../lib/token-storage';
import type { TokenResponse } from './login';

/** POST /api/passwords/email {email}: the answer is the same whether or not the email has an account. */
export async function requestResetLink({ email }: { email: string }): Promise<string> {
  const answer = await api.post<{ message?: string } | undefined>(
    '/api/passwords/email',
    { email },
    { silent: true, retries: 0 },
  );
  return answer?.message ?? 'If an account exists for that email, we sent a link.';
}

export function useRequestResetLink() {
  return useMutation({ mutationFn: requestResetLink });
}

export interface ResetPasswordInput {
  email: string;
  token: string;
  new_password: string;
  new_password_confirmation: string;
}

/** POST /api/passwords/reset {email, new_password, token}: every session ends; the user logs in again. */
export async function resetPassword(input: ResetPasswordInput): Promise<string> {
  const answer = await api.post<{ message?: string } | undefined>('/api/passwords/reset', input, {
    silent: true,
    retries: 0,
  });
  return answer?.message ?? 'Your password has been reset. You can now log in with the new password.';
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** The 419's ticket (no second asking), or the email and the old password; and the new one. */
export type UpdateAfterExpiryInput = ({ ticket: string } | { email: string; old_password: string }) & {
  new_password: string;
  new_password_confirmation: string;
};

export type UpdateAfterExpiryResult = { kind: 'signed-in' } | { kind: 'mfa-required'; uuid: string };

/**
 * POST /api/password/update-after-expiry: answers `{token}` (the pair: signed in at once), or the
 * two-factor step for an account that has it.
 */
export async function updateAfterExpiry(input: UpdateAfterExpiryInput): Promise<UpdateAfterExpiryResult> {
  const answer = await api.post<
    { token?: TokenResponse; mfa_verification_required?: boolean; uuid?: string } | undefined
  >('/api/password/update-after-expiry', input, { silent: true, retries: 0 });
  if (answer?.mfa_verification_required && answer.uuid) return { kind: 'mfa-required', uuid: answer.uuid };
  const token = answer?.token;
  if (token?.access_token && token.refresh_token) {
    setTokens({ access_token: token.access_token, refresh_token: token.refresh_token });
    return { kind: 'signed-in' };
  }
  throw new Error('The answer held no token. Please log in with your new password.');
}

export function useUpdateAfterExpiry() {
  return useMutation({ mutationFn: updateAfterExpiry });
}

export interface UpdatePasswordInput {
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
}

/**
 * POST /api/passwords/update (signed in; the profile settings page): every other session ends and
 * the answer is a fresh pair, stored here so this tab stays signed in.
 */
export async function updatePassword(input: UpdatePasswordInput): Promise<void> {
  const pair = await api.post<TokenResponse | undefined>('/api/passwords/update', input, {
    silent: true,
    retries: 0,
  });
  if (pair?.access_token && pair.refresh_token) {
    setTokens({ access_token: pair.access_token, refresh_token: pair.refresh_token });
  }
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}

/** PUT /api/user-account/deactivate: the account ends with every session; the caller then logs out. */
export async function deactivateAccount(): Promise<void> {
  await api.put('/api/user-account/deactivate', undefined, { retries: 0 });
}
