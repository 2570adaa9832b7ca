import type { z } from 'zod';
import { alertStore } from '../components/alerts/alert-store';
import { buildApiUrl, type QueryParams } from './api-url';
import { takeEarlyResponse, untilAborted } from './early-responses';
import { startLoading, stopLoading } from './loading';
import { logout, refreshSession } from './session';
import { getAccessToken, getRefreshToken } from './token-storage';

/**
 * The API client of spec section 7 with the error rules of section 8: same-origin /api base,
 * no cookies, JSON headers, Bearer token, JSON / multipart / form bodies, upload and download,
 * a 30 s timeout, 3 retries (1 s, 2 s, 4 s) on no response, 408, 429 and 5xx, an 'Error' alert
 * on failure and the 401 rule (refresh once, else log out, except on the sign-in pages).
 */

export const REQUEST_TIMEOUT_MS = 30_000;
export const RETRY_COUNT = 3;
export const RETRY_DELAY_MS = 1000;
export const NO_RESPONSE_MESSAGE = 'No response received from server. Please check your internet connection.';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';
export const ERROR_ALERT_TITLE = 'Error';
/** On these pages a 401 is an answer to show, not a reason to log out. */
export const UNAUTHENTICATED_PATHS: readonly string[] = ['/login', '/register', '/login/forgot'];

export type Encoding = 'json' | 'multipart' | 'form';

export interface RequestOptions {
  encoding?: Encoding;
  signal?: AbortSignal;
  /** Per-attempt time limit; default 30 000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt; default 3. */
  retries?: number;
  /**
   * No 'Error' alert on failure (the caller reports it). Reads (GET, but for downloads) are silent
   * unless told otherwise: a page shows its failed query inline, toasts tell an action's outcome.
   */
  silent?: boolean;
  /** Extra request headers (e.g. the sign-up steps' X-Signup-Token); Accept and Authorization are set here. */
  headers?: Record<string, string>;
}

export interface ApiErrorInit {
  status?: number;
  message?: string;
  description?: string;
  body?: unknown;
}

/** The failure wrapper of spec section 8: code API-ERR-{status}, message, description. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly description: string;
  readonly body: unknown;
  /** The 'Error' alert that reported this failure, if one did (a caller showing it inline removes it). */
  alertId?: string;

  constructor({
    status = 500,
    message = 'Request Failed',
    description = UNEXPECTED_ERROR_MESSAGE,
    body,
  }: ApiErrorInit = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = `API-ERR-${status}`;
    this.description = description;
    this.body = body;
  }
}

function isEmptyBody(body: unknown): boolean {
  return body === undefined || body === null || body === '';
}

/**
 * The text of a failed request, in the spec's order: the body if it is a string, its message,
 * error or detail, else the body serialised; with no body the error message or 'Request failed
 * with status code {status}'; with neither, 'An unexpected error occurred'.
 */
export function getErrorText({
  body,
  message,
  status,
}: {
  body?: unknown;
  message?: string;
  status?: number;
}): string {
  if (!isEmptyBody(body)) {
    if (typeof body === 'string') return body;
    if (typeof body === 'object') {
      const record = body as Record<string, unknown>;
      for (const field of ['message', 'error', 'detail'] as const) {
        const value = record[field];
        if (typeof value === 'string' && value !== '') return value;
      }
    }
    try {
      return JSON.stringify(body);
    } catch {
      return String(body);
    }
  }
  if (message) return message;
  if (status) return `Request failed with status code ${status}`;
  return UNEXPECTED_ERROR_MESSAGE;
}

function textError(status: number, text: string, body?: unknown): ApiError {
  return new ApiError({ status, message: text, description: text, body });
}

/** Wraps anything thrown into an ApiError (defaults: 500, 'Request Failed', 'An unexpected error occurred'). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Error && error.message) return textError(500, error.message);
  return new ApiError();
}

// ---------------------------------------------------------------------------------------------
// Body encoding

type Appender = (name: string, value: string | Blob) => void;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isStructured(value: unknown): boolean {
  return Array.isArray(value) || isPlainObject(value);
}

function appendValue(append: Appender, name: string, value: unknown) {
  if (value === undefined) return;
  if (value === null) append(name, '');
  else if (typeof value === 'boolean') append(name, value ? '1' : '0');
  else if (value instanceof Date) append(name, value.toISOString());
  else if (typeof Blob !== 'undefined' && value instanceof Blob) append(name, value);
  else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (isStructured(item)) appendValue(append, `${name}[${index}]`, item);
      else appendValue(append, `${name}[]`, item);
    });
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) appendValue(append, `${name}[${key}]`, item);
  } else append(name, String(value));
}

/**
 * Flattens a payload into field names the way the spec's multipart encoding does: nested objects
 * as name[key], arrays of primitives as name[], arrays of objects as name[i][key]; booleans as
 * 1/0, dates as ISO strings, null as an empty field, undefined left out.
 */
export function flattenFields(data: Record<string, unknown>, append: Appender): void {
  for (const [key, value] of Object.entries(data)) appendValue(append, key, value);
}

export function toFormData(
  data: Record<string, unknown> = {},
  formData: FormData = new FormData(),
): FormData {
  flattenFields(data, (name, value) => {
    if (typeof value === 'string') formData.append(name, value);
    else if (typeof File !== 'undefined' && value instanceof File) formData.append(name, value, value.name);
    else formData.append(name, value);
  });
  return formData;
}

export function toUrlEncoded(data: Record<string, unknown> = {}): URLSearchParams {
  const search = new URLSearchParams();
  flattenFields(data, (name, value) => {
    if (typeof value !== 'string') throw new Error(`Files cannot be sent form-encoded (${name})`);
    search.append(name, value);
  });
  return search;
}

// ---------------------------------------------------------------------------------------------
// Transport

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type ResponseKind = 'json' | 'blob';

interface RequestConfig extends RequestOptions {
  method: Method;
  url: string;
  params?: QueryParams | undefined;
  body?: unknown;
  /** A ready body (upload); built afresh for every attempt. */
  makeBody?: () => BodyInit;
  responseKind?: ResponseKind;
  /** The access token the last attempt was sent with. */
  tokenSent?: string | null;
}

/** Thrown when the caller's own signal aborted: never retried, never alerted. */
class CallerAbort {
  constructor(readonly reason: unknown) {}
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was aborted', 'AbortError');
}

function buildBody(config: RequestConfig, headers: Record<string, string>): BodyInit | undefined {
  if (config.makeBody) return config.makeBody();
  if (config.body === undefined) return undefined;
  const encoding = config.encoding ?? 'json';
  if (encoding === 'multipart') {
    // The browser sets the multipart boundary itself.
    return config.body instanceof FormData ? config.body : toFormData(config.body as Record<string, unknown>);
  }
  if (encoding === 'form') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    return toUrlEncoded(config.body as Record<string, unknown>).toString();
  }
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(config.body);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** One attempt: fetch with the per-attempt time limit. */
async function attempt(config: RequestConfig): Promise<unknown> {
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  config.signal?.addEventListener('abort', onCallerAbort);

  const headers: Record<string, string> = { ...config.headers, Accept: 'application/json' };
  const token = getAccessToken();
  config.tokenSent = token;
  if (token) headers.Authorization = `Bearer ${token}`;

  try {
    if (config.signal?.aborted) throw new CallerAbort(abortReason(config.signal));
    const target = buildApiUrl(config.url, config.params);
    const body = buildBody(config, headers);
    const init: RequestInit = {
      method: config.method,
      headers,
      credentials: 'omit',
      signal: controller.signal,
    };
    if (body !== undefined) init.body = body;
    let response: Response;
    try {
      const early = takeEarlyResponse(config.method, target, token);
      response = await (early ? untilAborted(early, controller.signal) : fetch(target, init));
    } catch (error) {
      if (error instanceof CallerAbort) throw error;
      if (config.signal?.aborted) throw new CallerAbort(abortReason(config.signal));
      if (timedOut) throw textError(408, `Request timed out after ${timeoutMs} ms`);
      throw textError(0, NO_RESPONSE_MESSAGE);
    }
    try {
      if (!response.ok) {
        const errorBody = await readBody(response);
        throw textError(
          response.status,
          getErrorText({ body: errorBody, status: response.status }),
          errorBody,
        );
      }
      return config.responseKind === 'blob' ? await response.blob() : await readBody(response);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (config.signal?.aborted) throw new CallerAbort(abortReason(config.signal));
      if (timedOut) throw textError(408, `Request timed out after ${timeoutMs} ms`);
      throw textError(
        response.status || 0,
        getErrorText({ message: (error as Error)?.message, status: response.status }),
      );
    }
  } finally {
    clearTimeout(timer);
    config.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** No response, 408, 429 and 5xx are retried; every other 4xx is final. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CallerAbort(abortReason(signal)));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CallerAbort(abortReason(signal as AbortSignal)));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function attemptWithRetries(config: RequestConfig): Promise<unknown> {
  const retries = Math.max(0, config.retries ?? RETRY_COUNT);
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt(config);
    } catch (error) {
      if (!(error instanceof ApiError) || !isRetryable(error.status) || retry >= retries) throw error;
      await wait(RETRY_DELAY_MS * 2 ** retry, config.signal);
    }
  }
}

function currentPath(): string {
  if (typeof window === 'undefined') return '';
  const path = window.location.pathname.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

function isAuthEndpoint(url: string): boolean {
  return /^\/?api\/oauth\//.test(url);
}

/** The 401 rule: refresh once and replay; otherwise log out, except on the sign-in pages. */
async function handleUnauthorized(config: RequestConfig, error: ApiError): Promise<unknown> {
  if (UNAUTHENTICATED_PATHS.includes(currentPath()) || isAuthEndpoint(config.url)) throw error;
  const current = getAccessToken();
  // Another request may already have refreshed the pair while this one was under way.
  const refreshedMeanwhile = current !== null && current !== config.tokenSent;
  if (refreshedMeanwhile || getRefreshToken()) {
    const refreshed = refreshedMeanwhile || (await refreshSession()); // a failed refresh logs out
    if (!refreshed) throw error;
    try {
      return await attemptWithRetries(config);
    } catch (replayError) {
      if (replayError instanceof ApiError && replayError.status === 401) logout();
      throw replayError;
    }
  }
  logout();
  throw error;
}

async function request<T>(config: RequestConfig): Promise<T> {
  startLoading();
  let loading = true;
  const done = () => {
    if (loading) stopLoading();
    loading = false;
  };
  try {
    try {
      return (await attemptWithRetries(config)) as T;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        return (await handleUnauthorized(config, error)) as T;
      throw error;
    }
  } catch (error) {
    done();
    if (error instanceof CallerAbort) throw error.reason;
    const apiError = toApiError(error);
    const silent = config.silent ?? (config.method === 'GET' && config.responseKind !== 'blob');
    if (apiError.status !== 401 && !silent) {
      apiError.alertId = alertStore.add({
        type: 'error',
        title: ERROR_ALERT_TITLE,
        description: apiError.message,
      });
    }
    throw apiError;
  } finally {
    done();
  }
}

// ---------------------------------------------------------------------------------------------
// Public surface

export type UploadFields = Record<string, unknown>;

export const api = {
  get<T>(url: string, params?: QueryParams, options?: RequestOptions): Promise<T> {
    return request<T>({ ...options, method: 'GET', url, params });
  },
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return request<T>({ ...options, method: 'POST', url, body });
  },
  put<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return request<T>({ ...options, method: 'PUT', url, body });
  },
  patch<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return request<T>({ ...options, method: 'PATCH', url, body });
  },
  /** A DELETE; `body` for the few that need one (the account erasure's password). */
  delete<T>(url: string, params?: QueryParams, options?: RequestOptions, body?: unknown): Promise<T> {
    return request<T>({ ...options, method: 'DELETE', url, params, body });
  },
  /** Multipart upload: one file as `file`, several as `files[i]`, plus the extra fields. */
  upload<T>(url: string, files: File | File[], fields?: UploadFields, options?: RequestOptions): Promise<T> {
    const makeBody = () => {
      const formData = toFormData(fields);
      if (Array.isArray(files)) {
        files.forEach((file, index) => {
          formData.append(`files[${index}]`, file, file.name);
        });
      } else formData.append('file', files, files.name);
      return formData;
    };
    return request<T>({ ...options, method: 'POST', url, encoding: 'multipart', makeBody });
  },
  download(url: string, params?: QueryParams, options?: RequestOptions): Promise<Blob> {
    return request<Blob>({ ...options, method: 'GET', url, params, responseKind: 'blob' });
  },
};

// ---------------------------------------------------------------------------------------------
// Answers read through their schema

/** Spec 8: the alert of an answer whose data does not parse (e.g. malformed invitation data). */
export const INVALID_RESPONSE_MESSAGE = 'Invalid response';

/**
 * An answer read through its domain schema. One that does not parse is logged (with zod's issues,
 * for whoever debugs it), alerted as 'Error' / 'Invalid response' unless `silent` (the caller then
 * shows the error's message itself), and thrown as an ApiError with that message.
 */
export function parseAnswer<S extends z.ZodType>(
  schema: S,
  answer: unknown,
  { silent = false }: { silent?: boolean } = {},
): z.output<S> {
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  console.error(INVALID_RESPONSE_MESSAGE, result.error.issues);
  if (!silent)
    alertStore.add({ type: 'error', title: ERROR_ALERT_TITLE, description: INVALID_RESPONSE_MESSAGE });
  throw new ApiError({
    message: INVALID_RESPONSE_MESSAGE,
    description: INVALID_RESPONSE_MESSAGE,
    body: answer,
  });
}
