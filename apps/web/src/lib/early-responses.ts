/**
 * Answers to API reads the route preloader (vite-route-preload.ts) sent before the app's scripts
 * had loaded, for the pages of first-load-routes.ts: on a phone this saves a round trip after a
 * slow script. Each answer serves one GET of its exact path, and only while the stored token is
 * the one it was sent with (after a refresh or a sign-out the app fetches again).
 */

interface EarlyResponses {
  token: string;
  responses: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __parityEarlyResponses?: EarlyResponses;
  }
}

/** The early answer for a GET of `url` sent with `token`, once; undefined when there is none. */
export function takeEarlyResponse(
  method: string,
  url: string,
  token: string | null,
): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__parityEarlyResponses;
  if (!early || method !== 'GET' || !token || early.token !== token) return undefined;
  const response = early.responses[url];
  if (!response) return undefined;
  delete early.responses[url];
  return response;
}

/** `response`, or a rejection with the signal's reason once `signal` aborts (the caller's timeout). */
export function untilAborted(response: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
