import { z } from 'zod';

/**
 * Calendar (issue 15): events with attendees, files, invitations (.ics), feeds and reminders.
 * The rules and messages shared by the API and the web calendar.
 */
/** Ids are PostgreSQL integers. */
const ZId = z.number().int().positive().max(2_147_483_647);
const ZQueryId = z.coerce.number().int().positive().max(2_147_483_647);

/** What the calendar's form offers. */
export const EVENT_VISIBILITIES = ['private', 'organization', 'public'] as const;
/** What an event may have: a pod's event (issue 16) is made on the pod's page, not in the form. */
export const EVENT_STORED_VISIBILITIES = [...EVENT_VISIBILITIES, 'pod'] as const;
export type TEventVisibility = (typeof EVENT_STORED_VISIBILITIES)[number];
export const EVENT_VISIBILITY_LABELS: Record<TEventVisibility, string> = {
  private: 'Private (invited people only)',
  organization: 'Organization (its members)',
  public: 'Public (every approved user)',
  pod: 'Pod (its members)',
};

export const ATTENDEE_STATUSES = ['no-answer', 'attending', 'declined', 'maybe'] as const;
export type TAttendeeStatus = (typeof ATTENDEE_STATUSES)[number];
/** 'no-answer' is offered as the button "Attend". */
export const ATTENDEE_STATUS_LABELS: Record<TAttendeeStatus, string> = {
  'no-answer': 'Attend',
  attending: 'Attending',
  declined: 'Declined',
  maybe: 'Maybe',
};

export const CALENDAR_SLOT_MINUTES = [15, 30, 60, 360] as const;
export const REMINDER_MINUTES = [2, 5, 10, 15, 30, 60] as const;
export const SOON_MINUTES = 30;
export const WEEK_STARTS = [0, 1] as const;
export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 20_000;
export const EVENT_LOCATION_MAX = 300;
export const MAX_OCCURRENCES_PER_READ = 1000;
export const MAX_RANGE_DAYS = 62;
export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type TRecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];
export const EVENT_SCOPES = ['series', 'occurrence'] as const;
export type TEventScope = (typeof EVENT_SCOPES)[number];

export const CALENDAR_MESSAGES = {
  endBeforeStart: 'End must be after start.',
  unknownTimeZone: 'Unknown time zone.',
  titleRequired: 'Title is required.',
  titleTooLong: `Title must be at most ${EVENT_TITLE_MAX} characters.`,
  videoUrl: 'The video link must be an https:// address.',
  rangeTooLong: `The range may span at most ${MAX_RANGE_DAYS} days.`,
  rangeOrder: '"to" must be after "from".',
  tooManyOccurrences: `The recurrence expands past ${MAX_OCCURRENCES_PER_READ} occurrences in this range.`,
  byWeekdayOnlyWeekly: 'Weekdays can only be chosen for a weekly recurrence.',
  untilAndCount: 'Give either an end date or a count, not both.',
  occurrenceStartRequired: 'occurrenceStart is required to change one occurrence of a recurring event.',
  inviteSomeone: 'Invite at least one user or organization.',
  dateTime: 'Use a date and time (ISO 8601).',
} as const;

/** The reminder text: 'in 5 minutes', 'in 1 hour', 'in 2 hours'. */
export function reminderText(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return `in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** An event starting within SOON_MINUTES from now (and not yet started) is styled as soon. */
export function isSoon(start: Date | string, now: Date = new Date()): boolean {
  const diff = new Date(start).getTime() - now.getTime();
  return diff >= 0 && diff <= SOON_MINUTES * 60_000;
}

/** True when the runtime knows the IANA zone name. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const ZTimeZone = z
  .string({ error: CALENDAR_MESSAGES.unknownTimeZone })
  .refine(isValidTimeZone, { error: CALENDAR_MESSAGES.unknownTimeZone });

const ZDateTime = z.iso.datetime({ offset: true, error: CALENDAR_MESSAGES.dateTime });

export const ZEventVisibility = z.enum(EVENT_VISIBILITIES, {
  error: `Visibility must be one of ${EVENT_VISIBILITIES.join(', ')}.`,
});
const ZStoredEventVisibility = z.enum(EVENT_STORED_VISIBILITIES);
export const ZAttendeeStatus = z.enum(ATTENDEE_STATUSES, {
  error: `Status must be one of ${ATTENDEE_STATUSES.join(', ')}.`,
});
export const ZReminderMinutes = z
  .number()
  .int()
  .refine((m) => (REMINDER_MINUTES as readonly number[]).includes(m), {
    error: `The reminder must be one of ${REMINDER_MINUTES.join(', ')} minutes.`,
  });

export const recurrenceSchema = z
  .strictObject({
    freq: z.enum(RECURRENCE_FREQUENCIES, { error: 'Repeat daily, weekly or monthly.' }),
    interval: z.number().int().min(1).max(99).default(1),
    byWeekday: z.array(z.number().int().min(0).max(6)).max(7).optional(),
    until: z.iso.date({ error: 'Use a date as YYYY-MM-DD.' }).optional(),
    count: z.number().int().min(1).max(MAX_OCCURRENCES_PER_READ).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.byWeekday?.length && r.freq !== 'weekly') {
      ctx.addIssue({ code: 'custom', path: ['byWeekday'], message: CALENDAR_MESSAGES.byWeekdayOnlyWeekly });
    }
    if (r.until && r.count) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: CALENDAR_MESSAGES.untilAndCount });
    }
  });
export type TRecurrence = z.infer<typeof recurrenceSchema>;

const eventFields = {
  title: z
    .string({ error: CALENDAR_MESSAGES.titleRequired })
    .trim()
    .min(1, { error: CALENDAR_MESSAGES.titleRequired })
    .max(EVENT_TITLE_MAX, { error: CALENDAR_MESSAGES.titleTooLong }),
  /** HTML; sanitised on the server. */
  description: z.string().max(EVENT_DESCRIPTION_MAX),
  start: ZDateTime,
  end: ZDateTime,
  allDay: z.boolean(),
  timeZone: ZTimeZone,
  location: z.string().trim().max(EVENT_LOCATION_MAX).nullish(),
  videoUrl: z
    .url({ protocol: /^https$/, error: CALENDAR_MESSAGES.videoUrl })
    .max(2000)
    .nullish()
    .or(z.literal('').transform(() => null)),
  visibility: ZEventVisibility,
  /** The organizer's organization by default. */
  organizationId: ZId.nullish(),
  recurrence: recurrenceSchema.nullish(),
};

function endAfterStart(value: { start?: string; end?: string }, ctx: z.RefinementCtx) {
  if (value.start && value.end && new Date(value.end).getTime() <= new Date(value.start).getTime()) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: CALENDAR_MESSAGES.endBeforeStart });
  }
}

export const eventInputSchema = z
  .strictObject({
    ...eventFields,
    description: eventFields.description.default(''),
    allDay: eventFields.allDay.default(false),
    visibility: eventFields.visibility.default('organization'),
  })
  .superRefine(endAfterStart);
export type TEventInput = z.infer<typeof eventInputSchema>;
export type TEventInputRaw = z.input<typeof eventInputSchema>;

export const eventPatchSchema = z
  .strictObject({
    ...z.strictObject(eventFields).partial().shape,
    scope: z.enum(EVENT_SCOPES).default('series'),
    occurrenceStart: ZDateTime.optional(),
  })
  .superRefine(endAfterStart)
  .superRefine((value, ctx) => {
    if (value.scope === 'occurrence' && !value.occurrenceStart) {
      ctx.addIssue({
        code: 'custom',
        path: ['occurrenceStart'],
        message: CALENDAR_MESSAGES.occurrenceStartRequired,
      });
    }
  });
export type TEventPatch = z.infer<typeof eventPatchSchema>;

export const eventDeleteQuerySchema = z
  .strictObject({
    scope: z.enum(EVENT_SCOPES).default('series'),
    occurrenceStart: ZDateTime.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.scope === 'occurrence' && !value.occurrenceStart) {
      ctx.addIssue({
        code: 'custom',
        path: ['occurrenceStart'],
        message: CALENDAR_MESSAGES.occurrenceStartRequired,
      });
    }
  });

export const eventRangeQuerySchema = z
  .strictObject({ from: ZDateTime, to: ZDateTime })
  .superRefine((value, ctx) => {
    const span = new Date(value.to).getTime() - new Date(value.from).getTime();
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_MESSAGES.rangeOrder });
    else if (span > MAX_RANGE_DAYS * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_MESSAGES.rangeTooLong });
    }
  });
export type TEventRangeQuery = z.infer<typeof eventRangeQuerySchema>;

export const eventListQuerySchema = z.strictObject({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  q: z.string().trim().max(200).optional(),
  organizationId: ZQueryId.optional(),
  podId: ZQueryId.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TEventListQuery = z.infer<typeof eventListQuerySchema>;

export const attendeeInviteSchema = z
  .strictObject({
    userIds: z.array(ZId).max(500).optional(),
    organizationIds: z.array(ZId).max(50).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.userIds?.length && !value.organizationIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: CALENDAR_MESSAGES.inviteSomeone });
    }
  });
export type TAttendeeInvite = z.infer<typeof attendeeInviteSchema>;

export const attendeeListQuerySchema = z.strictObject({
  status: ZAttendeeStatus.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const myAttendanceSchema = z.strictObject({
  status: ZAttendeeStatus,
  reminderMinutes: ZReminderMinutes.nullable().default(null),
});
export type TMyAttendance = z.infer<typeof myAttendanceSchema>;

export const calendarPreferencesSchema = z.strictObject({
  timeZone: ZTimeZone,
  weekStart: z.union([z.literal(0), z.literal(1)], { error: 'The week starts on Sunday (0) or Monday (1).' }),
  slotMinutes: z
    .number()
    .int()
    .refine((m) => (CALENDAR_SLOT_MINUTES as readonly number[]).includes(m), {
      error: `The slot size must be one of ${CALENDAR_SLOT_MINUTES.join(', ')} minutes.`,
    }),
});
export type TCalendarPreferences = z.infer<typeof calendarPreferencesSchema>;
export const DEFAULT_CALENDAR_PREFERENCES: TCalendarPreferences = {
  timeZone: 'UTC',
  weekStart: 0,
  slotMinutes: 30,
};

/* Responses */

export const ZStatusCounts = z.object({
  'no-answer': z.number().int(),
  attending: z.number().int(),
  declined: z.number().int(),
  maybe: z.number().int(),
});
export type TStatusCounts = z.infer<typeof ZStatusCounts>;

/**
 * One occurrence of a range read (GET /api/events?from&to): what the month, week, day and list
 * grids draw, short and flat (the whole event is GET /api/events/{id}).
 */
export const ZOccurrence = z.object({
  eventId: z.number().int(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  /** the caller may move, edit and delete it */
  canEdit: z.boolean(),
  /** only for an occurrence of a recurring event: its original start, which names it */
  occurrenceStart: z.string().optional(),
  /** only when the caller is invited: their answer */
  myStatus: ZAttendeeStatus.optional(),
});
export type TOccurrence = z.infer<typeof ZOccurrence>;
export const ZOccurrenceList = z.object({ data: z.array(ZOccurrence) });

export const ZEventListItem = z.object({
  eventId: z.number().int(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  organizationName: z.string().nullable(),
  visibility: ZStoredEventVisibility,
  recurring: z.boolean(),
  myStatus: ZAttendeeStatus.nullable(),
  attendingCount: z.number().int(),
});
export type TEventListItem = z.infer<typeof ZEventListItem>;
export const ZEventList = z.object({ data: z.array(ZEventListItem), total: z.number().int() });
export type TEventList = z.infer<typeof ZEventList>;

export const ZEventException = z.object({
  occurrenceStart: z.string(),
  cancelled: z.boolean(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  title: z.string().nullable(),
});

export const ZEventDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  timeZone: z.string(),
  location: z.string().nullable(),
  videoUrl: z.string().nullable(),
  visibility: ZStoredEventVisibility,
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  podId: z.number().int().nullable(),
  organizer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  recurrence: z
    .object({
      freq: z.enum(RECURRENCE_FREQUENCIES),
      interval: z.number().int(),
      byWeekday: z.array(z.number().int()).optional(),
      until: z.string().optional(),
      count: z.number().int().optional(),
    })
    .nullable(),
  rrule: z.string().nullable(),
  sequence: z.number().int(),
  canEdit: z.boolean(),
  myAttendance: z
    .object({ status: ZAttendeeStatus, reminderMinutes: z.number().int().nullable() })
    .nullable(),
  counts: ZStatusCounts,
  exceptions: z.array(ZEventException),
});
export type TEventDetail = z.infer<typeof ZEventDetail>;

export const ZAttendee = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  organizationName: z.string().nullable(),
  status: ZAttendeeStatus,
  viaOrganizationId: z.number().int().nullable(),
});
export type TAttendee = z.infer<typeof ZAttendee>;
export const ZAttendeeList = z.object({
  data: z.array(ZAttendee),
  total: z.number().int(),
  counts: ZStatusCounts,
});

export const ZEventFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  uploadedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TEventFile = z.infer<typeof ZEventFile>;
export const ZEventFileList = z.object({ data: z.array(ZEventFile) });

/**
 * The personal feed: the secret is kept hashed, so its URL is answered only when it is made
 * (POST); afterwards GET tells whether one is active and since when.
 */
export const ZCalendarFeed = z.object({
  url: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
