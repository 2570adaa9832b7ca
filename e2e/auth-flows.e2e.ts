import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, expectAccessible, hasBrowser, launchBrowser, newPage, signIn } from './support/browser';
import { linkIn, type ReceivedMail } from './support/mail';

// Journeys of the login branches (spec 2 and 4), reading the product's real mail. Each signs in
// once at most: the token endpoint allows 20 calls a minute per address for the whole run.
// eve@cedar.test and expired@acme.test end this file with NEW_PASSWORD (the demo password contains
// 'parity', which a new password may not), so other journeys should not sign in as them; the
// reset journey uses eve because max@acme.test signs in elsewhere with the demo password.

const NEW_PASSWORD = 'Lighthouse-Keeper-47!';
const mailboxURL = inject('mailboxURL');

async function mailsTo(to: string): Promise<ReceivedMail[]> {
  const res = await fetch(`${mailboxURL}/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as ReceivedMail[];
}

/** Runs `action`, then waits for the first new mail to `to` with a matching subject. */
async function mailAfter(to: string, subject: RegExp, action: () => Promise<void>): Promise<ReceivedMail> {
  const before = (await mailsTo(to)).filter((m) => subject.test(m.subject)).length;
  await action();
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = (await mailsTo(to)).filter((m) => subject.test(m.subject));
    if (found.length > before) return found[before]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No new mail to ${to} matching ${subject}`);
}

function codeIn(mail: ReceivedMail): string {
  const found = /code is: (\d{6})/.exec(mail.text);
  if (!found) throw new Error(`No code in: ${mail.text}`);
  return found[1]!;
}

async function expectDashboard(page: Page) {
  await page.waitForURL((url) => url.pathname === '/');
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent())
    .toMatch(/Good (Morning|Afternoon|Evening)/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
}

describe.runIf(hasBrowser)('login branches', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs a two-factor user in with the code from the mail', async () => {
    const page = await newPage(browser);
    const mail = await mailAfter('mfa@acme.test', /verification code/, () => signIn(page, 'mfa@acme.test'));
    await page.waitForURL(/\/login\/verification\/[0-9a-f-]{36}$/);
    expect(mail.text).toMatch(/expires in 10 minutes/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await expectAccessible(page);

    await page.getByLabel(/verification code/i).fill(codeIn(mail));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectDashboard(page);
    await expect.poll(() => page.getByText('Verification completed').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('resets a forgotten password from the mailed link, then signs in with the new one', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/login/forgot');
    await expectAccessible(page);
    const mail = await mailAfter('eve@cedar.test', /Reset your Parity password/, async () => {
      await page.getByLabel(/email/i).fill('eve@cedar.test');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect
        .poll(() => page.getByText('If an account exists for that email, we sent a link.').count())
        .toBeGreaterThan(0);
    });
    const link = linkIn(mail, `${baseURL}/login/reset/`);

    await page.goto(link);
    await page.getByLabel(/^email/i).fill('eve@cedar.test');
    await page.getByLabel(/^new password/i).fill(NEW_PASSWORD);
    await page.getByLabel(/confirm new password/i).fill(NEW_PASSWORD);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // The link worked once: opening it again and submitting says it has ended.
    const again = await fetch(`${baseURL}/api/passwords/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'eve@cedar.test',
        token: link.split('/').at(-1),
        new_password: 'Another-Lighthouse-48!',
      }),
    });
    expect(again.status).toBe(400);

    await signIn(page, 'eve@cedar.test', NEW_PASSWORD);
    await expectDashboard(page);
    await page.context().close();
  });

  it('forces an expired password through /login/password to the dashboard', async () => {
    const page = await newPage(browser);
    await signIn(page, 'expired@acme.test');
    await page.waitForURL((url) => url.pathname === '/login/password');
    // The login proved the password (its ticket): only the new one is asked, no second sign-in.
    await page.getByText('A new password for expired@acme.test.').waitFor();
    expect(await page.getByLabel(/current password/i).count()).toBe(0);
    await page.getByLabel(/^new password/i).fill(NEW_PASSWORD);
    await page.getByLabel(/confirm new password/i).fill(NEW_PASSWORD);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expectDashboard(page);
    await page.context().close();
  });
});
