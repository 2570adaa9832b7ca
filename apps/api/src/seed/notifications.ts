import { and, desc, eq } from 'drizzle-orm';
import { notify } from '../core/outbox/notify';
import type { Tx } from '../db/client';
import { notifications } from '../db/schema/notifications';
import { memberships, organizations } from '../db/schema/people';
import { surveyInvitations, surveys } from '../db/schema/surveys';
import { DEI_SURVEY_2025, DEI_SURVEY_2026 } from './surveys';

interface DemoNotification {
  email: string;
  kind: Parameters<typeof notify>[1]['kind'];
  title: string;
  body: string;
  link: string;
  created_at: Date;
  read_at: Date | null;
}

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The demo users' notifications, as the modules write them (through `notify`), dated as their
 * causes in the demo data: ada@acme.test has the 2026 survey's invitation and a reminder unread,
 * pending@acme.test awaiting her approval, and last year's invitation read; host@northwind.test the
 * two latest submissions of the 2026 survey (the older one read); eve@cedar.test the 2026
 * invitation. Runs after the surveys and the LPI seed (which decides who submitted). Idempotent:
 * a user's notification of that kind and title is written once.
 */
export async function seedNotifications(
  tx: Tx,
  input: {
    users: Map<string, number>;
    surveys: Map<string, number>;
    host: string;
    acme: string;
    cedar: string;
  },
): Promise<void> {
  const dei2026 = input.surveys.get(DEI_SURVEY_2026)!;
  const dei2025 = input.surveys.get(DEI_SURVEY_2025)!;
  const [survey2026] = await tx.select({ due: surveys.due }).from(surveys).where(eq(surveys.id, dei2026));
  const latestSubmissions = await tx
    .select({ name: organizations.name, submitted_at: surveyInvitations.submitted_at })
    .from(surveyInvitations)
    .innerJoin(organizations, eq(organizations.id, surveyInvitations.organization_id))
    .where(and(eq(surveyInvitations.survey_id, dei2026), eq(surveyInvitations.status, 'submitted')))
    .orderBy(desc(surveyInvitations.submitted_at), desc(organizations.id))
    .limit(2);

  // Priya's request to join is the pending membership, made as the demo is seeded: its notification
  // is dated with it (a fixed January date read '11 months ago' beside a request of today).
  const [joinRequest] = await tx
    .select({ created_at: memberships.created_at })
    .from(memberships)
    .where(eq(memberships.user_id, input.users.get('pending@acme.test')!));

  const due = longDate(survey2026!.due);
  const invitation = (email: string, organization: string): DemoNotification => ({
    email,
    kind: 'survey_invitation',
    title: `${input.host} invited ${organization} to ${DEI_SURVEY_2026}`,
    body: `Fill in and submit your organization's response by ${due}.`,
    link: `/surveys/taking/${dei2026}`,
    created_at: new Date('2026-09-01T10:00:00Z'),
    read_at: null,
  });
  const wanted: DemoNotification[] = [
    {
      email: 'ada@acme.test',
      kind: 'survey_invitation',
      title: `${input.host} invited ${input.acme} to ${DEI_SURVEY_2025}`,
      body: `Fill in and submit your organization's response by ${longDate('2025-12-31')}.`,
      link: `/surveys/taking/${dei2025}`,
      created_at: new Date('2025-09-01T10:00:00Z'),
      read_at: new Date('2025-09-02T08:30:00Z'),
    },
    invitation('ada@acme.test', input.acme),
    {
      email: 'ada@acme.test',
      kind: 'survey_reminder',
      title: `Reminder: ${input.host} awaits your response to ${DEI_SURVEY_2026}`,
      body: `Submit your organization's response by ${due}.`,
      link: `/surveys/taking/${dei2026}`,
      created_at: new Date('2026-10-15T09:00:00Z'),
      read_at: null,
    },
    {
      email: 'ada@acme.test',
      kind: 'member_awaiting_approval',
      title: `Priya Patel asked to join ${input.acme}`,
      body: 'Approve or decline pending@acme.test on the members page.',
      link: '/organizations/private/members',
      created_at: joinRequest!.created_at,
      read_at: null,
    },
    invitation('eve@cedar.test', input.cedar),
    ...latestSubmissions.map(
      (s, i): DemoNotification => ({
        email: 'host@northwind.test',
        kind: 'submission_received',
        title: `${s.name} submitted its response to ${DEI_SURVEY_2026}`,
        body: "Read it in the survey's responses and analytics.",
        link: `/surveys/hosting/${dei2026}`,
        created_at: s.submitted_at!,
        // The latest one is new; the one before was read an hour after it came.
        read_at: i === 0 ? null : new Date(s.submitted_at!.getTime() + 3_600_000),
      }),
    ),
  ];

  // Written in the order of their dates, so that ids follow them as in real use.
  wanted.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  for (const n of wanted) {
    const userId = input.users.get(n.email)!;
    const [existing] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.user_id, userId),
          eq(notifications.kind, n.kind),
          eq(notifications.title, n.title),
        ),
      )
      .limit(1);
    if (existing) continue;
    await notify(tx, { userIds: [userId], kind: n.kind, title: n.title, body: n.body, link: n.link });
    // Dated as its cause (notify writes it as of now).
    await tx
      .update(notifications)
      .set({ created_at: n.created_at, read_at: n.read_at })
      .where(
        and(
          eq(notifications.user_id, userId),
          eq(notifications.kind, n.kind),
          eq(notifications.title, n.title),
        ),
      );
  }
}
