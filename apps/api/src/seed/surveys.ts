import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { labels, organizationLabels, surveyContacts, surveyInvitations, surveys } from '../db/schema/surveys';

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
 * 2026 survey; Acme and Cedar to the emerging managers one too. Idempotent by title. The public
 * ones as from the directory; the few private ones as by their organization code (seed/demo.ts
 * gives each one), the only ways the API lets a host invite them.
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
  // Organizations were invited when their survey opened, before any of them answered.
  const invitation = (title: string, organizationId: number) => ({
    survey_id: ids.get(title)!,
    organization_id: organizationId,
    created_at: new Date(`${DEMO_SURVEYS.find((s) => s.title === title)!.start}T09:00:00Z`),
  });
  const invitations = [
    ...respondents.map((organizationId) => invitation(DEI_SURVEY_2026, organizationId)),
    ...respondents.map((organizationId) => invitation(DEI_SURVEY_2025, organizationId)),
    ...emergingManagers.map((name) => invitation(EMERGING_MANAGERS_2026, orgIds.get(name)!)),
  ];
  await tx.insert(surveyInvitations).values(invitations).onConflictDoNothing();
  return ids;
}

/** Northwind's labels for the organizations it surveys. */
export const DEMO_LABELS = [
  { name: 'Emerging manager', color: '#2f9e44' },
  { name: 'Private equity', color: '#1c7ed6' },
  { name: 'Priority', color: '#e8590c' },
] as const;

/**
 * The hosted side of Northwind's 2026 survey: its labels on several respondents (Acme and Cedar
 * among them), a few contacts (two already invited) and a reminder sent to some respondents that
 * had not submitted. Runs after the LPI seed (which decides who submitted). Idempotent: labels and
 * contacts by name and email, and a reminder only where none was recorded.
 */
export async function seedSurveyParticipants(
  tx: Tx,
  input: {
    organizations: Map<string, number>;
    surveys: Map<string, number>;
    host: string;
    acme: string;
    cedar: string;
    hostUserId: number;
  },
): Promise<void> {
  const hostId = input.organizations.get(input.host)!;
  const surveyId = input.surveys.get(DEI_SURVEY_2026)!;
  await tx
    .insert(labels)
    .values(DEMO_LABELS.map((l) => ({ owner_organization_id: hostId, name: l.name, color: l.color })))
    .onConflictDoNothing();
  const labelRows = await tx
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(eq(labels.owner_organization_id, hostId));
  const labelId = new Map(labelRows.map((l) => [l.name, l.id]));
  const [emerging, privateEquity, priority] = DEMO_LABELS.map((l) => labelId.get(l.name)!);

  const acme = input.organizations.get(input.acme)!;
  const cedar = input.organizations.get(input.cedar)!;
  const others = [...input.organizations]
    .filter(([name]) => ![input.host, input.acme, input.cedar].includes(name))
    .map(([, id]) => id)
    .sort((a, b) => a - b);
  const tagged = [
    { label_id: emerging!, organization_id: acme },
    { label_id: priority!, organization_id: acme },
    { label_id: emerging!, organization_id: cedar },
    { label_id: privateEquity!, organization_id: cedar },
    ...others.flatMap((organizationId, i) => [
      ...(i % 3 === 0 ? [{ label_id: privateEquity!, organization_id: organizationId }] : []),
      ...(i % 4 === 1 ? [{ label_id: emerging!, organization_id: organizationId }] : []),
      ...(i % 5 === 2 ? [{ label_id: priority!, organization_id: organizationId }] : []),
    ]),
  ];
  await tx.insert(organizationLabels).values(tagged).onConflictDoNothing();

  const invitedAt = new Date('2026-09-01T10:00:00Z');
  const contacts = [
    {
      organization_id: acme,
      name: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@acme.test',
      invited_at: invitedAt,
    },
    {
      organization_id: cedar,
      name: 'Eve',
      lastname: 'Castillo',
      email: 'eve@cedar.test',
      invited_at: invitedAt,
    },
    ...others.slice(0, 2).map((organizationId, i) => ({
      organization_id: organizationId,
      name: ['Jordan', 'Priya'][i]!,
      lastname: ['Reyes', 'Natarajan'][i]!,
      email: `${['jordan.reyes', 'priya.natarajan'][i]}@respondent-${organizationId}.example`,
      invited_at: null,
    })),
  ];
  await tx
    .insert(surveyContacts)
    .values(
      contacts.map((c) => ({
        ...c,
        survey_id: surveyId,
        created_by: input.hostUserId,
        user_id: sql`(SELECT id FROM users WHERE lower(email) = ${c.email} LIMIT 1)`,
      })),
    )
    .onConflictDoNothing();

  // A reminder went to every third respondent that had not submitted.
  const remindable = others.filter((_, i) => i % 3 === 1);
  if (remindable.length) {
    await tx
      .update(surveyInvitations)
      .set({ last_reminded_at: new Date('2026-10-15T09:00:00Z'), reminder_count: 1 })
      .where(
        and(
          eq(surveyInvitations.survey_id, surveyId),
          inArray(surveyInvitations.organization_id, remindable),
          inArray(surveyInvitations.status, ['invited', 'in_progress']),
          eq(surveyInvitations.reminder_count, 0),
        ),
      );
  }
}
