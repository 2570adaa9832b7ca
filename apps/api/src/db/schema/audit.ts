import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { oauthClients, organizations, users } from './people';

/**
 * Every write to organization, membership and permission data (DESIGN 5): who (actor), which
 * organization, what (entity + entity_id + action) and the values before and after. Written in
 * the same transaction as the change; the source of the organization's feed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actor_user_id: integer('actor_user_id').references(() => users.id),
    /** The integration client (client_credentials token) that made the call, when one did. */
    client_id: text('client_id').references(() => oauthClients.id),
    organization_id: integer('organization_id').references(() => organizations.id),
    /** 'organization', 'membership', 'permissions', 'invitation', 'organization_code', 'file', 'contact', 'lpi' */
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    /** 'update', 'create', 'delete', 'approve', 'decline', 'join', 'remove', 'upload', 'submit', ... */
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_organization_idx').on(t.organization_id, t.at),
    index('audit_log_client_idx').on(t.client_id, t.at),
    /** the platform audit view (GET /api/admin/audit): newest first, by actor, by kind */
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actor_user_id, t.at),
    index('audit_log_entity_idx').on(t.entity, t.action, t.at),
  ],
);
