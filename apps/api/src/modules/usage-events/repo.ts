import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { surveyInvitations, surveys } from '../../db/schema/surveys';
import { live } from '../../db/soft-delete';

/** How an organization stands to a live survey: its host, invited to it, or neither (undefined: no survey). */
export async function surveyLink(db: DbOrTx, surveyId: number, organizationId: number) {
  const [row] = await db
    .select({ host_id: surveys.organization_id, invitation_id: surveyInvitations.id })
    .from(surveys)
    .leftJoin(
      surveyInvitations,
      and(eq(surveyInvitations.survey_id, surveys.id), eq(surveyInvitations.organization_id, organizationId)),
    )
    .where(and(eq(surveys.id, surveyId), live(surveys)));
  if (!row) return undefined;
  return { hosts: row.host_id === organizationId, invited: row.invitation_id !== null };
}
