import { z } from 'zod';

/** Spec 3 Organization (private space): the audit log (admins) and the activity feed (members). */
export const AUDIT_PAGE_SIZE = 30;

export const ZPageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** What an audit entry is about. */
export const AUDIT_ENTITIES = [
  'organization',
  'membership',
  'permissions',
  'invitation',
  'organization_code',
  'file',
  'contact',
  'lpi',
  'survey',
  /** the web client's usage events (POST /api/usage-events); in the audit log, not the feed */
  'usage_event',
  /** a platform administrator's change to an account (admin users) */
  'user',
  /** a platform setting (maintenance mode), written by a platform administrator */
  'setting',
  /** an OAuth client (admin clients) */
  'oauth_client',
  /** a call made with an integration client's token (client_credentials), attributed to the client */
  'client_call',
  /** a pod and what happens in it: members, invitations, posts, files, events (issue 16) */
  'pod',
  /** a community listing, an organization's community tags, an announcement (issue 18) */
  'community',
  /** help articles, FAQ entries and support requests (issue 18) */
  'support',
  /** an investor's portfolio entry: a fund of a manager (issue 18 investments) */
  'portfolio_entry',
  /** a grant of the organization's profile to an investor, its revocation, an access request's answer (issue 18) */
  'exchange',
] as const;
export type TAuditEntity = (typeof AUDIT_ENTITIES)[number];

export const ZAuditActor = z.object({ id: z.number().int(), name: z.string(), lastname: z.string() });
export type TAuditActor = z.infer<typeof ZAuditActor>;

/** GET /api/organizations/me/audit-log: one write with the values before and after it. */
export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: ZAuditActor.nullable(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** who or what the entry is about, by name (a member, a contact, a file, an invited address, a survey) */
  entity_name: z.string().nullable(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditLog = z.object({ data: z.array(ZAuditEntry), total: z.number().int() });
export type TAuditLog = z.infer<typeof ZAuditLog>;

/** GET /api/organizations/me/feed: a readable line per event, newest first. */
export const ZFeedItem = z.object({
  /** 'a{audit id}' or 's{submission id}' */
  id: z.string(),
  at: z.string(),
  actor: ZAuditActor.nullable(),
  /** '{entity}.{action}', e.g. 'organization.update', 'membership.join', 'file.upload', 'lpi.submit' */
  kind: z.string(),
  summary: z.string(),
});
export type TFeedItem = z.infer<typeof ZFeedItem>;

export const ZFeed = z.object({ data: z.array(ZFeedItem), total: z.number().int() });
export type TFeed = z.infer<typeof ZFeed>;

const fullName = (p: { name: string; lastname: string } | null | undefined) =>
  p ? `${p.name} ${p.lastname}`.trim() || 'Someone' : 'Someone';

type Json = Record<string, unknown> | null | undefined;
const str = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);

/**
 * The feed's sentence for an event. `after`/`before` hold what the writer recorded (a member's
 * name under `user_name`, a file's under `original_name`...).
 */
export function feedSummary(
  entity: string,
  action: string,
  actor: { name: string; lastname: string } | null,
  after: Json,
  before: Json,
): string {
  const who = fullName(actor);
  const subject = str(after?.user_name ?? before?.user_name, 'a member');
  switch (`${entity}.${action}`) {
    case 'organization.update':
      return `${who} updated the organization profile`;
    case 'organization.logo':
      return `${who} updated the organization logo`;
    case 'organization.cover':
      return `${who} updated the organization cover`;
    case 'organization.create':
      return `${who} created the organization`;
    case 'membership.join':
      return `${subject} joined`;
    case 'membership.request':
      return `${subject} asked to join`;
    case 'membership.approve':
      return `${subject} joined`;
    case 'membership.decline':
      return `${who} declined the request of ${subject}`;
    case 'membership.remove':
      return `${who} removed ${subject} from the organization`;
    case 'permissions.update':
      return `${who} changed the permissions of ${subject}`;
    case 'invitation.create':
      return `${who} invited ${str(after?.email, 'someone')}`;
    case 'invitation.resend':
      return `${who} resent the invitation of ${str(after?.email, 'someone')}`;
    case 'invitation.revoke':
      return `${who} revoked the invitation of ${str(before?.email, 'someone')}`;
    case 'organization_code.rotate':
      return `${who} changed the organization code`;
    case 'file.upload':
      return `${who} uploaded ${str(after?.original_name, 'a file')}`;
    case 'file.delete':
      return `${who} deleted ${str(before?.original_name, 'a file')}`;
    case 'contact.create':
      return `${who} added the contact ${str(after?.name, '')}`.trim();
    case 'contact.update':
      return `${who} updated the contact ${str(after?.name, '')}`.trim();
    case 'contact.delete':
      return `${who} deleted the contact ${str(before?.name, '')}`.trim();
    case 'lpi.complete':
      return `${who} marked a survey step complete`;
    case 'lpi.submit':
      return after?.survey_id
        ? `${who} submitted the LPI profile to a survey`
        : `${who} submitted the LPI profile`;
    default:
      return `${who} changed ${entity.replace(/_/g, ' ')}`;
  }
}
