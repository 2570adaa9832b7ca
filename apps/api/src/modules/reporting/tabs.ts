import {
  STALE_SAVE_MESSAGE,
  TAB_KEYS,
  type TTabKey,
  type TTabState,
  type TTabVersion,
  type TVersionChange,
} from '@parity/domain/lpi/tabs';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { users } from '../../db/schema/people';
import { tabStates, tabVersions } from '../../db/schema/reporting';
import { AppError } from '../../errors';
import type { ReportingScope } from './scope';

/**
 * What the reporting core needs to know of each tab: how to read it (the GET body's data, also
 * what a version stores) and how to copy the organization's rows into a survey (the first
 * survey-scoped read). Each tab's module defines its tabs with `defineTab` when imported.
 */
export interface TabDefinition<T = unknown> {
  tab: TTabKey;
  read(db: DbOrTx, scope: ReportingScope): Promise<T>;
  copyToSurvey(tx: Tx, organizationId: number, surveyId: number): Promise<void>;
  /**
   * The snapshot as readable paths -> values, for the version diff ('Jane Doe › ownership').
   * Defaults to a generic flattening of the JSON.
   */
  flatten?(snapshot: T): Record<string, unknown>;
}

const definitions = new Map<TTabKey, TabDefinition>();

export function defineTab<T>(definition: TabDefinition<T>): TabDefinition<T> {
  definitions.set(definition.tab, definition as TabDefinition);
  return definition;
}

export function tabDefinitions(): TabDefinition[] {
  return [...definitions.values()];
}

function definitionOf(tab: TTabKey): TabDefinition {
  const definition = definitions.get(tab);
  if (!definition) throw new Error(`LPI tab ${tab} is not defined`);
  return definition;
}

// --- scope conditions --------------------------------------------------------------------------

/** `table.organization_id = ? AND table.survey_id IS [NOT DISTINCT FROM] ?` for any scoped table. */
export function inScope(
  table: { organization_id: Parameters<typeof eq>[0]; survey_id: Parameters<typeof eq>[0] },
  scope: Pick<ReportingScope, 'organizationId' | 'surveyId'>,
): SQL {
  return and(
    eq(table.organization_id, scope.organizationId),
    scope.surveyId === null ? isNull(table.survey_id) : eq(table.survey_id, scope.surveyId),
  ) as SQL;
}

// --- tab state ---------------------------------------------------------------------------------

const stateColumns = {
  id: tabStates.id,
  updated_at: tabStates.updated_at,
  version: tabStates.version,
  completed: tabStates.completed,
  updated_by_id: users.id,
  updated_by_name: users.name,
  updated_by_lastname: users.lastname,
};

const stateQuery = (db: DbOrTx) =>
  db
    .select(stateColumns)
    .from(tabStates)
    .leftJoin(users, eq(users.id, tabStates.updated_by))
    .where(
      and(
        eq(tabStates.organization_id, sql.placeholder('organization')),
        sql`${tabStates.survey_id} IS NOT DISTINCT FROM ${sql.placeholder('survey')}`,
        eq(tabStates.tab, sql.placeholder('tab')),
      ),
    );

async function findState(db: DbOrTx, scope: ReportingScope, tab: TTabKey, forUpdate = false) {
  const params = { organization: scope.organizationId, survey: scope.surveyId, tab };
  // Every tab read asks for its state: a named prepared statement outside a transaction.
  const query = forUpdate
    ? stateQuery(db).for('update', { of: tabStates }).prepare('')
    : preparedStatement(db, 'reporting_tab_state', () => stateQuery(db));
  const [row] = await query.execute(params);
  return row;
}

type StateRow = NonNullable<Awaited<ReturnType<typeof findState>>>;

/** The columns of a tab_states row (and its saver) that a read answers; all null when there is none. */
interface StateFields {
  updated_at: Date | null;
  version: number | null;
  completed: boolean | null;
  updated_by_id: number | null;
  updated_by_name: string | null;
  updated_by_lastname: string | null;
}

/** A tab's state as reads answer it, from its tab_states row (none: never saved in the scope). */
export function tabStateOf(tab: TTabKey, editable: boolean, row: StateFields | null | undefined): TTabState {
  return {
    tab,
    updated_at: row?.updated_at ? row.updated_at.toISOString() : null,
    updated_by:
      row?.updated_by_id != null
        ? { id: row.updated_by_id, name: row.updated_by_name ?? '', lastname: row.updated_by_lastname ?? '' }
        : null,
    completed: row?.completed ?? false,
    editable,
    version: row?.version ?? 0,
  };
}

/** Every tab's state in a scope, in one query (tabs never saved there read as new). */
export async function readTabStates(db: DbOrTx, scope: ReportingScope): Promise<TTabState[]> {
  const rows = await db
    .select({ ...stateColumns, tab: tabStates.tab })
    .from(tabStates)
    .leftJoin(users, eq(users.id, tabStates.updated_by))
    .where(inScope(tabStates, scope));
  const byTab = new Map(rows.map((row) => [row.tab, row]));
  return TAB_KEYS.map((tab) => tabStateOf(tab, scope.canEdit, byTab.get(tab)));
}

export async function readTabState(db: DbOrTx, scope: ReportingScope, tab: TTabKey): Promise<TTabState> {
  return tabStateOf(tab, scope.canEdit, await findState(db, scope, tab));
}

/**
 * Before a tab is read: a respondent's first read of a survey step copies the organization's
 * current data into the survey (DESIGN 4). The tab state row marks that the copy exists; its
 * insert decides, under concurrency, which request copies.
 */
const needsSurveyCopy = (scope: ReportingScope) =>
  scope.surveyId !== null && !scope.readOnly && scope.role === 'member';

export async function prepareTabRead(db: Db, scope: ReportingScope, tab: TTabKey): Promise<TTabState> {
  if (needsSurveyCopy(scope) && scope.surveyId !== null) {
    const surveyId = scope.surveyId;
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(tabStates)
        .values({ organization_id: scope.organizationId, survey_id: surveyId, tab })
        .onConflictDoNothing()
        .returning({ id: tabStates.id });
      if (inserted.length) await definitionOf(tab).copyToSurvey(tx, scope.organizationId, surveyId);
    });
  }
  return readTabState(db, scope, tab);
}

/** The tab's data and state, as every tab GET answers. */
export async function readTab<T>(
  db: Db,
  scope: ReportingScope,
  tab: TTabKey,
): Promise<{ data: T; state: TTabState }> {
  if (needsSurveyCopy(scope)) {
    const state = await prepareTabRead(db, scope, tab);
    return { data: (await definitionOf(tab).read(db, scope)) as T, state };
  }
  // Nothing to copy first: the state and the data are read at once, on two pool connections.
  const [state, data] = await Promise.all([readTabState(db, scope, tab), definitionOf(tab).read(db, scope)]);
  return { data: data as T, state };
}

/**
 * One save of a tab, whole or not at all: locks the tab's state in this scope, refuses a save
 * based on stale data (409 with what the server has), applies the write, stores the result as the
 * next immutable version and moves `updated_at` on. The caller has checked the right to edit.
 */
export async function saveTab(
  db: Db,
  scope: ReportingScope,
  tab: TTabKey,
  basedOn: string | null,
  write: (tx: Tx) => Promise<void>,
): Promise<TTabState> {
  return db.transaction(async (tx) => {
    await tx
      .insert(tabStates)
      .values({ organization_id: scope.organizationId, survey_id: scope.surveyId, tab })
      .onConflictDoNothing();
    const current = await findState(tx, scope, tab, true);
    if (!current) throw new Error('tab state row missing after insert');
    const currentAt = current.updated_at ? current.updated_at.getTime() : null;
    const basedOnAt = basedOn === null ? null : Date.parse(basedOn);
    if (currentAt !== basedOnAt) {
      throw new AppError(409, 'stale_save', STALE_SAVE_MESSAGE, toConflict(tab, scope, current));
    }
    await write(tx);
    const snapshot = await definitionOf(tab).read(tx, scope);
    const version = current.version + 1;
    // Strictly later than the previous save, so that a stale base can never match by accident.
    const now = Math.max(Date.now(), (currentAt ?? 0) + 1);
    await tx.insert(tabVersions).values({
      organization_id: scope.organizationId,
      survey_id: scope.surveyId,
      tab,
      version,
      kind: 'save',
      snapshot,
      saved_by: scope.callerId,
    });
    await tx
      .update(tabStates)
      .set({ updated_at: new Date(now), updated_by: scope.callerId, version })
      .where(eq(tabStates.id, current.id));
    return readTabState(tx, scope, tab);
  });
}

function toConflict(tab: TTabKey, scope: ReportingScope, row: StateRow) {
  const { updated_at, updated_by } = tabStateOf(tab, scope.canEdit, row);
  return { tab, updated_at, updated_by };
}

/**
 * Submitting stores every tab's snapshot as a 'submit' version, linked to the submission. Runs in
 * the submitter's transaction.
 */
export async function snapshotAllTabs(tx: Tx, scope: ReportingScope, submissionId: number) {
  const all: Partial<Record<TTabKey, unknown>> = {};
  for (const definition of tabDefinitions()) {
    const snapshot = await definition.read(tx, scope);
    all[definition.tab] = snapshot;
    await tx
      .insert(tabStates)
      .values({ organization_id: scope.organizationId, survey_id: scope.surveyId, tab: definition.tab })
      .onConflictDoNothing();
    const [state] = await tx
      .update(tabStates)
      .set({ version: sql`${tabStates.version} + 1` })
      .where(and(inScope(tabStates, scope), eq(tabStates.tab, definition.tab)))
      .returning({ version: tabStates.version });
    await tx.insert(tabVersions).values({
      organization_id: scope.organizationId,
      survey_id: scope.surveyId,
      tab: definition.tab,
      version: state?.version ?? 1,
      kind: 'submit',
      snapshot,
      saved_by: scope.callerId,
      submission_id: submissionId,
    });
  }
  return all;
}

// --- versions ----------------------------------------------------------------------------------

/** Every version of a tab in a scope, newest first, each with what changed from the one before. */
export async function listVersions(db: DbOrTx, scope: ReportingScope, tab: TTabKey): Promise<TTabVersion[]> {
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
  const flatten = definitions.get(tab)?.flatten ?? flattenJson;
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
      changes: previous ? diffFlat(flatten(previous.snapshot), flatten(row.snapshot)) : [],
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
