import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TOrganizationLpi } from '@parity/domain/analytics';
import { mean } from '@parity/domain/scoring/survey';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  callAs,
  expectAccessible,
  hasBrowser,
  launchBrowser,
  signedInPage,
} from './support/browser';

/**
 * Issue #6's journey on the demo data: ada@acme.test reads Acme's gauge, score cards, history and
 * breakdowns; host@northwind.test reads the 2026 survey's distribution, filters it by a label,
 * opens a respondent's manager view and downloads a chart's data. The page's numbers are checked
 * against the scoring library's for the same data.
 */
describe.runIf(hasBrowser)('scores and analytics', () => {
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-analytics-downloads-'));
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(downloads, { recursive: true, force: true });
  });

  const pageOf = (email: string) => signedInPage(browser, baseURL, email);

  async function api<T>(page: Page, url: string): Promise<T> {
    const answer = await callAs(page, 'GET', url);
    expect(answer.status, url).toBe(200);
    return JSON.parse(answer.text) as T;
  }

  const twoDecimals = (value: number | null) => (value === null ? 'N/A' : value.toFixed(2));

  it("ada reads Acme's gauge and score cards on the dashboard, then its history and breakdowns", async () => {
    const ada = await pageOf('ada@acme.test');
    const account = await api<{ organization_id: number }>(ada, '/api/user/status');
    const acme = await api<TOrganizationLpi>(ada, `/api/organizations/${account.organization_id}/lpi`);

    const cards = ada.getByRole('list', { name: 'Score cards' });
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(1);
    // The card's LPI is the stored submission's (the library's, computed at submit), to 2 decimals.
    await expect
      .poll(() => ada.getByTestId('dashboard-lpi').textContent(), { timeout: 10_000 })
      .toBe(twoDecimals(acme.scores?.lpi ?? null));
    // The score cards in weight order.
    expect(await cards.getByRole('link').allTextContents()).toEqual([
      'Total Full-Time Employees score',
      'Senior Leadership score',
      'Ownership score',
    ]);
    // Each tile is a score out of 100 beside the head count it reads, from the submission named.
    expect(await cards.getByText(`out of 100, from ${acme.counts?.staff} full-time employees`).count()).toBe(
      1,
    );
    // The day as the app's one formatter writes it: the browser's locale and time zone.
    const submittedDay = await ada.evaluate(
      (iso) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }),
      acme.submitted_at!,
    );
    expect(await ada.getByTestId('dashboard-source').textContent()).toBe(
      `From the profile submitted ${submittedDay}`,
    );
    expect(await ada.getByText('Sample data', { exact: false }).count()).toBeGreaterThan(0);
    await expectAccessible(ada);

    await ada.goto('/lpi/analytics');
    await expect
      .poll(() => ada.getByRole('button', { name: /Download .* as CSV/ }).count(), { timeout: 20_000 })
      .toBeGreaterThan(1);
    await expectAccessible(ada);
  }, 120_000);

  it("the host reads the 2026 survey's distribution, filters it by a label, opens a manager view and downloads data", async () => {
    const host = await pageOf('host@northwind.test');
    const hosted = await api<{ data: { id: number; title: string }[] }>(host, '/api/surveys');
    const survey = hosted.data.find((s) => s.title === '2026 DEI Survey')!;
    expect(survey).toBeDefined();

    await host.goto(`/surveys/hosting/${survey.id}?tab=analytics`);
    const summary = host.getByRole('region', { name: 'Summary across respondents' });
    await expect.poll(() => summary.count(), { timeout: 20_000 }).toBe(1);

    // The mean on the page equals the scoring library's mean of the respondents' values.
    const all = await api<{
      summary: { n: number };
      values: { organization_name: string; value: number | null }[];
    }>(host, `/api/analytics/survey/${survey.id}/distribution?score=lpi`);
    const libraryMean = mean(all.values.map((v) => v.value));
    expect(libraryMean).not.toBeNull();
    await expect
      .poll(() => summary.getByText(twoDecimals(libraryMean), { exact: true }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await summary.getByText(String(all.summary.n), { exact: true }).count()).toBeGreaterThan(0);
    await expectAccessible(host);

    // Filtered by a label: the respondents counted change to those carrying it.
    const labels = await api<{ data: { id: number; name: string }[] }>(
      host,
      `/api/organization-labels?survey_id=${survey.id}`,
    );
    const label = labels.data.find((l) => l.name === 'Private equity') ?? labels.data[0]!;
    const filtered = await api<{ summary: { n: number } }>(
      host,
      `/api/analytics/survey/${survey.id}/distribution?score=lpi&label_ids=${label.id}`,
    );
    const picker = host
      .getByRole('textbox', { name: 'Organization labels' })
      .or(host.getByRole('combobox', { name: 'Organization labels' }));
    await picker.first().click();
    await host.getByRole('option', { name: label.name }).click();
    // The multi-select stays open after a pick: a click on the summary closes it.
    await summary.click();
    if (filtered.summary.n >= 3) {
      await expect
        .poll(() => summary.getByText(String(filtered.summary.n), { exact: true }).count(), {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
    } else {
      await expect
        .poll(() => host.getByText('Hidden to protect privacy').count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
    }

    // A respondent's manager view, addressable by the page's query string.
    await host.goto(`/surveys/hosting/${survey.id}?tab=analytics`);
    await expect.poll(() => summary.count(), { timeout: 20_000 }).toBe(1);
    const first = all.values.find((v) => v.value !== null)!;
    await host.getByRole('button', { name: `Open the manager view of ${first.organization_name}` }).click();
    const drawer = host.getByRole('dialog', { name: `Manager view: ${first.organization_name}` });
    await expect.poll(() => drawer.count(), { timeout: 10_000 }).toBe(1);
    expect(new URL(host.url()).searchParams.get('organizationId')).not.toBeNull();
    await host.getByRole('button', { name: 'Close the manager view' }).click();

    // Acme's manager view, by address: Acme has not submitted the 2026 survey yet, and says so.
    const acme = await api<{ data: { id: number; name: string }[] }>(
      host,
      '/api/organizations?search_query=Acme',
    );
    const acmeId = acme.data.find((o) => o.name === 'Acme Capital Partners')!.id;
    await host.goto(`/surveys/hosting/${survey.id}?tab=analytics&organizationId=${acmeId}`);
    const acmeView = host.getByRole('dialog', { name: 'Manager view: Acme Capital Partners' });
    await expect
      .poll(() => acmeView.getByText('Not submitted').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await host.getByRole('button', { name: 'Close the manager view' }).click();

    // A chart's data as CSV.
    const csvButton = host.getByRole('button', { name: /Download .* as CSV/ }).first();
    const [download] = await Promise.all([host.waitForEvent('download'), csvButton.click()]);
    const file = path.join(downloads, 'chart.csv');
    await download.saveAs(file);
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.split('\n').length).toBeGreaterThan(2);
    expect(csv).toContain(first.organization_name);
  }, 120_000);
});
