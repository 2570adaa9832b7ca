import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipient, type TestSmtp } from '../apps/api/src/test/smtp';
import { callAs, expectAccessible, hasBrowser, signedInPage } from './support/browser';
import { type OwnProduct, startOwnProduct } from './support/own-product';
import type { ServerProcess } from './support/server';

/**
 * Issue #5's journey: host@northwind.test creates a dei survey with two custom questions, invites
 * Acme and Cedar and sends a reminder; ada@acme.test and max@acme.test fill it together (one
 * holds a step, the other sees it held), ada submits; the host sees Acme submitted in the
 * response rates and downloads the responses as .xlsx; eve@cedar.test declines. It runs its own
 * server and SMTP server, so its sign-ins and mail are its own.
 */
describe.runIf(hasBrowser)('a survey from request to response', () => {
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-survey-downloads-'));
  const TITLE = 'Manager diversity request 2027';
  const QUESTIONS = ['How many interns did you hire this year?', 'Which programmes do you run?'];
  let smtp: TestSmtp;
  let server: ServerProcess;
  let browser: Browser;
  let product: OwnProduct | undefined;
  let surveyId: number;
  let acmeId: number;

  beforeAll(async () => {
    product = await startOwnProduct('surveys');
    ({ server, smtp, browser } = product);
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
    fs.rmSync(downloads, { recursive: true, force: true });
  });

  /** A signed-in page of its own browser context (its own tokens). */
  const pageOf = (email: string) => signedInPage(browser, server.url, email);

  async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
    const answer = await callAs(page, method, url, body);
    expect(answer.status, `${method} ${url}`).toBe(200);
    return JSON.parse(answer.text) as T;
  }

  async function mailTo(to: string, subject: RegExp) {
    await expect
      .poll(() => smtp.messages.filter((m) => recipient(m) === to && subject.test(m.subject ?? '')).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    return smtp.messages.filter((m) => recipient(m) === to && subject.test(m.subject ?? '')).at(-1)!;
  }

  const isoDay = (offsetDays: number) => {
    const day = new Date(Date.now() + offsetDays * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  };

  /** Types a date into a Mantine DateInput and leaves it, so its calendar closes over nothing. */
  async function fillDate(page: Page, label: string, value: string) {
    const input = page.getByLabel(label);
    await input.fill(value);
    await input.blur();
  }

  /** Picks an option of a Mantine Select or MultiSelect by typing part of it. */
  async function choose(page: Page, label: string | RegExp, typed: string, option: string | RegExp) {
    const input = page.getByRole('textbox', { name: label }).or(page.getByRole('combobox', { name: label }));
    await input.first().click();
    // Searchable selects filter by what is typed; plain ones are read only and just open.
    if (await input.first().isEditable()) await input.first().fill(typed);
    await page.getByRole('option', { name: option }).first().click();
  }

  let host: Page;

  it('the host creates a dei survey with two custom questions', async () => {
    host = await pageOf('host@northwind.test');
    await host.goto('/surveys/hosting/create');
    await expect
      .poll(() => host.getByRole('radio', { name: /dei/i }).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expectAccessible(host);
    // Score is not offered; dei is the default.
    expect(await host.getByRole('radio', { name: /score/i }).isDisabled()).toBe(true);
    await host.getByRole('button', { name: 'Next' }).click();

    await host.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await host
      .getByRole('textbox', { name: 'Description' })
      .fill('Our request to the managers we invest with.');
    await fillDate(host, 'Start Date', isoDay(0));
    // Due before start is refused with the domain's message, and the wizard stays.
    await fillDate(host, 'Due Date', isoDay(-1));
    // The contact fields start with the host herself.
    await expect
      .poll(() => host.getByRole('combobox', { name: /^Primary Contact/ }).inputValue(), { timeout: 20_000 })
      .toMatch(/^Nora/);
    expect(await host.getByRole('textbox', { name: 'Contact Email' }).inputValue()).toBe(
      'host@northwind.test',
    );
    await host.getByRole('textbox', { name: 'Support Email' }).fill('support@northwind.test');
    await host.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => host.getByText(/Due Date must be on or after/).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    // The message goes as soon as the due date is valid.
    await fillDate(host, 'Due Date', isoDay(45));
    await expect
      .poll(() => host.getByText(/Due Date must be on or after/).count(), { timeout: 20_000 })
      .toBe(0);
    await host.getByRole('button', { name: 'Next' }).click();

    // LPI settings, practices, miscellaneous: as they are.
    await expect.poll(() => host.getByRole('switch', { name: /Board/ }).count()).toBeGreaterThan(0);
    await host.getByRole('button', { name: 'Next' }).click();
    await host.getByRole('button', { name: 'Next' }).click();
    await host.getByRole('button', { name: 'Next' }).click();

    // Two custom questions: a number and a select.
    await host.getByRole('button', { name: 'Add custom question' }).click();
    let form = host.getByRole('form', { name: 'New question' });
    await choose(host, /^Type/, 'Num', 'Number');
    await form.getByRole('textbox', { name: /^Question/ }).fill(QUESTIONS[0]!);
    await form.getByRole('button', { name: 'Add question' }).click();
    await host.getByRole('button', { name: 'Add custom question' }).click();
    form = host.getByRole('form', { name: 'New question' });
    await choose(host, /^Type/, 'Sel', 'Select');
    await form.getByRole('textbox', { name: /^Question/ }).fill(QUESTIONS[1]!);
    const options = form.getByLabel(/^Options/);
    await options.fill('Mentoring');
    await options.press('Enter');
    await options.fill('Sponsorship');
    await options.press('Enter');
    await form.getByRole('button', { name: 'Add question' }).click();
    for (const question of QUESTIONS) {
      await expect.poll(() => host.getByText(question).count()).toBeGreaterThan(0);
    }

    // The review reads every value back; Create Request is there.
    await host.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => host.getByRole('heading', { name: 'Review your request' }).count(), { timeout: 20_000 })
      .toBe(1);
    const details = host.getByRole('region', { name: 'Details' });
    expect(await details.getByText(TITLE, { exact: true }).count()).toBe(1);
    expect(await details.getByText('support@northwind.test', { exact: true }).count()).toBe(1);
    const custom = host.getByRole('region', { name: 'Custom miscellaneous settings' });
    for (const question of QUESTIONS) expect(await custom.getByText(question).count()).toBe(1);
    await expectAccessible(host);
    await host.getByRole('button', { name: 'Create Request' }).click();
    // The host lands on the new survey.
    await host.waitForURL((url) => /^\/surveys\/hosting\/\d+$/.test(url.pathname), { timeout: 20_000 });

    const hosted = await api<{ data: { id: number; title: string }[] }>(host, 'GET', '/api/surveys');
    const created = hosted.data.find((s) => s.title === TITLE);
    expect(created).toBeDefined();
    surveyId = created!.id;
    expect(new URL(host.url()).pathname).toBe(`/surveys/hosting/${surveyId}`);
    const overview = await api<{ questions: { display: string }[] }>(host, 'GET', `/api/surveys/${surveyId}`);
    expect(overview.questions.map((q) => q.display)).toEqual(QUESTIONS);
  }, 180_000);

  it('the host invites Acme and Cedar, whose people are mailed, and sends a reminder', async () => {
    // From the surveys to answer, through the Hosting section, to the survey.
    await host.goto('/surveys');
    await host
      .getByRole('navigation', { name: 'Survey sections' })
      .getByRole('link', { name: 'Hosting' })
      .click();
    await host.waitForURL((url) => url.pathname === '/surveys/hosting');
    await host
      .getByRole('link', { name: new RegExp(TITLE) })
      .first()
      .click();
    await host.waitForURL((url) => url.pathname === `/surveys/hosting/${surveyId}`);
    await host.getByRole('tab', { name: 'Invitations' }).click();
    await host.getByRole('button', { name: 'Invite organizations' }).click();
    const dialog = host.getByRole('dialog', { name: 'Invite organizations' });
    await choose(host, 'Organizations', 'Acme', /Acme Capital/);
    await choose(host, 'Organizations', 'Cedar', /Cedar/);
    // The multi-select stays open after a pick: a click elsewhere in the dialog closes it.
    await dialog.getByText(/get the invitation mail/).click();
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expect
      .poll(
        () =>
          host
            .getByText(
              /^(Acme Capital Partners and Cedar Equity|Cedar Equity and Acme Capital Partners) were invited$/,
            )
            .count(),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);

    const participants = host.getByRole('table', { name: 'Participants' });
    await expect
      .poll(() => participants.getByText(/Acme Capital/).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await participants.getByText(/Cedar/).count()).toBeGreaterThan(0);
    const invitation = await mailTo('ada@acme.test', new RegExp(TITLE));
    expect(invitation.text).toContain(`/surveys/${surveyId}`);
    await mailTo('eve@cedar.test', new RegExp(TITLE));

    await host.getByRole('button', { name: 'Send reminder' }).click();
    const reminder = host.getByRole('dialog', { name: 'Send reminder' });
    await reminder.getByRole('button', { name: 'Send reminder' }).click();
    await mailTo('ada@acme.test', new RegExp(`^Reminder: ${TITLE}`));
    await reminder.waitFor({ state: 'detached' });
    await expectAccessible(host);
  }, 120_000);

  it('ada and max fill it together: a held step is read only for the other; ada submits', async () => {
    const ada = await pageOf('ada@acme.test');
    // Ada gives max LPI access, so that both may edit Acme's response.
    const members = await api<{ data: { id: number; email: string }[] }>(
      ada,
      'GET',
      '/api/organizations/me/permissions',
    );
    const maxId = members.data.find((m) => m.email === 'max@acme.test')!.id;
    await api(ada, 'PUT', `/api/organizations/me/members/${maxId}/permissions`, {
      average_lpi_score_access: true,
    });

    await ada.goto('/surveys');
    const tile = ada.getByRole('article', { name: TITLE });
    await expect.poll(() => tile.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await tile.first().getByRole('link', { name: 'Continue Response' }).click();
    await ada.waitForURL((url) => url.pathname === `/surveys/taking/${surveyId}`);
    acmeId = Number(new URL(ada.url()).searchParams.get('organizationId'));
    expect(acmeId).toBeGreaterThan(0);
    await expect
      .poll(() => ada.getByRole('heading', { level: 2, name: 'Overview' }).count(), { timeout: 20_000 })
      .toBe(1);

    // Ada moves to step 2 and holds it; max sees it held and reads only. At 390 px the stepper is
    // a 'Step n of 11' menu above the step: ada moves on with it.
    await ada.setViewportSize({ width: 390, height: 844 });
    const stepMenu = ada.getByRole('button', { name: 'Step 1 of 11', exact: true });
    await expect.poll(() => stepMenu.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await ada.getByRole('navigation', { name: 'Survey steps' }).isVisible()).toBe(false);
    // The step has loaded (its form, no busy part) before axe reads the page.
    await expect
      .poll(() => ada.getByRole('textbox', { name: 'Website' }).count(), { timeout: 20_000 })
      .toBe(1);
    await expect.poll(() => ada.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
    await expectAccessible(ada);
    await stepMenu.click();
    const staffItem = ada.getByRole('menuitem', { name: /^Total Full-Time Employees/ });
    await expect.poll(() => staffItem.isVisible(), { timeout: 15_000 }).toBe(true);
    // The steps carry the LPI tabs' names.
    expect(await ada.getByRole('menuitem', { name: /^Ownership and Senior Leadership/ }).count()).toBe(1);
    expect(await ada.getByRole('menuitem', { name: /^Board Members/ }).count()).toBe(1);
    await staffItem.click();
    await expect
      .poll(() => ada.getByRole('button', { name: 'Step 2 of 11', exact: true }).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect.poll(() => ada.getByRole('menu').count()).toBe(0);
    await ada.setViewportSize({ width: 1400, height: 900 });
    // The step's title (its grids' sections carry the same name once they have loaded).
    await expect
      .poll(
        () => ada.getByRole('heading', { level: 2, name: 'Total Full-Time Employees', exact: true }).count(),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await ada.waitForURL((url) => url.searchParams.get('step') === '2');
    const max = await pageOf('max@acme.test');
    await max.goto(`/surveys/taking/${surveyId}?organizationId=${acmeId}&step=2`);
    await expect
      .poll(() => max.getByText(/Being edited by Ada Lovelace/).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await max.getByRole('button', { name: 'Mark Complete' }).count()).toBe(0);
    await expectAccessible(max);

    // Max completes the overview (not held), ada every other step; each step's Next saves and moves on.
    await max.goto(`/surveys/taking/${surveyId}?organizationId=${acmeId}&step=1`);
    await max.getByRole('button', { name: 'Mark Complete' }).click();
    await expect
      .poll(() => max.getByRole('button', { name: 'Mark Incomplete' }).count(), { timeout: 15_000 })
      .toBe(1);
    await max.close();

    for (let step = 2; step <= 10; step++) {
      await ada.waitForURL((url) => url.searchParams.get('step') === String(step), { timeout: 20_000 });
      // Exact: the note dialog's 'Mark Complete with note' must never stand in for the step's button.
      const mark = ada.getByRole('button', { name: 'Mark Complete', exact: true });
      await expect.poll(() => mark.count(), { timeout: 20_000 }).toBe(1);
      await mark.click();
      if (step === 3) {
        expect(
          await ada.getByRole('heading', { level: 2, name: 'Ownership and Senior Leadership' }).count(),
        ).toBe(1);
        // Acme's demo ownership adds up to 58.95%: the step is marked complete with a note for the host.
        const form = ada.getByRole('form', { name: 'Explain the mismatch' });
        await expect.poll(() => form.count(), { timeout: 15_000 }).toBe(1);
        expect(
          await form.getByText(/Owner percentages add up to 58\.95%; they must total 100\.00%/).count(),
        ).toBe(1);
        await expectAccessible(ada);
        await form.getByLabel(/Note for the survey's host/).fill('Two owners left in March.');
        await form.getByRole('button', { name: 'Mark Complete with note' }).click();
        // The dialog closes once the mark is saved; Next is clicked only after that.
        await expect.poll(() => form.count(), { timeout: 15_000 }).toBe(0);
      }
      await expect
        .poll(() => ada.getByRole('button', { name: 'Mark Incomplete' }).count(), { timeout: 15_000 })
        .toBe(1);
      await ada.getByRole('button', { name: 'Next' }).click();
    }

    // The submit step: the terms first, then the response goes in.
    await ada.waitForURL((url) => url.searchParams.get('step') === '11', { timeout: 20_000 });
    await expect
      .poll(() => ada.getByText('Every step is complete', { exact: false }).count(), { timeout: 20_000 })
      .toBe(1);
    await ada.getByRole('button', { name: 'Submit' }).last().click();
    await expect
      .poll(() => ada.getByText('Please, accept terms and conditions').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await ada.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await ada.getByRole('button', { name: 'Submit' }).last().click();
    await expect
      .poll(
        async () => {
          const invitation = await api<{ status: string; submitted_at: string | null }>(
            ada,
            'GET',
            `/api/surveys/invitations/${surveyId}`,
          );
          return invitation.submitted_at !== null;
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    // The printable response is the PDF's document of values: headings and tables, no inputs,
    // readable at 390 px without the page scrolling sideways.
    await ada.goto(`/surveys/export/${surveyId}?organizationId=${acmeId}`);
    await expect
      .poll(() => ada.getByRole('heading', { level: 2, name: 'Overview', exact: true }).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    expect(await ada.getByRole('table').count()).toBeGreaterThan(0);
    expect(await ada.locator('main input, main textarea, main select').count()).toBe(0);
    await ada.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => ada.evaluate(() => document.documentElement.scrollWidth), { timeout: 20_000 })
      .toBeLessThanOrEqual(390);
    await expectAccessible(ada);
  }, 300_000);

  it('the host sees Acme submitted and downloads the responses as .xlsx', async () => {
    await host.goto(`/surveys/hosting/${surveyId}`);
    const rates = host.locator('dl[aria-label="Response rates"]');
    await expect.poll(() => rates.getByText(/Submitted/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const rated = await api<{ invited: number; statuses: Record<string, { count: number }> }>(
      host,
      'GET',
      `/api/surveys/${surveyId}/response-rates`,
    );
    expect(rated.invited).toBe(2);
    expect(rated.statuses.submitted?.count).toBe(1);

    await host.getByRole('tab', { name: 'Reports' }).click();
    const [download] = await Promise.all([
      host.waitForEvent('download'),
      host.getByRole('button', { name: 'Download responses (.xlsx)' }).click(),
    ]);
    const file = path.join(downloads, 'responses.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const text = workbook.worksheets
      .flatMap((sheet) => sheet.getSheetValues().flat())
      .map((v) => String(v ?? ''))
      .join('\n');
    expect(text).toContain('Acme Capital Partners');
    expect(text).not.toContain('Cedar');
  }, 120_000);

  it('eve declines for Cedar, and the host sees it', async () => {
    const eve = await pageOf('eve@cedar.test');
    await eve.goto(`/surveys/${surveyId}`);
    await eve.getByRole('button', { name: 'Decline' }).click();
    const dialog = eve.getByRole('dialog', { name: 'Decline the survey' });
    await choose(eve, /^Reason/, 'capacity', 'No capacity this cycle');
    await dialog.getByRole('button', { name: 'Decline the survey' }).click();
    await expect
      .poll(() => eve.getByText('Your organization declined this survey.').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);

    await host.goto(`/surveys/hosting/${surveyId}`);
    await host.getByRole('tab', { name: 'Invitations' }).click();
    const cedarRow = host
      .getByRole('table', { name: 'Participants' })
      .getByRole('row')
      .filter({ hasText: /Cedar/ });
    await expect.poll(() => cedarRow.getByText('Declined').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  }, 120_000);
});
