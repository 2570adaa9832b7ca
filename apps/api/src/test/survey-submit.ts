import { TAB_KEYS } from '@parity/domain/lpi/tabs';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tabStates } from '../db/schema/reporting';
import { surveyInvitations, surveys } from '../db/schema/surveys';

/**
 * Test setup for a survey submit that is not itself under test: the submit rule asks for an open
 * survey and every step complete. Marks every tab of the organization's survey copy complete
 * (without copying: the tabs hold what they held) and, for a survey past its due date, moves the
 * due date a day ahead. The returned function puts the due date back.
 */
export async function readyToSubmit(db: Db, organizationId: number, surveyId: number) {
  await db
    .insert(tabStates)
    .values(
      TAB_KEYS.map((tab) => ({ organization_id: organizationId, survey_id: surveyId, tab, completed: true })),
    )
    .onConflictDoUpdate({
      target: [tabStates.organization_id, tabStates.survey_id, tabStates.tab],
      set: { completed: true },
    });
  const [survey] = await db.select({ due: surveys.due }).from(surveys).where(eq(surveys.id, surveyId));
  const today = new Date().toISOString().slice(0, 10);
  if (!survey || survey.due >= today) return async () => {};
  await db.update(surveys).set({ due: sql`CURRENT_DATE + 1` }).where(eq(surveys.id, surveyId));
  return async () => {
    await db.update(surveys).set({ due: survey.due }).where(eq(surveys.id, surveyId));
  };
}

/**
 * A host reads a respondent's survey copy only once that respondent submitted it. For a test of
 * what the host then reads (not of the submit): runs `read` with the invitation marked submitted
 * (its copy untouched), then puts the invitation's status back.
 */
export async function whileSubmitted<T>(
  db: Db,
  surveyId: number,
  organizationId: number,
  read: () => Promise<T>,
): Promise<T> {
  const where = and(
    eq(surveyInvitations.survey_id, surveyId),
    eq(surveyInvitations.organization_id, organizationId),
  );
  const [before] = await db.select({ status: surveyInvitations.status }).from(surveyInvitations).where(where);
  if (!before) throw new Error(`organization ${organizationId} is not invited to survey ${surveyId}`);
  await db.update(surveyInvitations).set({ status: 'submitted' }).where(where);
  try {
    return await read();
  } finally {
    await db.update(surveyInvitations).set({ status: before.status }).where(where);
  }
}
