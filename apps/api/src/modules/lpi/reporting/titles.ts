import type { TCheckIssue } from '@parity/domain/lpi/checks';
import type { TTabKey } from '@parity/domain/lpi/tabs';
import type { TTabTitles } from '@parity/domain/lpi/titles';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { organizations } from '../../../db/schema/people';
import {
  boardMembers,
  gridCells,
  individuals,
  surveyOrganizationMeta,
  tabStates,
} from '../../../db/schema/reporting';
import type { ReportingScope } from '../engine/scope';
import type { TabDefinition } from '../engine/tabs';
import { TABS } from '../tabs.registry';

/** The grids of grid_cells whose sums title their tabs (insights is the 'historical' grid). */
const GRID_OF = {
  staff: 'staff',
  us_staff: 'us_staff',
  insights: 'historical',
  investment: 'investment',
  us_investment: 'us_investment',
  committee: 'committee',
  us_committee: 'us_committee',
} as const;

/**
 * Rows of the organization's own scope and of the survey's (when there is one), told apart by
 * `own`: in a survey, a tab the respondent has not opened yet has no copy, and opening it will copy
 * the organization's data — so its title counts those.
 */
function bothScopes(
  table: { organization_id: Parameters<typeof eq>[0]; survey_id: Parameters<typeof eq>[0] },
  scope: ReportingScope,
): SQL {
  return and(
    eq(table.organization_id, scope.organizationId),
    scope.surveyId === null
      ? isNull(table.survey_id)
      : or(isNull(table.survey_id), eq(table.survey_id, scope.surveyId)),
  ) as SQL;
}

/**
 * Whether a tab of the scope shows the organization's own rows (true) or the scope's: in a survey,
 * members see their own data in the tabs they have not opened yet (the first read copies it).
 */
async function ownDataOf(db: DbOrTx, scope: ReportingScope) {
  const copied = new Set<string>();
  if (scope.surveyId !== null) {
    const rows = await db
      .select({ tab: tabStates.tab })
      .from(tabStates)
      .where(
        and(eq(tabStates.organization_id, scope.organizationId), eq(tabStates.survey_id, scope.surveyId)),
      );
    for (const row of rows) copied.add(row.tab);
  }
  const fromOwn = (tab: TTabKey) => scope.surveyId === null || (scope.role === 'member' && !copied.has(tab));
  return { fromOwn, copied };
}

/** The tabs with data checks (issue #19). */
const CHECKED_TABS = ['staff', 'ownership', 'insights'] as const satisfies readonly TTabKey[];

/** The failing data checks of the tabs in a scope, each read where its title counts from. */
export async function failingChecks(db: DbOrTx, scope: ReportingScope): Promise<TCheckIssue[]> {
  const { fromOwn, copied } = await ownDataOf(db, scope);
  const issues: TCheckIssue[] = [];
  for (const tab of CHECKED_TABS) {
    const definition: TabDefinition<unknown> = TABS[tab];
    // A survey tab the respondent never opened has nothing to check for its host.
    if (scope.surveyId !== null && scope.role !== 'member' && !copied.has(tab)) continue;
    const tabScope = fromOwn(tab) ? { ...scope, surveyId: null } : scope;
    if (definition.checks) {
      issues.push(...(await definition.checks(db, tabScope, await definition.read(db, tabScope))));
    }
  }
  return issues;
}

/**
 * The counts of every tab title in a scope, computed in SQL. In a survey, a tab whose copy does not
 * exist yet counts the organization's own data for its members (their first read copies it) and
 * nothing for hosts and admins (who read the survey copy only).
 */
export async function countTabTitles(db: DbOrTx, scope: ReportingScope): Promise<TTabTitles> {
  const { fromOwn } = await ownDataOf(db, scope);
  /** Picks the count of the scope a tab reads from; a scope with no rows counts 0. */
  const pick = <R extends { own: boolean }>(
    rows: R[],
    tab: TTabKey,
    match: (row: R) => boolean = () => true,
  ) => rows.find((row) => row.own === fromOwn(tab) && match(row));

  const own = (column: Parameters<typeof isNull>[0]) => sql<boolean>`(${column} IS NULL)`;

  const grids = await db
    .select({
      grid: gridCells.grid,
      own: own(gridCells.survey_id),
      total: sql<number>`COALESCE(SUM(${gridCells.value}), 0)::int`,
    })
    .from(gridCells)
    .where(bothScopes(gridCells, scope))
    .groupBy(gridCells.grid, sql`(${gridCells.survey_id} IS NULL)`);

  const people = await db
    .select({
      own: own(individuals.survey_id),
      owners: sql<number>`COUNT(*) FILTER (WHERE ${individuals.is_owner})::int`,
      leaders: sql<number>`COUNT(*) FILTER (WHERE ${individuals.is_senior_management})::int`,
    })
    .from(individuals)
    .where(bothScopes(individuals, scope))
    .groupBy(sql`(${individuals.survey_id} IS NULL)`);

  const board = await db
    .select({ own: own(boardMembers.survey_id), rows: sql<number>`COUNT(*)::int` })
    .from(boardMembers)
    .where(bothScopes(boardMembers, scope))
    .groupBy(sql`(${boardMembers.survey_id} IS NULL)`);

  // The overview's totals: on the organization's row for its own profile, on the survey's copy.
  const metas: { own: boolean; employees: number; owners: number; leaders: number }[] = [];
  const [organization] = await db
    .select({
      employees: organizations.total_full_time_employees,
      owners: organizations.total_owners,
      leaders: organizations.total_leaders,
    })
    .from(organizations)
    .where(eq(organizations.id, scope.organizationId));
  if (organization) metas.push({ own: true, ...organization });
  if (scope.surveyId !== null) {
    const [copy] = await db
      .select({
        employees: surveyOrganizationMeta.total_full_time_employees,
        owners: surveyOrganizationMeta.total_owners,
        leaders: surveyOrganizationMeta.total_leaders,
      })
      .from(surveyOrganizationMeta)
      .where(
        and(
          eq(surveyOrganizationMeta.organization_id, scope.organizationId),
          eq(surveyOrganizationMeta.survey_id, scope.surveyId),
        ),
      );
    if (copy) metas.push({ own: false, ...copy });
  }

  const grid = (tab: keyof typeof GRID_OF) => ({
    entered: pick(grids, tab, (row) => row.grid === GRID_OF[tab])?.total ?? 0,
  });
  const meta = pick(metas, 'overview');
  const ownership = pick(people, 'ownership');
  return {
    staff: { entered: grid('staff').entered, total: meta?.employees ?? 0 },
    us_staff: grid('us_staff'),
    ownership: {
      flagged: (ownership?.owners ?? 0) + (ownership?.leaders ?? 0),
      total: (meta?.owners ?? 0) + (meta?.leaders ?? 0),
    },
    board: { rows: pick(board, 'board')?.rows ?? 0 },
    insights: grid('insights'),
    investment: grid('investment'),
    us_investment: grid('us_investment'),
    committee: grid('committee'),
    us_committee: grid('us_committee'),
  };
}
