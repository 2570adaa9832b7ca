import type { TAuditEntity } from '@parity/domain/organization-audit';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema/audit';

export interface AuditInput {
  /** who did it (null: the system, e.g. a mailed link) */
  actorId: number | null;
  organizationId: number | null;
  entity: TAuditEntity;
  entityId?: string | number | null;
  /** 'update', 'create', 'delete', 'approve', 'decline', 'join', 'remove', 'upload', 'submit'... */
  action: string;
  before?: unknown;
  after?: unknown;
  at?: Date;
}

const json = (v: unknown) => (v === undefined ? null : JSON.parse(JSON.stringify(v)));

/**
 * Records one write to organization, membership or permission data. Call it with the transaction
 * of the write itself, so the entry exists exactly when the change does. The LPI submit records
 * `{entity: 'lpi', action: 'submit'}` (the feed reads submissions from their own table, so the
 * entry shows in the audit log only).
 */
export async function audit(tx: DbOrTx, input: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actor_user_id: input.actorId,
    organization_id: input.organizationId,
    entity: input.entity,
    entity_id: input.entityId == null ? null : String(input.entityId),
    action: input.action,
    before: json(input.before),
    after: json(input.after),
    ...(input.at ? { at: input.at } : {}),
  });
}

/** The fields of `after` that differ from `before` (for compact update entries). */
export function changed<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      b[key] = before[key];
      a[key] = after[key] as T[keyof T];
    }
  }
  return { before: b, after: a, any: Object.keys(a).length > 0 };
}
