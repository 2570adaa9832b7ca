import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const baseURL = inject('baseURL');
export const chromiumPath = inject('chromiumPath');
/** False when no Chromium is installed (and E2E_REQUIRED is not set): the journeys are skipped. */
export const hasBrowser = chromiumPath !== null && baseURL !== '';

export const DEMO_PASSWORD = 'Parity-Demo-2026!';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath ?? undefined,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 } });
  return context.newPage();
}

/** Fails with the list of WCAG A/AA violations axe finds on the page as it is now. */
export async function expectAccessible(page: Page) {
  // A dialog or alert still fading in or out is drawn at partial opacity, which axe reads as low
  // contrast: let every finite transition end first (spinners run forever and are left alone).
  // Two frames first: a Mantine transition asked for just before starts its CSS transition in
  // the next frame, and would not be listed yet.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}

/**
 * Opens a module from the top bar at a width from 48em: from its row, or from under More when the
 * row has no room for it (issue 37: the row shows a fixed number of modules per breakpoint).
 */
export async function openModule(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Modules' });
  await nav.getByRole('link').first().waitFor();
  const link = nav.getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) await nav.getByRole('button', { name: 'More', exact: true }).click();
  await link.click();
}

/**
 * A page of its own browser context (its own tokens), signed in as `email` and arrived on the
 * dashboard. Downloads are accepted so that journeys can read what the app hands out.
 */
export async function signedInPage(
  browser: Browser,
  url: string,
  email: string,
  { width = 1400 }: { width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signIn(page, email);
  await page.waitForURL((address) => address.pathname === '/');
  return page;
}

/** The access token the signed-in page keeps (spec 3 Token pair: key access_token). */
export function accessTokenOf(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('access_token'));
}

/**
 * A call to the API of the page's own server with the page's own access token, answered as
 * {status, text}.
 */
export async function callAs(page: Page, method: string, url: string, body?: unknown) {
  const token = await accessTokenOf(page);
  const res = await fetch(new URL(url, page.url()), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
}
