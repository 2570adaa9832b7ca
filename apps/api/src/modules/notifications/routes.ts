import {
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationPreferences,
  ZUnreadCount,
} from '@parity/domain/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Gauge } from 'prom-client';
import { z } from 'zod';
import { verifyAccessToken } from '../../core/auth/tokens';
import { AppError, errorResponses } from '../../core/http/errors';
import type { JobRunner } from '../../core/jobs/runner';
import type { Database } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { NotificationHub } from './hub';
import {
  enqueueMail,
  getPreferences,
  getUnreadCount,
  listNotifications,
  readAllNotifications,
  readNotification,
  registerNotificationJobs,
  updatePreferences,
} from './service';

const tags = ['notifications'];
const RIGHTS = 'Any signed-in user, pending ones too; only their own notifications.';
const ZParams = z.strictObject({
  notificationId: z.coerce
    .number({ error: 'notificationId must be a number' })
    .int('notificationId must be a whole number')
    .positive('notificationId must be positive')
    .max(Number.MAX_SAFE_INTEGER, 'notificationId is too large'),
});

export interface NotificationsOptions {
  listen: Database['listen'];
  jobs: JobRunner;
}

export default async function notificationsRoutes(fastify: FastifyInstance, options: NotificationsOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  registerNotificationJobs(options.jobs, { db, mailer: app.mailer, publicUrl: app.config.publicUrl });
  const hub = new NotificationHub({
    db,
    listen: options.listen,
    onMail: async (id) => {
      if (await enqueueMail(db, id)) options.jobs.wake();
    },
    log: app.log,
  });
  app.addHook('onReady', () => hub.start());
  new Gauge({
    name: 'notification_streams_open',
    help: 'Notification event streams (GET /api/notifications/stream) open in this process',
    registers: [app.metrics],
    collect() {
      this.set(hub.size);
    },
  });
  // Open streams would hold the close for its whole grace period: they end first.
  app.addHook('preClose', () => hub.stop());

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications: unread first, then newest first",
        description: `Filter by kind and read state, paged with limit and offset. ${RIGHTS}`,
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationList, ...errorResponses(400) },
      },
    },
    async (request) => listNotifications(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags,
        summary: "The caller's unread notifications (the bell's count)",
        description: RIGHTS,
        querystring: z.strictObject({}),
        response: { 200: ZUnreadCount },
      },
    },
    async (request) => getUnreadCount(db, requireAuth(request).userId),
  );

  app.post(
    '/api/notifications/:notificationId/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification read (again: no change)',
        description: `Answers the new unread count; the caller's other open streams get it as an \`unread\` event. Another user's notification answers 404. ${RIGHTS}`,
        params: ZParams,
        response: { 200: ZUnreadCount, ...errorResponses(400, 404) },
      },
    },
    async (request) => readNotification(db, requireAuth(request).userId, request.params.notificationId),
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: "Mark all the caller's notifications read",
        description: `The caller's open streams get \`unread\` 0. ${RIGHTS}`,
        response: { 200: ZUnreadCount },
      },
    },
    async (request) => readAllNotifications(db, requireAuth(request).userId),
  );

  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'How each kind of notification reaches the caller (every kind, defaults filled in)',
        description: `Deliveries: in_app, mail (at once), digest (one mail a day), off (not written). ${RIGHTS}`,
        querystring: z.strictObject({}),
        response: { 200: ZNotificationPreferences },
      },
    },
    async (request) => getPreferences(db, requireAuth(request).userId),
  );

  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Change the delivery of some kinds; answers every kind',
        description: `Kinds not sent keep their delivery. ${RIGHTS}`,
        body: ZNotificationPreferences,
        response: { 200: ZNotificationPreferences, ...errorResponses(400) },
      },
    },
    async (request) => updatePreferences(db, requireAuth(request).userId, request.body),
  );

  app.get(
    '/api/notifications/stream',
    {
      schema: {
        tags,
        summary: "The caller's new notifications, live (server-sent events)",
        description:
          'Send `Accept: text/event-stream` (else 406). With `Last-Event-ID`, first the notifications after it, ' +
          'oldest first; then `unread` with the count, then live: `notification` events (id: the ' +
          'notification id; data: `{notification, unread}`), `unread` events (`{unread}`, after a read ' +
          'anywhere), `account` events (`{}`, when the caller was approved, removed from the ' +
          'organization, their organization deleted, restored or merged, or their rights or roles ' +
          'changed: read GET /api/user/status again) and ' +
          `a \`: ping\` comment every 25 s. It ends when the access token expires, and within a ` +
          `second of its sign-in's end (logout, a new password, deactivation...). ${RIGHTS}`,
        querystring: z.strictObject({}),
        headers: z.object({
          'last-event-id': z
            .string()
            .regex(/^\d{1,15}$/, 'Last-Event-ID must be the id of a notification')
            .optional(),
        }),
        response: {
          200: {
            description:
              'The event stream (text/event-stream), open until the access token expires or its sign-in ends',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorResponses(400, 406),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.headers.accept?.includes('text/event-stream')) {
        throw new AppError(
          406,
          'not_acceptable',
          'This route answers server-sent events only: send Accept: text/event-stream.',
        );
      }
      const token = request.headers.authorization?.slice(7).trim() ?? '';
      const claims = await verifyAccessToken(app.config.jwtSecret!, token);
      const lastEventId = request.headers['last-event-id'];
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      reply.raw.write('retry: 3000\n\n');
      try {
        await hub.open({ userId: auth.userId, sessionId: auth.sessionId }, reply.raw, {
          lastEventId: lastEventId === undefined ? undefined : Number(lastEventId),
          endAtMs: (claims?.expiresAt ?? 0) * 1000,
        });
      } catch (error) {
        request.log.error({ err: error }, 'the notification stream could not start');
        reply.raw.end();
      }
    },
  );
}
