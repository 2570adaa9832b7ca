/** Polls until `read` answers a value (not undefined nor false), or fails naming what it waited for. */
export async function until<T>(
  read: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 5000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * The notifications' event stream read over real HTTP, the way the web app's fetch-event-source
 * reads it: its events and comments as they arrive, with waits for a given event.
 */
export async function openStream(base: string, bearer: string, options: { lastEventId?: number } = {}) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: {
      authorization: `Bearer ${bearer}`,
      accept: 'text/event-stream',
      ...(options.lastEventId === undefined ? {} : { 'last-event-id': String(options.lastEventId) }),
    },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  if (res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: SseEvent = { event: 'message', id: undefined, data: '' };
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line);
              else if (line.startsWith('event: ')) event.event = line.slice(7);
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('data: ')) event.data = line.slice(6);
            }
            if (event.data) events.push(event);
          }
        }
      } catch {
        // aborted by close()
      }
      ended = true;
    })();
  }
  const notificationsOf = () =>
    events.filter((e) => e.event === 'notification').map((e) => JSON.parse(e.data) as NotificationEvent);
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    comments,
    ended: () => ended,
    notifications: notificationsOf,
    /** waits for the notification event with this title */
    notification: (title: string) =>
      until(() => notificationsOf().find((e) => e.notification.title === title), `the event '${title}'`),
    /** waits for the n-th unread event (1-based) */
    unread: (n: number) =>
      until(
        () =>
          events.filter((e) => e.event === 'unread').map((e) => JSON.parse(e.data).unread as number)[n - 1],
        `unread event ${n}`,
      ),
    close: () => controller.abort(),
  };
}
export interface NotificationEvent {
  notification: { id: number; title: string; kind: string; read_at: string | null };
  unread: number;
}
