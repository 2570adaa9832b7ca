import {
  ADMIN_FEEDBACK_CSV_COLUMNS,
  type TAdminFeedbackFilters,
  type TAdminFeedbackList,
  type TAdminFeedbackOverTime,
  type TAdminFeedbackQuery,
} from '@parity/domain/admin-feedback';
import { loadCaller } from '../../../core/access/caller';
import { requirePlatformAdmin } from '../../../core/access/platform-admin-guard';
import type { DbOrTx } from '../../../db/client';
import { csvLine } from '../../../lib/spreadsheet/table-stream';
import { countFeedback, feedbackPerWeek, listFeedback } from './repo';

/** Rows read per query while the CSV streams: memory stays flat however many there are. */
const CSV_PAGE_SIZE = 500;

function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

type FeedbackRow = Awaited<ReturnType<typeof listFeedback>>[number];

function toItem(row: FeedbackRow) {
  return {
    ...row,
    created_at: toIso(row.created_at),
    user: row.user?.id == null ? null : row.user,
    organization: row.organization?.id == null ? null : row.organization,
  };
}

export async function getFeedbackList(
  db: DbOrTx,
  userId: number,
  query: TAdminFeedbackQuery,
): Promise<TAdminFeedbackList> {
  requirePlatformAdmin(await loadCaller(db, userId));
  const { limit, offset, ...filters } = query;
  const [rows, total] = await Promise.all([
    listFeedback(db, filters, limit, offset),
    countFeedback(db, filters),
  ]);
  return { data: rows.map(toItem), total };
}

export async function getFeedbackOverTime(
  db: DbOrTx,
  userId: number,
  filters: TAdminFeedbackFilters,
): Promise<TAdminFeedbackOverTime> {
  requirePlatformAdmin(await loadCaller(db, userId));
  const weeks = await feedbackPerWeek(db, filters);
  return {
    data: weeks.map((row) => ({
      week: row.week,
      count: row.count,
      average: Math.round(Number(row.average ?? 0) * 100) / 100,
    })),
  };
}

/**
 * The filtered feedback as CSV lines, read a page at a time. The caller's rights are checked before
 * the first line, so a refusal is still an ordinary 401/403 answer.
 */
export async function feedbackCsv(
  db: DbOrTx,
  userId: number,
  filters: TAdminFeedbackFilters,
): Promise<AsyncGenerator<string>> {
  requirePlatformAdmin(await loadCaller(db, userId));
  async function* lines() {
    yield csvLine([...ADMIN_FEEDBACK_CSV_COLUMNS]);
    for (let offset = 0; ; offset += CSV_PAGE_SIZE) {
      const rows = await listFeedback(db, filters, CSV_PAGE_SIZE, offset);
      for (const row of rows.map(toItem)) {
        yield csvLine([
          row.created_at,
          row.value,
          row.comment,
          row.url,
          row.user ? `${row.user.name} ${row.user.lastname}`.trim() : null,
          row.user?.email ?? null,
          row.organization?.name ?? null,
        ]);
      }
      if (rows.length < CSV_PAGE_SIZE) return;
    }
  }
  return lines();
}
