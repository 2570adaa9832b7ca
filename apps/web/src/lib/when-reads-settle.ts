import type { QueryClient } from '@tanstack/react-query';

/** How long no read may be in flight before the page counts as settled. */
const QUIET_MS = 250;
/** The latest a deferred start waits, whatever the page keeps reading. */
const MAX_WAIT_MS = 4_000;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 1_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}

/**
 * For work a page does not need to show its content (issue #20: on a phone, anything started
 * during the first render queues before that content).
 * Resolves once the page's own reads have settled (no query fetching for 250 ms) and the main
 * thread is idle, or after 4 s at the latest; never if `signal` aborts first.
 */
export function whenReadsSettle(client: QueryClient, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let cancelIdle: (() => void) | undefined;
    const stop = () => {
      clearTimeout(quiet);
      clearTimeout(latest);
      unsubscribe();
      signal?.removeEventListener('abort', abort);
    };
    const settle = () => {
      stop();
      cancelIdle = whenIdle(() => resolve());
    };
    const abort = () => {
      stop();
      cancelIdle?.();
    };
    const check = () => {
      clearTimeout(quiet);
      if (client.isFetching() === 0) quiet = setTimeout(settle, QUIET_MS);
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    const latest = setTimeout(settle, MAX_WAIT_MS);
    signal?.addEventListener('abort', abort);
    check();
  });
}
