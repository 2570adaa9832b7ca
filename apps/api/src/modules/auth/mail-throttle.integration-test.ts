import { MFA_SENT_MESSAGE, RESET_LINK_SENT_MESSAGE } from '@parity/domain/auth';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createDemoTestApp, type TestApp } from '../../test/app';
import { addDemoPasswordUser } from '../../test/people';
import { recipient, startTestSmtp, type TestSmtp } from '../../test/smtp';
import {
  MAIL_WINDOW_MS,
  MFA_CODE_MAILS_PER_ACCOUNT,
  RESET_MAIL_MAX_PER_ADDRESS_AND_EMAIL,
  RESET_MAILS_PER_EMAIL,
} from './routes';

// Issue 38 point 7: a stranger who knows an email cannot keep its owner from getting a reset
// link or a sign-in code (docs/reliability.md 5.4).

const PUBLIC_URL = 'http://parity.test';
const NEW_PASSWORD = 'Lighthouse-Keeper-47!';
const RESET_SUBJECT = /Reset your Parity password/;
const CODE_SUBJECT = /verification code/;

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createDemoTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let lastAddress = 0;
const nextAddress = () => `10.38.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

function call(url: string, body: Record<string, unknown>, address: string) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

const askForLink = (email: string, address: string) => call('/api/passwords/email', { email }, address);

const mailsTo = (to: string, subject: RegExp): ParsedMail[] =>
  smtp.messages.filter((m) => recipient(m) === to && subject.test(m.subject ?? ''));

/** Runs `action`, then waits for the next mail to `to` whose subject matches. */
async function mailAfter<T>(to: string, subject: RegExp, action: () => Promise<T>): Promise<[T, ParsedMail]> {
  const before = mailsTo(to, subject).length;
  const result = await action();
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const found = mailsTo(to, subject);
    if (found.length > before) return [result, found.at(-1)!];
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`No new mail to ${to} matching ${subject}`);
}

/** Runs `action`, waits long enough for a background mail to have arrived, and counts new ones. */
async function newMailsAfter<T>(to: string, subject: RegExp, action: () => Promise<T>): Promise<[T, number]> {
  const before = mailsTo(to, subject).length;
  const result = await action();
  await new Promise((r) => setTimeout(r, 300));
  return [result, mailsTo(to, subject).length - before];
}

function tokenIn(mail: ParsedMail): string {
  const found = new RegExp(`${PUBLIC_URL}/login/reset/([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!found) throw new Error(`No link in ${mail.text}`);
  return found[1]!;
}

function codeIn(mail: ParsedMail): string {
  const found = /code is: (\d{6})/.exec(mail.text ?? '');
  if (!found) throw new Error(`No code in ${mail.text}`);
  return found[1]!;
}

describe('POST /api/passwords/email: the owner always gets a link', () => {
  it('answers the owner 200 and mails the link after a stranger asked for it from three addresses', async () => {
    const email = 'ada@acme.test';
    for (let i = 0; i < 3; i++) {
      const res = await askForLink(email, nextAddress());
      expect(res.statusCode).toBe(200);
    }
    const [res, mail] = await mailAfter(email, RESET_SUBJECT, () => askForLink(email, nextAddress()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_LINK_SENT_MESSAGE });
    expect(tokenIn(mail).length).toBeGreaterThanOrEqual(43);
  });

  it('spaces the mails per email without refusing: the links already mailed work, and the window end brings a new one', async () => {
    const email = await addDemoPasswordUser(t.app.db);
    const strangers: ParsedMail[] = [];
    for (let i = 0; i < RESET_MAILS_PER_EMAIL; i++) {
      const [res, mail] = await mailAfter(email, RESET_SUBJECT, () => askForLink(email, nextAddress()));
      expect(res.statusCode).toBe(200);
      strangers.push(mail);
    }
    // The owner's own request: the same answer, no mail, while the inbox holds working links.
    const owner = nextAddress();
    const [res, mailed] = await newMailsAfter(email, RESET_SUBJECT, () => askForLink(email, owner));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_LINK_SENT_MESSAGE });
    expect(mailed).toBe(0);
    const reset = await call(
      '/api/passwords/reset',
      { email, token: tokenIn(strangers[0]!), new_password: NEW_PASSWORD },
      owner,
    );
    expect(reset.statusCode, reset.body).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + MAIL_WINDOW_MS + 1000);
    const [later] = await mailAfter(email, RESET_SUBJECT, () => askForLink(email, nextAddress()));
    expect(later.statusCode).toBe(200);
  });

  it(`answers 429 to one address asking for one email more than ${RESET_MAIL_MAX_PER_ADDRESS_AND_EMAIL} times; the owner elsewhere still gets a link`, async () => {
    const email = await addDemoPasswordUser(t.app.db);
    const stranger = nextAddress();
    for (let i = 0; i < RESET_MAIL_MAX_PER_ADDRESS_AND_EMAIL; i++) {
      expect((await askForLink(email, stranger)).statusCode).toBe(200);
    }
    const refused = await askForLink(email, stranger);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('too_many_requests');
    const [res] = await mailAfter(email, RESET_SUBJECT, () => askForLink(email, nextAddress()));
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/passwords/reset with several open links', () => {
  it('sets the password once when two links of one account are used at the same moment', async () => {
    const email = await addDemoPasswordUser(t.app.db);
    const [, first] = await mailAfter(email, RESET_SUBJECT, () => askForLink(email, nextAddress()));
    const [, second] = await mailAfter(email, RESET_SUBJECT, () => askForLink(email, nextAddress()));
    const answers = await Promise.all(
      [first, second].map((mail, i) =>
        call(
          '/api/passwords/reset',
          { email, token: tokenIn(mail), new_password: `${NEW_PASSWORD}${i}` },
          nextAddress(),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().error).toBe('invalid_token');
  });
});

describe('POST /api/mfa-send: the owner always holds a working code', () => {
  it("answers the owner 200 after strangers' resends used up the window; the code last mailed works and nothing replaced it", async () => {
    const email = await addDemoPasswordUser(t.app.db, { twoFa: true });
    const signIn = await call(
      '/api/oauth/token/',
      { grant_type: 'password', username: email, password: DEMO_PASSWORD, client_id: 'parity-web' },
      nextAddress(),
    );
    const { uuid } = signIn.json();
    expect(uuid).toEqual(expect.any(String));
    let latest: ParsedMail | undefined;
    for (let i = 0; i < MFA_CODE_MAILS_PER_ACCOUNT; i++) {
      const [res, mail] = await mailAfter(email, CODE_SUBJECT, () =>
        call('/api/mfa-send', { email, type: 'email' }, nextAddress()),
      );
      expect(res.statusCode).toBe(200);
      latest = mail;
    }
    const owner = nextAddress();
    const [res, mailed] = await newMailsAfter(email, CODE_SUBJECT, () =>
      call('/api/mfa-send', { email, type: 'email', uuid }, owner),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MFA_SENT_MESSAGE });
    expect(mailed).toBe(0);
    const submit = await call(
      '/api/mfa-submit',
      { uuid, code: codeIn(latest!), email, type: 'email', grant_type: 'password', client_id: 'parity-web' },
      owner,
    );
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json().access_token).toEqual(expect.any(String));
  });
});
