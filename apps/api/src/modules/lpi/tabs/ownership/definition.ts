import type { TBoardData } from '@parity/domain/lpi/board';
import { DEFAULT_BOARD_OPTION_FLAGS } from '@parity/domain/lpi/board';
import { lpiChecks } from '@parity/domain/lpi/checks';
import {
  DEFAULT_INDIVIDUAL_OPTION_FLAGS,
  ownershipTotal,
  type TOwnershipData,
} from '@parity/domain/lpi/individuals';
import type { DbOrTx } from '../../../../db/client';
import type { ReportingScope } from '../../engine/scope';
import type { TabDefinition } from '../../engine/tabs';
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

export const ownershipTab: TabDefinition<TOwnershipData> = {
  tab: 'ownership',
  read: (db, scope) => readOwnership(db, scope),
  copyToSurvey: repo.copyIndividualsToSurvey,
  flatten: (snapshot) => flattenRows(snapshot.rows),
  // The totals hold the Overview's declared owners and leaders: no other read is needed.
  checks: async (_db, _scope, data) =>
    lpiChecks({
      overview: {
        total_full_time_employees: 0,
        total_owners: data.totals.total_owners,
        total_leaders: data.totals.total_leaders,
      },
      ownership: data,
    }).filter((issue) => issue.tab === 'ownership'),
};

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

export const boardTab: TabDefinition<TBoardData> = {
  tab: 'board',
  async read(db, scope) {
    return { rows: await repo.listBoardMembers(db, scope), option_flags: { ...DEFAULT_BOARD_OPTION_FLAGS } };
  },
  copyToSurvey: repo.copyBoardMembersToSurvey,
  flatten: (snapshot) => flattenRows(snapshot.rows),
};
