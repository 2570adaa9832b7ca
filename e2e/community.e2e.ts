import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, expectAccessible, hasBrowser, openModule, signedInPage } from './support/browser';
import { type OwnProduct, startOwnProduct } from './support/own-product';
import type { ServerProcess } from './support/server';

/**
 * Issue #18's community journey in Chromium: max (1440 px) opts in with an interest; ada (390 px)
 * finds him by that interest and follows him, and he is told; admin@parity.test posts an
 * announcement that ada then reads first, its markdown rendered. Its own server.
 */

const POLL = { timeout: 20_000 };
const TITLE = `Office hours ${Date.now().toString(36)}`;

describe.runIf(hasBrowser)('community: opt in, be found and followed, read the announcements', () => {
  let server: ServerProcess;
  let browser: Browser;
  let product: OwnProduct | undefined;
  let max: Page;
  let ada: Page;

  beforeAll(async () => {
    product = await startOwnProduct('community');
    ({ server, browser } = product);
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  const fitsWidth = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
  const settled = (page: Page) => expect.poll(() => page.locator('[aria-busy="true"]').count(), POLL).toBe(0);

  /** Opens Community from the top bar (the drawer's navigation on a phone). */
  async function openCommunity(page: Page, phone: boolean) {
    if (phone) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page
        .getByRole('dialog', { name: 'Navigation' })
        .getByRole('navigation', { name: 'Modules' })
        .getByRole('link', { name: 'Community', exact: true })
        .click();
    } else {
      await openModule(page, 'Community');
    }
    await page.waitForURL((url) => url.pathname === '/community');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Community' }).count(), POLL).toBe(1);
    await settled(page);
  }

  /** Picks an option of a multi-select by its label. */
  async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('listbox', { name: label }).getByRole('option', { name: option }).click();
    await page.keyboard.press('Escape');
  }

  it('max is not listed until he turns "Show me in the community" on with an interest', async () => {
    max = await signedInPage(browser, server.url, 'max@acme.test', { width: 1440 });
    await openCommunity(max, false);
    await expectAccessible(max);
    const form = max.getByRole('form', { name: 'My community listing' });
    await form.getByRole('switch', { name: /Show me in the community/ }).check();
    await pick(max, form, 'My interests', 'Impact investing');
    await form.getByRole('button', { name: 'Save my listing' }).click();
    await expect.poll(() => max.getByText('You are listed').count(), POLL).toBe(1);
    await settled(max);
    await expectAccessible(max);
  });

  it('ada finds max by that interest on a phone and follows him; he is told', async () => {
    ada = await signedInPage(browser, server.url, 'ada@acme.test', { width: 390 });
    await openCommunity(ada, true);
    await ada.getByRole('tab', { name: 'People' }).click();
    const people = ada.getByRole('list', { name: 'People' });
    await expect.poll(() => people.getByRole('link', { name: 'Eve Castillo' }).count(), POLL).toBe(1);
    await pick(ada, ada.locator('body'), 'Interests (any of them)', 'Impact investing');
    await expect.poll(() => people.getByRole('link', { name: 'Eve Castillo' }).count(), POLL).toBe(0);
    await expect.poll(() => people.getByRole('link', { name: 'Max Planck' }).count(), POLL).toBe(1);
    await people.getByRole('button', { name: 'Follow Max Planck' }).click();
    await expect
      .poll(() => people.getByRole('button', { name: 'Unfollow Max Planck' }).count(), POLL)
      .toBe(1);
    await settled(ada);
    await fitsWidth(ada);
    await expectAccessible(ada);

    await ada.getByRole('tab', { name: 'Following' }).click();
    const following = ada.getByRole('list', { name: 'Following' });
    await expect.poll(() => following.getByRole('link', { name: 'Max Planck' }).count(), POLL).toBe(1);

    const told = await callAs(max, 'GET', '/api/notifications?kind=community_follow');
    expect(told.status).toBe(200);
    expect(told.text).toContain('Ada Lovelace follows you in the community');
  });

  it('admin@parity.test posts an announcement that ada reads first, its markdown rendered', async () => {
    const admin = await signedInPage(browser, server.url, 'admin@parity.test', { width: 1440 });
    await openCommunity(admin, false);
    await admin.getByRole('button', { name: 'New announcement' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New announcement' });
    await dialog.getByLabel(/^Title/).fill(TITLE);
    await dialog.getByLabel(/^Text/).fill('Every **Friday** at 10:00. <b>No HTML</b>');
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => admin.getByRole('article', { name: TITLE }).count(), POLL).toBe(1);
    await admin.close();

    await ada.getByRole('tab', { name: 'Announcements' }).click();
    const first = ada.getByRole('article').first();
    await expect.poll(() => first.getAttribute('aria-label'), POLL).toBe(TITLE);
    expect(await first.getByText('Friday', { exact: true }).evaluate((e) => e.tagName)).toBe('STRONG');
    expect(await first.locator('b').count()).toBe(0);
    // The expired demo announcement is not shown to members.
    expect(await ada.getByRole('article', { name: 'Scheduled maintenance finished' }).count()).toBe(0);
    await settled(ada);
    await fitsWidth(ada);
    await expectAccessible(ada);
  });
});
