import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  expectAccessible,
  hasBrowser,
  launchBrowser,
  openModule,
  signedInPage,
} from './support/browser';
import { freePort, type ServerProcess, startServer, stopServer, waitHealthy } from './support/server';

/**
 * Issue #14's journey: admin@parity.test opens Admin from the top bar and sees the dashboard's
 * figures, finds Cedar among the organizations and reads its ownership on the Diversity tab,
 * approves pending@acme.test, makes max a survey host, creates an integration client for Northwind
 * whose client_credentials token reads Northwind's survey analytics but not another host's survey,
 * reads the feedback max sent earlier in the run, downloads the users report, and turns
 * maintenance on: max's page shows the banner and his write is refused with 503 and the message;
 * then it is turned off, the write goes through, and the Audit view shows the change with its
 * before and after. Its own server and database.
 */
describe.runIf(hasBrowser)('the admin console', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-admin-'));
  const POLL = { timeout: 20_000 };
  const FEEDBACK = 'The survey list could sort by due date.';
  const MESSAGE = 'Upgrading the database until 18:00 UTC.';
  let server: ServerProcess;
  let browser: Browser;
  let admin: Page;
  let max: Page;

  beforeAll(async () => {
    const port = await freePort();
    server = startServer(port, dataDir);
    await waitHealthy(port, server.child);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const pageOf = (email: string) => signedInPage(browser, server.url, email);

  /** A request with the page's own token, answered as {status, body}. */
  async function request(page: Page, method: string, url: string, body?: unknown) {
    const answer = await callAs(page, method, url, body);
    return { status: answer.status, body: answer.text };
  }

  const feedback = (page: Page) =>
    request(page, 'POST', '/api/feedback', { url: `${server.url}/surveys`, value: 7, comment: FEEDBACK });

  it('opens Admin from the top bar and sees the platform figures', async () => {
    max = await pageOf('max@acme.test');
    expect((await feedback(max)).status).toBe(201);

    admin = await pageOf('admin@parity.test');
    await openModule(admin, 'Admin');
    await admin.waitForURL((url) => url.pathname === '/admin');
    await expect.poll(() => admin.getByRole('heading', { level: 1, name: 'Admin' }).count(), POLL).toBe(1);
    for (const figure of ['Organizations', 'Users']) {
      await expect
        .poll(() => admin.getByRole('heading', { name: figure, exact: true }).count(), POLL)
        .toBeGreaterThan(0);
    }
    await expect.poll(() => admin.locator('[aria-busy="true"]').count(), POLL).toBe(0);
    await expectAccessible(admin);
  }, 120_000);

  it('opens Organizations, finds Cedar and reads its ownership on the Diversity tab', async () => {
    const sections = admin.getByRole('navigation', { name: 'Admin sections' });
    await sections.getByRole('link', { name: 'Organizations', exact: true }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/organizations');
    await admin.getByRole('textbox', { name: 'Search' }).fill('Cedar');
    const organizations = admin.getByRole('table', { name: 'Organizations' });
    await expect.poll(() => organizations.getByRole('row').count(), POLL).toBe(2);
    await organizations.getByRole('link', { name: 'Cedar Equity' }).click();
    await admin.waitForURL((url) => /^\/admin\/organizations\/\d+$/.test(url.pathname));
    await admin.getByRole('tab', { name: 'Diversity', exact: true }).click();
    expect(await admin.getByRole('radio', { name: 'Ownership', exact: true }).isChecked()).toBe(true);
    const ownership = admin.getByRole('table', { name: 'Ownership and Senior Leadership' });
    await expect.poll(() => ownership.getByRole('row').count(), POLL).toBeGreaterThan(1);
    // Read only: the LPI page's editing actions are not offered to the administrator.
    expect(await admin.getByRole('button', { name: /^Add/ }).count()).toBe(0);
    await expect.poll(() => admin.locator('[aria-busy="true"]').count(), POLL).toBe(0);
    await expectAccessible(admin);
    // At 390 px the page does not scroll sideways (the option bar and the table scroll in place).
    const size = admin.viewportSize();
    await admin.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => admin.evaluate(() => document.documentElement.scrollWidth), POLL)
      .toBeLessThanOrEqual(390);
    if (size) await admin.setViewportSize(size);
  }, 120_000);

  it('approves a pending user and makes a member a survey host', async () => {
    const sections = admin.getByRole('navigation', { name: 'Admin sections' });
    await sections.getByRole('link', { name: 'Users', exact: true }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/users');
    await admin.getByRole('textbox', { name: 'Search' }).fill('pending@acme.test');
    const users = admin.getByRole('table', { name: 'Users' });
    await expect.poll(() => users.getByRole('row').count(), POLL).toBe(2);
    await users.getByRole('link').first().click();
    await admin.waitForURL((url) => /^\/admin\/users\/\d+$/.test(url.pathname));
    await admin.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => admin.getByText('User approved').count(), POLL).toBeGreaterThan(0);

    await sections.getByRole('link', { name: 'Users', exact: true }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/users');
    await admin.getByRole('textbox', { name: 'Search' }).fill('max@acme.test');
    await expect.poll(() => users.getByRole('row').count(), POLL).toBe(2);
    await users.getByRole('link').first().click();
    await admin.waitForURL((url) => /^\/admin\/users\/\d+$/.test(url.pathname));
    await admin.getByRole('tab', { name: 'Permissions', exact: true }).click();
    const host = admin.getByRole('switch', { name: 'Survey host (manage surveys)' });
    await expect.poll(() => host.count(), POLL).toBe(1);
    expect(await host.isChecked()).toBe(false);
    await host.click();
    await admin.getByRole('button', { name: 'Save permissions', exact: true }).click();
    await expect.poll(() => admin.getByText(/saved/i).count(), POLL).toBeGreaterThan(0);
    // Max's own account now says he hosts surveys.
    const status = await request(max, 'GET', '/api/user/status');
    expect(JSON.parse(status.body).isSurveyHost).toBe(true);
  }, 120_000);

  it("creates a client for Northwind whose client_credentials token reads Northwind's survey analytics, not another host's", async () => {
    // Another host's survey: max (Acme, a survey host since the test above) gets survey creation
    // and creates one.
    const maxAccount = JSON.parse((await request(max, 'GET', '/api/user-account')).body);
    const granted = await request(admin, 'PUT', `/api/admin/users/${maxAccount.id}/permissions`, {
      survey_creation: true,
    });
    expect(granted.status, granted.body).toBe(200);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const acmeSurvey = await request(max, 'POST', '/api/surveys', {
      organization_id: maxAccount.organization.id,
      survey_type_id: 2,
      title: 'Acme 2026 peers survey',
      description: 'Acme asks its peers.',
      start: day(1),
      due: day(40),
      primary_contact_id: maxAccount.id,
      contact_email: 'max@acme.test',
      support_email: 'support@acme.test',
      contents: [2, 3, 4].map((id) => ({ content_type: 'lpi_tab', content_ref_id: id, enabled: true })),
      questions: [],
    });
    expect(acmeSurvey.status, acmeSurvey.body).toBe(201);
    const otherSurveyId = JSON.parse(acmeSurvey.body).id as number;
    const host = await pageOf('host@northwind.test');
    const hosted = JSON.parse((await request(host, 'GET', '/api/surveys')).body).data as { id: number }[];
    const northwindSurveyId = hosted[0]!.id;
    const northwind = JSON.parse((await request(host, 'GET', '/api/user-account')).body).organization.name;

    // In the browser: Admin › Clients › Create client.
    await admin
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Clients', exact: true })
      .click();
    await admin.waitForURL((url) => url.pathname === '/admin/clients');
    await expect
      .poll(() => admin.getByRole('table', { name: 'OAuth clients, newest first' }).count(), POLL)
      .toBe(1);
    await admin.getByRole('button', { name: 'Create client', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create client' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Northwind BI');
    const organization = dialog
      .getByRole('textbox', { name: /^Organization/ })
      .or(dialog.getByRole('combobox', { name: /^Organization/ }))
      .first();
    await organization.click();
    await organization.fill('Northwind');
    await admin.getByRole('option', { name: northwind }).click();
    await dialog.getByRole('checkbox', { name: /^read:analytics/ }).check();
    await dialog.getByRole('checkbox', { name: /^read:surveys/ }).check();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    const shown = admin.getByRole('dialog', { name: 'Client created' });
    await expect.poll(() => shown.getByTestId('client-secret').count(), POLL).toBe(1);
    expect(await shown.getByText(/shown only this once/).count()).toBe(1);
    expect(await shown.getByRole('button', { name: 'Copy the secret' }).count()).toBe(1);
    await expectAccessible(admin);
    const clientId = (await shown.getByTestId('client-id').textContent())!.trim();
    const clientSecret = (await shown.getByTestId('client-secret').textContent())!.trim();
    await shown.getByRole('button', { name: 'I have stored the secret' }).click();
    await expect.poll(() => admin.getByRole('row', { name: /Northwind BI/ }).count(), POLL).toBe(1);

    // The integration: a token through client_credentials, then reads.
    const token = await fetch(`${server.url}/api/oauth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
    });
    expect(token.status).toBe(200);
    const { access_token: accessToken, scope } = await token.json();
    expect(scope).toBe('read:analytics read:surveys');
    const read = (url: string, method = 'GET') =>
      fetch(`${server.url}${url}`, { method, headers: { authorization: `Bearer ${accessToken}` } });
    const analytics = await read(`/api/surveys/${northwindSurveyId}/lpi`);
    expect(analytics.status).toBe(200);
    expect((await analytics.json()).survey_id).toBe(northwindSurveyId);
    expect([403, 404]).toContain((await read(`/api/surveys/${otherSurveyId}/lpi`)).status);
    expect([403, 404]).toContain((await read(`/api/surveys/${otherSurveyId}`)).status);
    // A write with it: 403.
    const write = await read(`/api/surveys/${northwindSurveyId}/grant-administrator-access`, 'POST');
    expect(write.status).toBe(403);
    await host.context().close();
  }, 180_000);

  it('reads the feedback max sent earlier in the run', async () => {
    await admin
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Feedback', exact: true })
      .click();
    await admin.waitForURL((url) => url.pathname === '/admin/feedback');
    await expect.poll(() => admin.getByText(FEEDBACK).count(), POLL).toBeGreaterThan(0);
    await expectAccessible(admin);
  }, 60_000);

  it('downloads the users report as CSV from Reports', async () => {
    await admin
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Reports', exact: true })
      .click();
    await admin.waitForURL((url) => url.pathname === '/admin/reports');
    const users = admin.getByRole('region', { name: 'Users', exact: true });
    const [download] = await Promise.all([
      admin.waitForEvent('download', { timeout: 30_000 }),
      users.getByRole('button', { name: 'Download CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^parity-users-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const lines = fs.readFileSync(file, 'utf8').split('\r\n');
    expect(lines[0]).toBe(
      'ID,First name,Last name,Email,Title,Organization,Status,Platform administrator,Organization admin,Survey host,Two-factor,Created at,Last login at',
    );
    const row = lines.find((line) => line.split(',')[3] === 'admin@parity.test');
    expect(row?.split(',')[7]).toBe('Yes');
    await expect.poll(() => users.getByText('The CSV file was downloaded.').count(), POLL).toBe(1);
    await expectAccessible(admin);
  }, 60_000);

  it('turns maintenance on: max sees the banner and his write answers 503; then off again', async () => {
    await admin
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
    await admin.waitForURL((url) => url.pathname === '/admin');
    await admin.getByRole('switch', { name: 'Maintenance mode' }).click();
    await admin.getByRole('textbox', { name: /Message shown to users/ }).fill(MESSAGE);
    await admin.getByRole('button', { name: 'Save maintenance mode', exact: true }).click();
    await admin.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect.poll(() => admin.getByText('Maintenance mode is on').count(), POLL).toBeGreaterThan(0);

    // The server's status cache lives a few seconds: the refusal comes within them.
    await expect.poll(async () => (await feedback(max)).status, POLL).toBe(503);
    expect((await feedback(max)).body).toContain(MESSAGE);
    await max.reload();
    const banner = max.getByRole('status', { name: 'Maintenance' });
    await expect.poll(() => banner.count(), POLL).toBe(1);
    expect(await banner.textContent()).toContain(MESSAGE);

    await admin.getByRole('switch', { name: 'Maintenance mode' }).click();
    await admin.getByRole('button', { name: 'Save maintenance mode', exact: true }).click();
    await expect.poll(() => admin.getByText('Maintenance mode is off').count(), POLL).toBeGreaterThan(0);
    await expect.poll(async () => (await feedback(max)).status, POLL).toBe(201);
  }, 120_000);

  it('opens Audit, filters by kind and sees maintenance turned off with its before and after', async () => {
    await admin
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Audit', exact: true })
      .click();
    await admin.waitForURL((url) => url.pathname === '/admin/audit');
    await admin.getByRole('combobox', { name: 'Kind' }).click();
    await admin.getByRole('option', { name: 'Platform setting', exact: true }).click();
    await admin.waitForURL((url) => url.searchParams.get('entity') === 'setting');
    const table = admin.getByRole('table', { name: 'Audit entries, newest first' });
    // newest first: turned off, then turned on, both by the administrator
    await expect
      .poll(() => table.getByText('Platform setting: update').count(), POLL)
      .toBeGreaterThanOrEqual(2);
    await table.getByRole('button', { name: 'Show the changes of Platform setting: update' }).first().click();
    const diff = admin.getByRole('table', { name: 'What changed' });
    // the header, then the fields that changed: maintenance on before, off after (the message kept)
    await expect.poll(() => diff.getByRole('row').count(), POLL).toBe(2);
    expect(await diff.getByRole('row').nth(1).textContent()).toBe('MaintenanceYesNo');
    await expectAccessible(admin);
  }, 60_000);
});
