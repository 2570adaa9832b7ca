import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { getDialogs, openDialog } from '../components/dialog/dialog-store';
import { cache, staticCache } from './cache';
import { logout, onLogout, refreshSession } from './session';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './token-storage';

let fetchMock: Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('token storage', () => {
  it('keeps the pair under access_token and refresh_token', () => {
    setTokens({ access_token: 'a', refresh_token: 'r' });
    expect(window.localStorage.getItem('access_token')).toBe('a');
    expect(window.localStorage.getItem('refresh_token')).toBe('r');
    expect(getAccessToken()).toBe('a');
    expect(getRefreshToken()).toBe('r');
    clearTokens();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });
});

describe('logout', () => {
  it('clears tokens, caches and dialogs, revokes the refresh token and calls the listeners', () => {
    const listener = vi.fn();
    const unsubscribe = onLogout(listener);
    setTokens({ access_token: 'a', refresh_token: 'r' });
    cache.set('user', { id: 1 });
    staticCache.set('dictionary:genders', []);
    openDialog({ title: 'x', size: 'small', content: 'x' });

    logout();

    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(cache.get('user')).toBeUndefined();
    expect(staticCache.get('dictionary:genders')).toBeUndefined();
    expect(getDialogs()).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/oauth/logout');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('omit');
    expect(JSON.parse(String(init?.body))).toEqual({ refresh_token: 'r' });

    const other = onLogout(() => {});
    unsubscribe();
    logout();
    expect(listener).toHaveBeenCalledTimes(1);
    other();
  });

  it('still signs out locally when the server call fails, and keeps calling the other listeners', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('offline'));
    const failing = onLogout(() => {
      throw new Error('listener broke');
    });
    const listener = vi.fn();
    const other = onLogout(listener);
    setTokens({ access_token: 'a', refresh_token: 'r' });
    expect(() => logout()).not.toThrow();
    await Promise.resolve();
    expect(getAccessToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    failing();
    other();
  });
});

describe('refreshSession', () => {
  it('stores the new pair and shares one request between concurrent callers', async () => {
    setTokens({ access_token: 'a', refresh_token: 'r1' });
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({ token_type: 'Bearer', access_token: 'a2', expires_in: 900, refresh_token: 'r2' }),
          { status: 200 },
        ),
    );
    const results = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(results).toEqual([true, true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/oauth/refresh');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r1',
      client_id: 'parity-web',
    });
    expect(getAccessToken()).toBe('a2');
    expect(getRefreshToken()).toBe('r2');
  });

  it.each([
    ['a refusal', async () => new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 401 })],
    ['an answer without tokens', async () => new Response(JSON.stringify({}), { status: 200 })],
    ['no answer', async () => Promise.reject(new TypeError('offline'))],
  ])('logs out after %s', async (_, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const listener = vi.fn();
    const unsubscribe = onLogout(listener);
    setTokens({ access_token: 'a', refresh_token: 'r1' });
    fetchMock.mockImplementationOnce(answer as () => Promise<Response>);
    await expect(refreshSession()).resolves.toBe(false);
    expect(getAccessToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('logs out without a call when no refresh token is stored', async () => {
    const listener = vi.fn();
    const unsubscribe = onLogout(listener);
    await expect(refreshSession()).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
