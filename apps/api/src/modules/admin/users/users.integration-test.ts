import {
  ARCHIVE_SELF_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  LAST_PLATFORM_ADMIN_MESSAGE,
  NO_MEMBERSHIP_MESSAGE,
  OWN_ADMIN_RIGHT_MESSAGE,
  passwordResetSentMessage,
  type TAdminUser,
  type TAdminUserList,
  type TArchivedUserList,
} from '@parity/domain/admin-users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { memberships, users } from '../../../db/schema/people';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { createSeededTestApp, type SeededTestApp } from '../../../test/app';
import { recipient, startTestSmtp, type TestSmtp } from '../../../test/smtp';

const PUBLIC_URL = 'http://parity.test';
const ADMIN = 'admin@parity.test';

let t: SeededTestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createSeededTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const id = (email: string) => t.demo.users.get(email)!;
const list = async (query: string, email = ADMIN) => {
  const res = await t.call('GET', email, `/api/admin/users${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAdminUserList;
};

/** The audit log's `after` of the user's password resets by an administrator, oldest first. */
async function resetAudits(userId: number) {
  const rows = await t.app.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'user'),
        eq(auditLog.entity_id, String(userId)),
        eq(auditLog.action, 'password_reset'),
      ),
    )
    .orderBy(auditLog.id);
  return rows.map((r) => r.after as Record<string, unknown>);
}

let address = 0;
function signIn(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/oauth/token/',
    remoteAddress: `10.14.0.${++address}`,
    payload: { grant_type: 'password', username: email, password, client_id: 'parity-web' },
  });
}

describe('who may call the admin users routes', () => {
  const routes = (): [string, string, unknown?][] => {
    const max = id('max@acme.test');
    return [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${max}`],
      ['PUT', `/api/admin/users/${max}`, { name: 'Max', lastname: 'Power', email: 'max@acme.test' }],
      ['POST', `/api/admin/users/${max}/approve`],
      ['POST', `/api/admin/users/${max}/decline`],
      ['POST', `/api/admin/users/${max}/password-reset`],
      ['POST', `/api/admin/users/${max}/two-factor/disable`],
      ['POST', `/api/admin/users/${max}/archive`],
      ['PUT', `/api/admin/users/${max}/permissions`, { survey_creation: true }],
      ['GET', '/api/admin/archived-users'],
      ['POST', `/api/admin/archived-users/${max}/restore`],
    ];
  };

  it('refuses anonymous callers (401), members and organization admins (403)', async () => {
    for (const [method, url, payload] of routes()) {
      const m = method as 'GET' | 'POST' | 'PUT';
      expect((await t.call(m, null, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const email of ['max@acme.test', 'ada@acme.test', 'eve@cedar.test', 'pending@acme.test']) {
        const res = await t.call(m, email, url, payload);
        expect(res.statusCode, `${method} ${url} as ${email}`).toBe(403);
      }
    }
    const [after] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.id, id('max@acme.test')));
    expect(after?.deleted_at).toBeNull();
  });

  it('answers the platform administrator on the reads', async () => {
    expect((await t.call('GET', ADMIN, '/api/admin/users')).statusCode).toBe(200);
    expect((await t.call('GET', ADMIN, `/api/admin/users/${id('max@acme.test')}`)).statusCode).toBe(200);
    expect((await t.call('GET', ADMIN, '/api/admin/archived-users')).statusCode).toBe(200);
  });
});

describe('the list', () => {
  it('shows active accounts with their organization and status', async () => {
    const body = await list('?limit=100');
    expect(body.total).toBe(body.data.length);
    const ada = body.data.find((u) => u.email === 'ada@acme.test');
    expect(ada).toMatchObject({
      organization: { name: 'Acme Capital Partners' },
      status: 'approved',
      is_sadm: false,
    });
    expect(body.data.find((u) => u.email === ADMIN)?.is_sadm).toBe(true);
  });

  it('searches names and emails, filters by status, organization and role', async () => {
    expect((await list('?search=ACME.TEST')).data.every((u) => u.email.endsWith('@acme.test'))).toBe(true);
    const pending = await list('?status=pending');
    expect(pending.data.map((u) => u.email)).toContain('pending@acme.test');
    expect(pending.data.every((u) => u.status === 'pending')).toBe(true);
    const acme = t.demo.organizations.get('Acme Capital Partners')!;
    const ofAcme = await list(`?organization_id=${acme}&limit=100`);
    expect(ofAcme.total).toBeGreaterThan(0);
    expect(ofAcme.data.every((u) => u.organization?.id === acme)).toBe(true);
    const admins = await list('?role=sadm');
    expect(admins.data.map((u) => u.email)).toEqual([ADMIN]);
    const orgAdmins = await list('?role=org_admin&limit=100');
    expect(orgAdmins.data.map((u) => u.email)).toContain('ada@acme.test');
    expect(orgAdmins.data.map((u) => u.email)).not.toContain('max@acme.test');
    expect((await list('?role=member&limit=100')).data.map((u) => u.email)).toContain('max@acme.test');
    expect((await list('?search=nobody-has-this-name')).total).toBe(0);
  });

  it('sorts by each column both ways and pages', async () => {
    const all = await list('?sort_by=email&sort_order=asc&limit=100');
    const emails = all.data.map((u) => u.email.toLowerCase());
    expect(emails).toEqual([...emails].sort());
    const desc = await list('?sort_by=email&sort_order=desc&limit=100');
    expect(desc.data.map((u) => u.email.toLowerCase())).toEqual([...emails].reverse());
    const byName = (await list('?sort_by=name&sort_order=asc&limit=100')).data.map((u) =>
      `${u.name} ${u.lastname}`.toLowerCase(),
    );
    expect(byName).toEqual([...byName].sort());
    expect((await list('?sort_by=last_login_at')).data.length).toBeGreaterThan(0);
    const page2 = await list('?sort_by=email&sort_order=asc&limit=2&offset=2');
    expect(page2.total).toBe(all.total);
    expect(page2.data.map((u) => u.email.toLowerCase())).toEqual(emails.slice(2, 4));
    const past = await list(`?limit=2&offset=${all.total + 5}`);
    expect(past).toEqual({ data: [], total: all.total });
  });

  it('answers 400 with a message for a bad filter', async () => {
    for (const query of ['?status=gone', '?role=king', '?sort_by=password', '?limit=0', '?offset=-1']) {
      const res = await t.call('GET', ADMIN, `/api/admin/users${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBeTruthy();
    }
    expect((await t.call('GET', ADMIN, '/api/admin/users/abc')).statusCode).toBe(400);
    expect((await t.call('GET', ADMIN, '/api/admin/users/999999')).statusCode).toBe(404);
  });
});

describe('the profile', () => {
  it('edits the account and writes the audit log', async () => {
    const eve = id('eve@cedar.test');
    const res = await t.call('PUT', ADMIN, `/api/admin/users/${eve}`, {
      name: 'Eve',
      lastname: 'Adams',
      title: 'CFO',
      email: 'eve@cedar.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lastname: 'Adams', title: 'CFO' });
    const got = (await t.call('GET', ADMIN, `/api/admin/users/${eve}`)).json() as TAdminUser;
    expect(got).toMatchObject({ lastname: 'Adams', title: 'CFO', organization: { name: 'Cedar Equity' } });
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entity_id, String(eve))));
    expect(entries.map((e) => e.action)).toContain('update');
  });

  it('refuses an email another account uses (409) and bad input (400)', async () => {
    const eve = id('eve@cedar.test');
    const taken = await t.call('PUT', ADMIN, `/api/admin/users/${eve}`, {
      name: 'Eve',
      lastname: 'Adams',
      email: 'MAX@acme.test',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(EMAIL_TAKEN_MESSAGE);
    const bad = await t.call('PUT', ADMIN, `/api/admin/users/${eve}`, {
      name: '',
      lastname: 'A',
      email: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Email must be a valid email address');
  });

  it('approves a pending user through the members decision (mailed), then 409 when decided', async () => {
    const pending = id('pending@acme.test');
    const res = await t.call('POST', ADMIN, `/api/admin/users/${pending}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('approved');
    await smtp.waitFor((m) => recipient(m) === 'pending@acme.test' && /approved/.test(m.subject ?? ''));
    const again = await t.call('POST', ADMIN, `/api/admin/users/${pending}/decline`);
    expect(again.statusCode).toBe(409);
    const noOrganization = await t.call('POST', ADMIN, `/api/admin/users/${id(ADMIN)}/approve`);
    expect(noOrganization.statusCode).toBe(404);
  });

  it('sends a password reset mail; with end_sessions false the sessions go on, and that is audited', async () => {
    const host = id('host@northwind.test');
    const res = await t.call('POST', ADMIN, `/api/admin/users/${host}/password-reset`, {
      end_sessions: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: passwordResetSentMessage(null), sessions_ended: null });
    const mail = await smtp.waitFor((m) => recipient(m) === 'host@northwind.test');
    expect(mail.text).toContain(`${PUBLIC_URL}/login/reset/`);
    expect((await t.call('GET', 'host@northwind.test', '/api/user-account')).statusCode).toBe(200);
    expect((await resetAudits(host)).at(-1)).toMatchObject({ end_sessions: false, sessions_ended: null });
  });

  it('turns two-factor off', async () => {
    const host = id('host@northwind.test');
    await t.app.db.update(users).set({ two_fa_enabled: true }).where(eq(users.id, host));
    const res = await t.call('POST', ADMIN, `/api/admin/users/${host}/two-factor/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json().two_fa_enabled).toBe(false);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, host));
    expect(row?.two_fa_enabled).toBe(false);
  });
});

describe('permissions', () => {
  it('grants survey host and survey creation, takes effect and is audited', async () => {
    const max = id('max@acme.test');
    const res = await t.call('PUT', ADMIN, `/api/admin/users/${max}/permissions`, {
      user_manage_surveys: true,
      survey_creation: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().permissions).toMatchObject({ user_manage_surveys: true, survey_creation: true });
    const [m] = await t.app.db.select().from(memberships).where(eq(memberships.user_id, max));
    expect(m).toMatchObject({ user_manage_surveys: true, survey_creation: true });
    expect((await list('?role=survey_host&limit=100')).data.map((u) => u.email)).toContain('max@acme.test');
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'permissions'), eq(auditLog.entity_id, String(max))));
    expect(entry?.actor_user_id).toBe(id(ADMIN));
  });

  it('refuses removing one’s own is_sadm (409); a second administrator may demote the first', async () => {
    const own = await t.call('PUT', ADMIN, `/api/admin/users/${id(ADMIN)}/permissions`, { is_sadm: false });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(OWN_ADMIN_RIGHT_MESSAGE);
    const eve = id('eve@cedar.test');
    const granted = await t.call('PUT', ADMIN, `/api/admin/users/${eve}/permissions`, { is_sadm: true });
    expect(granted.statusCode).toBe(200);
    const byEve = await t.call('PUT', 'eve@cedar.test', `/api/admin/users/${id(ADMIN)}/permissions`, {
      is_sadm: false,
    });
    expect(byEve.statusCode, byEve.body).toBe(200);
    // eve is now the last platform administrator: her own demotion is refused.
    const last = await t.call('PUT', 'eve@cedar.test', `/api/admin/users/${eve}/permissions`, {
      is_sadm: false,
    });
    expect(last.statusCode).toBe(409);
    expect([OWN_ADMIN_RIGHT_MESSAGE, LAST_PLATFORM_ADMIN_MESSAGE]).toContain(last.json().message);
    expect((await t.call('GET', ADMIN, '/api/admin/users')).statusCode).toBe(403);
    const back = await t.call('PUT', 'eve@cedar.test', `/api/admin/users/${id(ADMIN)}/permissions`, {
      is_sadm: true,
    });
    expect(back.statusCode).toBe(200);
    expect(
      (await t.call('PUT', ADMIN, `/api/admin/users/${eve}/permissions`, { is_sadm: false })).statusCode,
    ).toBe(200);
  });

  it('refuses organization flags without an organization (409) and bad input (400)', async () => {
    const orphan = await t.app.db
      .insert(users)
      .values({ email: 'orphan@example.test', name: 'Orphan', password_hash: 'x' })
      .returning({ id: users.id });
    const res = await t.call('PUT', ADMIN, `/api/admin/users/${orphan[0]!.id}/permissions`, {
      survey_creation: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NO_MEMBERSHIP_MESSAGE);
    const max = id('max@acme.test');
    for (const body of [{}, { is_sadm: 'yes' }, { owner: true }]) {
      const bad = await t.call('PUT', ADMIN, `/api/admin/users/${max}/permissions`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
  });
});

describe('archive and restore', () => {
  it('refuses archiving oneself (409)', async () => {
    const res = await t.call('POST', ADMIN, `/api/admin/users/${id(ADMIN)}/archive`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ARCHIVE_SELF_MESSAGE);
  });

  it('archives: sessions end, the list moves; restore mails a reset link and the old password fails', async () => {
    const host = 'host@northwind.test';
    const hostId = id(host);
    expect((await signIn(host, DEMO_PASSWORD)).statusCode).toBe(200);
    const archived = await t.call('POST', ADMIN, `/api/admin/users/${hostId}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await t.call('GET', host, '/api/user-account')).statusCode).toBe(401);
    expect((await list('?limit=100')).data.map((u) => u.email)).not.toContain(host);
    const archivedList = (
      await t.call('GET', ADMIN, '/api/admin/archived-users')
    ).json() as TArchivedUserList;
    expect(archivedList.data.map((u) => u.email)).toContain(host);
    expect((await t.call('GET', ADMIN, `/api/admin/users/${hostId}`)).statusCode).toBe(404);
    expect((await t.call('POST', ADMIN, `/api/admin/users/${hostId}/archive`)).statusCode).toBe(404);

    const before = smtp.messages.length;
    const restored = await t.call('POST', ADMIN, `/api/admin/archived-users/${hostId}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const mail = await smtp.waitFor(
      (m) => smtp.messages.indexOf(m) >= before && recipient(m) === host && /Reset/.test(m.subject ?? ''),
    );
    const token = new RegExp(`${PUBLIC_URL}/login/reset/([A-Za-z0-9_-]+)`).exec(mail.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect((await signIn(host, DEMO_PASSWORD)).statusCode).toBe(401);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/passwords/reset',
      payload: { email: host, token, new_password: 'A brand new passphrase 42!' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(host, 'A brand new passphrase 42!')).statusCode).toBe(200);
    expect((await t.call('POST', ADMIN, `/api/admin/archived-users/${hostId}/restore`)).statusCode).toBe(404);
    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entity_id, String(hostId))));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['archive', 'restore']));
  });
});

// Issue 38 point 8: an administrator's reset signs out whoever holds the user's sessions at once.
describe('password reset ends the sessions', () => {
  it('ends every session by default: the old access tokens answer 401, the refresh tokens are refused, the count is audited', async () => {
    const email = `reset-victim.${Date.now()}@example.test`;
    const [ada] = await t.app.db.select().from(users).where(eq(users.email, 'ada@acme.test'));
    const [victim] = await t.app.db
      .insert(users)
      .values({ email, name: 'Vic', lastname: 'Tim', password_hash: ada!.password_hash })
      .returning();
    const sessions = [
      (await signIn(email, DEMO_PASSWORD)).json(),
      (await signIn(email, DEMO_PASSWORD)).json(),
    ];
    const read = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/user-account',
        headers: { authorization: `Bearer ${token}` },
      });
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth/refresh',
        remoteAddress: `10.14.1.${++address}`,
        payload: { grant_type: 'refresh_token', refresh_token: token, client_id: 'parity-web' },
      });
    for (const session of sessions) expect((await read(session.access_token)).statusCode).toBe(200);

    const res = await t.call('POST', ADMIN, `/api/admin/users/${victim!.id}/password-reset`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: passwordResetSentMessage(2), sessions_ended: 2 });
    for (const session of sessions) {
      expect((await read(session.access_token)).statusCode).toBe(401);
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    }
    expect((await resetAudits(victim!.id)).at(-1)).toEqual({
      user_name: 'Vic Tim',
      end_sessions: true,
      sessions_ended: 2,
    });
    // The link still comes; the user, not locked out, may sign in again.
    const mail = await smtp.waitFor((m) => recipient(m) === email && /Reset/.test(m.subject ?? ''));
    expect(mail.text).toContain(`${PUBLIC_URL}/login/reset/`);
    expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an option that is not true or false (400), ending nothing', async () => {
    const max = id('max@acme.test');
    for (const body of [{ end_sessions: 'yes' }, { end_sessions: true, other: 1 }]) {
      const res = await t.call('POST', ADMIN, `/api/admin/users/${max}/password-reset`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
    expect((await t.call('GET', 'max@acme.test', '/api/user-account')).statusCode).toBe(200);
  });
});
