import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { alertStore } from '../components/alerts/alert-store';
import { ApiError, api, getErrorText, toApiError, toFormData } from './api-client';
import { getLoadingCount, resetLoading } from './loading';
import { onLogout } from './session';
import { getAccessToken, getRefreshToken, setTokens } from './token-storage';

type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/plain' } });
}

/** A fetch that answers only when aborted, like a server that never replies. */
function hangingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  void input;
  return new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

let fetchMock: FetchMock;

function call(index: number) {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return {
    url: String(url),
    init: init as RequestInit,
    headers: (init?.headers ?? {}) as Record<string, string>,
  };
}

function formEntries(body: unknown): [string, string][] {
  return [...(body as FormData).entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `file:${(value as File).name}`,
  ]);
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.history.pushState({}, '', '/dashboard');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  alertStore.clear();
  resetLoading();
});

describe('requests', () => {
  it('calls the same-origin /api base with or without the leading slash, params as query', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await api.get('api/genders', { survey_id: 4, us_based: false, label_ids: [1, 2], empty: undefined });
    await api.get('/api/genders');
    expect(call(0).url).toBe('/api/genders?survey_id=4&us_based=false&label_ids%5B%5D=1&label_ids%5B%5D=2');
    expect(call(1).url).toBe('/api/genders');
    expect(call(0).init.method).toBe('GET');
    expect(call(0).init.credentials).toBe('omit');
    expect(call(0).headers.Accept).toBe('application/json');
  });

  it('sends the stored access token as a Bearer header, and none without a token', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await api.get('/api/user-account');
    expect(call(0).headers.Authorization).toBeUndefined();
    setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    await api.get('/api/user-account');
    expect(call(1).headers.Authorization).toBe('Bearer access-1');
  });

  it('sends JSON bodies with a JSON content type and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(json(201, { id: 7 }));
    const result = await api.post<{ id: number }>('/api/surveys', { title: 'Q1', tags: [1] });
    expect(result).toEqual({ id: 7 });
    expect(call(0).init.method).toBe('POST');
    expect(call(0).headers['Content-Type']).toBe('application/json');
    expect(call(0).init.body).toBe('{"title":"Q1","tags":[1]}');
  });

  it('answers undefined for 204 and sends no content type without a body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/api/surveys/3')).resolves.toBeUndefined();
    expect(call(0).init.method).toBe('DELETE');
    expect(call(0).headers['Content-Type']).toBeUndefined();
    expect(call(0).init.body).toBeUndefined();
  });

  it('has put and patch', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await api.put('/api/staff/save', { survey_id: 1 });
    await api.patch('/api/x', { a: 1 });
    expect(call(0).init.method).toBe('PUT');
    expect(call(1).init.method).toBe('PATCH');
  });

  it('downloads a blob', async () => {
    fetchMock.mockResolvedValue(new Response('xlsx-bytes', { status: 200 }));
    const blob = await api.download('/api/ownerships/template/download', { survey_id: 2 });
    expect(await blob.text()).toBe('xlsx-bytes');
    expect(call(0).url).toBe('/api/ownerships/template/download?survey_id=2');
  });

  it('refuses absolute URLs so the token never leaves the origin', async () => {
    await expect(api.get('https://evil.example/api/x')).rejects.toThrow(/only calls the Parity API/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('multipart and form encoding', () => {
  it('encodes nested objects as name[key], primitive arrays as name[], object arrays as name[i][key], booleans 1/0', () => {
    const entries = formEntries(
      toFormData({
        name: 'Ada',
        veteran: true,
        lgbt: false,
        age: 36,
        bio: null,
        skipped: undefined,
        languages: [1, 2],
        address: { city: 'Oslo', geo: { lat: 1.5 } },
        rows: [
          { id: 1, tags: ['a'] },
          { id: 2, is_owner: true },
        ],
      }),
    );
    expect(entries).toEqual([
      ['name', 'Ada'],
      ['veteran', '1'],
      ['lgbt', '0'],
      ['age', '36'],
      ['bio', ''],
      ['languages[]', '1'],
      ['languages[]', '2'],
      ['address[city]', 'Oslo'],
      ['address[geo][lat]', '1.5'],
      ['rows[0][id]', '1'],
      ['rows[0][tags][]', 'a'],
      ['rows[1][id]', '2'],
      ['rows[1][is_owner]', '1'],
    ]);
  });

  it('posts multipart without setting the content type (the browser adds the boundary)', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await api.post('/api/user-account/5', { name: 'Ada', veteran: false }, { encoding: 'multipart' });
    expect(call(0).init.body).toBeInstanceOf(FormData);
    expect(call(0).headers['Content-Type']).toBeUndefined();
    expect(formEntries(call(0).init.body)).toEqual([
      ['name', 'Ada'],
      ['veteran', '0'],
    ]);
  });

  it('posts form-encoded bodies with the same field names', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await api.post(
      '/api/oauth/token/',
      { username: 'a@b.c', grant_type: 'password', scope: ['x'] },
      { encoding: 'form' },
    );
    expect(call(0).headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(call(0).init.body).toBe('username=a%40b.c&grant_type=password&scope%5B%5D=x');
  });

  it('uploads one file as file and several as files[i], plus the extra fields', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    const one = new File(['a'], 'a.xlsx');
    const two = new File(['b'], 'b.pdf');
    await api.upload('/api/process-excel-ownership', one, { survey_id: 3 });
    await api.upload('/api/policies', [one, two], { meta: { name: 'P' } });
    expect(call(0).init.method).toBe('POST');
    expect(formEntries(call(0).init.body)).toEqual([
      ['survey_id', '3'],
      ['file', 'file:a.xlsx'],
    ]);
    expect(formEntries(call(1).init.body)).toEqual([
      ['meta[name]', 'P'],
      ['files[0]', 'file:a.xlsx'],
      ['files[1]', 'file:b.pdf'],
    ]);
  });
});

describe('retries and time limits', () => {
  it('retries 3 times after 1000, 2000 and 4000 ms, then fails', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(503, { message: 'Down' }));
    const result = api.get('/api/genders').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const error = (await result) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(error.message).toBe('Down');
  });

  it('succeeds when a retry succeeds', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(json(500, {})).mockResolvedValueOnce(json(200, { data: 1 }));
    const result = api.get('/api/genders');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ data: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(alertStore.getAlerts()).toHaveLength(0);
  });

  it.each([408, 429, 500, 502, 503])('retries status %i', async (status) => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(status, {}));
    const result = api.get('/api/x').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(7000);
    await result;
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it.each([400, 403, 404, 409, 419, 422])('does not retry status %i', async (status) => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(status, {}));
    const result = api.get('/api/x').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(7000);
    expect(((await result) as ApiError).status).toBe(status);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('honours a retries option', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(500, {}));
    const result = api.post('/api/surveys', {}, { retries: 0 }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(10_000);
    await result;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after 30000 ms with status 408 and the spec text', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const result = api.post('/api/x', {}, { retries: 0 }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(getLoadingCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await result) as ApiError;
    expect(error.status).toBe(408);
    expect(error.code).toBe('API-ERR-408');
    expect(error.message).toBe('Request timed out after 30000 ms');
    expect(alertStore.getAlerts()[0]).toMatchObject({
      title: 'Error',
      description: 'Request timed out after 30000 ms',
    });
  });

  it('retries a time-out', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const result = api.get('/api/x').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(30_000 + 1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200_000);
    await result;
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('reports no response as status 0 with the spec text, after retrying', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = api.get('/api/x').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(7000);
    const error = (await result) as ApiError;
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(error.status).toBe(0);
    expect(error.message).toBe('No response received from server. Please check your internet connection.');
  });

  it('passes a caller abort through without retry or alert', async () => {
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const result = api.get('/api/x', undefined, { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(alertStore.getAlerts()).toHaveLength(0);
    expect(getLoadingCount()).toBe(0);
  });
});

describe('error text', () => {
  it('follows the spec order: string body, message, error, detail, serialised body', () => {
    expect(getErrorText({ body: 'Plain text', status: 400 })).toBe('Plain text');
    expect(getErrorText({ body: { message: 'M', error: 'E', detail: 'D' } })).toBe('M');
    expect(getErrorText({ body: { error: 'E', detail: 'D' } })).toBe('E');
    expect(getErrorText({ body: { detail: 'D' } })).toBe('D');
    expect(getErrorText({ body: { errors: ['x'] } })).toBe('{"errors":["x"]}');
  });

  it('without a body uses the error message, then the status, then the generic text', () => {
    expect(getErrorText({ message: 'Network down', status: 500 })).toBe('Network down');
    expect(getErrorText({ status: 404 })).toBe('Request failed with status code 404');
    expect(getErrorText({ body: '', status: 502 })).toBe('Request failed with status code 502');
    expect(getErrorText({})).toBe('An unexpected error occurred');
  });

  it.each([
    [json(422, { message: 'Field is empty', error: 'Unprocessable' }), 'Field is empty'],
    [json(400, { error: 'invalid_grant' }), 'invalid_grant'],
    [json(409, { detail: 'Locked' }), 'Locked'],
    [json(400, { code: 7 }), '{"code":7}'],
    [text(403, 'Forbidden here'), 'Forbidden here'],
    [new Response(null, { status: 404 }), 'Request failed with status code 404'],
  ])('turns a failed response into an ApiError and an Error alert (%#)', async (response, message) => {
    fetchMock.mockResolvedValue(response);
    const error = (await api.post('/api/x', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(message);
    expect(error.description).toBe(message);
    expect(error.code).toBe(`API-ERR-${response.status}`);
    expect(alertStore.getAlerts()).toEqual([
      expect.objectContaining({ type: 'error', title: 'Error', description: message, timeout: 6000 }),
    ]);
  });

  it('keeps the parsed body on the error', async () => {
    fetchMock.mockResolvedValue(json(422, { message: 'Bad', fields: { name: 'x' } }));
    const error = (await api.get('/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.body).toEqual({ message: 'Bad', fields: { name: 'x' } });
  });

  it('shows no alert for a failed read: the page shows it inline', async () => {
    fetchMock.mockResolvedValue(json(403, { message: 'Your account is awaiting approval' }));
    await expect(api.get('/api/x', undefined, { retries: 0 })).rejects.toMatchObject({ status: 403 });
    expect(alertStore.getAlerts()).toHaveLength(0);
  });

  it('alerts a failed download: it is the outcome of an action', async () => {
    fetchMock.mockResolvedValue(json(404, { message: 'File not found' }));
    const error = (await api.download('/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(alertStore.getAlerts()).toEqual([
      expect.objectContaining({ id: error.alertId, description: 'File not found' }),
    ]);
  });

  it('shows no alert for silent requests', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'Nope' }));
    await expect(api.post('/api/x', {}, { silent: true })).rejects.toThrow('Nope');
    expect(alertStore.getAlerts()).toHaveLength(0);
  });

  it('wraps unknown failures with the spec defaults', () => {
    const error = new ApiError();
    expect(error).toMatchObject({
      status: 500,
      code: 'API-ERR-500',
      message: 'Request Failed',
      description: 'An unexpected error occurred',
    });
    expect(toApiError('weird')).toMatchObject({ status: 500, message: 'Request Failed' });
    expect(toApiError(new Error('boom'))).toMatchObject({ status: 500, message: 'boom' });
  });
});

describe('loading counter', () => {
  it('counts a request while it runs (retries included) and releases it on failure', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(500, {}));
    const first = api.get('/api/a').catch(() => undefined);
    const second = api.get('/api/b').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(getLoadingCount()).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(getLoadingCount()).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all([first, second]);
    expect(getLoadingCount()).toBe(0);
  });
});

describe('401', () => {
  let loggedOut: Mock<() => void>;
  let unsubscribe: () => void;

  beforeEach(() => {
    loggedOut = vi.fn();
    unsubscribe = onLogout(loggedOut);
    setTokens({ access_token: 'old-access', refresh_token: 'old-refresh' });
  });

  afterEach(() => unsubscribe());

  function route(handlers: Record<string, (init: RequestInit) => Response>) {
    fetchMock.mockImplementation(async (input, init) => {
      const path = String(input);
      const handler = handlers[path];
      if (!handler) throw new Error(`unexpected ${path}`);
      return handler(init ?? {});
    });
  }

  it('refreshes the session once and replays the request with the new token', async () => {
    route({
      '/api/user-account': (init) =>
        (init.headers as Record<string, string>).Authorization === 'Bearer new-access'
          ? json(200, { id: 1 })
          : json(401, { message: 'The access token is invalid or has expired.' }),
      '/api/oauth/refresh': () =>
        json(200, {
          token_type: 'Bearer',
          access_token: 'new-access',
          expires_in: 900,
          refresh_token: 'new-refresh',
        }),
    });
    await expect(api.get('/api/user-account')).resolves.toEqual({ id: 1 });
    const paths = fetchMock.mock.calls.map(([input]) => String(input));
    expect(paths).toEqual(['/api/user-account', '/api/oauth/refresh', '/api/user-account']);
    const refreshBody = new URLSearchParams(String(call(1).init.body));
    expect(Object.fromEntries(refreshBody)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'old-refresh',
      client_id: 'parity-web',
    });
    expect(call(1).init.method).toBe('POST');
    expect(getAccessToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
    expect(loggedOut).not.toHaveBeenCalled();
    expect(alertStore.getAlerts()).toHaveLength(0);
  });

  it('shares one refresh between concurrent 401s', async () => {
    route({
      '/api/a': (init) =>
        (init.headers as Record<string, string>).Authorization === 'Bearer new-access'
          ? json(200, 'a')
          : json(401, {}),
      '/api/b': (init) =>
        (init.headers as Record<string, string>).Authorization === 'Bearer new-access'
          ? json(200, 'b')
          : json(401, {}),
      '/api/oauth/refresh': () => json(200, { access_token: 'new-access', refresh_token: 'new-refresh' }),
    });
    await expect(Promise.all([api.get('/api/a'), api.get('/api/b')])).resolves.toEqual(['a', 'b']);
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/oauth/refresh')).toHaveLength(1);
  });

  it('logs out without an alert when the refresh fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    route({
      '/api/user-account': () => json(401, {}),
      '/api/oauth/refresh': () => json(401, { error: 'invalid_grant' }),
      '/api/oauth/logout': () => new Response(null, { status: 204 }),
    });
    const error = (await api.get('/api/user-account').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(401);
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
    expect(alertStore.getAlerts()).toHaveLength(0);
    expect(getLoadingCount()).toBe(0);
  });

  it('logs out when the replayed request is refused again, refreshing only once', async () => {
    route({
      '/api/user-account': () => json(401, {}),
      '/api/oauth/refresh': () => json(200, { access_token: 'new-access', refresh_token: 'new-refresh' }),
      '/api/oauth/logout': () => new Response(null, { status: 204 }),
    });
    await expect(api.get('/api/user-account')).rejects.toMatchObject({ status: 401 });
    const paths = fetchMock.mock.calls.map(([input]) => String(input));
    expect(paths.filter((path) => path === '/api/oauth/refresh')).toHaveLength(1);
    expect(paths.filter((path) => path === '/api/user-account')).toHaveLength(2);
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(alertStore.getAlerts()).toHaveLength(0);
  });

  it('logs out straight away when there is no refresh token', async () => {
    window.localStorage.removeItem('refresh_token');
    route({ '/api/user-account': () => json(401, {}) });
    await expect(api.get('/api/user-account')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it.each(['/login', '/register', '/login/forgot', '/login/'])(
    'neither refreshes nor logs out on %s',
    async (path) => {
      window.history.pushState({}, '', path);
      route({ '/api/oauth/token/': () => json(401, { message: 'Wrong email or password' }) });
      const error = (await api.post('/api/oauth/token/', {}).catch((caught: unknown) => caught)) as ApiError;
      expect(error.status).toBe(401);
      expect(error.message).toBe('Wrong email or password');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(loggedOut).not.toHaveBeenCalled();
      expect(getAccessToken()).toBe('old-access');
      expect(alertStore.getAlerts()).toHaveLength(0);
    },
  );
});

describe('answers the route preloader sent early (vite-route-preload.ts)', () => {
  beforeEach(() => setTokens({ access_token: 'early-access', refresh_token: 'early-refresh' }));
  afterEach(() => {
    delete window.__parityEarlyResponses;
  });

  function sentEarly(path: string, response: Promise<Response>, token = 'early-access') {
    window.__parityEarlyResponses = { token, responses: { [path]: response } };
  }

  it('serves the first GET of that exact path from the early answer, and fetches after that', async () => {
    sentEarly('/api/user-account', Promise.resolve(json(200, { id: 1, early: true })));
    fetchMock.mockResolvedValue(json(200, { id: 1, early: false }));

    await expect(api.get('/api/user-account')).resolves.toEqual({ id: 1, early: true });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get('/api/user-account')).resolves.toEqual({ id: 1, early: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches when the path, the method or the stored token differ from the early one', async () => {
    fetchMock.mockImplementation(async () => json(200, { fetched: true }));
    sentEarly('/api/user-account', Promise.resolve(json(200, { early: true })));
    await expect(api.get('/api/user-account', { x: 1 })).resolves.toEqual({ fetched: true });
    await expect(api.post('/api/user-account', {})).resolves.toEqual({ fetched: true });
    setTokens({ access_token: 'refreshed-access', refresh_token: 'early-refresh' });
    await expect(api.get('/api/user-account')).resolves.toEqual({ fetched: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('treats an early 401 like any other: refresh once, then fetch again with the new token', async () => {
    sentEarly(
      '/api/user-account',
      Promise.resolve(json(401, { message: 'The access token is invalid or has expired.' })),
    );
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/oauth/refresh'
        ? json(200, {
            token_type: 'Bearer',
            access_token: 'new-access',
            expires_in: 900,
            refresh_token: 'r2',
          })
        : json(200, { id: 1 }),
    );
    await expect(api.get('/api/user-account')).resolves.toEqual({ id: 1 });
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/oauth/refresh',
      '/api/user-account',
    ]);
    expect(call(1).headers.Authorization).toBe('Bearer new-access');
  });

  it('gives up on an early answer that never comes after the time limit, and retries with a fetch', async () => {
    vi.useFakeTimers();
    sentEarly('/api/user-account', new Promise<Response>(() => {}));
    fetchMock.mockResolvedValue(json(200, { id: 1 }));
    const result = api.get('/api/user-account');
    await vi.advanceTimersByTimeAsync(30_000 + 1000);
    await expect(result).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
