import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, hasBrowser, launchBrowser, newPage, signIn } from './support/browser';

/** The reads the dashboard starts with, which the route preloader sends with the page. */
const FIRST_READS = [
  '/api/user/status',
  '/api/user-account',
  '/api/user/healthcheck',
  '/api/organizations/me/admins',
];

describe.runIf(hasBrowser)('signing in and out', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a wrong password with the message and stays on /login', async () => {
    page = await newPage(browser);
    await signIn(page, 'ada@acme.test', 'Not-The-Password-1!');
    await expect
      .poll(() => page.getByText('The user credentials were incorrect.').count())
      .toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await expectAccessible(page);
    await page.context().close();
  });

  it('sends a two-factor user to the code step, which refuses a wrong code', async () => {
    page = await newPage(browser);
    await signIn(page, 'mfa@acme.test');
    await page.waitForURL(/\/login\/verification\/[0-9a-f-]{36}$/);
    const code = page.getByLabel(/verification code/i);
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    // 000000 may be the real code once in a million runs; then the dashboard opens instead.
    await expect
      .poll(
        async () =>
          (await page.getByText(/The code is incorrect/).count()) > 0 || new URL(page.url()).pathname === '/',
      )
      .toBe(true);
    await page.context().close();
  });

  it('signs ada in to the dashboard shell, reloads, and logs out', async () => {
    page = await newPage(browser);
    await signIn(page, 'ada@acme.test');
    await page.waitForURL((url) => url.pathname === '/');
    // The greeting names the account and its organization.
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/Good (Morning|Afternoon|Evening)/);
    await expect.poll(() => page.getByText('Acme Capital Partners').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('navigation', { name: /breadcrumb/i }).textContent())
      .toMatch(/Dashboard/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
    await expectAccessible(page);

    // Reference data arrives through the dictionary cache once signed in. The reload's account
    // reads are sent by the route preloader while the scripts load, and the app uses those
    // answers instead of asking again: one request each, none left unused.
    const accountReads: string[] = [];
    const countAccountReads = (request: { url(): string; method(): string }) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'GET' && FIRST_READS.includes(pathname)) {
        accountReads.push(pathname);
      }
    };
    page.on('request', countAccountReads);
    await page.reload();
    await expect.poll(() => page.getByText('Acme Capital Partners').count()).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const early = (window as { __parityEarlyResponses?: { responses: object } }).__parityEarlyResponses;
          return Object.keys(early?.responses ?? { 'nothing was sent early': 1 });
        }),
      )
      .toEqual([]);
    page.off('request', countAccountReads);
    expect(accountReads.sort()).toEqual([...FIRST_READS].sort());

    // A signed-in user opening /login goes back to the dashboard.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');

    await page
      .getByRole('button', { name: /ada|account|user menu/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: /log out/i }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();

    // The old session is over: the dashboard sends us back to /login.
    await page.goto('/');
    await page.waitForURL(/\/login/);
    await page.context().close();
  });

  it("paints /login and the dashboard's cards where they stay: no layout shift on a phone (Lighthouse's CLS)", async () => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 412, height: 823 },
      isMobile: true,
    });
    page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: { value: number; moved: string[] }[] = [];
      (window as { __shifts?: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources: { node?: Node | null }[];
        })[]) {
          const moved = entry.sources.map((source) =>
            source.node instanceof Element
              ? (source.node.getAttribute('aria-labelledby') ?? source.node.tagName)
              : '?',
          );
          shifts.push({ value: entry.value, moved });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const shiftsOfPage = () =>
      page.evaluate(() => (window as { __shifts?: { value: number; moved: string[] }[] }).__shifts ?? []);
    // The boot screen and then the sign-in form: nothing moves (the boot screen once shifted the
    // whole body by the browser's default margin when the app's styles applied).
    await page.goto('/login');
    await page
      .getByRole('button', { name: /sign in|log in/i })
      .first()
      .waitFor();
    await page.waitForTimeout(300);
    expect(await shiftsOfPage()).toEqual([]);
    await signIn(page, 'ada@acme.test');
    await page.waitForURL((url) => url.pathname === '/');
    await page.reload();
    // ada's demo profile misses fields: the prompt above the cards is part of the first paint.
    await expect.poll(() => page.getByRole('region', { name: 'Complete your profile' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: /LPI/ }).count()).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    const shifts = await shiftsOfPage();
    // The cards (sections named by their titles) never move; what else shifts stays far under
    // Lighthouse's 0.1 for a good score (the prompt arriving late scored 0.084 and moved the
    // welcome card).
    expect(shifts.flatMap((shift) => shift.moved).filter((moved) => moved.endsWith('-title'))).toEqual([]);
    expect(shifts.flatMap((shift) => shift.moved)).not.toContain('BODY');
    expect(shifts.reduce((sum, shift) => sum + shift.value, 0)).toBeLessThan(0.01);
    await context.close();
  });

  it("paints a page opened first with its components' styles, which the first-paint stylesheet leaves out", async () => {
    page = await newPage(browser);
    await signIn(page, 'ada@acme.test');
    await page.waitForURL((url) => url.pathname === '/');
    // A reload of the members page: its table's styles (Mantine's Table) come with the page's code.
    await page.goto('/organizations/private/members');
    const table = page.getByRole('table').first();
    await table.waitFor();
    expect(await table.evaluate((element) => getComputedStyle(element).borderCollapse)).toBe('collapse');
    await page.context().close();
  });
});
