import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipient, type TestSmtp } from '../apps/api/src/test/smtp';
import { callAs, expectAccessible, hasBrowser, signIn } from './support/browser';
import { type OwnProduct, startOwnProduct } from './support/own-product';
import type { ServerProcess } from './support/server';

/**
 * Issue #7's journey: ada@acme.test edits Acme's settings (a rule violation shows its message, a
 * valid save 'Organization was updated'), uploads a document and a logo, invites a new person who
 * signs up through the mailed link, grants max@acme.test LPI access and sees each change in the
 * feed; eve@cedar.test finds Acme in the directory only while Acme is public. Its own server and
 * SMTP server, so its sign-ins and mail are its own.
 */
describe.runIf(hasBrowser)('the private organization space', () => {
  let smtp: TestSmtp;
  let server: ServerProcess;
  let browser: Browser;
  let product: OwnProduct | undefined;
  let ada: BrowserContext;
  let page: Page;
  const newcomer = `lin.${Date.now()}@acme-newcomer.test`;

  beforeAll(async () => {
    product = await startOwnProduct('org-space');
    ({ server, smtp, browser } = product);
    ada = await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
    page = await ada.newPage();
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  async function mailTo(to: string, subject: RegExp) {
    for (let i = 0; i < 100; i++) {
      const found = smtp.messages.filter((m) => recipient(m) === to && subject.test(m.subject ?? '')).at(-1);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no mail to ${to} matching ${subject}`);
  }

  /**
   * Waits for what a finished upload shows; when it does not show, fails with the page's alerts
   * and the server's log, which say why.
   */
  async function uploaded(shown: Locator) {
    try {
      await expect.poll(() => shown.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    } catch (error) {
      const alerts = await page.getByRole('alert').allInnerTexts();
      throw new Error(
        `${(error as Error).message}\nalerts: ${alerts.join(' | ') || 'none'}\nserver log:\n${server.output()}`,
      );
    }
  }

  async function searchDirectory(visitor: Page, name: string) {
    await visitor.goto(`/organizations?search=${encodeURIComponent(name)}`);
    await expect.poll(() => visitor.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
    await expect
      .poll(() => visitor.getByRole('heading', { level: 1, name: 'Organizations' }).count())
      .toBe(1);
    // Let the list settle: either the organization's link or the empty message.
    await expect
      .poll(
        async () =>
          (await visitor.getByRole('link', { name, exact: true }).count()) +
          (await visitor.getByText('No organizations found').count()),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    return visitor.getByRole('link', { name, exact: true }).count();
  }

  it('ada: a settings rule violation shows its message; a valid save shows Organization was updated', async () => {
    await signIn(page, 'ada@acme.test');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/organizations/private/settings');
    const inception = page.getByLabel(/^Inception Date/);
    await expect.poll(() => inception.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await expectAccessible(page);

    // A Mantine date input: typed, then left so its calendar covers nothing.
    await inception.fill('2099-01-01');
    await inception.blur();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByText('Inception Date must not be after today').count())
      .toBeGreaterThan(0);

    await inception.fill('2004-03-15');
    await inception.blur();
    await page.getByLabel('About').fill('Mid-market private equity, employee-owned since 2011.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByText('Organization was updated').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);

    // The logo, uploaded from the same page.
    const logo = path.join(product!.dataDir, 'logo.png');
    fs.writeFileSync(
      logo,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    await page.getByLabel('Upload logo').setInputFiles(logo);
    // Done when the page shows the stored logo (the feed tells it too, checked below); the next
    // journey navigates away, which must not cut this upload short.
    await uploaded(page.getByRole('img', { name: 'Acme Capital Partners logo' }));
  });

  it('ada uploads a document; it is listed with a download', async () => {
    await page.goto('/organizations/private/files');
    const upload = page.getByLabel('Upload document');
    await expect.poll(() => upload.count(), { timeout: 20_000 }).toBe(1);
    const document = path.join(product!.dataDir, 'dei-report.txt');
    fs.writeFileSync(document, 'Acme DEI report 2026\nEvery number in this report is illustrative.\n');
    await upload.setInputFiles(document);
    await uploaded(page.getByRole('button', { name: 'Download dei-report.txt' }));
    expect(await page.getByRole('button', { name: 'Download dei-report.txt' }).count()).toBe(1);
    await expectAccessible(page);
  });

  it('ada invites a new person, who joins through the mailed link', async () => {
    await page.goto('/organizations/private/invitations');
    const form = page.getByRole('form', { name: 'Invite a person' });
    await expect.poll(() => form.count(), { timeout: 20_000 }).toBe(1);
    await form.getByLabel(/^Email/).fill(newcomer);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => page.getByText(newcomer).count(), { timeout: 20_000 }).toBeGreaterThan(0);

    const mail = await mailTo(newcomer, /invited you to join Acme Capital Partners/);
    const link = (mail.text ?? '')
      .split(/\s+/)
      .find((word) => word.startsWith(`${server.url}/signup/invitation/`));
    expect(link).toBeTruthy();

    const theirs = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
    const invited = await theirs.newPage();
    await invited.goto(link!.replace(/[).,]+$/, ''));
    await expect
      .poll(
        () =>
          invited.getByRole('heading', { level: 1, name: 'Join Acme Capital Partners on Parity' }).count(),
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    await invited.getByLabel(/^First name/).fill('Lin');
    await invited.getByLabel(/^Last name/).fill('Zhao');
    await invited.getByLabel(/^Password/).fill('Newcomer-Pass-2026!');
    await invited.getByRole('button', { name: 'Create account and join' }).click();
    await invited.waitForURL((url) => !url.pathname.startsWith('/signup/invitation'), { timeout: 20_000 });
    await theirs.close();

    await page.goto('/organizations/private/members');
    await expect.poll(() => page.getByText('Lin Zhao').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  });

  it('ada grants max LPI access; every change is in the feed', async () => {
    await page.goto('/organizations/private/permissions');
    const lpiAccess = page.getByRole('switch', { name: 'Average LPI score access: Max Planck' });
    await expect.poll(() => lpiAccess.count(), { timeout: 20_000 }).toBe(1);
    expect(await lpiAccess.isChecked()).toBe(false);
    await lpiAccess.click();
    await expect.poll(() => lpiAccess.isChecked(), { timeout: 20_000 }).toBe(true);

    await page.goto('/organizations/private/feed');
    const feed = page.getByRole('main');
    await expect
      .poll(() => feed.getByText(/changed the permissions of Max/).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    // The switch changed the right itself, not only the page.
    const maxMember = await (async () => {
      const answer = await callAs(page, 'GET', '/api/organizations/me/permissions');
      const body = JSON.parse(answer.text) as {
        data: { email: string; permissions: Record<string, boolean> }[];
      };
      return body.data.find((m) => m.email === 'max@acme.test');
    })();
    expect(maxMember?.permissions.average_lpi_score_access).toBe(true);
    for (const line of [
      /Lin Zhao joined/,
      /uploaded dei-report\.txt/,
      /updated the organization logo/,
      /updated the organization profile/,
    ]) {
      expect(await feed.getByText(line).count(), String(line)).toBeGreaterThan(0);
    }
    await expectAccessible(page);
  });

  it('eve finds Acme in the directory only while Acme is public', async () => {
    const eveContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 860 },
    });
    const eve = await eveContext.newPage();
    await signIn(eve, 'eve@cedar.test');
    await eve.waitForURL((url) => url.pathname === '/');
    expect(await searchDirectory(eve, 'Acme Capital Partners')).toBe(1);

    await page.goto('/organizations/private/settings');
    const isPublic = page.getByRole('switch', { name: 'Public organization' });
    await expect.poll(() => isPublic.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => isPublic.isChecked()).toBe(true);
    await isPublic.click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByText('Organization was updated').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);

    expect(await searchDirectory(eve, 'Acme Capital Partners')).toBe(0);
    await eveContext.close();
  });
});
