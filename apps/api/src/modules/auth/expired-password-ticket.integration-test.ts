import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createDemoTestApp, type TestApp } from '../../test/app';
import { addDemoPasswordUser } from '../../test/people';
import { recipient, startTestSmtp, type TestSmtp } from '../../test/smtp';

// The 419's 'password expired' ticket (issue 37): the password page changes an expired password
// without asking again for the email and the old password the login has just proved.

const NEW_PASSWORD = 'Lighthouse-Keeper-47!';
const CODE_SUBJECT = /verification code/;

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createDemoTestApp({ smtpUrl: smtp.url, publicUrl: 'http://parity.test' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let lastAddress = 0;
type Body = Record<string, unknown>;
function call(url: string, body: Body, form = false) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.9.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`,
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
  });
}
const login = (username: string, password = DEMO_PASSWORD) =>
  call('/api/oauth/token/', { grant_type: 'password', username, password, client_id: 'parity-web' }, true);
const status = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/status', headers: { authorization: `Bearer ${token}` } });
const submit = (uuid: string, code: string, email: string) =>
  call(
    '/api/mfa-submit',
    { uuid, code, email, type: 'email', grant_type: 'password', client_id: 'parity-web' },
    true,
  );

/** Runs `action`, then waits for the next mail to `to` whose subject matches. */
async function mailAfter<T>(to: string, subject: RegExp, action: () => Promise<T>): Promise<[T, ParsedMail]> {
  const matching = () => smtp.messages.filter((m) => recipient(m) === to && subject.test(m.subject ?? ''));
  const before = matching().length;
  const result = await action();
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const found = matching();
    if (found.length > before) return [result, found.at(-1)!];
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`No new mail to ${to} matching ${subject}`);
}

function codeIn(mail: ParsedMail): string {
  const found = /code is: (\d{6})/.exec(mail.text ?? '');
  if (!found) throw new Error(`No code in ${mail.text}`);
  return found[1]!;
}

describe('the 419 ticket: an expired password changed without asking again', () => {
  const update = (body: Body) => call('/api/password/update-after-expiry', body);
  const ticketOf = async (email: string) => {
    const res = await login(email);
    expect(res.statusCode).toBe(419);
    expect(res.json()).toMatchObject({ error: 'password_expired', detail: { ticket: expect.any(String) } });
    return res.json().detail.ticket as string;
  };
  const next = { new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD };

  it('signs the user in with the new password, once: the ticket is spent by the change', async () => {
    const email = await addDemoPasswordUser(t.app.db, { expired: true });
    const ticket = await ticketOf(email);
    // Never an access token.
    expect((await status(ticket)).statusCode).toBe(401);
    const same = await update({
      ticket,
      new_password: DEMO_PASSWORD,
      new_password_confirmation: DEMO_PASSWORD,
    });
    expect(same.json().detail[0].field).toBe('body.new_password');

    const res = await update({ ticket, ...next });
    expect(res.statusCode, res.body).toBe(200);
    expect((await status(res.json().token.access_token)).statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await update({
      ticket,
      new_password: 'Second-Lighthouse-5!',
      new_password_confirmation: 'Second-Lighthouse-5!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_ticket', detail: [{ field: 'body.ticket' }] });
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a forged, another audience's or an expired ticket, and a ticket with the old password", async () => {
    const email = await addDemoPasswordUser(t.app.db, { expired: true });
    const ticket = await ticketOf(email);
    const forged = await update({ ticket: `${ticket.slice(0, -4)}AAAA`, ...next });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('invalid_ticket');
    const other = await addDemoPasswordUser(t.app.db);
    const access = (await login(other)).json().access_token as string;
    expect((await update({ ticket: access, ...next })).json().error).toBe('invalid_ticket');
    const both = await update({ ticket, email, old_password: DEMO_PASSWORD, ...next });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('validation_failed');

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 11 * 60_000);
      const late = await update({ ticket, ...next });
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toBe('invalid_ticket');
    } finally {
      vi.useRealTimers();
    }
    expect((await login(email)).statusCode).toBe(419);
  });

  it('answers one of two concurrent changes with the same ticket; the other is refused', async () => {
    const email = await addDemoPasswordUser(t.app.db, { expired: true });
    const ticket = await ticketOf(email);
    const answers = await Promise.all([
      update({ ticket, ...next }),
      update({
        ticket,
        new_password: 'Second-Lighthouse-5!',
        new_password_confirmation: 'Second-Lighthouse-5!',
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.json().error).toBe('invalid_ticket');
  });

  it('sends a two-factor account to its code step, not to a session', async () => {
    const email = await addDemoPasswordUser(t.app.db, { expired: true, twoFa: true });
    const ticket = await ticketOf(email);
    const [res, mail] = await mailAfter(email, CODE_SUBJECT, () => update({ ticket, ...next }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mfa_verification_required: true, uuid: expect.any(String) });
    expect((await submit(res.json().uuid, codeIn(mail), email)).statusCode).toBe(200);
  });
});
