import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { users } from '../../../db/schema/people';
import { submissions, tabVersions } from '../../../db/schema/reporting';

// An organization's whole LPI history for its data export (issue 21 point 6): every stored version
// of its tabs and every submission it made, in its own profile (survey_id null) and its survey answers.

const authorName = sql<string | null>`nullif(trim(${users.name} || ' ' || ${users.lastname}), '')`;

/** Every version of the organization's tabs (scope by scope, tab by tab, oldest first), without snapshots. */
export async function profileVersions(db: DbOrTx, organizationId: number) {
  const rows = await db
    .select({
      id: tabVersions.id,
      survey_id: tabVersions.survey_id,
      tab: tabVersions.tab,
      version: tabVersions.version,
      kind: tabVersions.kind,
      saved_at: tabVersions.saved_at,
      saved_by: authorName,
    })
    .from(tabVersions)
    .leftJoin(users, eq(users.id, tabVersions.saved_by))
    .where(eq(tabVersions.organization_id, organizationId))
    .orderBy(sql`${tabVersions.survey_id} NULLS FIRST`, asc(tabVersions.tab), asc(tabVersions.version));
  return rows.map((row) => ({ ...row, saved_at: row.saved_at.toISOString() }));
}

/** Every submission of the organization (its profile: survey_id null; a survey's answer), oldest first. */
export async function organizationSubmissions(db: DbOrTx, organizationId: number) {
  const rows = await db
    .select({
      id: submissions.id,
      survey_id: submissions.survey_id,
      submitted_at: submissions.submitted_at,
      submitted_by: authorName,
      scoring_version: submissions.scoring_version,
      scores: submissions.scores,
    })
    .from(submissions)
    .leftJoin(users, eq(users.id, submissions.submitted_by))
    .where(eq(submissions.organization_id, organizationId))
    .orderBy(asc(submissions.submitted_at), asc(submissions.id));
  return rows.map((row) => ({ ...row, submitted_at: row.submitted_at.toISOString() }));
}
