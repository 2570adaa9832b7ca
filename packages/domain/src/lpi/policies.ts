/**
 * The Policies tab of the LPI profile (spec 3 Policy, 7 policies calls): the policy list, an
 * organization's record of each policy with its attachments, the status message and file sizes.
 */
import { z } from 'zod';
import { displayName } from '../account';
import { ZSaveBase, ZTabState } from './tabs';

/** The only status the spec knows; records with another status show no status. */
export const POLICY_STATUSES = ['Reviewed'] as const;
export const ZPolicyStatus = z.enum(POLICY_STATUSES);

/** Spec 9: at most 5 MB per attachment (as the multipart limit). */
export const POLICY_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const POLICY_FILE_MAX_COUNT = 10;
/** The attachment types, by extension; the API also checks each file's first bytes. */
export const POLICY_FILE_EXTENSIONS = [
  'pdf',
  'docx',
  'doc',
  'xlsx',
  'pptx',
  'txt',
  'png',
  'jpg',
  'jpeg',
] as const;
export const POLICY_FILE_TYPES_MESSAGE =
  'Attachments must be PDF, DOCX, DOC, XLSX, PPTX, TXT, PNG or JPEG files.';
export const POLICY_FILE_SIZE_MESSAGE = 'Each attachment must be at most 5 MB.';
export const POLICY_DATE_MESSAGE = 'Enter a valid date (YYYY-MM-DD).';

export const POLICY_ALERTS = {
  created: 'Policy was created',
  updated: 'Policy was updated',
  deleted: 'Policy deleted',
  loaded: 'Survey Policy was loaded',
  loadFailed: 'Failed to load Survey Policy',
} as const;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** A calendar date YYYY-MM-DD, or null (an empty form field). */
export const ZPolicyDate = z.preprocess(
  emptyToNull,
  z.iso.date({ error: POLICY_DATE_MESSAGE }).nullable(),
) as z.ZodType<string | null, unknown>;

/** The fields of a policy record the form edits (the web form validates with this too). */
export const ZPolicyFields = z.object({
  status: z.preprocess(emptyToNull, ZPolicyStatus.nullable()) as z.ZodType<
    z.infer<typeof ZPolicyStatus> | null,
    unknown
  >,
  current_as_of: ZPolicyDate,
  established_at: ZPolicyDate,
  last_reviewed_at: ZPolicyDate,
});
export type TPolicyFields = z.infer<typeof ZPolicyFields>;

/** The browser's check of the picked attachments (count, type by extension, size); the API checks their bytes too. */
export const ZPolicyFiles = z.array(z.custom<{ name: string; size: number }>()).superRefine((files, ctx) => {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
  if (files.length > POLICY_FILE_MAX_COUNT) return issue(`At most ${POLICY_FILE_MAX_COUNT} files at once.`);
  for (const file of files) {
    const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
    if (!(POLICY_FILE_EXTENSIONS as readonly string[]).includes(ext)) return issue(POLICY_FILE_TYPES_MESSAGE);
    if (file.size > POLICY_FILE_MAX_BYTES) return issue(POLICY_FILE_SIZE_MESSAGE);
  }
});

/** The policy record form: its fields and the attachments picked with them. */
export const ZPolicyForm = ZPolicyFields.extend({ files: ZPolicyFiles });

/** POST /api/policies (multipart fields; the files come as files[i]). */
export const ZPolicyRecordInput = ZSaveBase.extend({
  ...ZPolicyFields.shape,
  policy_id: id,
  /** sent by the web as in spec 7; a save is always for the caller's own organization */
  organization_id: id.nullish(),
  // Multipart sends an empty field for null.
  survey_id: z.preprocess(emptyToNull, id.nullable()).optional() as z.ZodType<
    number | null | undefined,
    unknown
  >,
  updated_at: z.preprocess(emptyToNull, ZSaveBase.shape.updated_at),
});
export type TPolicyRecordInput = z.infer<typeof ZPolicyRecordInput>;

/** POST /api/policies/update: the same fields and the record's id. */
export const ZPolicyRecordUpdate = ZPolicyRecordInput.extend({ id });
export type TPolicyRecordUpdate = z.infer<typeof ZPolicyRecordUpdate>;

export const ZPolicy = z.object({ id: z.number().int(), name: z.string() });
export type TPolicy = z.infer<typeof ZPolicy>;

export const ZPolicyAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  /** the download path (GET /api/policies/attachments/{id}) */
  url: z.string(),
});
export type TPolicyAttachment = z.infer<typeof ZPolicyAttachment>;

export const ZPolicyRecord = z.object({
  policy_id: z.number().int(),
  id: z.number().int(),
  /** the policy's name */
  name: z.string(),
  status: z.string().nullable(),
  attachments: z.array(ZPolicyAttachment),
  created_at: z.string(),
  updated_at: z.string(),
  current_as_of: z.string().nullable(),
  established_at: z.string().nullable(),
  last_reviewed_at: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), lastname: z.string() }).nullable(),
  revision: z.number().int(),
});
export type TPolicyRecord = z.infer<typeof ZPolicyRecord>;

export const ZPolicyList = z.object({ data: z.array(ZPolicy) });
export const ZPolicyRecords = z.object({ data: z.array(ZPolicyRecord), state: ZTabState });
export type TPolicyRecords = z.infer<typeof ZPolicyRecords>;

// --- display ---------------------------------------------------------------------------------------

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A relative time in words: 'a few seconds ago', '3 days ago', 'in 2 months'. */
export function timeAgo(from: Date, now: Date): string {
  const diff = now.getTime() - from.getTime();
  const ms = Math.abs(diff);
  let text: string;
  if (ms < 45 * SECOND) text = 'a few seconds';
  else if (ms < 90 * SECOND) text = 'a minute';
  else if (ms < 45 * MINUTE) text = `${Math.round(ms / MINUTE)} minutes`;
  else if (ms < 90 * MINUTE) text = 'an hour';
  else if (ms < 22 * HOUR) text = `${Math.round(ms / HOUR)} hours`;
  else if (ms < 36 * HOUR) text = 'a day';
  else if (ms < 26 * DAY) text = `${Math.round(ms / DAY)} days`;
  else if (ms < 45 * DAY) text = 'a month';
  else if (ms < 320 * DAY) text = `${Math.round(ms / (DAY * 30.4))} months`;
  else if (ms < 548 * DAY) text = 'a year';
  else text = `${Math.round(ms / (DAY * 365.25))} years`;
  return diff >= 0 ? `${text} ago` : `in ${text}`;
}

/** A date-only value (YYYY-MM-DD) is that day's midnight UTC; anything else as Date parses it. */
function parseMoment(value: string): Date | null {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Spec 3: the status (only 'Reviewed' is shown), then 'by {full name}' when there is a user (a
 * 'Private' last name hidden), then the time since current_as_of for a Reviewed record, else since
 * created_at.
 */
export function policyStatusMessage(
  record: Pick<TPolicyRecord, 'status' | 'user' | 'current_as_of' | 'created_at'>,
  now: Date,
): string {
  const reviewed = record.status === 'Reviewed';
  const parts: string[] = [];
  if (reviewed) parts.push('Reviewed');
  const name = record.user ? displayName(record.user.name, record.user.lastname) : '';
  if (name) parts.push(`by ${name}`);
  const moment = parseMoment((reviewed ? record.current_as_of : null) ?? record.created_at);
  if (moment) parts.push(timeAgo(moment, now));
  return parts.join(' ');
}
