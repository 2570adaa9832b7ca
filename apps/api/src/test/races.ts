import { TAB_KEYS } from '@parity/domain/lpi/tabs';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { memberships, users } from '../db/schema/people';
import { REMINDER_JOB } from '../modules/calendar/service';
import { createSeededTestApp, type SeededTestApp } from './app';
import { recipient, startTestSmtp, type TestSmtp } from './smtp';
import { readyToSubmit } from './survey-submit';

/**
 * Two identical requests at the same moment have one effect (issue 38, point 9). Each race sends
 * the two requests over real HTTP at once, `rounds` times on fresh objects, and then counts what
 * they wrote: rows, audit entries, notifications and mails. With `twoProcesses` the second
 * request goes to another app on the same database (another API process: no in-process lock can
 * serialise them), which only PostgreSQL allows.
 *
 * The loser answers what the same request would answer just after the winner: 409 naming the
 * state where it asks for a change that is made (submit, approve, join, decide, a save on a stale
 * base), the winner's own answer where it states what the caller wants (an RSVP, a decline, an
 * invitation accepted).
 */
export function describeRaces(options: { rounds: number; twoProcesses: boolean }) {
  const { rounds } = options;
  // A new survey (or an account's password hash) per round is slower: half as many rounds.
  const heavyRounds = Math.ceil(rounds / 2);
  const ADA = 'ada@acme.test'; // Acme admin with LPI access
  const MAX = 'max@acme.test'; // Acme member
  const EVE = 'eve@cedar.test'; // Cedar admin
  const HOST = 'host@northwind.test'; // Northwind admin and survey host

  let t: SeededTestApp;
  let smtp: TestSmtp;
  let closeOther = async () => {};
  const bases: [string, string] = ['', ''];
  let address = 0;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createSeededTestApp({ smtpUrl: smtp.url, publicUrl: 'http://parity.test' });
    // The demo's own notifications would add to the counts.
    await t.app.db.execute(sql`DELETE FROM notifications`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    bases[0] = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    bases[1] = bases[0];
    if (options.twoProcesses) {
      const database = await openDatabase(t.app.config.database);
      const other = await buildApp(t.app.config, database);
      await other.listen({ port: 0, host: '127.0.0.1' });
      bases[1] = `http://127.0.0.1:${(other.server.address() as { port: number }).port}`;
      closeOther = async () => {
        await other.close();
        await database.close();
      };
    }
  }, 120_000);
  afterAll(async () => {
    await closeOther();
    await t?.close();
    await smtp?.close();
  });

  const id = (email: string) => t.demo.users.get(email)!;
  const org = (name: string) => t.demo.organizations.get(name)!;

  /** A setup request through the app, each from its own client address (no rate limit stops a test). */
  async function setup(method: 'GET' | 'POST' | 'PUT', email: string, url: string, payload?: unknown) {
    address++;
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${t.tokenOf(email)}` },
      remoteAddress: `10.38.${Math.floor(address / 250)}.${address % 250}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.body ? res.json() : null;
  }

  interface Answer {
    status: number;
    body: unknown;
  }

  /** The same request twice at once, over HTTP, one to each process; the answers sorted by status. */
  async function race(
    method: 'POST' | 'PUT',
    email: string | null,
    url: string,
    payload: unknown = {},
  ): Promise<Answer[]> {
    const send = async (base: string): Promise<Answer> => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(email ? { authorization: `Bearer ${t.tokenOf(email)}` } : {}),
        },
        body: JSON.stringify(payload),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    };
    const answers = await Promise.all(bases.map(send));
    return answers.sort((a, b) => a.status - b.status);
  }

  const statuses = (answers: Answer[]) => answers.map((a) => a.status);
  const messageOf = (answer: Answer | undefined) => (answer?.body as { message?: string } | null)?.message;

  async function count(query: SQL): Promise<number> {
    const result = await t.app.db.execute(sql`SELECT count(*)::int AS n FROM (${query}) AS counted`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }

  /** The mails received so far to this address whose subject matches (the job queue run first). */
  async function mails(to: string, subject: RegExp) {
    await t.app.jobs.runDueJobs();
    return smtp.messages.filter((m) => recipient(m) === to && subject.test(m.subject ?? '')).length;
  }

  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  /** A new survey hosted by Northwind, with every LPI step. */
  async function newSurvey(title: string): Promise<number> {
    const survey = await setup('POST', HOST, '/api/surveys', {
      organization_id: org('Northwind Pension Fund'),
      survey_type_id: 2,
      title,
      description: 'A survey of the race tests.',
      start: day(0),
      due: day(30),
      primary_contact_id: id(HOST),
      contact_email: HOST,
      support_email: HOST,
    });
    return survey.id;
  }

  describe(`two identical requests at once have one effect (${rounds} rounds${options.twoProcesses ? ', two API processes' : ''})`, () => {
    it('two invitations of one organization to a survey: one invitation, its people notified and mailed once', async () => {
      const acme = org('Acme Capital Partners');
      for (let round = 0; round < heavyRounds; round++) {
        const surveyId = await newSurvey(`Race invite ${round}`);
        const answers = await race('POST', HOST, `/api/surveys/${surveyId}/contacts/member/invite`, {
          email: ADA,
        });
        expect(statuses(answers)).toEqual([200, 200]);
        expect(answers.map((a) => (a.body as { invited: number }).invited).sort()).toEqual([0, 1]);
        expect(
          await count(
            sql`SELECT 1 FROM survey_invitations WHERE survey_id = ${surveyId} AND organization_id = ${acme}`,
          ),
        ).toBe(1);
        const link = `/surveys/taking/${surveyId}`;
        expect(
          await count(
            sql`SELECT 1 FROM notifications WHERE user_id = ${id(ADA)} AND link LIKE ${`${link}%`}`,
          ),
        ).toBe(1);
        expect(await mails(ADA, new RegExp(`Race invite ${round}\\b`))).toBe(1);
      }
    });

    it('two declines of one survey invitation: one decline, both answered with it', async () => {
      const cedar = org('Cedar Equity');
      for (let round = 0; round < heavyRounds; round++) {
        const surveyId = await newSurvey(`Race decline ${round}`);
        await setup('POST', HOST, `/api/surveys/${surveyId}/contacts/member/invite`, { email: EVE });
        const answers = await race('POST', EVE, `/api/surveys/${surveyId}/decline-respondent`, {
          organization_id: cedar,
          code: 'no_capacity',
        });
        expect(statuses(answers)).toEqual([200, 200]);
        expect(answers[0]!.body).toEqual(answers[1]!.body);
        expect(
          await count(
            sql`SELECT 1 FROM audit_log WHERE entity = 'survey' AND action = 'decline' AND organization_id = ${cedar}
                  AND after->>'survey_id' = ${String(surveyId)}`,
          ),
        ).toBe(1);
      }
    });

    it('two submits of one survey response: one submission and its versions, the hosts told once, the other 409', async () => {
      const acme = org('Acme Capital Partners');
      for (let round = 0; round < heavyRounds; round++) {
        const surveyId = await newSurvey(`Race submit ${round}`);
        await setup('POST', HOST, `/api/surveys/${surveyId}/contacts/member/invite`, { email: ADA });
        await readyToSubmit(t.app.db, acme, surveyId);
        const answers = await race('POST', ADA, `/api/surveys/${surveyId}/submit`, { accept_terms: true });
        expect(statuses(answers), JSON.stringify(answers)).toEqual([200, 409]);
        expect(messageOf(answers[1])).toMatch(/submitted/i);
        expect(await count(sql`SELECT 1 FROM submissions WHERE survey_id = ${surveyId}`)).toBe(1);
        expect(
          await count(sql`SELECT 1 FROM tab_versions WHERE survey_id = ${surveyId} AND kind = 'submit'`),
        ).toBe(TAB_KEYS.length);
        expect(
          await count(
            sql`SELECT 1 FROM audit_log WHERE entity = 'lpi' AND action = 'submit' AND after->>'survey_id' = ${String(surveyId)}`,
          ),
        ).toBe(1);
        expect(
          await count(
            sql`SELECT 1 FROM notifications WHERE kind = 'submission_received' AND user_id = ${id(HOST)}
                  AND link = ${`/surveys/hosting/${surveyId}`}`,
          ),
        ).toBe(1);
      }
    });

    it('two approvals of one pending member: one decision, audited, notified and mailed once, the other 409', async () => {
      const acme = org('Acme Capital Partners');
      for (let round = 0; round < rounds; round++) {
        const email = `race-pending-${round}-${options.twoProcesses ? 'pg' : 'one'}@acme.test`;
        const [user] = await t.app.db
          .insert(users)
          .values({ email, name: 'Pat', lastname: `Pending ${round}`, password_hash: 'x' })
          .returning({ id: users.id });
        await t.app.db.insert(memberships).values({ user_id: user!.id, organization_id: acme });
        const answers = await race('POST', ADA, `/api/organizations/${acme}/users/${user!.id}/approve`);
        expect(statuses(answers), JSON.stringify(answers)).toEqual([200, 409]);
        expect(messageOf(answers[1])).toMatch(/not awaiting approval/);
        expect(
          await count(
            sql`SELECT 1 FROM audit_log WHERE entity = 'membership' AND action = 'approve' AND entity_id = ${String(user!.id)}`,
          ),
        ).toBe(1);
        expect(
          await count(
            sql`SELECT 1 FROM notifications WHERE user_id = ${user!.id} AND kind = 'approval_decision'`,
          ),
        ).toBe(1);
        expect(await mails(email, /was approved/)).toBe(1);
      }
    });

    it('two joins of one open pod: one membership and one "joined" entry, the other 409', async () => {
      for (let round = 0; round < rounds; round++) {
        const pod = await setup('POST', EVE, '/api/pods', { name: `Race open ${round}`, visibility: 'open' });
        const answers = await race('POST', MAX, `/api/pods/${pod.id}/join`);
        expect(statuses(answers), JSON.stringify(answers)).toEqual([200, 409]);
        expect(messageOf(answers[1])).toMatch(/already a member/);
        expect(
          await count(sql`SELECT 1 FROM pod_members WHERE pod_id = ${pod.id} AND user_id = ${id(MAX)}`),
        ).toBe(1);
        expect(
          await count(
            sql`SELECT 1 FROM pod_posts WHERE pod_id = ${pod.id} AND kind = 'member_joined' AND author_id = ${id(MAX)}`,
          ),
        ).toBe(1);
        expect(
          await count(
            sql`SELECT 1 FROM audit_log WHERE entity = 'pod' AND action = 'join' AND entity_id = ${String(pod.id)}`,
          ),
        ).toBe(1);
      }
    });

    it("two join requests to one invite-only pod: one request, the pod's admin told once, the other 409", async () => {
      for (let round = 0; round < rounds; round++) {
        const pod = await setup('POST', EVE, '/api/pods', {
          name: `Race invite-only ${round}`,
          visibility: 'invite-only',
        });
        const answers = await race('POST', MAX, `/api/pods/${pod.id}/join`);
        expect(statuses(answers), JSON.stringify(answers)).toEqual([200, 409]);
        expect(messageOf(answers[1])).toMatch(/already asked to join/);
        expect(
          await count(
            sql`SELECT 1 FROM pod_members WHERE pod_id = ${pod.id} AND user_id = ${id(MAX)} AND status = 'requested'`,
          ),
        ).toBe(1);
        expect(
          await count(
            sql`SELECT 1 FROM notifications WHERE kind = 'pod_join_request' AND user_id = ${id(EVE)} AND link = ${`/pods/${pod.id}/members`}`,
          ),
        ).toBe(1);
      }
    });

    it('two approvals of one request to join a pod: one membership, the applicant told and mailed once, the other 409', async () => {
      for (let round = 0; round < rounds; round++) {
        const name = `Race request ${round} ${options.twoProcesses ? 'pg' : 'one'}`;
        const pod = await setup('POST', EVE, '/api/pods', { name, visibility: 'invite-only' });
        await setup('POST', MAX, `/api/pods/${pod.id}/join`);
        const answers = await race('POST', EVE, `/api/pods/${pod.id}/requests/${id(MAX)}/approve`);
        expect(statuses(answers), JSON.stringify(answers)).toEqual([200, 409]);
        expect(messageOf(answers[1])).toMatch(/already a member/);
        expect(
          await count(
            sql`SELECT 1 FROM pod_members WHERE pod_id = ${pod.id} AND user_id = ${id(MAX)} AND status = 'active'`,
          ),
        ).toBe(1);
        expect(
          await count(
            sql`SELECT 1 FROM pod_posts WHERE pod_id = ${pod.id} AND kind = 'member_joined' AND author_id = ${id(MAX)}`,
          ),
        ).toBe(1);
        expect(
          await count(
            sql`SELECT 1 FROM notifications WHERE kind = 'pod_join_decision' AND user_id = ${id(MAX)} AND link = ${`/pods/${pod.id}`}`,
          ),
        ).toBe(1);
        expect(await mails(MAX, new RegExp(`^Your request to join ${name} was approved$`))).toBe(1);
      }
    });

    it('two acceptances of one pod invitation: one membership and one "joined" entry, both answered with the pod', async () => {
      for (let round = 0; round < rounds; round++) {
        const pod = await setup('POST', EVE, '/api/pods', {
          name: `Race invitation ${round}`,
          visibility: 'invite-only',
        });
        await setup('POST', EVE, `/api/pods/${pod.id}/invitations`, { userIds: [id(MAX)] });
        const links = await t.app.db.execute(
          sql`SELECT link FROM notifications WHERE user_id = ${id(MAX)} AND kind = 'pod_invitation' ORDER BY id DESC LIMIT 1`,
        );
        const link = (links as unknown as { rows: { link: string }[] }).rows[0]!.link;
        const answers = await race('POST', MAX, `/api/pods/invitations/${link.split('/').pop()}/accept`);
        expect(statuses(answers), JSON.stringify(answers)).toEqual([200, 200]);
        expect(answers.map((a) => (a.body as { id: number; isMember: boolean }).isMember)).toEqual([
          true,
          true,
        ]);
        expect(
          await count(sql`SELECT 1 FROM pod_members WHERE pod_id = ${pod.id} AND user_id = ${id(MAX)}`),
        ).toBe(1);
        expect(
          await count(
            sql`SELECT 1 FROM pod_posts WHERE pod_id = ${pod.id} AND kind = 'member_joined' AND author_id = ${id(MAX)}`,
          ),
        ).toBe(1);
        expect(
          await count(
            sql`SELECT 1 FROM audit_log WHERE entity = 'pod' AND action = 'accept' AND entity_id = ${String(pod.id)}`,
          ),
        ).toBe(1);
        if (round === rounds - 1) {
          // A used link does not bring back a member who has left.
          await setup('POST', MAX, `/api/pods/${pod.id}/leave`, {});
          const [again] = await race('POST', MAX, `/api/pods/invitations/${link.split('/').pop()}/accept`);
          expect(again!.status).toBe(404);
          expect(
            await count(sql`SELECT 1 FROM pod_members WHERE pod_id = ${pod.id} AND user_id = ${id(MAX)}`),
          ).toBe(0);
        }
      }
    });

    it('two acceptances of one invitation to join an organization: one account and membership, the other 409', async () => {
      const acme = org('Acme Capital Partners');
      for (let round = 0; round < heavyRounds; round++) {
        const email = `race-invited-${round}-${options.twoProcesses ? 'pg' : 'one'}@acme.test`;
        await setup('POST', ADA, '/api/organizations/me/invitations', { email });
        const mail = await smtp.waitFor((m) => recipient(m) === email);
        const token = /\/signup\/invitation\/([0-9a-f-]{36})/.exec(mail.text ?? '')![1]!;
        const answers = await race('POST', null, `/api/signup/invitations/${token}/accept`, {
          name: 'Ivy',
          lastname: `Invited ${round}`,
          password: 'Race-Invited-2026!',
        });
        expect(statuses(answers), JSON.stringify(answers)).toEqual([201, 409]);
        expect(messageOf(answers[1])).toMatch(/already accepted/);
        expect(await count(sql`SELECT 1 FROM users WHERE lower(email) = ${email}`)).toBe(1);
        expect(
          await count(
            sql`SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id WHERE lower(u.email) = ${email} AND m.organization_id = ${acme}`,
          ),
        ).toBe(1);
        expect(
          await count(
            sql`SELECT 1 FROM audit_log a JOIN users u ON a.entity_id = u.id::text
                  WHERE a.entity = 'membership' AND a.action = 'join' AND lower(u.email) = ${email}`,
          ),
        ).toBe(1);
      }
    });

    async function rsvpRounds(newEvent: (round: number) => Promise<number>) {
      for (let round = 0; round < rounds; round++) {
        const eventId = await newEvent(round);
        const answer = { status: 'attending', reminderMinutes: 30 };
        const answers = await race('PUT', MAX, `/api/events/${eventId}/attendees/me`, answer);
        expect(statuses(answers), JSON.stringify(answers)).toEqual([200, 200]);
        expect(answers.map((a) => a.body)).toEqual([answer, answer]);
        expect(
          await count(
            sql`SELECT 1 FROM event_attendees WHERE event_id = ${eventId} AND user_id = ${id(MAX)}`,
          ),
        ).toBe(1);
        expect(
          await count(
            sql`SELECT 1 FROM jobs WHERE kind = ${REMINDER_JOB} AND key LIKE ${`${REMINDER_JOB}:${eventId}:${id(MAX)}:%`}`,
          ),
        ).toBe(1);
      }
    }

    const hourEvent = (title: string) => {
      const start = new Date(Date.now() + 86_400_000);
      start.setUTCHours(10, 0, 0, 0);
      return {
        title,
        start: start.toISOString(),
        end: new Date(start.getTime() + 3_600_000).toISOString(),
        timeZone: 'UTC',
      };
    };

    it('two RSVPs to one calendar event: one attendance and one reminder, both answered alike', async () => {
      await rsvpRounds(
        async (round) => (await setup('POST', ADA, '/api/events', hourEvent(`Race RSVP ${round}`))).id,
      );
    });

    it('two RSVPs to one pod event: one attendance and one reminder, both answered alike', async () => {
      const pod = await setup('POST', EVE, '/api/pods', { name: 'Race pod events', visibility: 'open' });
      await setup('POST', MAX, `/api/pods/${pod.id}/join`);
      await rsvpRounds(
        async (round) =>
          (await setup('POST', EVE, `/api/pods/${pod.id}/events`, hourEvent(`Race pod RSVP ${round}`))).id,
      );
    });

    it('two access requests of one pair, then two acceptances of one request: one request, one grant, each told once', async () => {
      const acme = org('Acme Capital Partners');
      for (let round = 0; round < rounds; round++) {
        const requested = await race('POST', EVE, '/api/exchange/requests', { owner_organization_id: acme });
        expect(statuses(requested), JSON.stringify(requested)).toEqual([201, 409]);
        const requestId = (requested[0]!.body as { id: number }).id;
        expect(
          await count(sql`SELECT 1 FROM notifications WHERE kind = 'exchange_request' AND user_id = ${id(ADA)}
                            AND created_at >= (SELECT created_at FROM exchange_requests WHERE id = ${requestId})`),
        ).toBe(1);
        const accepted = await race('POST', ADA, `/api/exchange/requests/${requestId}/accept`, {
          tabs: null,
          expires_on: day(30),
        });
        expect(statuses(accepted), JSON.stringify(accepted)).toEqual([200, 409]);
        expect(
          await count(
            sql`SELECT 1 FROM audit_log WHERE entity = 'exchange' AND action = 'grant' AND after->>'request_id' = ${String(requestId)}`,
          ),
        ).toBe(1);
        expect(
          await count(sql`SELECT 1 FROM notifications WHERE kind = 'exchange_request_decision' AND user_id = ${id(EVE)}
                            AND created_at >= (SELECT created_at FROM exchange_requests WHERE id = ${requestId})`),
        ).toBe(1);
      }
    });

    it('an LPI tab saved by two editors on the same version: one save and one version, the other 409', async () => {
      for (let round = 0; round < rounds; round++) {
        const current = await setup('GET', ADA, '/api/organization/me/ownership');
        const versionsBefore = await count(
          sql`SELECT 1 FROM tab_versions WHERE organization_id = ${org('Acme Capital Partners')} AND survey_id IS NULL AND tab = 'ownership'`,
        );
        const name = `Race owner ${round} ${options.twoProcesses ? 'pg' : 'one'}`;
        const answers = await race('PUT', ADA, '/api/ownership/save', {
          updated_at: current.state.updated_at,
          create: [
            {
              identification_id: 18,
              name,
              is_owner: true,
              ownership: 0.01,
              initial_ownership_date: '2018-06-30',
            },
          ],
          update: [],
          delete: [],
        });
        expect(statuses(answers), JSON.stringify(answers)).toEqual([200, 409]);
        expect(
          await count(
            sql`SELECT 1 FROM tab_versions WHERE organization_id = ${org('Acme Capital Partners')} AND survey_id IS NULL AND tab = 'ownership'`,
          ),
        ).toBe(versionsBefore + 1);
        const after = await setup('GET', ADA, '/api/organization/me/ownership');
        expect(after.data.rows.filter((r: { name: string }) => r.name === name)).toHaveLength(1);
      }
    });
  });
}
