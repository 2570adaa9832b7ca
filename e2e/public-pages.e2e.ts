import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, hasBrowser, launchBrowser, newPage } from './support/browser';

describe.runIf(hasBrowser)('public pages, signed out', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [path, heading] of [
    ['/terms', /terms/i],
    ['/policy', /privacy/i],
    ['/permissions', /permissions/i],
    ['/crm', /contact/i],
    ['/scoring', /scores/i],
  ] as const) {
    it(`${path} shows its content and passes axe`, async () => {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(heading);
      expect((await page.locator('main').innerText()).length).toBeGreaterThan(500);
      await expectAccessible(page);
    });
  }

  it('/design shows every button type and size, live alerts and dialogs', async () => {
    await page.goto('/design');
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const type of [
      'primary',
      'secondary',
      'tertiary',
      'blanc',
      'success',
      'action',
      'warning',
      'error',
    ]) {
      expect(await page.getByText(type, { exact: true }).count(), type).toBeGreaterThan(0);
    }
    await expectAccessible(page);
    // A live alert appears in the alert region and can be closed.
    await page.getByRole('button', { name: 'Show error alert' }).click();
    const region = page.getByRole('region', { name: 'Alerts' });
    await expect.poll(() => region.getByRole('alert').count()).toBe(1);
    await region.getByRole('button', { name: 'Close alert' }).click();
    await expect.poll(() => region.getByRole('alert').count()).toBe(0);
    // A dialog opens on top and Escape closes it.
    await page.getByRole('button', { name: 'Open medium dialog' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('sends a signed-out visitor of a signed-in page to /login', async () => {
    await page.goto('/');
    await page.waitForURL(/\/login/);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectAccessible(page);
  });

  it('shows the 404 page for an unknown path', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL(/\/404$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/not found/i);
    await expectAccessible(page);
  });

  it('paints a boot screen before the scripts run, and explains when JavaScript is off', async () => {
    const slow = await newPage(browser);
    // The scripts never arrive: what shows is the page as served.
    await slow.route('**/assets/*.js', (route) => route.abort());
    await slow.goto('/login');
    expect(await slow.getByRole('main').getByText('Loading Parity…').isVisible()).toBe(true);
    await slow.close();

    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const noScript = await context.newPage();
    await noScript.goto('/login');
    // Playwright's text locators skip <noscript>: read what the page shows instead.
    const shown = await noScript.locator('body').innerText();
    expect(shown).toContain('Parity needs JavaScript to run.');
    expect(shown).not.toContain('Loading Parity…');
    await context.close();
  });

  it('serves the API reference at /api/docs listing the routes', async () => {
    await page.goto('/api/docs');
    await expect.poll(() => page.getByText('/api/health').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const doc = await page.request.get('/api/docs/openapi.json');
    const paths = Object.keys((await doc.json()).paths);
    for (const route of [
      '/api/oauth/token',
      '/api/oauth/refresh',
      '/api/user/status',
      '/api/genders',
      '/api/attributes/relations',
    ]) {
      expect(paths).toContain(route);
    }
  });
});
