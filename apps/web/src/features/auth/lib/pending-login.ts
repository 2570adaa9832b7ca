/**
 * The email of a sign-in in progress, carried from /login to the two-factor and expired-password
 * pages in sessionStorage (this tab only, gone when it closes). Never the password.
 */
export const PENDING_EMAIL_KEY = 'parity.login.email';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function rememberLoginEmail(email: string): void {
  try {
    storage()?.setItem(PENDING_EMAIL_KEY, email);
  } catch {
    // Blocked storage: the pages then ask for the email.
  }
}

export function pendingLoginEmail(): string {
  try {
    return storage()?.getItem(PENDING_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export function forgetLoginEmail(): void {
  try {
    storage()?.removeItem(PENDING_EMAIL_KEY);
  } catch {
    // Nothing to forget.
  }
}
