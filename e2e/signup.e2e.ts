import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  DEMO_PASSWORD,
  expectAccessible,
  hasBrowser,
  launchBrowser,
  newPage,
} from './support/browser';
import { linkIn, waitForMail } from './support/mail';

const PASSWORD = 'New-Person-2026!';

/** One password grant through the API (the admin's side of the journey needs no browser). */
async function apiToken(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/oauth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: email, password, client_id: 'parity-web' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe.runIf(hasBrowser)('signing up with an organization code', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up, verifies by mail, joins Acme pending without signing in, is approved by ada, then goes to the dashboard without a second sign-in', async () => {
    const email = `nia.${Date.now()}@newfirm.test`;
    page = await newPage(browser);

    // /login leads to the sign-up form.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    await expectAccessible(page);

    // The form refuses a weak password before calling the API.
    await page.getByLabel(/^First name/).fill('Nia');
    await page.getByLabel(/^Last name/).fill('Okafor');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByLabel(/^Password/).fill('weak');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.getByText(/Password must be from 12 to 255 characters/).count())
      .toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/signup');

    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Password/).press('Enter');
    await page.waitForURL((url) => url.pathname === '/signup/verification');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Check your email' }).count())
      .toBe(1);
    await expectAccessible(page);

    // The verification link, read out of the mail the server sent.
    const verification = await waitForMail(email, /Verify your email address/);
    const link = linkIn(verification, `${baseURL}/signup/processing/`);
    // The link proves the address: the organization step opens without signing in (spec 2).
    await page.goto(link);
    // Join Acme with its code (any case).
    await page.waitForURL((url) => /^\/signup\/processing\/\d+\/organization$/.test(url.pathname));
    const accountId = Number(new URL(page.url()).pathname.split('/')[3]);
    await expectAccessible(page);
    await page.getByLabel(/^Organization code/).fill('acme-2026');
    await page.getByRole('button', { name: 'Join organization' }).click();
    await page.waitForURL((url) => url.pathname === `/signup/processing/${accountId}/finish`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Awaiting admin approval' }).count())
      .toBe(1);
    await expect
      .poll(() => page.getByText(/sent to all registered admins of Acme Capital Partners/).count())
      .toBeGreaterThan(0);
    await expectAccessible(page);

    // Ada is told, and approves through the API.
    const notice = await waitForMail('ada@acme.test', /Nia Okafor is waiting for your approval/);
    expect(notice.text).toContain(email);
    const adaToken = await apiToken('ada@acme.test', DEMO_PASSWORD);
    const members = await fetch(`${baseURL}/api/organizations/me/members`, {
      headers: { authorization: `Bearer ${adaToken}` },
    });
    const list = (await members.json()) as { data: { id: number; email: string; status: string }[] };
    expect(list.data.find((m) => m.email === email)).toMatchObject({ id: accountId, status: 'pending' });
    const acmeId = (
      (await (
        await fetch(`${baseURL}/api/user/status`, { headers: { authorization: `Bearer ${adaToken}` } })
      ).json()) as { organization_id: number }
    ).organization_id;
    const approved = await fetch(`${baseURL}/api/organizations/${acmeId}/users/${accountId}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adaToken}` },
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    await waitForMail(email, /was approved/);

    // The new member reloads: approved. The verification signed them in: no second sign-in.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'You are all set' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Log in to Parity' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toMatch(/Good (Morning|Afternoon|Evening)/);
    await expect.poll(() => page.getByText('Acme Capital Partners').count()).toBeGreaterThan(0);
    expect(await page.getByText('Awaiting admin approval').count()).toBe(0);
    await expectAccessible(page);
    await page.context().close();
  });
});
