import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokenOf,
  callAs,
  expectAccessible,
  hasBrowser,
  launchBrowser,
  signIn,
} from './support/browser';
import { freePort, type ServerProcess, startServer, stopServer, waitHealthy } from './support/server';

/**
 * Issue #4's journey: ada@acme.test fills every tab of Acme's LPI profile in Chromium, saves
 * versions, reads the history, uploads 200 owners from the template, submits; the data survives a
 * restart of the server; max@acme.test (no LPI access) reads but cannot edit. The journey runs its
 * own server on its own data directory, because it restarts it.
 */
describe.runIf(hasBrowser)('the LPI profile', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-lpi-'));
  let port: number;
  let server: ServerProcess;
  let browser: Browser;
  let ada: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    port = await freePort();
    server = startServer(port, dataDir);
    await waitHealthy(port, server.child);
    browser = await launchBrowser();
    ada = await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
    page = await ada.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const saveVersion = () => page.getByRole('button', { name: 'Save version' });
  const saved = () => page.getByText('Successfully saved!').first();

  /** Opens a tab page and waits until it has loaded. */
  async function open(tab: string, ready: () => ReturnType<Page['getByRole']>) {
    await page.goto(`/lpi/${tab}`);
    await expect.poll(() => ready().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
  }

  async function saveAndConfirm() {
    await expect.poll(() => saveVersion().isEnabled()).toBe(true);
    await saveVersion().click();
    await expect.poll(() => saved().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => saveVersion().isEnabled()).toBe(false);
  }

  async function api<T>(url: string): Promise<T> {
    const answer = await callAs(page, 'GET', url);
    expect(answer.status, url).toBe(200);
    return JSON.parse(answer.text) as T;
  }

  it('ada edits the overview, saves a version and reads it in the history', async () => {
    await signIn(page, 'ada@acme.test');
    await page.waitForURL((url) => url.pathname === '/');
    await open('overview', () => page.getByRole('textbox', { name: 'Website' }));
    await expectAccessible(page);
    expect(await saveVersion().isDisabled()).toBe(true);

    // Two saves: the second version lists what changed from the first.
    await page.getByRole('textbox', { name: 'Website' }).fill('https://www.acme-capital.example/team');
    await saveAndConfirm();
    await page.getByRole('textbox', { name: 'Website' }).fill('https://www.acme-capital.example/about');
    await saveAndConfirm();

    await page.getByRole('button', { name: 'Version history' }).click();
    const history = page.getByRole('dialog', { name: 'Version history' });
    const latest = history.getByRole('listitem', { name: 'Version 2' });
    await expect.poll(() => latest.getByText(/acme-capital\.example\/about/).count()).toBeGreaterThan(0);
    expect(await latest.getByText(/acme-capital\.example\/team/).count()).toBeGreaterThan(0);
    expect(await latest.getByText(/Ada Lovelace/).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Close version history' }).click();
  });

  it('ada fills a cell of every grid (staff, US-based, insights, investment, committee) with the keyboard', async () => {
    const grids: [string, string][] = [
      ['fte', 'Total Full-Time Employees (US-based)'],
      ['insights', 'Historical Insights (Past 3 Years)'],
      ['investment', 'Investment Staff'],
      ['committee', 'Investment Committee'],
    ];
    for (const [tab, section] of grids) {
      const region = () => page.getByRole('region', { name: section, exact: true });
      await open(tab, () => region());
      const cell = region().getByRole('textbox', { name: 'Asian, Woman' }).first();
      await cell.fill('3');
      // Like a spreadsheet: the arrow key moves to the next gender's cell.
      await cell.press('ArrowRight');
      await page.keyboard.type('2');
      await saveAndConfirm();
    }
    const staff = await api<{
      data: { rows: { ethnicity_id: number; genders: { id: number; value: number }[] }[] };
    }>('/api/organization/me/staff?us_based=true');
    const asian = staff.data.rows.find((row) => row.ethnicity_id === 2);
    expect(asian?.genders.find((g) => g.id === 1)?.value).toBe(3);
  });

  it('ada empties a cell: it is not reported, not 0; at 390 px the race/ethnicity column stays in view', async () => {
    const section = 'Total Full-Time Employees (US-based)';
    const region = () => page.getByRole('region', { name: section, exact: true });
    await open('fte', () => region().getByRole('textbox', { name: 'Asian, Man' }));
    const cell = region().getByRole('textbox', { name: 'Asian, Man' });
    expect(await cell.inputValue()).toBe('2');
    await cell.fill('');
    await saveAndConfirm();
    const staff = await api<{
      data: { rows: { ethnicity_id: number; genders: { id: number; value: number | null }[] }[] };
    }>('/api/organization/me/staff?us_based=true');
    const asian = staff.data.rows.find((row) => row.ethnicity_id === 2);
    expect(asian?.genders.find((g) => g.id === 2)?.value).toBeNull();
    expect(asian?.genders.find((g) => g.id === 1)?.value).toBe(3);
    expect(await cell.inputValue()).toBe('');

    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await expect
        .poll(() => region().getByText('Scroll sideways to see every column').isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
      const grid = region().getByRole('region', { name: `${section} by race/ethnicity and gender` });
      const header = grid.getByRole('rowheader', { name: 'Asian', exact: true });
      await grid.evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      await expect.poll(() => grid.evaluate((el) => el.scrollLeft), { timeout: 20_000 }).toBeGreaterThan(0);
      const [headerBox, gridBox] = [await header.boundingBox(), await grid.boundingBox()];
      expect(Math.abs((headerBox?.x ?? -1) - (gridBox?.x ?? 0))).toBeLessThan(2);
      await expectAccessible(page);
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it('ada uploads 200 owners from the template: Ownership is 100.00%', async () => {
    await open('ownership', () => page.getByRole('button', { name: 'Bulk Upload' }));
    const before = await api<{ data: { totals: { ownership_sum: number } } }>(
      '/api/organization/me/ownership',
    );
    const remaining = Math.round((100 - before.data.totals.ownership_sum) * 100); // in cents of a percent

    // The template, downloaded and filled as a user would in a spreadsheet program.
    const token = await accessTokenOf(page);
    const download = await fetch(`${server.url}/api/ownerships/template/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Individuals')!;
    const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const example = sheet.getRow(2).values as unknown[];
    const nameColumn = header.indexOf('Full Name or Unique Identifier');
    const ownershipColumn = header.indexOf('Ownership %');
    expect(nameColumn).toBeGreaterThan(0);
    expect(ownershipColumn).toBeGreaterThan(0);
    for (let i = 0; i < 200; i++) {
      const cents = Math.floor(remaining / 200) + (i < remaining % 200 ? 1 : 0);
      const row = sheet.getRow(3 + i);
      example.forEach((value, column) => {
        if (column > 0) row.getCell(column).value = value as ExcelJS.CellValue;
      });
      row.getCell(nameColumn).value = `Owner ${String(i + 1).padStart(3, '0')}`;
      row.getCell(ownershipColumn).value = `${(cents / 100).toFixed(2)}%`;
      row.commit();
    }
    const file = path.join(dataDir, 'owners.xlsx');
    await workbook.xlsx.writeFile(file);

    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload' });
    await dialog.getByLabel('Spreadsheet (.xlsx)').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.getByText('Ownership is 100.00%').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'Owner 200', exact: true }).count()).toBe(1);
    await expectAccessible(page);
  });

  it('ada adds a board member, a policy record and a practice', async () => {
    await open('board', () => page.getByRole('button', { name: 'Add Individuals or Entities' }));
    await page.getByRole('button', { name: 'Add Individuals or Entities' }).click();
    const board = page.getByRole('dialog', { name: 'Add Individuals or Entities' });
    await board.getByRole('textbox', { name: /Name/ }).first().fill('Grace Board');
    await board.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'Grace Board', exact: true }).count()).toBe(1);
    await saveAndConfirm();

    await open('policies', () => page.getByRole('button', { name: /^Add / }));
    await page.getByRole('button', { name: 'Add Pay Equity Policy' }).click();
    const policy = page.getByRole('dialog', { name: /Add policy: Pay Equity Policy/ });
    await policy.getByLabel('Status').selectOption('Reviewed');
    await policy.getByRole('button', { name: 'Add' }).click();
    await expect
      .poll(() => page.getByText('Policy was created').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);

    await open('practices', () => page.getByRole('switch').first());
    await page.getByRole('switch', { name: 'Diverse candidate slates are required for open roles' }).click();
    await saveAndConfirm();
    await expectAccessible(page);
  });

  it('at 1024 px the tab row keeps whole labels: the current tab in view, arrows to the others', async () => {
    await page.setViewportSize({ width: 1024, height: 900 });
    try {
      const tabs = page.getByRole('tablist', { name: 'LPI profile tabs' });
      await open('investment', () => tabs);
      const inView = async (name: RegExp) => {
        const [box, bar] = [await tabs.getByRole('tab', { name }).boundingBox(), await tabs.boundingBox()];
        return (
          box !== null && bar !== null && box.x >= bar.x - 1 && box.x + box.width <= bar.x + bar.width + 1
        );
      };
      await expect.poll(() => inView(/^Investment Staff/), { timeout: 20_000 }).toBe(true);
      // One row (a tab is about 40 px high), not the tabs wrapped onto several rows.
      expect((await tabs.boundingBox())?.height).toBeLessThan(70);
      const next = page.getByRole('button', { name: 'Show the next tabs' });
      for (let step = 0; step < 10 && (await next.isEnabled()); step++) {
        await next.click();
        await page.waitForTimeout(400); // the row scrolls smoothly
      }
      await expect.poll(() => inView(/^Analytics/), { timeout: 20_000 }).toBe(true);
      expect(await page.getByRole('button', { name: 'Show the previous tabs' }).isEnabled()).toBe(true);
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it('at 390 px a picker names the current tab and opens any of them; Submit is on /lpi too', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open('board', () => page.getByRole('cell', { name: 'Grace Board', exact: true }));
    // The tab row (which showed one tab at a time on a phone) is for wider screens (issue 37).
    const picker = page.getByRole('combobox', { name: 'LPI profile tabs' });
    await expect.poll(() => picker.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('tablist', { name: 'LPI profile tabs' }).isVisible()).toBe(false);
    expect(await picker.inputValue()).toBe('board');
    // Every tab: the nine profile pages and Analytics.
    expect(await picker.getByRole('option').count()).toBe(10);
    expect(await page.getByRole('button', { name: 'Submit', exact: true }).count()).toBe(1);
    await expectAccessible(page);
    await picker.selectOption('policies');
    await page.waitForURL((url) => url.pathname === '/lpi/policies');
    await expect.poll(() => picker.inputValue(), { timeout: 20_000 }).toBe('policies');
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('ada submits the profile from the organization reporting page', async () => {
    await page.goto('/organizations/private/lpi/overview');
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await submit.first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.getByText('The LPI profile was submitted.').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
  });

  it('the profile survives a restart of the server', async () => {
    expect(await stopServer(server)).toBe(0);
    server = startServer(port, dataDir);
    await waitHealthy(port, server.child);

    await open('board', () => page.getByRole('cell', { name: 'Grace Board', exact: true }));
    await open('ownership', () => page.getByRole('cell', { name: 'Owner 137', exact: true }));
    expect(await page.getByText('Ownership is 100.00%').count()).toBe(1);
    const versions = await api<{ data: { kind: string }[] }>('/api/lpi/versions?tab=overview');
    expect(versions.data.map((v) => v.kind)).toEqual(expect.arrayContaining(['save', 'submit']));
  }, 150_000); // a stop and a start, each allowed waitHealthy's 90 s on a loaded machine

  it('max (no LPI access) reads the profile but cannot edit it', async () => {
    const maxContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1400, height: 900 },
    });
    const max = await maxContext.newPage();
    await signIn(max, 'max@acme.test');
    await max.waitForURL((url) => url.pathname === '/');
    await max.goto('/lpi/board');
    await expect
      .poll(() => max.getByRole('cell', { name: 'Grace Board', exact: true }).count(), { timeout: 20_000 })
      .toBe(1);
    expect(
      await max
        .getByText('You can view this profile. Ask an organization admin for LPI access to edit it.')
        .count(),
    ).toBe(1);
    expect(await max.getByRole('button', { name: 'Save version' }).count()).toBe(0);
    // Only members with LPI access may submit (the API's rule): no Submit for max.
    expect(await max.getByRole('button', { name: 'Submit', exact: true }).count()).toBe(0);
    expect(await max.getByRole('button', { name: 'Add Individuals or Entities' }).count()).toBe(0);
    // Read only, the overview's values are text, not disabled inputs.
    await max.goto('/lpi/overview');
    await expect
      .poll(() => max.getByRole('group', { name: 'Website', exact: true }).count(), { timeout: 20_000 })
      .toBe(1);
    expect(await max.getByRole('textbox', { name: 'Website' }).count()).toBe(0);
    expect(await max.locator('main input, main textarea').count()).toBe(0);
    await expectAccessible(max);
    await maxContext.close();
  });
});
