import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasBrowser, launchBrowser, newPage, openModule, signIn } from './support/browser';

/**
 * The organization directory journey. Signs in once (max through the page): the token endpoint
 * allows 20 a minute per address for the whole run.
 */
describe.runIf(hasBrowser)('organization directory and public page', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("max opens /organizations from the top bar, searches 'Cedar' and opens its page", async () => {
    page = await newPage(browser);
    await signIn(page, 'max@acme.test');
    await page.waitForURL((url) => url.pathname === '/');

    await openModule(page, 'Organizations');
    await page.waitForURL((url) => url.pathname === '/organizations');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Organizations' }).count()).toBe(1);
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'Acme Capital Partners' }).count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Search organizations' }).fill('Cedar');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === 'Cedar');
    await expect.poll(() => page.getByText('1 organization', { exact: true }).count()).toBe(1);
    const cedar = page.getByRole('link', { name: 'Cedar Equity' });
    await expect.poll(() => cedar.count()).toBe(1);
    await expectAccessible(page);

    await cedar.click();
    await page.waitForURL((url) => /^\/organizations\/\d+$/.test(url.pathname));
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Cedar Equity' }).count()).toBe(1);
    await expect
      .poll(() => page.locator('[data-field="website"] dd').textContent())
      .toContain('https://www.cedar-equity.example');
    // Its inception date (2012-09-01, a calendar day) as the app's one formatter writes it.
    const inception = await page.evaluate(() =>
      new Date(Date.UTC(2012, 8, 1)).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' }),
    );
    await expect.poll(() => page.locator('[data-field="inception_date"] dd').textContent()).toBe(inception);
    await expectAccessible(page);
    await page.context().close();
  });
});
