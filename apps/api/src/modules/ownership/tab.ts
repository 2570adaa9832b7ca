import type { TBoardData } from '@parity/domain/lpi/board';
import { DEFAULT_BOARD_OPTION_FLAGS } from '@parity/domain/lpi/board';
import {
  DEFAULT_INDIVIDUAL_OPTION_FLAGS,
  ownershipTotal,
  type TOwnershipData,
} from '@parity/domain/lpi/individuals';
import type { DbOrTx } from '../../db/client';
import type { ReportingScope } from '../reporting/scope';
import { defineTab } from '../reporting/tabs';
import * as repo from './repo';

const HIDDEN = new Set(['id', 'organization_id', 'survey_id', 'updated_at']);

/**
 * Rows keyed by their name for the version diff ('Jane Doe › ownership'); a repeated name gets
 * its position among the rows of that name ('Jane Doe (2) › ownership').
 */
export function flattenRows(rows: readonly Record<string, unknown>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const seen = new Map<string, number>();
  for (const row of rows) {
    const name = String(row.name ?? '');
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    const key = n > 1 ? `${name} (${n})` : name;
    for (const [field, value] of Object.entries(row)) {
      if (HIDDEN.has(field) || field === 'name') continue;
      out[`${key} › ${field}`] = value ?? null;
    }
  }
  return out;
}

/**
 * The last ownership read of each scope object. A save's own snapshot (read inside its transaction,
 * after its writes) is what the save answers, so a 5,000-row upload reads its rows once, not twice.
 */
const lastOwnershipRead = new WeakMap<ReportingScope, TOwnershipData>();

/** The data the save just stored as its version, or null when this scope object read nothing yet. */
export function takeOwnershipSnapshot(scope: ReportingScope): TOwnershipData | null {
  const data = lastOwnershipRead.get(scope) ?? null;
  lastOwnershipRead.delete(scope);
  return data;
}

export const ownershipTab = defineTab<TOwnershipData>({
  tab: 'ownership',
  async read(db, scope) {
    const data = await readOwnership(db, scope);
    lastOwnershipRead.set(scope, data);
    return data;
  },
  copyToSurvey: repo.copyIndividualsToSurvey,
  flatten: (snapshot) => flattenRows(snapshot.rows),
});

async function readOwnership(db: DbOrTx, scope: ReportingScope): Promise<TOwnershipData> {
  const rows = await repo.listIndividuals(db, scope);
  const declared = await repo.declaredTotals(db, scope);
  return {
    rows,
    totals: {
      ownership_sum: ownershipTotal(rows),
      owners: rows.filter((row) => row.is_owner).length,
      leaders: rows.filter((row) => row.is_senior_management).length,
      total_owners: declared.total_owners,
      total_leaders: declared.total_leaders,
    },
    // No organization switches them off in this version: every question is asked.
    option_flags: { ...DEFAULT_INDIVIDUAL_OPTION_FLAGS },
  };
}

export const boardTab = defineTab<TBoardData>({
  tab: 'board',
  async read(db, scope) {
    return { rows: await repo.listBoardMembers(db, scope), option_flags: { ...DEFAULT_BOARD_OPTION_FLAGS } };
  },
  copyToSurvey: repo.copyBoardMembersToSurvey,
  flatten: (snapshot) => flattenRows(snapshot.rows),
});
