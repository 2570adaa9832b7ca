import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { memberships, organizationCodes, organizations, users } from '../../db/schema/people';
import { emailVerifications, invitations } from '../../db/schema/signup';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createDemoTestApp, type TestApp } from '../../test/app';
import { recipient, startTestSmtp, type TestSmtp } from '../../test/smtp';

let t: TestApp;
let smtp: TestSmtp;
const PUBLIC_URL = 'http://parity.test';
const PASSWORD = 'New-Person-2026!';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createDemoTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let address = 0;
const nextAddress = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;

function post(url: string, payload: unknown, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextAddress(),
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

function signIn(email: string, password = DEMO_PASSWORD) {
  return post('/api/oauth/token/', {
    grant_type: 'password',
    username: email,
    password,
    client_id: 'parity-web',
  });
}

async function tokenFor(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await signIn(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token;
}

const mailsTo = (email: string) => smtp.messages.filter((m) => recipient(m) === email);

function linkIn(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`No link ${prefix} in ${text}`);
  return link;
}

/** Signs up, reads the newest link out of the mailbox: [accountId, uuid]. */
async function signUp(email: string, extra: Partial<Record<string, string>> = {}) {
  const before = mailsTo(email).length;
  const res = await post('/api/signup', {
    name: 'Nia',
    lastname: 'Okafor',
    email,
    password: PASSWORD,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(202);
  await smtp.waitFor(() => mailsTo(email).length > before);
  const mail = mailsTo(email).at(-1)!;
  const link = linkIn(mail.text ?? '', `${PUBLIC_URL}/signup/processing/`);
  const match = /\/signup\/processing\/(\d+)\/verification\/([0-9a-f-]{36})$/.exec(link);
  expect(match, link).not.toBeNull();
  return { accountId: Number(match![1]), token: match![2]!, mail };
}

async function verifiedNewUser(email: string): Promise<{ id: number; token: string }> {
  const { accountId, token } = await signUp(email);
  const res = await post('/api/signup/verification', { account_id: accountId, token });
  expect(res.statusCode, res.body).toBe(200);
  return { id: accountId, token: await tokenFor(email, PASSWORD) };
}

async function orgId(name: string): Promise<number> {
  const [row] = await t.app.db.select().from(organizations).where(eq(organizations.name, name));
  return row!.id;
}

describe('POST /api/signup and verification', () => {
  it('creates an unverified account, mails a 24 h link, refuses sign-in until it is opened', async () => {
    const email = 'nia@newfirm.test';
    const { accountId, token, mail } = await signUp(email);
    expect(mail.subject).toBe('Verify your email address for Parity');

    const [user] = await t.app.db.select().from(users).where(eq(users.id, accountId));
    expect(user).toMatchObject({ email, name: 'Nia', lastname: 'Okafor', email_verified_at: null });
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);
    const [verification] = await t.app.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.user_id, accountId));
    // Stored hashed, never the uuid itself; 24 hours.
    expect(verification!.token_hash).not.toContain(token);
    expect(verification!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = verification!.expires_at.getTime() - verification!.created_at.getTime();
    expect(Math.abs(ttl - 24 * 3600 * 1000)).toBeLessThan(5000);

    const refused = await signIn(email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'email_not_verified',
      message: expect.stringMatching(/verify/),
    });
    // A wrong password still answers as for any account: nothing about verification leaks.
    expect((await signIn(email, 'Wrong-Password-1!')).statusCode).toBe(401);

    const verified = await post('/api/signup/verification', { account_id: accountId, token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({
      account_id: accountId,
      email,
      already_verified: false,
      signup_token: expect.any(String),
      token: expect.objectContaining({ token_type: 'Bearer', access_token: expect.any(String) }),
    });
    // The answer is a session, as a sign-in's: no second sign-in after the link.
    const session = verified.json().token as { access_token: string; refresh_token: string };
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/user/status',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ email });
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);

    // Opening the link again is not an error; it says so, and proves nothing any more.
    const again = await post('/api/signup/verification', { account_id: accountId, token });
    expect(again.json()).toMatchObject({ already_verified: true, signup_token: null, token: null });
  });

  it('refuses a link of another account, an unknown, malformed or expired one', async () => {
    const { accountId, token } = await signUp('expiry@newfirm.test');
    const wrongAccount = await post('/api/signup/verification', { account_id: accountId + 1000, token });
    expect(wrongAccount.statusCode).toBe(400);
    expect(wrongAccount.json()).toMatchObject({ error: 'invalid_token' });
    const unknown = await post('/api/signup/verification', {
      account_id: accountId,
      token: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    const malformed = await post('/api/signup/verification', { account_id: accountId, token: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toEqual([
      { field: 'body.token', message: 'The verification link is malformed.' },
    ]);

    await t.app.db
      .update(emailVerifications)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.user_id, accountId));
    const expired = await post('/api/signup/verification', { account_id: accountId, token });
    expect(expired.statusCode).toBe(400);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, accountId));
    expect(user!.email_verified_at).toBeNull();
  });

  it('answers an already registered email exactly like a new one and mails its owner instead', async () => {
    const fresh = await post('/api/signup', {
      name: 'A',
      lastname: 'B',
      email: 'brand-new@newfirm.test',
      password: PASSWORD,
    });
    const taken = await post('/api/signup', {
      name: 'Mallory',
      lastname: 'X',
      email: 'ADA@acme.test',
      password: PASSWORD,
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    const notice = await smtp.waitFor(
      (m) => recipient(m) === 'ada@acme.test' && /tried to sign up/.test(m.subject ?? ''),
    );
    expect(notice.text).toContain(`${PUBLIC_URL}/login/forgot`);
    const [ada] = await t.app.db.select().from(users).where(eq(users.email, 'ada@acme.test'));
    expect(ada).toMatchObject({ name: 'Ada', lastname: 'Lovelace' });
    expect(await tokenFor('ada@acme.test')).toBeTruthy();
  });

  it('lets a newer sign-up of an unverified address replace it and end the older link', async () => {
    const first = await signUp('twice@newfirm.test');
    const second = await signUp('twice@newfirm.test', { name: 'Second', password: 'Second-Pass-2026!' });
    expect(second.accountId).toBe(first.accountId);
    expect(
      (await post('/api/signup/verification', { account_id: first.accountId, token: first.token }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/signup/verification', { account_id: second.accountId, token: second.token }))
        .statusCode,
    ).toBe(200);
    expect((await signIn('twice@newfirm.test', PASSWORD)).statusCode).toBe(401);
    expect((await signIn('twice@newfirm.test', 'Second-Pass-2026!')).statusCode).toBe(200);
  });

  it('resends a link to an unverified address, with the same answer for unknown ones', async () => {
    const first = await signUp('resend@newfirm.test');
    const before = mailsTo('resend@newfirm.test').length;
    const res = await post('/api/signup/verification/resend', { email: 'resend@newfirm.test' });
    expect(res.statusCode).toBe(202);
    const unknown = await post('/api/signup/verification/resend', { email: 'nobody@newfirm.test' });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(res.json());
    await smtp.waitFor(() => mailsTo('resend@newfirm.test').length > before);
    const link = linkIn(
      mailsTo('resend@newfirm.test').at(-1)!.text ?? '',
      `${PUBLIC_URL}/signup/processing/`,
    );
    expect(link).not.toContain(first.token);
    expect(mailsTo('nobody@newfirm.test')).toHaveLength(0);
  });

  it('validates the form: each bad field named with its message, nothing written', async () => {
    const count = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
    const before = await count();
    const res = await post('/api/signup', {
      name: '',
      lastname: 'X',
      email: 'not-an-email',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    const detail = res.json().detail as { field: string; message: string }[];
    expect(detail).toEqual(
      expect.arrayContaining([
        { field: 'body.name', message: 'Field is empty' },
        { field: 'body.email', message: 'Email must be a valid email address' },
        {
          field: 'body.password',
          message:
            'Password must be from 12 to 255 characters, include at least one capital letter, one sign and one number',
        },
      ]),
    );
    const common = await post('/api/signup', {
      name: 'A',
      lastname: 'B',
      email: 'common@newfirm.test',
      password: 'Parity-Signup-2026!',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().detail).toEqual([{ field: 'body.password', message: expect.any(String) }]);
    const extra = await post('/api/signup', {
      name: 'A',
      lastname: 'B',
      email: 'extra@newfirm.test',
      password: PASSWORD,
      is_sadm: true,
    });
    expect(extra.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('answers two concurrent sign-ups of one new address alike, with one account', async () => {
    const email = 'race@newfirm.test';
    const payload = { name: 'R', lastname: 'Ace', email, password: PASSWORD };
    const answers = await Promise.all([post('/api/signup', payload), post('/api/signup', payload)]);
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202]);
    const rows = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('limits sign-ups per address', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup/verification/resend',
        remoteAddress: '10.9.9.9',
        payload: { email: 'nobody@newfirm.test' },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('joining or creating an organization', () => {
  it('joins Acme with its code in any case: pending, and every Acme admin is mailed', async () => {
    const { id, token } = await verifiedNewUser('joiner@newfirm.test');
    const res = await post('/api/signup/organization/join', { code: ' acme-2026 ' }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'pending',
      organization: { id: await orgId('Acme Capital Partners'), name: 'Acme Capital Partners' },
    });
    const notice = await smtp.waitFor(
      (m) =>
        recipient(m) === 'ada@acme.test' &&
        (m.subject ?? '').includes('Nia Okafor is waiting for your approval'),
    );
    expect(notice.text).toContain(`${PUBLIC_URL}/`);
    expect(notice.text).toContain('joiner@newfirm.test');
    // Only admins are mailed, not plain members.
    expect(mailsTo('max@acme.test')).toHaveLength(0);

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/user/status',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.json()).toMatchObject({ id, status: 'pending', isAllowed: false });

    // Already waiting: a second join or create is refused.
    const again = await post('/api/signup/organization/join', { code: 'CEDAR-2026' }, token);
    expect(again.statusCode).toBe(409);
    const create = await post('/api/signup/organization/create', { name: 'X', legal_structure_id: 1 }, token);
    expect(create.statusCode).toBe(409);
  });

  it('refuses unknown, expired and revoked codes with one clear message, nothing written', async () => {
    const { id, token } = await verifiedNewUser('badcode@newfirm.test');
    const acme = await orgId('Acme Capital Partners');
    await t.app.db.insert(organizationCodes).values([
      { organization_id: acme, code: 'OLD-ACME', expires_at: new Date('2025-01-01T00:00:00Z') },
      { organization_id: acme, code: 'REVOKED-ACME', revoked_at: new Date() },
    ]);
    for (const code of ['NOPE-2026', 'old-acme', 'REVOKED-ACME']) {
      const res = await post('/api/signup/organization/join', { code }, token);
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_code',
        message: expect.stringMatching(/not valid/),
        detail: [{ field: 'body.code', message: 'This organization code is not valid.' }],
      });
    }
    const empty = await post('/api/signup/organization/join', { code: '' }, token);
    expect(empty.json().detail).toEqual([{ field: 'body.code', message: 'Field is empty' }]);
    expect(await t.app.db.select().from(memberships).where(eq(memberships.user_id, id))).toHaveLength(0);
  });

  it('creates an organization whose creator is its approved admin with every flag', async () => {
    const { id, token } = await verifiedNewUser('founder@newfirm.test');
    const bad = await post(
      '/api/signup/organization/create',
      { name: '', legal_structure_id: 11, website: 'ftp://x' },
      token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toEqual(
      expect.arrayContaining([
        { field: 'body.name', message: 'Field is empty' },
        { field: 'body.legal_structure_id', message: 'Value is not an allowed option' },
        { field: 'body.website', message: 'Website must be a valid URL starting with http:// or https://' },
      ]),
    );
    const res = await post(
      '/api/signup/organization/create',
      { name: 'Newfirm Capital', legal_structure_id: 4, website: 'https://newfirm.example' },
      token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { organization } = res.json();
    expect(res.json()).toEqual({
      status: 'approved',
      organization: { id: expect.any(Number), name: 'Newfirm Capital' },
    });
    const [row] = await t.app.db.select().from(memberships).where(eq(memberships.user_id, id));
    expect(row).toMatchObject({
      organization_id: organization.id,
      status: 'approved',
      manage_settings: true,
      user_manage_surveys: true,
      survey_creation: true,
      average_lpi_score_access: true,
    });
    const [org] = await t.app.db.select().from(organizations).where(eq(organizations.id, organization.id));
    expect(org).toMatchObject({ legal_structure_id: 4, website: 'https://newfirm.example' });
  });

  it('needs a signed-in caller, and refuses members who already belong somewhere', async () => {
    expect((await post('/api/signup/organization/join', { code: 'ACME-2026' })).statusCode).toBe(401);
    expect(
      (await post('/api/signup/organization/create', { name: 'X', legal_structure_id: 1 })).statusCode,
    ).toBe(401);
    const max = await tokenFor('max@acme.test');
    const res = await post('/api/signup/organization/join', { code: 'CEDAR-2026' }, max);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You already belong to an organization.');
  });

  it('makes an account wait after 10 wrong codes', async () => {
    const { token } = await verifiedNewUser('guesser@newfirm.test');
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/signup/organization/join', { code: `GUESS-${i}` }, token)).statusCode).toBe(
        400,
      );
    }
    const locked = await post('/api/signup/organization/join', { code: 'ACME-2026' }, token);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many wrong organization codes/);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('lets a declined member ask again', async () => {
    const { id, token } = await verifiedNewUser('declined@newfirm.test');
    await post('/api/signup/organization/join', { code: 'ACME-2026' }, token);
    await t.app.db.update(memberships).set({ status: 'declined' }).where(eq(memberships.user_id, id));
    const res = await post('/api/signup/organization/join', { code: 'CEDAR-2026' }, token);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.app.db.select().from(memberships).where(eq(memberships.user_id, id));
    expect(row).toMatchObject({ organization_id: await orgId('Cedar Equity'), status: 'pending' });
  });
});

describe('the sign-up steps without a sign-in (spec 2)', () => {
  function withSignupToken(method: 'GET' | 'POST', url: string, signupToken: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      remoteAddress: nextAddress(),
      payload,
      headers: { 'x-signup-token': signupToken },
    });
  }

  async function verifiedByLink(email: string) {
    const { accountId, token } = await signUp(email);
    const verified = await post('/api/signup/verification', { account_id: accountId, token });
    expect(verified.statusCode, verified.body).toBe(200);
    return { accountId, signupToken: verified.json().signup_token as string };
  }

  it('the verification link’s token reads the account and joins Acme, pending, without signing in', async () => {
    const email = 'tomas@newfirm.test';
    const { accountId, signupToken } = await verifiedByLink(email);

    const before = await withSignupToken('GET', '/api/signup/account', signupToken);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      id: accountId,
      email,
      name: 'Nia',
      lastname: 'Okafor',
      status: 'none',
      organization_name: null,
    });

    const joined = await withSignupToken('POST', '/api/signup/organization/join', signupToken, {
      code: 'acme-2026',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({
      status: 'pending',
      organization: { name: 'Acme Capital Partners' },
    });
    const after = await withSignupToken('GET', '/api/signup/account', signupToken);
    expect(after.json()).toMatchObject({ status: 'pending', organization_name: 'Acme Capital Partners' });
  });

  it('the token creates an organization whose creator is its approved admin', async () => {
    const { accountId, signupToken } = await verifiedByLink('linden.founder@newfirm.test');
    const created = await withSignupToken('POST', '/api/signup/organization/create', signupToken, {
      name: 'Linden Growth Partners',
      legal_structure_id: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const [membership] = await t.app.db.select().from(memberships).where(eq(memberships.user_id, accountId));
    expect(membership).toMatchObject({ status: 'approved', manage_settings: true });
    // Already belonging somewhere: the same rights checks as signed in.
    const again = await withSignupToken('POST', '/api/signup/organization/join', signupToken, {
      code: 'ACME-2026',
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a forged, tampered or absent token with 401, and never takes it as an access token', async () => {
    const { signupToken } = await verifiedByLink('wary@newfirm.test');
    const forged = await withSignupToken('GET', '/api/signup/account', 'not-a-token');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('The sign-up link has expired: sign in to go on.');
    const [head, body] = signupToken.split('.');
    const tampered = await withSignupToken('GET', '/api/signup/account', `${head}.${body}.AAAA`);
    expect(tampered.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/signup/account' })).statusCode).toBe(401);
    // As a Bearer token it opens nothing: it is not an access token.
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/user-account',
      headers: { authorization: `Bearer ${signupToken}` },
    });
    expect(asBearer.statusCode).toBe(401);
    // Nor does an access token pass as a sign-up token.
    const access = await tokenFor('max@acme.test');
    expect((await withSignupToken('GET', '/api/signup/account', access)).statusCode).toBe(401);
  });

  it('a signed-in caller still uses the steps with the Bearer token', async () => {
    const max = await tokenFor('max@acme.test');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/signup/account',
      headers: { authorization: `Bearer ${max}` },
    });
    expect(res.json()).toMatchObject({ email: 'max@acme.test', status: 'approved' });
  });

  it('counts wrong codes per account when sent with the token', async () => {
    const { signupToken } = await verifiedByLink('guesser2@newfirm.test');
    for (let i = 0; i < 10; i++) {
      const res = await withSignupToken('POST', '/api/signup/organization/join', signupToken, {
        code: `NOPE-${i}`,
      });
      expect(res.statusCode).toBe(400);
    }
    const locked = await withSignupToken('POST', '/api/signup/organization/join', signupToken, {
      code: 'ACME-2026',
    });
    expect(locked.statusCode).toBe(429);
  });
});

describe('invitations', () => {
  async function invite(email: string, by = 'ada@acme.test') {
    const res = await post('/api/organizations/me/invitations', { email }, await tokenFor(by));
    return res;
  }

  it('an admin invites; the link shows the invitation; accepting makes an approved, verified member', async () => {
    const res = await invite('guest@newfirm.test');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'guest@newfirm.test',
      organization_id: await orgId('Acme Capital Partners'),
    });
    const ttl = new Date(res.json().expires_at).getTime() - Date.now();
    expect(Math.abs(ttl - 7 * 24 * 3600 * 1000)).toBeLessThan(60_000);

    const mail = await smtp.waitFor((m) => recipient(m) === 'guest@newfirm.test');
    expect(mail.subject).toBe('Ada Lovelace invited you to join Acme Capital Partners on Parity');
    const link = linkIn(mail.text ?? '', `${PUBLIC_URL}/signup/invitation/`);
    const uuid = link.split('/').at(-1)!;

    const shown = await t.app.inject({ method: 'GET', url: `/api/signup/invitations/${uuid}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      email: 'guest@newfirm.test',
      organization: { name: 'Acme Capital Partners', logo: null },
    });

    const weak = await post(`/api/signup/invitations/${uuid}/accept`, {
      name: 'G',
      lastname: 'H',
      password: 'weak',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail[0].field).toBe('body.password');

    const weakByRule = await post(`/api/signup/invitations/${uuid}/accept`, {
      name: 'G',
      lastname: 'H',
      password: 'Guest-Parity-2026!',
    });
    expect(weakByRule.statusCode).toBe(400);
    expect(weakByRule.json().detail[0].field).toBe('body.password');

    const accepted = await post(`/api/signup/invitations/${uuid}/accept`, {
      name: 'Gus',
      lastname: 'Guest',
      password: PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({
      email: 'guest@newfirm.test',
      organization: { name: 'Acme Capital Partners' },
    });
    const token = await tokenFor('guest@newfirm.test', PASSWORD);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/user/status',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.json()).toMatchObject({
      status: 'approved',
      isAllowed: true,
      isOrganizationAdministrator: false,
    });

    // Single use: a second accept is told it was accepted.
    expect((await t.app.inject({ method: 'GET', url: `/api/signup/invitations/${uuid}` })).statusCode).toBe(
      404,
    );
    const again = await post(`/api/signup/invitations/${uuid}/accept`, {
      name: 'G',
      lastname: 'H',
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This invitation was already accepted. Please sign in with the account it made.',
    );
  });

  it('refuses unknown and expired invitations, and an address that already has an account', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/signup/invitations/${crypto.randomUUID()}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/signup/invitations/not-a-uuid' })).statusCode,
    ).toBe(400);
    await invite('late@newfirm.test');
    const mail = await smtp.waitFor((m) => recipient(m) === 'late@newfirm.test');
    const uuid = linkIn(mail.text ?? '', `${PUBLIC_URL}/signup/invitation/`)
      .split('/')
      .at(-1)!;
    await t.app.db
      .update(invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, 'late@newfirm.test'));
    expect((await t.app.inject({ method: 'GET', url: `/api/signup/invitations/${uuid}` })).statusCode).toBe(
      404,
    );

    const taken = await invite('max@acme.test');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toEqual([
      { field: 'body.email', message: 'This email address already has an account.' },
    ]);
    const bad = await invite('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toEqual([
      { field: 'body.email', message: 'Email must be a valid email address' },
    ]);
  });

  it('refuses to accept when the address got an account meanwhile, writing nothing', async () => {
    await invite('meanwhile@newfirm.test');
    const mail = await smtp.waitFor((m) => recipient(m) === 'meanwhile@newfirm.test');
    const uuid = linkIn(mail.text ?? '', `${PUBLIC_URL}/signup/invitation/`)
      .split('/')
      .at(-1)!;
    await signUp('meanwhile@newfirm.test');
    const res = await post(`/api/signup/invitations/${uuid}/accept`, {
      name: 'M',
      lastname: 'W',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    const [invitation] = await t.app.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'meanwhile@newfirm.test'));
    expect(invitation!.accepted_at).toBeNull();
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'meanwhile@newfirm.test'));
    expect(user).toMatchObject({ name: 'Nia', email_verified_at: null });
  });

  it('only approved organization admins may invite', async () => {
    expect((await post('/api/organizations/me/invitations', { email: 'x@newfirm.test' })).statusCode).toBe(
      401,
    );
    expect((await invite('x1@newfirm.test', 'max@acme.test')).statusCode).toBe(403);
    expect((await invite('x2@newfirm.test', 'pending@acme.test')).statusCode).toBe(403);
    // The platform admin has no organization of their own.
    expect((await invite('x3@newfirm.test', 'admin@parity.test')).statusCode).toBe(404);
    const eve = await invite('x4@newfirm.test', 'eve@cedar.test');
    expect(eve.statusCode).toBe(201);
    expect(eve.json().organization_id).toBe(await orgId('Cedar Equity'));
    const written = await t.app.db
      .select()
      .from(invitations)
      .where(sql`${invitations.email} in ('x1@newfirm.test', 'x2@newfirm.test', 'x3@newfirm.test')`);
    expect(written).toHaveLength(0);
    const outbox = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'x1@newfirm.test'));
    expect(outbox).toHaveLength(0);
  });
});
