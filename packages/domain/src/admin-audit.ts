import { z } from 'zod';
import { AUDIT_ENTITIES, ZAuditEntry } from './organization-audit';

/** The admin console's audit view (issue 14 point 10): every audit entry of the platform. */

export const ADMIN_AUDIT_DEFAULT_LIMIT = 30;
export const ADMIN_AUDIT_MAX_LIMIT = 100;
export const ADMIN_AUDIT_DATES_ORDER_MESSAGE = 'The start date must be on or before the end date';

/** What each entity reads as in the audit view. */
export const AUDIT_ENTITY_LABELS: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  organization: 'Organization',
  membership: 'Membership',
  permissions: 'Permissions',
  invitation: 'Invitation',
  organization_code: 'Organization code',
  file: 'File',
  contact: 'Contact',
  lpi: 'LPI profile',
  survey: 'Survey',
  usage_event: 'Usage event',
  user: 'User account',
  setting: 'Platform setting',
  oauth_client: 'OAuth client',
  client_call: 'Client call',
  pod: 'Pod',
  community: 'Community',
  support: 'Support',
  portfolio_entry: 'Portfolio entry',
  exchange: 'Exchange',
};

const ZDay = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });
const ZId = (what: string) =>
  z.coerce
    .number({ error: `The ${what} is a positive whole number` })
    .int(`The ${what} is a positive whole number`)
    .positive(`The ${what} is a positive whole number`);

/**
 * GET /api/admin/audit: `actor_id` (a user id) or `actor` (a search on the actor's name or email),
 * `organization_id`, `entity` and/or `action` (the kind), `from`/`to` (days, UTC, both included).
 */
export const ZAdminAuditQuery = z
  .strictObject({
    actor_id: ZId('actor id').optional(),
    actor: z.string().trim().min(1).max(200, 'Value must be not more than 200 characters long').optional(),
    organization_id: ZId('organization id').optional(),
    entity: z.enum(AUDIT_ENTITIES, { error: `The entity is one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
    action: z
      .string()
      .trim()
      .regex(/^[a-z_]{1,40}$/, 'The action is a word in lower case, e.g. update')
      .optional(),
    from: ZDay.optional(),
    to: ZDay.optional(),
    limit: z.coerce.number().int().min(1).max(ADMIN_AUDIT_MAX_LIMIT).default(ADMIN_AUDIT_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: ADMIN_AUDIT_DATES_ORDER_MESSAGE,
    path: ['to'],
  });
export type TAdminAuditQuery = z.infer<typeof ZAdminAuditQuery>;

/** The organization audit log's entry, with the actor's email and the entry's organization. */
export const ZAdminAuditEntry = ZAuditEntry.extend({
  /** null: the system (e.g. a mailed link) */
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TAdminAuditEntry = z.infer<typeof ZAdminAuditEntry>;

export const ZAdminAuditList = z.object({ data: z.array(ZAdminAuditEntry), total: z.number().int() });
export type TAdminAuditList = z.infer<typeof ZAdminAuditList>;
