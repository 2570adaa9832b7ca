import {
  NOTIFICATION_KIND_TYPES,
  type TNotification,
  type TNotificationList,
} from '@parity/domain/notifications';
import { type EventStream, eventStream, json, type StubbedCall } from '../../testing/fetch-stub';

/** The notifications tests' data: one notification, a list answer, and the open streams. */

export function notification(overrides: Partial<TNotification> & { id: number }): TNotification {
  const kind = overrides.kind ?? 'survey_invitation';
  return {
    kind,
    type: NOTIFICATION_KIND_TYPES[kind],
    title: `Notification ${overrides.id}`,
    body: '',
    link: '/target',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    read_at: null,
    ...overrides,
  };
}

export function listAnswer(
  items: TNotification[],
  {
    total = items.length,
    unread = items.filter((item) => item.read_at === null).length,
    limit = 20,
    offset = 0,
  } = {},
): TNotificationList {
  return { items, total, unread, limit, offset };
}

export interface OpenStream {
  call: StubbedCall;
  stream: EventStream;
}

/** A stub handler for GET /api/notifications/stream that keeps each connection for the test. */
export function streamHandler(streams: OpenStream[]) {
  return (call: StubbedCall) => {
    const stream = eventStream(call);
    streams.push({ call, stream });
    return stream.response;
  };
}

export const unreadCount = (unread: number) => () => json({ unread });
