import {
  ASSET_CLASS_LABELS,
  INVESTMENT_MESSAGES,
  type portfolioEntryCreateSchema,
  rollupSuppressionReason,
  type TManagerCandidates,
  type TPortfolioEntry,
  type TPortfolioEntryPatch,
  type TPortfolioList,
  type TPortfolioListQueryParsed,
  type TRollup,
  type TRollupGroup,
} from '@parity/domain/investments';
import { neutraliseCell } from '@parity/domain/spreadsheet-cell';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { authorizeOrganization } from '../../core/access/organization-guard';
import { audit, changed } from '../../core/audit';
import { AppError, conflict, fieldIssue } from '../../core/http/errors';
import type { Db, DbOrTx } from '../../db/client';
import * as repo from './repo';

/**
 * The investor is always the caller's own organization: its approved members read the portfolio
 * and roll-up, its admins (manage_settings) add, edit, remove and export. Another organization's
 * entry answers 404, like one that does not exist.
 */
const investorOf = async (db: DbOrTx, userId: number, need: 'member' | 'admin') =>
  (await authorizeOrganization(db, userId, 'me', need)).organizationId;

const entryNotFound = () => new AppError(404, 'not_found', INVESTMENT_MESSAGES.entryNotFound);
const managerNotFound = () => new AppError(404, 'not_found', INVESTMENT_MESSAGES.managerNotFound);

const iso = (value: Date | string) => new Date(value).toISOString();

function entryOf(row: repo.EntryRow): TPortfolioEntry {
  return {
    id: row.id,
    manager: { id: row.manager_organization_id, name: row.manager_name },
    fund_name: row.fund_name,
    vintage: row.vintage,
    commitment: Number(row.commitment),
    currency: row.currency,
    asset_class: row.asset_class,
    shared: row.shared,
    scores:
      row.shared && row.submitted_at !== null
        ? {
            submitted_at: iso(row.submitted_at),
            lpi: row.lpi,
            evenness: row.evenness,
            transparency: row.transparency,
            staff_score: row.staff_score,
            leadership_score: row.leadership_score,
            ownership_score: row.ownership_score,
          }
        : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function listPortfolio(
  db: Db,
  userId: number,
  query: TPortfolioListQueryParsed,
): Promise<TPortfolioList> {
  const investorId = await investorOf(db, userId, 'member');
  const rows = await repo.listEntries(db, investorId, query, {
    sort: query.sort,
    order: query.order,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(entryOf), total: rows[0]?.total ?? 0 };
}

async function readEntry(db: DbOrTx, investorId: number, entryId: number): Promise<TPortfolioEntry> {
  const [row] = await repo.listEntries(
    db,
    investorId,
    {},
    { sort: 'manager', order: 'asc', limit: 1, offset: 0 },
    entryId,
  );
  if (!row) throw entryNotFound();
  return entryOf(row);
}

export async function searchManagers(
  db: Db,
  userId: number,
  query: { q?: string; limit: number },
): Promise<TManagerCandidates> {
  const investorId = await investorOf(db, userId, 'admin');
  const rows = await repo.managerCandidates(db, investorId, query.q, query.limit);
  return { data: rows.map(({ id, name, shared }) => ({ id, name, shared })), total: rows[0]?.total ?? 0 };
}

/** The manager named by the entry: a candidate by id, or any organization by its current code. */
async function resolveManager(
  db: DbOrTx,
  investorId: number,
  entry: z.output<typeof portfolioEntryCreateSchema>,
): Promise<{ id: number; name: string }> {
  const manager = entry.organization_code
    ? await repo.organizationByCode(db, entry.organization_code)
    : await repo.linkableById(db, investorId, entry.manager_organization_id!);
  if (!manager) throw managerNotFound();
  if (manager.id === investorId) {
    const field = entry.organization_code ? 'organization_code' : 'manager_organization_id';
    throw fieldIssue(field, INVESTMENT_MESSAGES.managerIsSelf);
  }
  return manager;
}

const auditEntry = (
  tx: DbOrTx,
  actorId: number,
  investorId: number,
  entryId: number,
  action: string,
  change: { before?: unknown; after?: unknown },
) =>
  audit(tx, {
    actorId,
    organizationId: investorId,
    entity: 'portfolio_entry',
    entityId: entryId,
    action,
    ...change,
  });

export async function createEntry(
  db: Db,
  userId: number,
  body: z.output<typeof portfolioEntryCreateSchema>,
): Promise<TPortfolioEntry> {
  return db.transaction(async (tx) => {
    const investorId = await investorOf(tx, userId, 'admin');
    const manager = await resolveManager(tx, investorId, body);
    const values: repo.EntryValues = {
      fund_name: body.fund_name,
      vintage: body.vintage,
      commitment: body.commitment,
      currency: body.currency,
      asset_class: body.asset_class,
    };
    const id = await repo.insertEntry(tx, {
      ...values,
      investorId,
      managerId: manager.id,
      createdBy: userId,
    });
    await auditEntry(tx, userId, investorId, id, 'create', {
      after: { ...values, manager_organization_id: manager.id, manager_name: manager.name },
    });
    return readEntry(tx, investorId, id);
  });
}

export async function updateEntry(
  db: Db,
  userId: number,
  entryId: number,
  patch: TPortfolioEntryPatch,
): Promise<TPortfolioEntry> {
  return db.transaction(async (tx) => {
    const investorId = await investorOf(tx, userId, 'admin');
    const before = await repo.lockEntry(tx, investorId, entryId);
    if (!before) throw entryNotFound();
    const change = changed({ ...before } as Record<string, unknown>, patch);
    if (change.any) {
      await repo.updateEntry(tx, entryId, patch);
      await auditEntry(tx, userId, investorId, entryId, 'update', change);
    }
    return readEntry(tx, investorId, entryId);
  });
}

export async function deleteEntry(db: Db, userId: number, entryId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const investorId = await investorOf(tx, userId, 'admin');
    const before = await repo.lockEntry(tx, investorId, entryId);
    if (!before) throw entryNotFound();
    await repo.deleteEntry(tx, entryId);
    await auditEntry(tx, userId, investorId, entryId, 'delete', { before });
  });
}

/* Roll-up */

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));
const round2 = (n: number) => Math.round(n * 100) / 100;

function rollupOf(rows: repo.RollupRow[], weighted: boolean): TRollup {
  const first = rows[0];
  const currencies = first?.currencies ?? [];
  if (weighted && currencies.length > 1) throw conflict(INVESTMENT_MESSAGES.mixedCurrencies, { currencies });
  const group = (row: repo.RollupRow): TRollupGroup => {
    const reason = rollupSuppressionReason(row.managers);
    const raw = weighted ? numberOrNull(row.weighted_share) : numberOrNull(row.people);
    return {
      id: row.id,
      name: row.name,
      managers: row.managers,
      value: reason === null && raw !== null ? round2(raw) : null,
      suppressed: reason !== null,
      reason,
    };
  };
  return {
    weighted,
    unit: weighted ? 'percent' : 'people',
    currency: weighted ? (currencies[0] ?? null) : null,
    managers: first?.portfolio_managers ?? 0,
    shared: first?.shared_managers ?? 0,
    reporting: first?.reporting_managers ?? 0,
    people: Number(first?.reporting_people ?? 0),
    gender: rows.filter((r) => r.dimension === 'gender').map(group),
    ethnicity: rows.filter((r) => r.dimension === 'ethnicity').map(group),
  };
}

export async function portfolioRollup(db: Db, userId: number, weighted: boolean): Promise<TRollup> {
  const investorId = await investorOf(db, userId, 'member');
  return rollupOf(await repo.rollup(db, investorId), weighted);
}

/* Export */

const EXPORT_ROW_CAP = 100_000;

const utcDay = () => new Date().toISOString().slice(0, 10);

function addRow(sheet: ExcelJS.Worksheet, values: readonly (string | number | null)[]) {
  return sheet.addRow(values.map((value) => neutraliseCell(value ?? '')));
}

/** The portfolio (every entry) and its roll-up as one workbook: sheets Portfolio and Roll-up. */
export async function exportPortfolio(
  db: Db,
  userId: number,
  weighted: boolean,
): Promise<{ fileName: string; body: Buffer }> {
  const investorId = await investorOf(db, userId, 'admin');
  const [rows, rollupRows] = await Promise.all([
    repo.listEntries(db, investorId, {}, { sort: 'manager', order: 'asc', limit: EXPORT_ROW_CAP, offset: 0 }),
    repo.rollup(db, investorId),
  ]);
  const rollup = rollupOf(rollupRows, weighted);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Parity';
  const portfolio = workbook.addWorksheet('Portfolio', { views: [{ state: 'frozen', ySplit: 1 }] });
  addRow(portfolio, [
    'Manager',
    'Fund',
    'Vintage (year)',
    'Asset class',
    'Commitment',
    'Currency',
    'Shared',
    'Submitted (UTC)',
    'LPI (0–10)',
    'Evenness (0–100)',
    'Transparency (%)',
    'Staff score (0–100)',
    'Leadership score (0–100)',
    'Ownership score (0–100)',
  ]).font = { bold: true };
  for (const entry of rows.map(entryOf)) {
    const s = entry.scores;
    addRow(portfolio, [
      entry.manager.name,
      entry.fund_name,
      entry.vintage,
      ASSET_CLASS_LABELS[entry.asset_class],
      entry.commitment,
      entry.currency,
      entry.shared ? 'Yes' : 'Not shared',
      s ? s.submitted_at.slice(0, 10) : null,
      s?.lpi ?? null,
      s?.evenness ?? null,
      s?.transparency ?? null,
      s?.staff_score ?? null,
      s?.leadership_score ?? null,
      s?.ownership_score ?? null,
    ]);
  }
  portfolio.columns.forEach((column) => {
    column.width = 18;
  });

  const sheet = workbook.addWorksheet('Roll-up');
  const unit = rollup.weighted
    ? `Commitment-weighted share (%, weights in ${rollup.currency ?? 'n/a'})`
    : 'Head count (people)';
  addRow(sheet, [
    `Managers sharing: ${rollup.shared} of ${rollup.managers}; reporting staff: ${rollup.reporting} (${rollup.people} people)`,
  ]);
  addRow(sheet, []);
  addRow(sheet, ['Dimension', 'Group', 'Managers reporting', unit, 'Note']).font = { bold: true };
  for (const [dimension, groups] of [
    ['Gender', rollup.gender],
    ['Race/ethnicity', rollup.ethnicity],
  ] as const) {
    for (const g of groups) addRow(sheet, [dimension, g.name, g.managers, g.value, g.reason]);
  }
  sheet.columns.forEach((column) => {
    column.width = 24;
  });
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: `parity-investments-${utcDay()}.xlsx`, body };
}
