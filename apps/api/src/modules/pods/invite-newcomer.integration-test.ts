import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';
import { recipient, startTestSmtp, type TestSmtp } from '../../test/smtp';

// Issue 38, point 6: a pod invitation never tells whether an address has an account. An address
// without one is answered as a user's is, and mailed an invitation to join Parity.

const ADA = 'ada@acme.test'; // Acme admin, admin of the DEI Data Working Group (secret)
const MAX = 'max@acme.test'; // has an account, in no pod

let t: SeededTestApp;
let smtp: TestSmtp;
let podId: number;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createSeededTestApp({ smtpUrl: smtp.url });
  const result = await t.app.db.execute(sql`SELECT id FROM pods WHERE name = 'DEI Data Working Group'`);
  podId = (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function pendingInvitations(): Promise<number> {
  const result = await t.app.db.execute(
    sql`SELECT count(*)::int AS n FROM pod_invitations WHERE pod_id = ${podId} AND status = 'pending'`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

async function mailsTo(address: string) {
  await t.app.jobs.runDueJobs();
  return smtp.messages.filter((m) => recipient(m) === address);
}

describe('POST /api/pods/{podId}/invitations by email', () => {
  it('answers an address with an account and one without alike (201, same body)', async () => {
    const known = await t.call('POST', ADA, `/api/pods/${podId}/invitations`, { emails: [MAX] });
    const unknown = await t.call('POST', ADA, `/api/pods/${podId}/invitations`, {
      emails: ['newcomer@elsewhere.test'],
    });
    expect(known.statusCode, known.body).toBe(201);
    expect(unknown.statusCode, unknown.body).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json()).toEqual({ invited: 1 });
  });

  it('mails the account holder the accept link, and the newcomer an invitation to join Parity naming the pod', async () => {
    const [toMax] = await mailsTo(MAX);
    expect(toMax?.subject).toBe('Ada Lovelace invites you to the pod DEI Data Working Group');
    expect(toMax?.text).toMatch(/\/pods\/invitations\/[\w-]+/);
    const [toNewcomer, ...more] = await mailsTo('newcomer@elsewhere.test');
    expect(more).toEqual([]);
    expect(toNewcomer?.subject).toBe('Ada Lovelace invites you to the pod DEI Data Working Group on Parity');
    expect(toNewcomer?.text).toContain(
      `Create your account with this address: ${t.app.config.publicUrl}/signup`,
    );
    // no accept link: the pod invitation belongs to an account, which the address does not have yet
    expect(toNewcomer?.text).not.toMatch(/\/pods\/invitations\//);
  });

  it('counts both kinds in one request, keeps the invitation of the account holder only, and audits the newcomers by number', async () => {
    const before = await pendingInvitations();
    const res = await t.call('POST', ADA, `/api/pods/${podId}/invitations`, {
      emails: ['pending@acme.test', 'someone@nowhere.test', 'other@nowhere.test'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ invited: 3 });
    expect(await pendingInvitations()).toBe(before + 1);
    const audit = await t.app.db.execute(
      sql`SELECT after FROM audit_log WHERE entity = 'pod' AND entity_id = ${String(podId)} AND action = 'invite'
        ORDER BY id DESC LIMIT 1`,
    );
    const [entry] = (audit as unknown as { rows: { after: Record<string, unknown> }[] }).rows;
    expect(entry?.after).toEqual({ userIds: [t.demo.users.get('pending@acme.test')], signUpInvitations: 2 });
    expect(JSON.stringify(entry?.after)).not.toContain('nowhere.test');
  });

  it('still refuses a caller who is not the pod admin the same way for both kinds of address', async () => {
    const known = await t.call('POST', MAX, `/api/pods/${podId}/invitations`, { emails: [ADA] });
    const unknown = await t.call('POST', MAX, `/api/pods/${podId}/invitations`, {
      emails: ['stranger@nowhere.test'],
    });
    expect(known.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo('stranger@nowhere.test')).toEqual([]);
  });
});
