import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { podMembers } from '../../db/schema/pods';

// Pod membership for every module that shows a pod's things (the pods module, and the calendar
// for pod events), read here so the calendar need not import the pods module.

/** Whether the user is an active member of the pod (join requests do not count). */
export async function isPodMember(db: DbOrTx, podId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(podMembers)
    .where(and(eq(podMembers.pod_id, podId), eq(podMembers.user_id, userId), eq(podMembers.status, 'active')))
    .limit(1);
  return rows.length > 0;
}

/** The pods the user is an active member of. */
export async function podIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ podId: podMembers.pod_id })
    .from(podMembers)
    .where(and(eq(podMembers.user_id, userId), eq(podMembers.status, 'active')));
  return rows.map((r) => r.podId);
}

/** A condition for raw queries: `podIdColumn` is a pod the user is an active member of. */
export function isPodMemberSql(podIdColumn: SQL, userId: number): SQL {
  return sql`EXISTS (SELECT 1 FROM pod_members pm WHERE pm.pod_id = ${podIdColumn}
    AND pm.user_id = ${userId} AND pm.status = 'active')`;
}

/** A condition for raw queries: `podIdColumn` is a pod the user is an active admin of (false for none). */
export function isPodAdminSql(podIdColumn: SQL, userId: number): SQL {
  return sql`(${podIdColumn} IS NOT NULL AND EXISTS (SELECT 1 FROM pod_members pa WHERE pa.pod_id = ${podIdColumn}
    AND pa.user_id = ${userId} AND pa.status = 'active' AND pa.role = 'admin'))`;
}
