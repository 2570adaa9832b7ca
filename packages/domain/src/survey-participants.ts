/**
 * The host's side of a survey's respondents (spec 2 hosting/{surveyId}, 7 Surveys, 9 page sizes):
 * contacts and their invitations, the participants list, organization labels, reminders, declines
 * and response rates. The API validates with these schemas and the hosted survey page builds its
 * queries and forms from them.
 */
import { z } from 'zod';
import { zLabelledRequired } from './validation/zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Spec 9: participants page size 30; contacts 30 or 60. */
export const PARTICIPANTS_PAGE_SIZE = 30;
export const CONTACTS_PAGE_SIZES = [30, 60] as const;
export const MAX_PAGE_SIZE = 100;

/** Spec 8 alert texts. */
export const CONTACTS_UPDATED_MESSAGE = 'Contacts table was updated';
export const CONTACT_DELETED_MESSAGE = 'Contact deleted';
export const CONTACT_INVITED_MESSAGE = 'Contact was invited';
export const LABELS_UPDATED_TITLE = 'Success!';
export const LABELS_UPDATED_MESSAGE = 'Labels updated!';

// --- participant status ---------------------------------------------------------------------------

/**
 * A participant's status as the host sees it: an invitation nobody opened is not_started (stored
 * 'invited'), one with a recorded step or a completed step is in_progress, then submitted or
 * declined.
 */
export const PARTICIPANT_STATUSES = ['not_started', 'in_progress', 'submitted', 'declined'] as const;
export const ZParticipantStatus = z.enum(PARTICIPANT_STATUSES);
export type TParticipantStatus = z.infer<typeof ZParticipantStatus>;

export const PARTICIPANT_STATUS_LABELS: Record<TParticipantStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  submitted: 'Submitted',
  declined: 'Declined',
};

/** The stored survey_invitations.status of a participant status. */
export function storedStatusOf(status: TParticipantStatus): string {
  return status === 'not_started' ? 'invited' : status;
}

/** The participant status of a stored survey_invitations.status. */
export function participantStatusOf(stored: string): TParticipantStatus {
  return stored === 'invited' ? 'not_started' : (stored as TParticipantStatus);
}

/** Whether a reminder goes to a participant: everyone who has neither submitted nor declined. */
export function needsReminder(status: TParticipantStatus): boolean {
  return status === 'not_started' || status === 'in_progress';
}

// --- decline codes ----------------------------------------------------------------------------------

/**
 * Why an invited organization declines (POST /api/surveys/{id}/decline-respondent): the survey does
 * not apply to it, it has no capacity this cycle, it does not collect this data, or another reason.
 */
export const DECLINE_CODES = ['not_applicable', 'no_capacity', 'no_data', 'other'] as const;
export const ZDeclineCode = z.enum(DECLINE_CODES);
export type TDeclineCode = z.infer<typeof ZDeclineCode>;
export const DECLINE_CODE_LABELS: Record<TDeclineCode, string> = {
  not_applicable: 'The survey does not apply to us',
  no_capacity: 'No capacity this cycle',
  no_data: 'We do not collect this data',
  other: 'Another reason',
};

export const ZDeclineRespondentBody = z.strictObject({ organization_id: id, code: ZDeclineCode });
/** The decline dialog: the reason picked (null until one is). */
export const ZDeclineForm = z.object({ code: ZDeclineCode.nullable().check(zLabelledRequired('Reason')) });
export type TDeclineRespondentBody = z.infer<typeof ZDeclineRespondentBody>;

export const ZDeclineResult = z.object({
  organization_id: z.number().int(),
  status: ZParticipantStatus,
  declined_at: z.string(),
  decline_code: ZDeclineCode,
});
export type TDeclineResult = z.infer<typeof ZDeclineResult>;

// --- labels ---------------------------------------------------------------------------------------------

export const ZLabelRef = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() });
export type TLabelRef = z.infer<typeof ZLabelRef>;

/** A label's colour: a CSS hex colour (#rgb or #rrggbb). */
export const ZLabelColor = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Color must be a hex colour such as #1c7ed6');

export const ZCreateLabelBody = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  color: ZLabelColor.nullish(),
});
export type TCreateLabelBody = z.infer<typeof ZCreateLabelBody>;

/** GET /api/organization-labels: the caller's organization's labels, or a survey host's (survey_id). */
export const ZLabelsQuery = z.strictObject({ survey_id: id.optional() });

/** POST /api/organization-labels/surveys/{surveyId}: the participant's labels become exactly these. */
export const ZSyncLabelsBody = z.strictObject({
  organization_id: id,
  label_ids: z.array(id).max(50, 'At most 50 labels'),
});
export type TSyncLabelsBody = z.infer<typeof ZSyncLabelsBody>;

// --- participants -------------------------------------------------------------------------------------

export const PARTICIPANT_SORTS = [
  'name',
  'status',
  'progress',
  'submitted_at',
  'last_reminded_at',
  'invited_at',
] as const;
export const ZParticipantSort = z.enum(PARTICIPANT_SORTS);
export type TParticipantSort = z.infer<typeof ZParticipantSort>;

/** label_ids as a comma list ("1,2"), repeated (?label_ids=1&label_ids=2), or both. */
const ZIdList = z.union([z.string(), z.array(z.string())]).transform((value, ctx) => {
  const parts = (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter(Boolean);
  const ids: number[] = [];
  for (const part of parts) {
    const n = Number(part);
    if (!/^\d+$/.test(part) || !Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'label_ids must be a comma list of label ids' });
      return z.NEVER;
    }
    ids.push(n);
  }
  if (ids.length > 50) {
    ctx.addIssue({ code: 'custom', message: 'At most 50 labels' });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

export const ZParticipantsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PARTICIPANTS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort_by: ZParticipantSort.default('name'),
  sort_order: z.enum(['asc', 'desc']).default('asc'),
  /** part of the organization's name (case-insensitive) */
  search_query: z.string().trim().max(100).optional(),
  status: ZParticipantStatus.optional(),
  /** organizations carrying any of these labels (the host's own labels) */
  label_ids: ZIdList.optional(),
});
export type TParticipantsQuery = z.infer<typeof ZParticipantsQuery>;
export type TParticipantsQueryInput = z.input<typeof ZParticipantsQuery>;

export const ZParticipant = z.object({
  organization_id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  status: ZParticipantStatus,
  /** completed steps over total steps, whole percent */
  progress: z.number().int(),
  completed_steps: z.number().int(),
  total_steps: z.number().int(),
  submitted_at: z.string().nullable(),
  invited_at: z.string(),
  declined_at: z.string().nullable(),
  decline_code: z.string().nullable(),
  last_reminded_at: z.string().nullable(),
  reminder_count: z.number().int(),
  labels: z.array(ZLabelRef),
});
export type TParticipant = z.infer<typeof ZParticipant>;

export const ZParticipantsPage = z.object({ data: z.array(ZParticipant), total: z.number().int() });
export type TParticipantsPage = z.infer<typeof ZParticipantsPage>;

// --- contacts -------------------------------------------------------------------------------------------

export const ZContactsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CONTACTS_PAGE_SIZES[0]),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** part of the contact's name, email or organization (case-insensitive) */
  search: z.string().trim().max(100).optional(),
});
export type TContactsQuery = z.infer<typeof ZContactsQuery>;

const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Email must be a valid email address' }));

/** A contact of an organization that is not public must be one of its approved members' emails. */
export const ZNewContact = z.strictObject({
  organization_id: id,
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  lastname: z.string().trim().max(100, 'Last name must be at most 100 characters').optional(),
  email: ZEmail,
});
export type TNewContact = z.infer<typeof ZNewContact>;
/** The add-contact dialog: the organization picked (an id as the select's text, or null) and the contact. */
export const ZNewContactForm = ZNewContact.extend({
  organization_id: z.unknown().check(zLabelledRequired('Organization')).pipe(id),
});

/** One contact or a list of them (at most 200 at once). */
export const ZAddContactsBody = z.union([ZNewContact, z.array(ZNewContact).min(1).max(200)]);
export type TAddContactsBody = z.infer<typeof ZAddContactsBody>;

export const ZSurveyContact = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  organization_name: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  invited_at: z.string().nullable(),
  created_at: z.string(),
});
export type TSurveyContact = z.infer<typeof ZSurveyContact>;

export const ZContactsPage = z.object({ data: z.array(ZSurveyContact), total: z.number().int() });
export type TContactsPage = z.infer<typeof ZContactsPage>;

export const ZInviteContactsBody = z.strictObject({
  contact_ids: z.array(id).min(1, 'Choose at least one contact').max(200),
});
const ZOrganizationCode = z
  .string()
  .trim()
  .min(1, 'Code is required')
  .max(64, 'Code must be at most 64 characters');

/**
 * Organizations to invite: public ones by id (from the directory); any one, public or not, by an
 * approved member's email or by its sign-up code. At least one of the three. A private
 * organization named by id answers as an unknown id, so ids cannot be probed.
 */
export const ZInviteMembersBody = z
  .strictObject({
    organization_ids: z.array(id).min(1, 'Choose at least one organization').max(200).optional(),
    email: ZEmail.optional(),
    code: ZOrganizationCode.optional(),
  })
  .refine((body) => body.organization_ids || body.email || body.code, {
    message: 'Choose at least one organization',
    path: ['organization_ids'],
  });
export type TInviteMembersBody = z.infer<typeof ZInviteMembersBody>;

/** The host's "by email or organization code" field: an email when it has an @, else a code. */
export const ZInviteByEmailOrCodeForm = z.object({
  email_or_code: z
    .string()
    .trim()
    .min(1, 'Enter a member’s email or the organization code')
    .superRefine((value, ctx) => {
      const parsed = ZInviteMembersBody.safeParse(inviteBodyOf(value));
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
    }),
});

/** The invite body of what was typed in the "by email or organization code" field. */
export function inviteBodyOf(emailOrCode: string): TInviteMembersBody {
  const value = emailOrCode.trim();
  return value.includes('@') ? { email: value.toLowerCase() } : { code: value };
}

/**
 * What inviting organizations did, by name: "Rowan Capital was invited", "A and B were invited",
 * "3 organizations were invited"; one invited before says so ("Rowan Capital was already invited").
 */
export function organizationsInvitedMessage(invited: readonly string[], already: readonly string[]): string {
  const named = (names: readonly string[], what: string) => {
    const who =
      names.length === 1
        ? names[0]
        : names.length === 2
          ? `${names[0]} and ${names[1]}`
          : `${names.length} organizations`;
    return `${who} ${names.length === 1 ? 'was' : 'were'} ${what}`;
  };
  const parts = [
    ...(invited.length ? [named(invited, 'invited')] : []),
    ...(already.length ? [named(already, 'already invited')] : []),
  ];
  return parts.join('; ');
}

export const ZInviteResult = z.object({
  message: z.string(),
  /** organizations newly invited (an organization already invited is not counted again) */
  invited: z.number().int(),
  /** invitation mails sent */
  mailed: z.number().int(),
});
export type TInviteResult = z.infer<typeof ZInviteResult>;

// --- reminders --------------------------------------------------------------------------------------

export const ZRemindersBody = z
  .strictObject({ organization_ids: z.array(id).min(1).max(10_000).optional() })
  .nullish();
export const ZRemindersResult = z.object({
  /** participants reminded (not submitted, not declined) */
  reminded: z.number().int(),
  /** reminder mails sent */
  mailed: z.number().int(),
  reminded_at: z.string(),
});
export type TRemindersResult = z.infer<typeof ZRemindersResult>;

// --- response rates ---------------------------------------------------------------------------------

export const ZStatusCount = z.object({ count: z.number().int(), percent: z.number() });

export const ZResponseRates = z.object({
  /** every invited organization */
  invited: z.number().int(),
  statuses: z.object({
    not_started: ZStatusCount,
    in_progress: ZStatusCount,
    submitted: ZStatusCount,
    declined: ZStatusCount,
  }),
  /** per day, cumulative: organizations invited, submitted and declined by the end of that day */
  series: z.array(
    z.object({
      date: z.string(),
      invited: z.number().int(),
      submitted: z.number().int(),
      declined: z.number().int(),
    }),
  ),
});
export type TResponseRates = z.infer<typeof ZResponseRates>;

/** A share of the invited organizations, in percent with one decimal (0 when nobody is invited). */
export function percentOf(count: number, invited: number): number {
  return invited > 0 ? Math.round((count / invited) * 1000) / 10 : 0;
}

/**
 * Turns per-day event counts into the cumulative series, one point per day from the first to the
 * last day (both YYYY-MM-DD), days without events carrying the previous totals.
 */
export function cumulativeSeries(
  days: readonly { date: string; invited: number; submitted: number; declined: number }[],
  from: string,
  to: string,
): TResponseRates['series'] {
  const byDay = new Map(days.map((d) => [d.date, d]));
  const series: TResponseRates['series'] = [];
  let invited = 0;
  let submitted = 0;
  let declined = 0;
  // Events before the first day shown still count in its totals.
  for (const d of days) {
    if (d.date < from) {
      invited += d.invited;
      submitted += d.submitted;
      declined += d.declined;
    }
  }
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    const d = byDay.get(date);
    if (d) {
      invited += d.invited;
      submitted += d.submitted;
      declined += d.declined;
    }
    series.push({ date, invited, submitted, declined });
  }
  return series;
}

/** Most days the series spans (older days fold into the first point). */
export const MAX_SERIES_DAYS = 366;
