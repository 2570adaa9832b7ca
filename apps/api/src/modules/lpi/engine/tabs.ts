import type { TCheckIssue } from '@parity/domain/lpi/checks';
import { STALE_SAVE_MESSAGE, TAB_KEYS, type TTabKey, type TTabState } from '@parity/domain/lpi/tabs';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../core/http/errors';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { preparedStatement } from '../../../db/prepared-statement';
import { users } from '../../../db/schema/people';
import { tabStates, tabVersions } from '../../../db/schema/reporting';
import { inScope, type ReportingScope } from './scope';

/**
 * What the engine needs to know of each tab: how to read it (the GET body's data, also what a
 * version stores) and how to copy the organization's rows into a survey (the first survey-scoped
 * touch, read or save). tabs.registry.ts lists every tab's definition.
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
  /** The data checks of the tab (issue #19), for a tab whose figures must agree with others. */
  checks?(db: DbOrTx, scope: ReportingScope, data: T): Promise<TCheckIssue[]>;
}

/** What every tab read and save answers (checks: for a tab that has them, the failing ones). */
export interface TabAnswer<T> {
  data: T;
  state: TTabState;
  checks?: TCheckIssue[];
}

/** The answer with the tab's failing checks, when the tab has checks. */
async function withChecks<T>(
  db: DbOrTx,
  scope: ReportingScope,
  definition: TabDefinition<T>,
  answer: TabAnswer<T>,
): Promise<TabAnswer<T>> {
  if (!definition.checks) return answer;
  return { ...answer, checks: await definition.checks(db, scope, answer.data) };
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
 * A respondent's first touch of a survey step, read or save, copies the organization's current
 * data into the survey (DESIGN 4). The tab state row marks that the copy exists; its insert decides,
 * under concurrency, which request copies. Runs in the caller's transaction.
 */
const needsSurveyCopy = (scope: ReportingScope) =>
  scope.surveyId !== null && !scope.readOnly && scope.role === 'member';

async function touch(tx: Tx, scope: ReportingScope, definition: TabDefinition<unknown>) {
  const inserted = await tx
    .insert(tabStates)
    .values({ organization_id: scope.organizationId, survey_id: scope.surveyId, tab: definition.tab })
    .onConflictDoNothing()
    .returning({ id: tabStates.id });
  if (inserted.length && needsSurveyCopy(scope) && scope.surveyId !== null) {
    await definition.copyToSurvey(tx, scope.organizationId, scope.surveyId);
  }
}

/** Makes the survey copy of a tab if this is the respondent's first touch; answers its state. */
export async function ensureSurveyCopy(
  db: Db,
  scope: ReportingScope,
  definition: TabDefinition<unknown>,
): Promise<TTabState> {
  if (needsSurveyCopy(scope)) await db.transaction((tx) => touch(tx, scope, definition));
  return readTabState(db, scope, definition.tab);
}

/** The tab's data and state, as every tab GET answers. */
export async function readTab<T>(
  db: Db,
  scope: ReportingScope,
  definition: TabDefinition<T>,
): Promise<TabAnswer<T>> {
  if (needsSurveyCopy(scope)) {
    const state = await ensureSurveyCopy(db, scope, definition);
    return withChecks(db, scope, definition, { data: await definition.read(db, scope), state });
  }
  // Nothing to copy first: the state and the data are read at once, on two pool connections.
  const [state, data] = await Promise.all([
    readTabState(db, scope, definition.tab),
    definition.read(db, scope),
  ]);
  return withChecks(db, scope, definition, { data, state });
}

/**
 * One save of a tab, whole or not at all: makes the survey copy on a first touch, locks the tab's
 * state in this scope, refuses a save based on stale data (409 with what the server has), applies
 * the write, stores the result as the next immutable version and moves `updated_at` on. Answers
 * the stored version's data with the new state, as a read would. The caller has the right to edit
 * (writeScope).
 */
export async function saveTab<T>(
  db: Db,
  scope: ReportingScope,
  definition: TabDefinition<T>,
  basedOn: string | null,
  write: (tx: Tx) => Promise<void>,
): Promise<TabAnswer<T>> {
  const { tab } = definition;
  return db.transaction(async (tx) => {
    await touch(tx, scope, definition);
    const current = await findState(tx, scope, tab, true);
    if (!current) throw new Error('tab state row missing after insert');
    const currentAt = current.updated_at ? current.updated_at.getTime() : null;
    const basedOnAt = basedOn === null ? null : Date.parse(basedOn);
    if (currentAt !== basedOnAt) {
      throw new AppError(409, 'stale_save', STALE_SAVE_MESSAGE, toConflict(tab, scope, current));
    }
    await write(tx);
    const snapshot = await definition.read(tx, scope);
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
    return withChecks(tx, scope, definition, { data: snapshot, state: await readTabState(tx, scope, tab) });
  });
}

function toConflict(tab: TTabKey, scope: ReportingScope, row: StateRow) {
  const { updated_at, updated_by } = tabStateOf(tab, scope.canEdit, row);
  return { tab, updated_at, updated_by };
}
