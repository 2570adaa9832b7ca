import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipient, type TestSmtp } from '../apps/api/src/test/smtp';
import { expectAccessible, hasBrowser, newPage, openModule, signedInPage } from './support/browser';
import { type OwnProduct, startOwnProduct } from './support/own-product';
import type { ServerProcess } from './support/server';

/**
 * Issue #18's journey in Chromium: eve (on a 390 px phone) opens Help & support from the user menu
 * on the calendar, files a request with a PDF (the calendar's path filled in; a GIF is refused
 * before sending); admin@parity.test answers it from Admin → Support; the answer is mailed to eve
 * and shows on her request, which she closes. Signed out, the FAQ opens from the login page. Its
 * own server and SMTP server.
 */

const POLL = { timeout: 20_000 };
const SUBJECT = `Calendar export ${Date.now().toString(36)}`;
const ANSWER = 'Use the **feed** link under Calendar settings.';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

describe.runIf(hasBrowser)('support: a request filed, answered by mail and read', () => {
  let server: ServerProcess;
  let smtp: TestSmtp;
  let browser: Browser;
  let product: OwnProduct | undefined;
  let eve: Page;
  let admin: Page;
  let requestId: number;

  beforeAll(async () => {
    product = await startOwnProduct('support');
    ({ server, smtp, browser } = product);
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  const fitsWidth = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
  const settled = (page: Page) => expect.poll(() => page.locator('[aria-busy="true"]').count(), POLL).toBe(0);

  it('signed out, the FAQ opens from the login page with the signing-in answers', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Read the FAQ' }).click();
    await page.waitForURL((url) => url.pathname === '/faq');
    await expect.poll(() => page.getByRole('heading', { name: 'Signing in' }).count(), POLL).toBe(1);
    await page.getByRole('button', { name: 'I forgot my password. What do I do?' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'login page' }).count(), POLL).toBe(1);
    await expectAccessible(page);
    await page.context().close();
  });

  it('eve opens Help & support from the user menu on the calendar and reads the scoring article', async () => {
    eve = await signedInPage(browser, server.url, 'eve@cedar.test', { width: 390 });
    await eve.goto(`${server.url}/calendar/events`);
    await settled(eve);
    await eve.getByRole('button', { name: 'Account menu for Eve Castillo', exact: true }).click();
    await eve.getByRole('menuitem', { name: 'Help & support' }).click();
    await eve.waitForURL((url) => url.pathname === '/support');
    await expect
      .poll(() => eve.getByRole('heading', { level: 1, name: 'Help & support' }).count(), POLL)
      .toBe(1);
    await eve.getByRole('textbox', { name: 'Search help' }).fill('scores');
    await eve.getByRole('region', { name: 'Help articles' }).getByRole('button', { name: 'Search' }).click();
    await eve.getByRole('link', { name: 'How scores are computed' }).click();
    await eve.waitForURL((url) => url.pathname === '/support/articles/how-scores-are-computed');
    await expect.poll(() => eve.getByText('staff_score').count(), POLL).toBeGreaterThan(0);
    await fitsWidth(eve);
    await eve.goBack();
    await eve.waitForURL((url) => url.pathname === '/support');
    await settled(eve);
    await expectAccessible(eve);
    await fitsWidth(eve);
  });

  it('eve files a request with a PDF; the page she came from is filled in and a GIF is refused', async () => {
    await eve.getByRole('link', { name: 'Contact support' }).first().click();
    await eve.waitForURL((url) => url.pathname === '/support/contact');
    await expect
      .poll(() => eve.getByRole('textbox', { name: 'Page' }).inputValue(), POLL)
      .toBe('/calendar/events');
    await eve.getByRole('textbox', { name: /Subject/ }).fill(SUBJECT);
    await eve.getByRole('textbox', { name: /Message/ }).fill('How do I get the events into **Outlook**?');
    const file = eve.locator('input[type="file"]');
    await file.setInputFiles({ name: 'cat.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect
      .poll(() => eve.getByText('The attachment must be a PDF, PNG, JPEG, TXT or DOCX file.').count(), POLL)
      .toBeGreaterThan(0);
    await file.setInputFiles({ name: 'calendar.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expectAccessible(eve);
    await eve.getByRole('button', { name: 'Send request' }).click();
    await eve.waitForURL((url) => /^\/support\/requests\/\d+$/.test(url.pathname));
    requestId = Number(new URL(eve.url()).pathname.split('/').pop());
    await expect.poll(() => eve.getByRole('heading', { level: 1, name: SUBJECT }).count(), POLL).toBe(1);
    await expect.poll(() => eve.getByText('Open', { exact: true }).count(), POLL).toBe(1);
    await expect.poll(() => eve.getByRole('button', { name: /calendar\.pdf/ }).count(), POLL).toBe(1);
    await fitsWidth(eve);
  });

  it('admin@parity.test answers it from Admin → Support', async () => {
    admin = await signedInPage(browser, server.url, 'admin@parity.test', { width: 1440 });
    await openModule(admin, 'Admin');
    await admin.waitForURL((url) => url.pathname === '/admin');
    await admin
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Support' })
      .click();
    await admin.waitForURL((url) => url.pathname === '/admin/support');
    await admin.getByRole('link', { name: SUBJECT }).click();
    await admin.waitForURL((url) => url.pathname === `/support/requests/${requestId}`);
    await admin.getByRole('textbox', { name: /Answer/ }).fill(ANSWER);
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Send answer' }).click();
    await expect.poll(() => admin.getByText('Answered', { exact: true }).count(), POLL).toBe(1);
  });

  it('the answer is mailed to eve with the link to her request, and shows on it', async () => {
    const mail = await smtp.waitFor(
      (message) => recipient(message) === 'eve@cedar.test' && (message.subject ?? '').includes(SUBJECT),
      20_000,
    );
    expect(mail.text).toContain('Use the **feed** link');
    const link = /https?:\/\/\S+\/support\/requests\/\d+/.exec(mail.text ?? '')?.[0];
    expect(new URL(link as string).pathname).toBe(`/support/requests/${requestId}`);

    await eve.goto(`${server.url}/support/requests/${requestId}`);
    const answer = eve.getByLabel('Answer from Parity support');
    await expect.poll(() => answer.getByText('feed', { exact: true }).count(), POLL).toBe(1);
    await expect.poll(() => eve.getByText('Answered', { exact: true }).count(), POLL).toBe(1);
    await expectAccessible(eve);
    await fitsWidth(eve);
  });

  it('eve closes the request', async () => {
    await eve.getByRole('button', { name: 'Close request' }).click();
    await eve.getByRole('dialog').getByRole('button', { name: 'Close request' }).click();
    await expect.poll(() => eve.getByText('Closed', { exact: true }).count(), POLL).toBe(1);
  });
});
