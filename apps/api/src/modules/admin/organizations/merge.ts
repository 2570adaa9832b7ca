import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/**
 * What a merge does with each table that points at an organization (issue 14 point 4). Every
 * table of the schema with an `organization_id` column or a reference to organizations must be
 * listed here: merge.integration-test.ts fails on a table without a decision.
 *
 * - move: the source's rows are given to the target.
 * - keep: the rows stay on the source (history: the audit log records who did what where).
 * - the LPI scope tables move too, but only when the two organizations never have data in the same
 *   scope (their own profile, or the same survey's copy): two profiles of one thing cannot be
 *   merged row by row without choosing whose figures are right, so such a merge answers 409 and
 *   an administrator clears one side first (the LPI_COLLISION rule).
 */
export const MERGE_PLAN = {
  memberships: 'move',
  invitations: 'move',
  organization_codes: 'move',
  organization_contacts: 'move',
  files: 'move',
  feedback: 'move',
  // The target becomes the host of the source's surveys.
  surveys: 'move',
  // 409 when both are invited to the same survey (one invitation per survey and organization), or
  // one is invited to a survey the other hosts.
  survey_invitations: 'move',
  survey_contacts: 'move',
  // 409 when both own a label of the same name.
  labels: 'move',
  // A label both carry keeps the target's row; the source's duplicate is dropped.
  organization_labels: 'move',
  // 409 when both answered the same legacy survey.
  legacy_survey_responses: 'move',
  // An integration's client then acts as the target: its tokens take the organization at each call.
  oauth_clients: 'move',
  // The source's events become the target's (their members are the target's now).
  events: 'move',
  survey_organization_meta: 'lpi',
  addresses: 'lpi',
  grid_cells: 'lpi',
  individuals: 'lpi',
  board_members: 'lpi',
  organization_policies: 'lpi',
  form_values: 'lpi',
  miscellaneous_questions: 'lpi',
  tab_states: 'lpi',
  tab_versions: 'lpi',
  submissions: 'lpi',
  audit_log: 'keep',
  // How an attendee was invited, and which organizations were invited as a whole: history (the
  // members were made attendees one by one when invited).
  event_attendees: 'keep',
  event_organizations: 'keep',
  // Community (issue 18): the source's tags and followers stay with it (a merged source is not listed).
  community_organization_tags: 'keep',
  community_follows: 'keep',
  // Exchange (issue 18): consent was given by one organization to another; a merge does not
  // extend it to the merged whole (the owner grants again), and the view log is history.
  exchange_grants: 'keep',
  exchange_requests: 'keep',
  exchange_views: 'keep',
  // Investments (issue 18): an investor's fund records name the manager it chose; the investor
  // links the merged organization itself (both columns point at organizations).
  portfolio_entries: 'keep',
  // Support (issue 18): the organization a request was filed from is history; the requester follows it.
  support_requests: 'keep',
} as const satisfies Record<string, 'move' | 'lpi' | 'keep'>;

/** The column of a table that names the organization (labels name their owner). */
const COLUMN: Partial<Record<keyof typeof MERGE_PLAN, string>> = { labels: 'owner_organization_id' };

const LPI_TABLES = (Object.keys(MERGE_PLAN) as (keyof typeof MERGE_PLAN)[]).filter(
  (table) => MERGE_PLAN[table] === 'lpi',
);

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const scopesOf = (organizationId: number) =>
  sql.join(
    LPI_TABLES.map(
      (table) =>
        sql`SELECT survey_id FROM ${sql.identifier(table)} WHERE organization_id = ${organizationId}`,
    ),
    sql` UNION `,
  );

/**
 * Why the merge cannot be made, or [] when it can: LPI data of both in one scope, invitations
 * to one survey, answers to one legacy survey, labels of one name.
 */
export async function mergeCollisions(db: DbOrTx, source: number, target: number): Promise<string[]> {
  const reasons: string[] = [];
  const scopes = await rows<{ survey_id: number | null; title: string | null }>(
    db,
    sql`SELECT x.survey_id, s.title FROM ((${scopesOf(source)}) INTERSECT (${scopesOf(target)})) x
        LEFT JOIN surveys s ON s.id = x.survey_id ORDER BY x.survey_id NULLS FIRST`,
  );
  for (const scope of scopes) {
    reasons.push(
      scope.survey_id === null
        ? 'both organizations have LPI profile data of their own'
        : `both organizations have LPI data in the survey "${scope.title}"`,
    );
  }
  const both = (table: string, what: string) =>
    rows<{ title: string }>(
      db,
      sql`SELECT s.title FROM ${sql.identifier(table)} a JOIN ${sql.identifier(table)} b
            ON b.survey_id = a.survey_id AND b.organization_id = ${target}
          JOIN surveys s ON s.id = a.survey_id
          WHERE a.organization_id = ${source} ORDER BY s.id`,
    ).then((found) => {
      for (const row of found) reasons.push(`both organizations ${what} "${row.title}"`);
    });
  await both('survey_invitations', 'are invited to the survey');
  await both('legacy_survey_responses', 'answered the legacy survey');
  // One invited to a survey the other hosts: the merged organization would answer its own survey.
  const own = await rows<{ title: string }>(
    db,
    sql`SELECT s.title FROM survey_invitations i JOIN surveys s ON s.id = i.survey_id
        WHERE (i.organization_id = ${source} AND s.organization_id = ${target})
           OR (i.organization_id = ${target} AND s.organization_id = ${source})
        ORDER BY s.id`,
  );
  for (const row of own)
    reasons.push(`one organization is invited to the survey "${row.title}" the other hosts`);
  const labels = await rows<{ name: string }>(
    db,
    sql`SELECT a.name FROM labels a JOIN labels b ON b.name = a.name AND b.owner_organization_id = ${target}
        WHERE a.owner_organization_id = ${source} ORDER BY a.name`,
  );
  for (const label of labels) reasons.push(`both organizations own a label named "${label.name}"`);
  return [...new Set(reasons)];
}

/** Moves every row of the plan's move and lpi tables, and the bookmarks; answers the counts per table. */
export async function moveRows(db: DbOrTx, source: number, target: number): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  // A label the target already carries: the source's duplicate goes.
  await db.execute(
    sql`DELETE FROM organization_labels a WHERE a.organization_id = ${source}
        AND EXISTS (SELECT 1 FROM organization_labels b WHERE b.label_id = a.label_id AND b.organization_id = ${target})`,
  );
  for (const table of Object.keys(MERGE_PLAN) as (keyof typeof MERGE_PLAN)[]) {
    if (MERGE_PLAN[table] === 'keep') continue;
    const column = sql.identifier(COLUMN[table] ?? 'organization_id');
    const [row] = await rows<{ n: number | string }>(
      db,
      sql`WITH u AS (UPDATE ${sql.identifier(table)} SET ${column} = ${target} WHERE ${column} = ${source} RETURNING 1)
          SELECT count(*) AS n FROM u`,
    );
    moved[table] = Number(row?.n ?? 0);
  }
  // Bookmarks of the source (user_saved names organizations by ref_id): a user's duplicate goes.
  await db.execute(
    sql`DELETE FROM user_saved a WHERE a.kind = 'organization' AND a.ref_id = ${source}
        AND EXISTS (SELECT 1 FROM user_saved b WHERE b.user_id = a.user_id AND b.kind = 'organization' AND b.ref_id = ${target})`,
  );
  const [saved] = await rows<{ n: number | string }>(
    db,
    sql`WITH u AS (UPDATE user_saved SET ref_id = ${target} WHERE kind = 'organization' AND ref_id = ${source} RETURNING 1)
        SELECT count(*) AS n FROM u`,
  );
  moved.user_saved = Number(saved?.n ?? 0);
  return moved;
}
