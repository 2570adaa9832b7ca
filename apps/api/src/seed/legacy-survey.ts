import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { legacySurveyResponses, surveyInvitations, surveys } from '../db/schema/surveys';

export const LEGACY_SURVEY_2024 = '2024 DEI Survey (legacy import)';

type LegacySections = { section: string; questions: { question: string; answer: string | null }[] }[];

/** What Acme and Cedar answered in the earlier cycle, as imported (GET /api/legacy-surveys/{id}). */
const RESPONSES: Record<'acme' | 'cedar', LegacySections> = {
  acme: [
    {
      section: 'Organization',
      questions: [
        { question: 'Total full-time employees', answer: '48' },
        { question: 'Year founded', answer: '2011' },
        { question: 'Headquarters', answer: 'Boston, MA' },
      ],
    },
    {
      section: 'Ownership and leadership',
      questions: [
        { question: 'Share of ownership held by women', answer: '35%' },
        { question: 'Share of senior leaders from under-represented groups', answer: '30%' },
      ],
    },
    {
      section: 'Policies',
      questions: [
        { question: 'Written diversity, equity and inclusion policy', answer: 'Yes' },
        { question: 'Last reviewed', answer: '2023-11-15' },
        { question: 'Anti-harassment training for all staff', answer: 'Yes, yearly' },
      ],
    },
  ],
  cedar: [
    {
      section: 'Organization',
      questions: [
        { question: 'Total full-time employees', answer: '22' },
        { question: 'Year founded', answer: '2016' },
        { question: 'Headquarters', answer: 'Chicago, IL' },
      ],
    },
    {
      section: 'Ownership and leadership',
      questions: [
        { question: 'Share of ownership held by women', answer: '50%' },
        { question: 'Share of senior leaders from under-represented groups', answer: null },
      ],
    },
    {
      section: 'Practices',
      questions: [
        { question: 'Diverse candidate slates for senior hires', answer: 'In progress' },
        { question: 'Supplier diversity programme', answer: 'No' },
      ],
    },
  ],
};

/**
 * A survey of the cycle before Parity (DESIGN 7): Northwind's 2024 request, imported read only
 * (surveys.is_legacy, archived), with Acme's and Cedar's answers as sections of question/answer
 * pairs and their invitations marked submitted. Idempotent by title, like seed-surveys.ts.
 */
export async function seedLegacySurvey(
  tx: Tx,
  orgIds: Map<string, number>,
  hostName: string,
  hostUserId: number,
  respondents: { acme: string; cedar: string },
): Promise<number> {
  const hostId = orgIds.get(hostName)!;
  const [existing] = await tx
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.organization_id, hostId), eq(surveys.title, LEGACY_SURVEY_2024)));
  let surveyId = existing?.id;
  if (!surveyId) {
    const [row] = await tx
      .insert(surveys)
      .values({
        organization_id: hostId,
        survey_type_id: 2,
        title: LEGACY_SURVEY_2024,
        description: "Northwind's 2024 request, answered before Parity and imported for comparison.",
        start: '2024-09-01',
        due: '2024-12-31',
        primary_contact_id: hostUserId,
        contact_email: 'host@northwind.test',
        support_email: 'support@northwind.test',
        is_legacy: true,
        created_by: hostUserId,
        archived_at: new Date('2025-01-15T12:00:00Z'),
        created_at: new Date('2024-09-01T09:00:00Z'),
      })
      .returning({ id: surveys.id });
    surveyId = row!.id;
  }
  for (const key of ['acme', 'cedar'] as const) {
    const organizationId = orgIds.get(respondents[key])!;
    const submittedAt = new Date(key === 'acme' ? '2024-12-10T15:00:00Z' : '2024-12-20T10:30:00Z');
    await tx
      .insert(surveyInvitations)
      .values({
        survey_id: surveyId,
        organization_id: organizationId,
        status: 'submitted',
        submitted_at: submittedAt,
        created_at: new Date('2024-09-01T09:00:00Z'),
      })
      .onConflictDoNothing();
    await tx
      .insert(legacySurveyResponses)
      .values({
        survey_id: surveyId,
        organization_id: organizationId,
        data: RESPONSES[key],
        imported_at: new Date('2025-01-15T12:00:00Z'),
      })
      .onConflictDoNothing();
  }
  return surveyId;
}
