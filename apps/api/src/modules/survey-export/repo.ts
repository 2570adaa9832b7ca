import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/people';
import { submissions, tabStates } from '../../db/schema/reporting';
import { surveyInvitations, surveys } from '../../db/schema/surveys';

import { live } from '../../db/soft-delete';

const host = alias(organizations, 'host');

/** The survey, its host, the respondent organization and its invitation. */
export async function findResponse(db: DbOrTx, surveyId: number, organizationId: number) {
  const [row] = await db
    .select({
      title: surveys.title,
      start: surveys.start,
      due: surveys.due,
      archived_at: surveys.archived_at,
      host_name: host.name,
      organization_name: organizations.name,
      status: surveyInvitations.status,
      submitted_at: surveyInvitations.submitted_at,
    })
    .from(surveyInvitations)
    .innerJoin(surveys, eq(surveys.id, surveyInvitations.survey_id))
    .innerJoin(host, eq(host.id, surveys.organization_id))
    .innerJoin(organizations, eq(organizations.id, surveyInvitations.organization_id))
    .where(
      and(
        eq(surveyInvitations.survey_id, surveyId),
        eq(surveyInvitations.organization_id, organizationId),
        live(surveys),
      ),
    );
  return row;
}

/** The snapshot of the organization's latest submission of this survey (every tab as then). */
export async function latestSubmission(db: DbOrTx, surveyId: number, organizationId: number) {
  const [row] = await db
    .select({ snapshot: submissions.snapshot, submitted_at: submissions.submitted_at })
    .from(submissions)
    .where(and(eq(submissions.survey_id, surveyId), eq(submissions.organization_id, organizationId)))
    .orderBy(desc(submissions.submitted_at), desc(submissions.id))
    .limit(1);
  return row;
}

/**
 * The save units that have a survey copy (read or saved in the survey: ready for export), with the
 * note the respondent gave at Mark Complete for data that fails a check (kept after submit).
 */
export function surveyTabStates(db: DbOrTx, surveyId: number, organizationId: number) {
  return db
    .select({ tab: tabStates.tab, note: tabStates.note })
    .from(tabStates)
    .where(and(eq(tabStates.survey_id, surveyId), eq(tabStates.organization_id, organizationId)));
}
