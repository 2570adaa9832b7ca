import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from './client';
import { surveyInvitations, surveys } from './schema/surveys';

export const DEI_SURVEY_2026 = '2026 DEI Survey';
export const DEI_SURVEY_2025 = '2025 DEI Survey';
export const EMERGING_MANAGERS_2026 = '2026 Emerging Managers Survey';

interface DemoSurvey {
  title: string;
  survey_type_id: number;
  start: string;
  due: string;
  archived?: boolean;
  description: string;
}

/** The later of a date and the day `days` from now, as YYYY-MM-DD. */
function notBefore(date: string, days: number): string {
  const fromNow = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return fromNow > date ? fromNow : date;
}

/**
 * Northwind's surveys (DESIGN 7): the active 2026 one, an archived 2025 one, one past due. The
 * active one stays active: a database seeded after its planned due date gets one 60 days ahead.
 */
const DEMO_SURVEYS: DemoSurvey[] = [
  {
    title: DEI_SURVEY_2026,
    survey_type_id: 2,
    start: '2026-09-01',
    due: notBefore('2026-12-31', 60),
    description: "Northwind's annual request for diversity, equity and inclusion data from its managers.",
  },
  {
    title: DEI_SURVEY_2025,
    survey_type_id: 2,
    start: '2025-09-01',
    due: '2025-12-31',
    archived: true,
    description: "Last year's request, kept for comparison.",
  },
  {
    title: EMERGING_MANAGERS_2026,
    survey_type_id: 3,
    start: '2026-10-01',
    due: '2026-11-15',
    description: 'A deeper (dei plus) request to the emerging managers programme.',
  },
];

/**
 * Northwind's demo surveys and their invitations: every other demo organization is invited to the
 * 2026 survey; Acme and Cedar to the emerging managers one too. Idempotent by title.
 */
export async function seedSurveys(
  tx: Tx,
  orgIds: Map<string, number>,
  hostName: string,
  hostUserId: number,
  emergingManagers: string[],
): Promise<Map<string, number>> {
  const hostId = orgIds.get(hostName)!;
  const existing = await tx
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .where(
      and(
        eq(surveys.organization_id, hostId),
        inArray(
          surveys.title,
          DEMO_SURVEYS.map((s) => s.title),
        ),
      ),
    );
  const ids = new Map(existing.map((s) => [s.title, s.id]));
  for (const survey of DEMO_SURVEYS) {
    if (ids.has(survey.title)) continue;
    const [row] = await tx
      .insert(surveys)
      .values({
        organization_id: hostId,
        survey_type_id: survey.survey_type_id,
        title: survey.title,
        description: survey.description,
        start: survey.start,
        due: survey.due,
        primary_contact_id: hostUserId,
        contact_email: 'host@northwind.test',
        support_email: 'support@northwind.test',
        created_by: hostUserId,
        archived_at: survey.archived ? new Date(`${survey.due}T23:00:00Z`) : null,
        created_at: new Date(`${survey.start}T09:00:00Z`),
      })
      .returning({ id: surveys.id });
    ids.set(survey.title, row!.id);
  }

  const respondents = [...orgIds].filter(([name]) => name !== hostName).map(([, id]) => id);
  const invitations = [
    ...respondents.map((organizationId) => ({
      survey_id: ids.get(DEI_SURVEY_2026)!,
      organization_id: organizationId,
    })),
    ...respondents.map((organizationId) => ({
      survey_id: ids.get(DEI_SURVEY_2025)!,
      organization_id: organizationId,
    })),
    ...emergingManagers.map((name) => ({
      survey_id: ids.get(EMERGING_MANAGERS_2026)!,
      organization_id: orgIds.get(name)!,
    })),
  ];
  await tx.insert(surveyInvitations).values(invitations).onConflictDoNothing();
  return ids;
}
