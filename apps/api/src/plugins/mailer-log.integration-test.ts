import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail';
import { createDemoTestApp, createTestApp, type TestApp } from '../test/app';

// With no SMTP server the outbox table is where mail waits. In production the log never holds a
// code or a link (anyone who reads logs could take over an account); elsewhere it shows the body.

function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

async function outboxRow(t: TestApp, to: string, subject: RegExp) {
  for (let i = 0; i < 100; i++) {
    const rows = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.id));
    const row = rows.find((r) => subject.test(r.subject));
    if (row) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail "${subject}" to ${to} in the outbox`);
}

const post = (t: TestApp, url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.1.0.${Math.floor(Math.random() * 250) + 1}`,
  });

describe('mail secrets in the log, in production', () => {
  const log = captureLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createDemoTestApp({ production: true, logLevel: 'info' }, { logStream: log.stream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the reset link and the verification link in the outbox, never in the log', async () => {
    expect((await post(t, '/api/passwords/email', { email: 'max@acme.test' })).statusCode).toBe(200);
    const reset = await outboxRow(t, 'max@acme.test', /Reset your Parity password/);
    const resetLink = /https?:\/\/\S+\/login\/reset\/(\S+)/.exec(reset.text)!;
    expect(resetLink).not.toBeNull();

    const signup = await post(t, '/api/signup', {
      name: 'Nia',
      lastname: 'Okafor',
      email: 'nia@newfirm.test',
      password: 'Correct-horse-9-battery',
    });
    expect(signup.statusCode, signup.body).toBe(202);
    const verify = await outboxRow(t, 'nia@newfirm.test', /Verify your email/);
    const verifyLink = /https?:\/\/\S+\/signup\/processing\/\d+\/verification\/(\S+)/.exec(verify.text)!;
    expect(verifyLink).not.toBeNull();

    // Following the links logs their requests too.
    await t.app.inject({ method: 'GET', url: `/login/reset/${resetLink[1]}` });
    await t.app.inject({ method: 'GET', url: verifyLink[0].replace(/^https?:\/\/[^/]+/, '') });
    await t.app.inject({ method: 'GET', url: `/api/signup/invitations/${verifyLink[1]}` });

    const text = log.text();
    expect(text).toContain('Reset your Parity password');
    expect(text).toContain('Verify your email address for Parity');
    for (const secret of [resetLink[0], resetLink[1]!, verifyLink[0], verifyLink[1]!]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('max@acme.test');
  });

  it('logs a failed outbox write without the mail it held', async () => {
    // The database refuses NUL: the query fails, with the body among its parameters.
    const text = 'Open http://localhost/login/reset/secret-token-in-a-failed-query \u0000';
    const error = await t.app.mailer.send({ to: 'max@acme.test', subject: 'S', text }).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    t.app.log.error({ err: error }, 'background mail failed');
    const logged = log
      .text()
      .split('\n')
      .find((line) => line.includes('background mail failed'))!;
    expect(logged).toContain('Failed query');
    expect(logged).not.toContain('secret-token-in-a-failed-query');
  });
});

describe('mail in the log, outside production', () => {
  it('shows the body so a developer can read the code or link', async () => {
    const log = captureLog();
    const t = await createTestApp({ logLevel: 'info' }, { logStream: log.stream });
    try {
      await t.app.mailer.send({ to: 'max@acme.test', subject: 'Your code', text: 'Code: 123456' });
      expect(log.text()).toContain('Code: 123456');
    } finally {
      await t.close();
    }
  });
});
