import type { TTabKey, TTabVersion, TVersionChange } from '@parity/domain/lpi/tabs';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { users } from '../../../db/schema/people';
import { tabVersions } from '../../../db/schema/reporting';
import { inScope, type ReportingScope } from './scope';

// The immutable versions of a tab (each save and each submit stores one; tabs.ts and submit.ts write
// them): the history with what changed, one stored snapshot.

/**
 * Every version of a tab in a scope, newest first, each with what changed from the one before
 * (the tab's own flattening names the changes, else flattenJson).
 */
export async function listVersions(
  db: DbOrTx,
  scope: ReportingScope,
  tab: TTabKey,
  flatten: (snapshot: never) => Record<string, unknown> = flattenJson,
): Promise<TTabVersion[]> {
  const rows = await db
    .select({
      id: tabVersions.id,
      version: tabVersions.version,
      kind: tabVersions.kind,
      snapshot: tabVersions.snapshot,
      saved_at: tabVersions.saved_at,
      saved_by_id: users.id,
      saved_by_name: users.name,
      saved_by_lastname: users.lastname,
    })
    .from(tabVersions)
    .leftJoin(users, eq(users.id, tabVersions.saved_by))
    .where(and(inScope(tabVersions, scope), eq(tabVersions.tab, tab)))
    .orderBy(desc(tabVersions.version))
    .limit(201);
  return rows.slice(0, 200).map((row, i) => {
    const previous = rows[i + 1];
    return {
      id: row.id,
      tab,
      version: row.version,
      kind: row.kind === 'submit' ? 'submit' : 'save',
      saved_at: row.saved_at.toISOString(),
      saved_by:
        row.saved_by_id != null
          ? { id: row.saved_by_id, name: row.saved_by_name ?? '', lastname: row.saved_by_lastname ?? '' }
          : null,
      changes: previous ? diffFlat(flatten(previous.snapshot as never), flatten(row.snapshot as never)) : [],
    };
  });
}

/** One stored version's snapshot, within the scope (another scope's id answers null). */
export async function findVersion(db: DbOrTx, scope: ReportingScope, versionId: number) {
  const [row] = await db
    .select({ tab: tabVersions.tab, version: tabVersions.version, snapshot: tabVersions.snapshot })
    .from(tabVersions)
    .where(and(inScope(tabVersions, scope), eq(tabVersions.id, versionId)));
  return row;
}

/** Generic flattening: nested keys joined with ' › '; arrays of rows keyed by name or id. */
export function flattenJson(value: unknown, prefix = '', out: Record<string, unknown> = {}) {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const key =
        item && typeof item === 'object'
          ? String((item as Record<string, unknown>).name ?? (item as Record<string, unknown>).id ?? i + 1)
          : String(i + 1);
      flattenJson(item, prefix ? `${prefix} › ${key}` : key, out);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'id' || key === 'updated_at' || key === 'created_at') continue;
      flattenJson(item, prefix ? `${prefix} › ${key}` : key, out);
    }
  } else if (prefix) {
    out[prefix] = value ?? null;
  }
  return out;
}

export function diffFlat(before: Record<string, unknown>, after: Record<string, unknown>): TVersionChange[] {
  const changes: TVersionChange[] = [];
  for (const [path, value] of Object.entries(after)) {
    if (!(path in before)) {
      if (value !== null && value !== '' && value !== 0 && value !== false) {
        changes.push({ kind: 'added', path, after: value });
      }
    } else if (JSON.stringify(before[path]) !== JSON.stringify(value)) {
      changes.push({ kind: 'changed', path, before: before[path], after: value });
    }
  }
  for (const [path, value] of Object.entries(before)) {
    if (!(path in after) && value !== null && value !== '' && value !== 0 && value !== false) {
      changes.push({ kind: 'removed', path, before: value });
    }
  }
  return changes;
}
