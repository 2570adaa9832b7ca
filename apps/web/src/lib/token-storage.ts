/**
 * The token pair of spec section 3, kept in localStorage under `access_token` and `refresh_token`.
 * Storage may be unavailable (private mode, blocked storage): reads then answer null and writes
 * are dropped, so the app behaves as signed out instead of crashing.
 */

export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    const value = storage()?.getItem(key);
    return value ? value : null;
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return read(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function setTokens({ access_token, refresh_token }: TokenPair): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(ACCESS_TOKEN_KEY, access_token);
    store.setItem(REFRESH_TOKEN_KEY, refresh_token);
  } catch (error) {
    console.error('Could not store the session tokens', error);
  }
}

export function clearTokens(): void {
  const store = storage();
  if (!store) return;
  try {
    store.removeItem(ACCESS_TOKEN_KEY);
    store.removeItem(REFRESH_TOKEN_KEY);
  } catch {
    // Nothing to clear when storage is blocked.
  }
}
