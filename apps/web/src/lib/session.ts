import { WEB_CLIENT_ID } from '@parity/domain/constants';
import { closeAllDialogs } from '../components/dialog/dialog-store';
import { resolveApiUrl } from './api-url';
import { cache, staticCache } from './cache';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './token-storage';

/**
 * Session of spec section 4 (Auth): logout clears tokens, caches and user data and goes to the
 * login page; a failed token refresh logs out. The session calls use fetch directly (not the API
 * client) so a refresh can never recurse into the client's own 401 handling.
 */

export const LOGIN_PATH = '/login';
const SESSION_REQUEST_TIMEOUT_MS = 30_000;

type Listener = () => void;
const listeners = new Set<Listener>();
let refreshing: Promise<boolean> | null = null;

/**
 * Registers a logout listener (router navigation to /login, QueryClient.clear, user stores).
 * Returns the function that unregisters it.
 */
export function onLogout(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function revokeOnServer(refreshToken: string, accessToken: string | null) {
  try {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
    };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    fetch(resolveApiUrl('/api/oauth/logout'), {
      method: 'POST',
      credentials: 'omit',
      keepalive: true,
      headers,
      body: JSON.stringify({ refresh_token: refreshToken }),
    }).catch(() => {
      // Best effort: the refresh token expires on its own.
    });
  } catch {
    // fetch unavailable: nothing to revoke.
  }
}

/**
 * Signs out locally (always) and revokes the refresh token on the server (best effort).
 * Navigation to /login is done by the registered listeners (the router); with no listener
 * registered, the page is sent to /login directly.
 */
export function logout(): void {
  const refreshToken = getRefreshToken();
  const accessToken = getAccessToken();
  clearTokens();
  if (refreshToken) revokeOnServer(refreshToken, accessToken);
  cache.clear();
  staticCache.clear();
  closeAllDialogs();
  if (listeners.size === 0) {
    if (typeof window !== 'undefined' && window.location.pathname !== LOGIN_PATH) {
      window.location.assign(LOGIN_PATH);
    }
    return;
  }
  for (const listener of [...listeners]) {
    try {
      listener();
    } catch (error) {
      console.error('A logout listener failed', error);
    }
  }
}

function isTokenPair(body: unknown): body is { access_token: string; refresh_token: string } {
  if (typeof body !== 'object' || body === null) return false;
  const { access_token, refresh_token } = body as Record<string, unknown>;
  return typeof access_token === 'string' && access_token !== '' && typeof refresh_token === 'string';
}

async function requestNewTokens(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    logout();
    return false;
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SESSION_REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(resolveApiUrl('/api/oauth/refresh'), {
      method: 'POST',
      credentials: 'omit',
      signal: controller.signal,
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: WEB_CLIENT_ID,
      }).toString(),
    });
    if (!response.ok) throw new Error(`Token refresh failed with status ${response.status}`);
    const body: unknown = await response.json();
    if (!isTokenPair(body)) throw new Error('Token refresh answered without a token pair');
    setTokens({ access_token: body.access_token, refresh_token: body.refresh_token });
    return true;
  } catch (error) {
    console.error('Token refresh failed; logging out', error);
    logout();
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Exchanges the stored refresh token for a new pair. Concurrent callers share one request:
 * refresh tokens rotate, and sending the same one twice would revoke the whole family.
 * Resolves false (after logging out) when the refresh fails.
 */
export function refreshSession(): Promise<boolean> {
  if (!refreshing) {
    refreshing = requestNewTokens().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}
