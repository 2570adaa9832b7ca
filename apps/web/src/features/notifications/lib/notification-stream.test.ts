import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, onLogout } from '../../../lib/session';
import { getAccessToken, setTokens } from '../../../lib/token-storage';
import { json, type StubbedCall, stubFetch } from '../../../testing/fetch-stub';
import { createTestQueryClient } from '../../../testing/render';
import { notificationKeys } from '../api/keys';
import { notification, type OpenStream, streamHandler } from '../notifications.fixtures';
import { openNotificationStream, retryDelay, STREAM_PATH } from './notification-stream';

let leave: (() => void) | undefined;
let unbindLogout: () => void;

const streamCalls = (calls: StubbedCall[]) => calls.filter((call) => call.path === STREAM_PATH);

beforeEach(() => {
  // The router's part in the app: a listener, so logout does not navigate jsdom's window.
  unbindLogout = onLogout(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
});

afterEach(() => {
  leave?.();
  leave = undefined;
  logout();
  unbindLogout();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live notification stream', () => {
  it('reconnects when the server ends the stream, with the last id seen, and catches up', async () => {
    const streams: OpenStream[] = [];
    stubFetch({
      'GET /api/notifications/stream': streamHandler(streams),
      'GET /api/notifications/unread-count': () => json({ unread: 1 }),
    });
    const client = createTestQueryClient();
    const seen: number[] = [];
    leave = openNotificationStream(client, (item) => seen.push(item.id));
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const first = streams[0] as OpenStream;
    expect(first.call.headers['last-event-id']).toBeUndefined();
    first.stream.send({
      event: 'notification',
      id: 41,
      data: { notification: notification({ id: 41 }), unread: 1 },
    });
    await vi.waitFor(() => expect(seen).toEqual([41]));
    expect(client.getQueryData(notificationKeys.unreadCount)).toEqual({ unread: 1 });

    // The access token expired: the server closes, the tab comes back at once from id 41.
    first.stream.close();
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    const second = streams[1] as OpenStream;
    expect(second.call.headers['last-event-id']).toBe('41');
    second.stream.send({
      event: 'notification',
      id: 42,
      data: { notification: notification({ id: 42 }), unread: 2 },
    });
    await vi.waitFor(() => expect(seen).toEqual([41, 42]));
    expect(client.getQueryData(notificationKeys.unreadCount)).toEqual({ unread: 2 });
  });

  it("takes the server's keep-alive (a comment line) for no event: no console error", async () => {
    const errors = vi.spyOn(console, 'error');
    const streams: OpenStream[] = [];
    stubFetch({
      'GET /api/notifications/stream': streamHandler(streams),
      'GET /api/notifications/unread-count': () => json({ unread: 0 }),
    });
    const seen: number[] = [];
    leave = openNotificationStream(createTestQueryClient(), (item) => seen.push(item.id));
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const { stream } = streams[0] as OpenStream;
    stream.ping();
    stream.ping();
    stream.send({ event: 'notification', id: 7, data: { notification: notification({ id: 7 }), unread: 1 } });
    await vi.waitFor(() => expect(seen).toEqual([7]));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('refreshes the token on 401 and reconnects with the new one', async () => {
    const streams: OpenStream[] = [];
    const calls = stubFetch({
      'GET /api/notifications/stream': (call) =>
        call.headers.authorization === 'Bearer access-2'
          ? streamHandler(streams)(call)
          : json({ message: 'Token expired' }, 401),
      'POST /api/oauth/refresh': () => json({ access_token: 'access-2', refresh_token: 'refresh-2' }),
      'GET /api/notifications/unread-count': () => json({ unread: 0 }),
    });
    leave = openNotificationStream(createTestQueryClient());
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    expect(streamCalls(calls).map((call) => call.headers.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
    expect(calls.filter((call) => call.path === '/api/oauth/refresh')).toHaveLength(1);
  });

  it('logs out when a freshly refreshed token is refused too', async () => {
    const calls = stubFetch({
      'GET /api/notifications/stream': () => json({ message: 'Unauthorized' }, 401),
      'POST /api/oauth/refresh': () => json({ access_token: 'access-2', refresh_token: 'refresh-2' }),
    });
    leave = openNotificationStream(createTestQueryClient());
    await vi.waitFor(() => expect(getAccessToken()).toBeNull());
    expect(streamCalls(calls)).toHaveLength(2);
  });

  it('backs off on errors (1 s, then 2 s) and stops on a refusal trying again cannot mend', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let status = 503;
    const calls = stubFetch({
      'GET /api/notifications/stream': () => json({ message: 'Unavailable' }, status),
    });
    leave = openNotificationStream(createTestQueryClient());
    await vi.advanceTimersByTimeAsync(0);
    expect(streamCalls(calls)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(streamCalls(calls)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(streamCalls(calls)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(streamCalls(calls)).toHaveLength(2);
    status = 404;
    await vi.advanceTimersByTimeAsync(1);
    expect(streamCalls(calls)).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(streamCalls(calls)).toHaveLength(3);
    expect([1, 2, 3, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });

  it('closes on logout', async () => {
    const streams: OpenStream[] = [];
    stubFetch({
      'GET /api/notifications/stream': streamHandler(streams),
      'GET /api/notifications/unread-count': () => json({ unread: 0 }),
    });
    leave = openNotificationStream(createTestQueryClient());
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]?.stream.open).toBe(true);
    logout();
    await vi.waitFor(() => expect(streams[0]?.stream.open).toBe(false));
  });

  it('shares one connection between the components that show notifications', async () => {
    const streams: OpenStream[] = [];
    stubFetch({
      'GET /api/notifications/stream': streamHandler(streams),
      'GET /api/notifications/unread-count': () => json({ unread: 0 }),
    });
    const client = createTestQueryClient();
    const leaveFirst = openNotificationStream(client);
    leave = openNotificationStream(client);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    leaveFirst();
    leave();
    // One leaves and another joins in the same turn (a layout replacing another): still open.
    leave = openNotificationStream(client);
    await vi.advanceTimersByTimeAsync(0);
    expect(streams).toHaveLength(1);
    expect(streams[0]?.stream.open).toBe(true);
  });
});
