import type { Readable } from 'node:stream';
import {
  ADMIN_REPORT_COLUMNS,
  ADMIN_REPORT_TITLES,
  adminReportFileName,
  type TAdminReport,
  type TAdminReportFormat,
  type TOrganizationsReportQuery,
  type TSubmissionsReportQuery,
  type TSurveysReportQuery,
  type TUsersReportQuery,
} from '@parity/domain/admin-reports';
import { percentOf } from '@parity/domain/survey-participants';
import { loadCaller } from '../../../core/access/caller';
import { requirePlatformAdmin } from '../../../core/access/platform-admin-guard';
import type { DbOrTx } from '../../../db/client';
import { type Cell, csvStream, xlsxStream } from '../../../lib/spreadsheet/table-stream';
import { organizationsPage, submissionsPage, surveysPage, usersPage } from './repo';

/** Rows read per query while a report streams: memory stays at one page however long the file. */
export const REPORT_PAGE_SIZE = 500;

interface ReportQueries {
  organizations: TOrganizationsReportQuery;
  users: TUsersReportQuery;
  surveys: TSurveysReportQuery;
  submissions: TSubmissionsReportQuery;
}

type Page = (db: DbOrTx, afterId: number, limit: number) => Promise<Cell[][]>;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();
const yesNo = (value: boolean | null): string => (value ? 'Yes' : 'No');
/** A score read from the stored JSON: a finite number, rounded to 4 decimals; else empty. */
function score(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 10_000) / 10_000 : null;
}

/** Each report's page reader: its rows as cells in ADMIN_REPORT_COLUMNS order, ids first. */
const PAGES: { [R in TAdminReport]: (filters: ReportQueries[R]) => Page } = {
  organizations: (filters) => async (db, afterId, limit) =>
    (await organizationsPage(db, filters, afterId, limit)).map((o) => [
      o.id,
      o.name,
      o.legal_structure,
      o.is_public ? 'Public' : 'Private',
      yesNo(o.is_publicly_traded),
      o.ticker_symbol,
      o.website,
      o.members,
      iso(o.created_at),
      iso(o.deleted_at),
    ]),
  users: (filters) => async (db, afterId, limit) =>
    (await usersPage(db, filters, afterId, limit)).map((u) => [
      u.id,
      u.name,
      u.lastname,
      u.email,
      u.title,
      u.organization,
      u.organization === null ? null : u.status,
      yesNo(u.is_sadm),
      yesNo(u.status === 'approved' && u.manage_settings === true),
      yesNo(u.status === 'approved' && u.user_manage_surveys === true),
      yesNo(u.two_fa_enabled),
      iso(u.created_at),
      iso(u.last_login_at),
    ]),
  surveys: (filters) => async (db, afterId, limit) =>
    (await surveysPage(db, filters, afterId, limit)).map((s) => [
      s.id,
      s.title,
      s.host,
      s.start,
      s.due,
      s.status,
      s.invited,
      s.responded,
      s.submitted,
      percentOf(s.submitted, s.invited),
    ]),
  submissions: (filters) => async (db, afterId, limit) =>
    (await submissionsPage(db, filters, afterId, limit)).map((s) => [
      s.id,
      s.organization,
      s.survey,
      iso(s.submitted_at),
      score(s.lpi),
      score(s.evenness),
      score(s.transparency),
    ]),
};

/** The report's rows, a page at a time (keyset on the id in the first cell). */
async function* pagesOf(db: DbOrTx, read: Page): AsyncGenerator<Cell[][]> {
  let afterId = 0;
  for (;;) {
    const rows = await read(db, afterId, REPORT_PAGE_SIZE);
    if (rows.length > 0) yield rows;
    if (rows.length < REPORT_PAGE_SIZE) return;
    afterId = rows[rows.length - 1]![0] as number;
  }
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

/**
 * A report as a stream, CSV or .xlsx. The caller's rights are checked and the first page is read
 * before anything is sent, so a refusal or a failing first read is still an ordinary error answer;
 * a failure later destroys the stream (the response is aborted, never a short file that looks whole).
 */
export async function openReport<R extends TAdminReport>(
  db: DbOrTx,
  userId: number,
  report: R,
  query: ReportQueries[R] & { format: TAdminReportFormat },
): Promise<ReportFile> {
  requirePlatformAdmin(await loadCaller(db, userId));
  const pages = pagesOf(db, PAGES[report](query));
  const first = await pages.next();
  async function* rows(): AsyncGenerator<Cell[][]> {
    if (first.done) return;
    yield first.value;
    yield* pages;
  }
  const headers = ADMIN_REPORT_COLUMNS[report].map((c) => c.header);
  const fileName = adminReportFileName(report, query.format, new Date());
  if (query.format === 'xlsx') {
    return {
      fileName,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body: xlsxStream(ADMIN_REPORT_TITLES[report], headers, rows()),
    };
  }
  return { fileName, contentType: 'text/csv; charset=utf-8', body: csvStream(headers, rows()) };
}
