import { SIGNUP_TOKEN_HEADER } from '@parity/domain/signup';

/**
 * The sign-up token the verification link answered: the proof that lets the sign-up steps
 * (join or create an organization, see where the sign-up ended) act on the account without a
 * sign-in. Kept for this tab only (sessionStorage), per account; the API refuses it after an hour.
 */
const keyOf = (accountId: number | string) => `parity.signup-token.${accountId}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function storeSignupToken(accountId: number, token: string): void {
  try {
    storage()?.setItem(keyOf(accountId), token);
  } catch {
    // Storage full or blocked: the steps then ask for a sign-in.
  }
}

export function signupToken(accountId: number | string | undefined): string | null {
  if (accountId === undefined) return null;
  return storage()?.getItem(keyOf(accountId)) ?? null;
}

/** The header that proves the account on a sign-up step, when this tab holds its token. */
export function signupHeaders(accountId: number | string | undefined): Record<string, string> {
  const token = signupToken(accountId);
  return token ? { [SIGNUP_TOKEN_HEADER]: token } : {};
}
