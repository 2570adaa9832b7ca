import {
  attendeeInviteSchema,
  attendeeListQuerySchema,
  calendarPreferencesSchema,
  eventDeleteQuerySchema,
  eventInputSchema,
  eventListQuerySchema,
  eventPatchSchema,
  eventRangeQuerySchema,
  myAttendanceSchema,
  ZAttendeeList,
  ZCalendarFeed,
  ZEventDetail,
  ZEventFile,
  ZEventFileList,
  ZEventList,
  ZOccurrenceList,
} from '@parity/domain/calendar/events';
import { DOCUMENT_TYPES_MESSAGE } from '@parity/domain/organization-files';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { etagMatches, ZNotModified } from '../../core/http/etag';
import { readOneFile } from '../../core/http/multipart';
import { sendFile } from '../../core/http/send-file';
import type { JobRunner } from '../../core/jobs/runner';
import { requireAuth } from '../../plugins/auth';
import { deleteEventFile, eventFileLimit, listEventFiles, readEventFile, uploadEventFile } from './files';
import { RangeAnswers } from './range-cache';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const ZEventParams = z.strictObject({ eventId: id });
const ZAttendeeParams = z.strictObject({ eventId: id, userId: id });
const ZFileParams = z.strictObject({ eventId: id, fileId: z.uuid({ error: 'The file id is malformed.' }) });
const ZFeedParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'The feed address is malformed.'),
});
const ZInvited = z.object({ invited: z.number().int() });
const ZAttendance = myAttendanceSchema;

const READERS =
  'Who may read the event: its organizer and invited attendees; an organization event its approved members; ' +
  'a public one every approved user. Anyone else 404 (the event, its attendees and its files).';
const EDITORS =
  "The event's organizer and the admins of its organization or pod (others who may read it 403).";

export interface CalendarOptions {
  jobs: JobRunner;
}

function sendIcs(reply: FastifyReply, name: string, ics: string) {
  const ascii = name.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'event';
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${ascii}.ics"`)
    .header('cache-control', 'private, no-store')
    .send(ics);
}

/** Bytes checked against the route's schema when built: Fastify sends a Buffer without its serializer. */
function sendJsonBytes(reply: FastifyReply, body: Buffer) {
  return reply.type('application/json; charset=utf-8').send(body);
}

interface CalendarMailPayload {
  to: string;
  subject: string;
  text: string;
  ics: string;
  method: string;
}

/** The calendar (issue 15): events, occurrences, attendees, files, .ics, feeds, preferences, reminders. */
export default async function calendarRoutes(fastify: FastifyInstance, options: CalendarOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const deps: service.CalendarDeps = { db, publicUrl: app.config.publicUrl };
  const tags = ['calendar'];

  // Invitations, updates and cancellations: one mail per recipient with its .ics, recorded in the outbox.
  options.jobs.register(service.MAIL_JOB, async (job) => {
    const mail = job.payload as CalendarMailPayload;
    await db.transaction((tx) =>
      app.mailer.send(
        {
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: [
            {
              filename: mail.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
              contentType: `text/calendar; charset=utf-8; method=${mail.method}`,
              content: mail.ics,
            },
          ],
        },
        { db: tx },
      ),
    );
  });
  options.jobs.register(service.REMINDER_JOB, async (job) => {
    await service.sendReminder(db, app.mailer, app.config.publicUrl, job.payload as service.ReminderPayload);
  });
  options.jobs.register(service.REMINDER_SWEEP_JOB, async () => {
    await service.sweepReminders(db);
  });
  // every 10 minutes, on the clock
  options.jobs.every(
    service.REMINDER_SWEEP_JOB,
    (now) => new Date(Math.floor(now.getTime() / 600_000 + 1) * 600_000),
  );

  // The range read's answers, kept per process under the calendar version (range-cache.ts).
  const rangeAnswers = new RangeAnswers();
  app.get(
    '/api/events',
    {
      schema: {
        tags,
        summary: 'The occurrences in a range (month, week or day views)',
        description:
          'from and to: ISO date-times, at most 62 days apart. Series are expanded in their own zone with ' +
          'their moved and cancelled occurrences; more than 1,000 occurrences in the range is a 400. Each ' +
          'occurrence has what a calendar grid draws (the whole event is GET /api/events/{eventId}): ' +
          '`occurrenceStart` only for an occurrence of a recurring event, `myStatus` only for an invited ' +
          'caller. Answers with a strong ETag (and Cache-Control: private, no-store, as every signed-in ' +
          `answer); send If-None-Match to get 304. ${READERS}`,
        querystring: eventRangeQuerySchema,
        response: { 200: ZOccurrenceList, 304: ZNotModified, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const answer = await service.occurrencesAnswer(
        db,
        rangeAnswers,
        service.calendarCallerOf(auth.userId, auth.profile),
        new Date(request.query.from),
        new Date(request.query.to),
      );
      reply.header('etag', answer.etag);
      if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      return sendJsonBytes(reply, answer.body);
    },
  );

  app.get(
    '/api/events/list',
    {
      schema: {
        tags,
        summary: 'Upcoming or past events, searched and filtered, in pages',
        description: `when upcoming|past, q (title, location, description), organizationId, podId, page, pageSize. ${READERS}`,
        querystring: eventListQuerySchema,
        response: { 200: ZEventList, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.listEvents(db, requireAuth(request).userId, request.query),
  );

  app.post(
    '/api/events',
    {
      schema: {
        tags,
        summary: 'Create an event (the organizer attends it)',
        description:
          'Approved members and platform admins (403 while awaiting approval). Times in UTC with the event zone ' +
          '(IANA); recurrence daily, weekly on chosen days or monthly, with an end date or a count.',
        body: eventInputSchema,
        response: { 201: ZEventDetail, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createEvent(deps, requireAuth(request).userId, request.body)),
  );

  app.get(
    '/api/events/:eventId',
    {
      schema: {
        tags,
        summary: 'One event with its counts per status and the caller’s attendance',
        description: READERS,
        params: ZEventParams,
        response: { 200: ZEventDetail, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getEvent(db, requireAuth(request).userId, request.params.eventId),
  );

  app.patch(
    '/api/events/:eventId',
    {
      schema: {
        tags,
        summary: 'Change an event: the whole series or one occurrence',
        description:
          'scope series (default) or occurrence with occurrenceStart (the occurrence’s original start; only ' +
          'title, start and end). Raises the SEQUENCE and mails the attendees the update (.ics METHOD:REQUEST). ' +
          EDITORS,
        params: ZEventParams,
        body: eventPatchSchema,
        response: { 200: ZEventDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateEvent(deps, requireAuth(request).userId, request.params.eventId, request.body),
  );

  app.delete(
    '/api/events/:eventId',
    {
      schema: {
        tags,
        summary: 'Delete an event (the series, or one occurrence)',
        description:
          'scope series (default) or occurrence with occurrenceStart. The attendees get a cancellation ' +
          `(.ics METHOD:CANCEL, same UID, higher SEQUENCE). ${EDITORS}`,
        params: ZEventParams,
        querystring: eventDeleteQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const keys = await service.deleteEvent(
        deps,
        requireAuth(request).userId,
        request.params.eventId,
        request.query.scope,
        request.query.occurrenceStart,
      );
      for (const key of keys) await app.storage.delete(key);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/events/:eventId/ics',
    {
      schema: {
        tags,
        summary: 'Download the event as an .ics file (text/calendar)',
        description: READERS,
        params: ZEventParams,
      },
    },
    async (request, reply) => {
      const file = await service.eventIcsFile(deps, requireAuth(request).userId, request.params.eventId);
      return sendIcs(reply, file.title, file.ics);
    },
  );

  app.get(
    '/api/events/:eventId/attendees',
    {
      schema: {
        tags,
        summary: 'The attendees with their answers, and the counts per status',
        description: `status filter, page, pageSize. ${READERS}`,
        params: ZEventParams,
        querystring: attendeeListQuerySchema,
        response: { 200: ZAttendeeList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.listAttendees(db, requireAuth(request).userId, request.params.eventId, request.query),
  );

  app.post(
    '/api/events/:eventId/attendees',
    {
      schema: {
        tags,
        summary: 'Invite users and whole organizations (their approved members)',
        description: `Each new attendee gets an invitation mail with its .ics (METHOD:REQUEST) and a notification. ${EDITORS}`,
        params: ZEventParams,
        body: attendeeInviteSchema,
        response: { 201: ZInvited, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.inviteAttendees(
            deps,
            requireAuth(request).userId,
            request.params.eventId,
            request.body,
          ),
        ),
  );

  app.put(
    '/api/events/:eventId/attendees/me',
    {
      schema: {
        tags,
        summary: 'Answer an event (attending, declined, maybe) and choose a reminder',
        description: `Anyone who may read the event; an approved user who was not invited joins it. ${READERS}`,
        params: ZEventParams,
        body: myAttendanceSchema,
        response: { 200: ZAttendance, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.setMyAttendance(deps, requireAuth(request).userId, request.params.eventId, request.body),
  );

  app.delete(
    '/api/events/:eventId/attendees/:userId',
    {
      schema: {
        tags,
        summary: 'Remove an attendee (they get a cancellation)',
        description: `${EDITORS} An attendee may remove themself.`,
        params: ZAttendeeParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.removeAttendee(
        deps,
        requireAuth(request).userId,
        request.params.eventId,
        request.params.userId,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/events/:eventId/files',
    {
      schema: {
        tags,
        summary: 'The documents attached to the event',
        description: READERS,
        params: ZEventParams,
        response: { 200: ZEventFileList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listEventFiles(db, requireAuth(request).userId, request.params.eventId),
  );

  app.post(
    '/api/events/:eventId/files',
    {
      schema: {
        tags,
        summary: 'Attach a document (10 MB)',
        description:
          `multipart/form-data with the part \`file\`. ${DOCUMENT_TYPES_MESSAGE} The type is read from the bytes; ` +
          'another type 415, over 10 MB 413; nothing is kept then. The organizer, admins of its organization and attendees.',
        params: ZEventParams,
        consumes: ['multipart/form-data'],
        response: { 201: ZEventFile, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const readFile = () =>
        readOneFile(request, {
          notMultipartMessage: 'Send the file as multipart/form-data (part "file").',
          ...eventFileLimit,
        });
      return reply
        .code(201)
        .send(await uploadEventFile(db, app.storage, userId, request.params.eventId, readFile));
    },
  );

  app.get(
    '/api/events/:eventId/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Download an event’s document (attachment)',
        description: READERS,
        params: ZFileParams,
      },
    },
    async (request, reply) => {
      const found = await readEventFile(
        db,
        app.storage,
        requireAuth(request).userId,
        request.params.eventId,
        request.params.fileId,
      );
      return sendFile(reply, found);
    },
  );

  app.delete(
    '/api/events/:eventId/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Delete an event’s document',
        description: `${EDITORS} The person who uploaded it too.`,
        params: ZFileParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteEventFile(
        db,
        app.storage,
        requireAuth(request).userId,
        request.params.eventId,
        request.params.fileId,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/calendar/preferences',
    {
      schema: {
        tags,
        summary: 'The caller’s calendar settings (time zone, week start, slot size)',
        description: 'Defaults UTC, Sunday (0), 30 minutes until saved. Any signed-in user.',
        response: { 200: calendarPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.getPreferences(db, requireAuth(request).userId),
  );

  app.put(
    '/api/calendar/preferences',
    {
      schema: {
        tags,
        summary: 'Save the caller’s calendar settings',
        description: 'timeZone (IANA), weekStart 0 (Sunday) or 1 (Monday), slotMinutes 15, 30, 60 or 360.',
        body: calendarPreferencesSchema,
        response: { 200: calendarPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.savePreferences(db, requireAuth(request).userId, request.body),
  );

  app.get(
    '/api/calendar/feed',
    {
      schema: {
        tags,
        summary: 'Whether the caller has a personal calendar feed',
        description: 'The secret is kept hashed: its URL is shown only when made (POST). Any signed-in user.',
        response: { 200: ZCalendarFeed, ...errorResponses(401) },
      },
    },
    async (request) => service.getFeed(db, requireAuth(request).userId),
  );

  app.post(
    '/api/calendar/feed',
    {
      schema: {
        tags,
        summary: 'Make a new personal feed URL; the old one stops working at once',
        description:
          'Answers the secret URL once, for Google Calendar, Outlook or Apple Calendar to subscribe to.',
        response: { 201: ZCalendarFeed, ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.regenerateFeed(deps, requireAuth(request).userId)),
  );

  app.delete(
    '/api/calendar/feed',
    {
      schema: {
        tags,
        summary: 'Revoke the personal feed',
        description: 'Its URL stops working at once.',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await service.revokeFeed(db, requireAuth(request).userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/calendar/feed/:token.ics',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A personal calendar feed (iCalendar, no sign-in: the token is the secret)',
        description:
          'Every event its owner organizes or attends (not declined), series with their RRULEs. A revoked or ' +
          'replaced token 404.',
        security: [],
        params: ZFeedParams,
      },
    },
    async (request, reply) => {
      const ics = await service.feedByToken(deps, request.params.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="parity.ics"')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(ics);
    },
  );
}
