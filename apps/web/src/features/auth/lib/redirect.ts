export const LOGIN_PATH = '/login';
/** The named route login.password (spec 2): a new password after a 419. */
export const LOGIN_PASSWORD_PATH = '/login/password';
export const REDIRECT_PARAM = 'redirect';

/**
 * The redirect target if it is a path of this app: starts with one slash, no scheme, no
 * protocol-relative `//` or `/\` (which browsers read as another host), not the login page itself.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, 'http://parity.invalid');
    if (url.origin !== 'http://parity.invalid') return null;
    if (url.pathname === LOGIN_PATH || url.pathname.startsWith(`${LOGIN_PATH}/`)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** /login, with `?redirect=` back to where the user was unless that is the dashboard or a sign-in page. */
export function loginPathFor(location?: { pathname: string; search?: string; hash?: string }): string {
  if (!location) return LOGIN_PATH;
  const target = safeRedirectPath(`${location.pathname}${location.search ?? ''}${location.hash ?? ''}`);
  if (!target || target === '/') return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}`;
}
