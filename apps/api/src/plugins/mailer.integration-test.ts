import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail';
import { createTestApp, type TestApp } from '../test/app';
import { recipient, startTestSmtp, type TestSmtp } from '../test/smtp';

describe('the mailer over SMTP', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the message and records it as sent', async () => {
    await t.app.mailer.send({ to: 'ada@acme.test', subject: 'Your code', text: 'Code: 123456' });
    const mail = await smtp.waitFor((m) => m.subject === 'Your code');
    expect(recipient(mail)).toBe('ada@acme.test');
    expect(mail.text).toContain('Code: 123456');
    expect(mail.from?.text).toContain('no-reply@parity.local');
    const [row] = await t.app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(row).toMatchObject({ to: 'ada@acme.test', status: 'sent' });
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  it('records a delivery failure without throwing', async () => {
    const down = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      await expect(
        down.app.mailer.send({ to: 'x@acme.test', subject: 'S', text: 'T' }),
      ).resolves.toBeUndefined();
      const [row] = await down.app.db.select().from(mailOutbox);
      expect(row?.status).toBe('failed');
      expect(row?.error).toBeTruthy();
    } finally {
      await down.close();
    }
  });
});

describe('the mailer on the embedded default', () => {
  it('keeps the message in the outbox as logged', async () => {
    const t = await createTestApp();
    try {
      await t.app.mailer.send({ to: 'max@acme.test', subject: 'Hello', text: 'Body' });
      const rows = await t.app.db.select().from(mailOutbox);
      expect(rows).toEqual([
        expect.objectContaining({ to: 'max@acme.test', subject: 'Hello', status: 'logged' }),
      ]);
    } finally {
      await t.close();
    }
  });
});
