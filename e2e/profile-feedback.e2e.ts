import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  DEMO_PASSWORD,
  expectAccessible,
  hasBrowser,
  launchBrowser,
  newPage,
  signIn,
} from './support/browser';

/**
 * Profile and feedback journey. Signs in three times in all (max and pending through the page,
 * the platform admin through the API): the token endpoint allows 20 a minute per address for
 * the whole run.
 */
describe.runIf(hasBrowser)('feedback widget, dashboard status and profile pages', () => {
  let browser: Browser;
  let page: Page;
  const comment = `Clear and quick ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('max sends feedback from the widget: rating 8 and a comment', async () => {
    page = await newPage(browser);
    await signIn(page, 'max@acme.test');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByRole('heading', { name: 'Your access' }).count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Feedback', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share your feedback' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '8', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Can you tell us more?' }).fill(comment);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Feedback has been sent.').count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Share your feedback' }).count()).toBe(0);
  });

  it('at 390 px the Feedback tab covers none of the page (it follows the content)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await expect.poll(() => page.getByRole('heading', { name: 'Your access' }).count()).toBe(1);
      const tab = page.getByRole('button', { name: 'Feedback', exact: true });
      // Every visible element of the page's main content whose box meets the tab's box.
      const covered = () =>
        tab.evaluate((button) => {
          const t = button.getBoundingClientRect();
          const main = document.querySelector('main');
          if (!main) return ['no main'];
          return Array.from(main.querySelectorAll('*'))
            .filter((el) => el.children.length === 0 || el.matches('button, a, input, [role]'))
            .map((el) => ({ el, r: el.getBoundingClientRect() }))
            .filter(({ r }) => r.width > 0 && r.height > 0)
            .filter(({ r }) => r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom)
            .map(({ el }) => `${el.tagName.toLowerCase()} ${el.textContent?.trim().slice(0, 40) ?? ''}`);
        });
      await expect.poll(covered, { timeout: 20_000 }).toEqual([]);
      // Scrolled to the end of the page, the tab is there and still covers nothing.
      await tab.scrollIntoViewIfNeeded();
      expect(await tab.isVisible()).toBe(true);
      expect(await covered()).toEqual([]);
      await expectAccessible(page);
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  it('max opens the users directory and his own profile', async () => {
    await page.goto('/users');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Users' }).count()).toBe(1);
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await expectAccessible(page);

    await page.goto('/users/private');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Max Planck' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Edit Profile' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Invite User' }).isDisabled()).toBe(true);
    await expectAccessible(page);

    // Edit Profile: the real POST /api/user-account/{id} (multipart form) saves the title.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Research Physicist');
    await page.getByRole('switch', { name: 'Keep address private' }).check({ force: true });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('User was updated').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/Research Physicist/).count()).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/users/private/settings');
    await expect.poll(() => page.getByRole('heading', { name: 'Change password' }).count()).toBe(1);
    await expectAccessible(page);
    await page.context().close();
  });

  it('the feedback is in the admin list (GET /api/admin/feedback as admin@parity.test)', async () => {
    const tokenResponse = await fetch(`${baseURL}/api/oauth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        username: 'admin@parity.test',
        password: DEMO_PASSWORD,
        client_id: 'parity-web',
      }),
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const list = await fetch(`${baseURL}/api/admin/feedback?limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as {
      data: { value: number; comment: string | null; url: string; user: { email: string } | null }[];
    };
    const sent = body.data.find((item) => item.comment === comment);
    expect(sent).toMatchObject({ value: 8, user: { email: 'max@acme.test' } });
    expect(new URL(sent?.url ?? '').pathname).toBe('/');
  });

  it("pending@acme.test sees 'Awaiting admin approval' on the dashboard", async () => {
    page = await newPage(browser);
    await signIn(page, 'pending@acme.test');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByRole('heading', { name: 'Awaiting admin approval' }).count()).toBe(1);
    await expect
      .poll(() => page.getByRole('link', { name: 'Complete your profile' }).getAttribute('href'))
      .toBe('/users/private');
    await expectAccessible(page);
    await page.context().close();
  });
});
