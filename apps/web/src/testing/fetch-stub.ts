import { DICTIONARY_ENDPOINTS } from '@parity/domain/dictionary-endpoints';
import { vi } from 'vitest';

/**
 * The one fetch stub of the web tests: the network boundary (globalThis.fetch) answered by
 * handlers keyed "METHOD /path" (or one function for every call), every call recorded.
 */

export interface StubbedCall {
  method: string;
  url: URL;
  path: string;
  search: URLSearchParams;
  /** The body as sent when it is text (JSON, form-encoded), else null. */
  body: string | null;
  /** The body as sent (FormData for multipart). */
  rawBody: BodyInit | null;
  headers: Record<string, string>;
  /** The request's abort signal (an event stream answer ends when it aborts, as a real fetch's does). */
  signal: AbortSignal | null;
}

export type Handler = (call: StubbedCall) => Response | Promise<Response>;
export type Handlers = Record<string, Handler> | Handler;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The parsed JSON body of a call (null without one): for the tests that read bodies as objects. */
/** The recorded calls of one method to one path (without its query). */
export const callsTo = (calls: StubbedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

export function jsonBody(call: StubbedCall): Record<string, unknown> | null {
  return call.body === null ? null : (JSON.parse(call.body) as Record<string, unknown>);
}

function callOf(input: RequestInfo | URL, init?: RequestInit): StubbedCall {
  const url = new URL(
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    'http://localhost',
  );
  const rawBody = init?.body ?? null;
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    url,
    path: url.pathname,
    search: url.searchParams,
    body: typeof rawBody === 'string' ? rawBody : null,
    rawBody,
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    signal: init?.signal ?? null,
  };
}

/**
 * What every signed-in page reads besides its own data, answered as a running server would when a
 * test does not say otherwise: no maintenance, empty reference lists. (Left at 404, each page would
 * log the failure.)
 */
const APP_WIDE_READS: Record<string, Handler> = {
  'GET /api/settings/maintenance': () => json({ maintenance: false, message: null }),
  // The reference lists (genders, industries...): empty unless the test gives them.
  ...Object.fromEntries(
    Object.values(DICTIONARY_ENDPOINTS).map(({ path }) => [`GET ${path}`, () => json({ data: [] })]),
  ),
};

/**
 * Stubs fetch; the app-wide reads answer as a running server would, and other unknown calls answer
 * 404 {message: 'Not found.'}. Returns the calls as they happen, each as `record` makes it
 * (default: the call itself).
 */
export function stubFetch(handlers: Handlers): StubbedCall[];
export function stubFetch<T>(handlers: Handlers, record: (call: StubbedCall) => T): T[];
export function stubFetch<T>(handlers: Handlers, record?: (call: StubbedCall) => T): (T | StubbedCall)[] {
  const calls: (T | StubbedCall)[] = [];
  const answer = (call: StubbedCall) => {
    if (typeof handlers === 'function') return handlers(call);
    const key = `${call.method} ${call.path}`;
    const handler = handlers[key] ?? APP_WIDE_READS[key];
    return handler ? handler(call) : json({ message: 'Not found.' }, 404);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = callOf(input, init);
      calls.push(record ? record(call) : call);
      return answer(call);
    }),
  );
  return calls;
}

/** An open text/event-stream answer the test pushes events to. */
export interface EventStream {
  response: Response;
  /** Sends one event (`data` as JSON unless it is a string). */
  send(event: { event?: string; id?: string | number; data: unknown }): void;
  /** Sends the server's keep-alive, a comment line. */
  ping(): void;
  /** The server ends the stream. */
  close(): void;
  /** Whether the client is still reading it (not aborted, not closed). */
  readonly open: boolean;
}

/**
 * A server-sent events answer for `call`: a streamed body the test writes to, ended by the
 * client's abort (as a real fetch) or by `close()`.
 */
export function eventStream(call: StubbedCall): EventStream {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      open = false;
    },
  });
  call.signal?.addEventListener('abort', () => {
    if (!open) return;
    open = false;
    controller?.error(new DOMException('The request was aborted', 'AbortError'));
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send({ event, id, data }) {
      if (!open) throw new Error('The event stream is closed');
      const lines = [
        ...(event ? [`event: ${event}`] : []),
        ...(id === undefined ? [] : [`id: ${id}`]),
        `data: ${typeof data === 'string' ? data : JSON.stringify(data)}`,
      ];
      controller?.enqueue(encoder.encode(`${lines.join('\n')}\n\n`));
    },
    ping() {
      if (!open) throw new Error('The event stream is closed');
      controller?.enqueue(encoder.encode(': ping\n\n'));
    },
    close() {
      if (!open) return;
      open = false;
      controller?.close();
    },
    get open() {
      return open;
    },
  };
}
