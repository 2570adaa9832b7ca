import { type EventSourceMessage, fetchEventSource } from '@microsoft/fetch-event-source';
import {
  NOTIFICATION_STREAM_EVENTS,
  type TNotification,
  ZNotificationStreamNotification,
  ZNotificationStreamUnread,
} from '@parity/domain/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { currentAccountQueryKey, userAccountQueryKey } from '../../../lib/account';
import { isRetryable } from '../../../lib/api-client';
import { resolveApiUrl } from '../../../lib/api-url';
import { logout, onLogout, refreshSession } from '../../../lib/session';
import { getAccessToken, getRefreshToken } from '../../../lib/token-storage';
import { notificationKeys } from '../api/keys';
import { addNotification, refreshLists, setUnreadCount } from './cache';

/**
 * The live notifications of a tab: one server-sent events connection (GET
 * /api/notifications/stream with the Bearer token), shared by whatever shows notifications and
 * kept open while the tab is hidden (the count must stay live). It reconnects with the last id
 * seen (the server replays what was missed), refreshes the token on 401, backs off on errors and
 * stops on logout or on a refusal trying again cannot mend. An `account` event (the user approved,
 * their rights changed...) reads the account again, so the navigation follows without a reload.
 */

export const STREAM_PATH = '/api/notifications/stream';
/** Backoff after a failed connection: 1 s, 2 s, 4 s... up to 30 s. */
export const FIRST_RETRY_DELAY_MS = 1000;
export const MAX_RETRY_DELAY_MS = 30_000;
/** A connection open this long (or that delivered an event) was healthy: the backoff starts again. */
const HEALTHY_AFTER_MS = 20_000;

export type LiveNotificationListener = (notification: TNotification) => void;

type Outcome =
  /** The server ended a stream (its token expired): reconnect. */
  | { kind: 'closed'; healthy: boolean }
  | { kind: 'unauthorized'; tokenSent: string }
  /** No answer, a 5xx, 408 or 429, a broken stream: try again later. */
  | { kind: 'failed'; healthy: boolean }
  /** A refusal trying again will not mend (403, 404...), or signed out. */
  | { kind: 'stopped' };

class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`The notification stream answered ${status}`);
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export function retryDelay(failures: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, failures - 1));
}

class NotificationStream {
  private readonly controller = new AbortController();
  private lastEventId: string | null = null;
  private connections = 0;
  readonly listeners = new Set<LiveNotificationListener>();

  constructor(readonly client: QueryClient) {
    void this.run();
  }

  stop(): void {
    this.controller.abort();
  }

  get stopped(): boolean {
    return this.controller.signal.aborted;
  }

  private async run(): Promise<void> {
    const { signal } = this.controller;
    let failures = 0;
    let justRefreshed = false;
    while (!signal.aborted) {
      const outcome = await this.connect(signal);
      if (signal.aborted || outcome.kind === 'stopped') return;
      if (outcome.kind === 'unauthorized') {
        // A fresh token refused too: the session is gone (the API client's rule).
        if (justRefreshed) {
          logout();
          return;
        }
        justRefreshed = true;
        if (!(await renewToken(outcome.tokenSent))) return;
        continue;
      }
      justRefreshed = false;
      if (outcome.healthy) failures = 0;
      if (outcome.kind === 'closed' && outcome.healthy) continue;
      failures += 1;
      await delay(retryDelay(failures), signal);
    }
  }

  private async connect(signal: AbortSignal): Promise<Outcome> {
    const token = getAccessToken();
    if (!token) return { kind: 'stopped' };
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (this.lastEventId) headers['Last-Event-ID'] = this.lastEventId;
    let openedAt = 0;
    let delivered = false;
    const healthy = () => delivered || (openedAt > 0 && Date.now() - openedAt >= HEALTHY_AFTER_MS);
    try {
      await fetchEventSource(resolveApiUrl(STREAM_PATH), {
        signal,
        headers,
        credentials: 'omit',
        openWhenHidden: true,
        // The global fetch of the moment (not the one the library saw when it loaded).
        fetch: (input, init) => fetch(input, init),
        onopen: async (response) => {
          const type = response.headers.get('content-type') ?? '';
          if (!response.ok || !type.startsWith('text/event-stream')) throw new StreamRefused(response.status);
          openedAt = Date.now();
          this.connections += 1;
          // What changed while no stream was open (a read on another tab, an account change: no id to replay).
          void this.client.invalidateQueries({ queryKey: notificationKeys.unreadCount });
          if (this.connections > 1) {
            void refreshLists(this.client);
            refreshAccount(this.client);
          }
        },
        onmessage: (message) => {
          delivered = true;
          this.receive(message);
        },
        onerror: (error) => {
          // Retries are this loop's (fresh token, backoff), not the library's.
          throw error;
        },
      });
      return signal.aborted ? { kind: 'stopped' } : { kind: 'closed', healthy: healthy() };
    } catch (error) {
      if (signal.aborted) return { kind: 'stopped' };
      if (error instanceof StreamRefused) {
        if (error.status === 401) return { kind: 'unauthorized', tokenSent: token };
        if (!isRetryable(error.status)) return { kind: 'stopped' };
      }
      return { kind: 'failed', healthy: healthy() };
    }
  }

  private receive(message: EventSourceMessage): void {
    // The server's keep-alive, a comment line, comes through the library as a message without data.
    if (message.data === '') return;
    if (message.event === NOTIFICATION_STREAM_EVENTS.account) {
      refreshAccount(this.client);
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      console.error('A notification event that is not JSON', message.data);
      return;
    }
    if (message.event === NOTIFICATION_STREAM_EVENTS.notification) {
      const parsed = ZNotificationStreamNotification.safeParse(data);
      if (!parsed.success) {
        console.error('An invalid notification event', parsed.error.issues);
        return;
      }
      if (message.id) this.lastEventId = message.id;
      addNotification(this.client, parsed.data.notification, parsed.data.unread);
      for (const listener of this.listeners) listener(parsed.data.notification);
    } else if (message.event === NOTIFICATION_STREAM_EVENTS.unread) {
      const parsed = ZNotificationStreamUnread.safeParse(data);
      if (!parsed.success) return;
      const shown = this.client.getQueryData<{ unread: number }>(notificationKeys.unreadCount);
      // This tab's own read already set the count; another tab's changes it: the lists are stale.
      if (shown?.unread === parsed.data.unread) return;
      setUnreadCount(this.client, parsed.data.unread);
      void refreshLists(this.client);
    }
  }
}

/** The account and what the page shows of it (navigation, status, rights) are read again. */
function refreshAccount(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: currentAccountQueryKey });
  void client.invalidateQueries({ queryKey: userAccountQueryKey });
}

/** The API client's 401 rule for the stream: a token refreshed meanwhile, else refresh once. */
async function renewToken(tokenSent: string): Promise<boolean> {
  const current = getAccessToken();
  if (current !== null && current !== tokenSent) return true;
  if (!getRefreshToken()) {
    logout();
    return false;
  }
  return refreshSession(); // a failed refresh logs out
}

let active: { stream: NotificationStream; users: number; unbindLogout: () => void } | null = null;

function closeActive() {
  if (!active) return;
  active.stream.stop();
  active.unbindLogout();
  active = null;
}

/**
 * Opens the tab's stream (or joins the open one) and listens to its new notifications; returns
 * the function that leaves it. The last one to leave closes it, a moment later: a layout that
 * replaces another (the bell unmounted and mounted again) keeps the same connection.
 */
export function openNotificationStream(client: QueryClient, listener?: LiveNotificationListener): () => void {
  if (active && (active.stream.client !== client || active.stream.stopped)) closeActive();
  if (!active) {
    active = { stream: new NotificationStream(client), users: 0, unbindLogout: onLogout(closeActive) };
  }
  const entry = active;
  entry.users += 1;
  if (listener) entry.stream.listeners.add(listener);
  let left = false;
  return () => {
    if (left) return;
    left = true;
    if (listener) entry.stream.listeners.delete(listener);
    entry.users -= 1;
    setTimeout(() => {
      if (active === entry && entry.users === 0) closeActive();
    }, 0);
  };
}
