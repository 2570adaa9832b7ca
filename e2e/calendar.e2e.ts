import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipient, type TestSmtp } from '../apps/api/src/test/smtp';
import { callAs, expectAccessible, hasBrowser, openModule, signedInPage } from './support/browser';
import { type OwnProduct, startOwnProduct } from './support/own-product';
import type { ServerProcess } from './support/server';

/**
 * Issue #15's journey in Chromium: ada creates a weekly event and invites max and the organization
 * Cedar; the invitation's .ics parses with ical.js (UID, times, RRULE); max accepts from his
 * calendar; ada drags the next occurrence in the week view and the attendees get the update (same
 * UID, higher SEQUENCE); eve (Cedar) sees the event, pending@acme.test gets 404; the feed URL
 * serves the series and stops working once regenerated. Its own server and SMTP server.
 */

const POLL = { timeout: 20_000 };
const TITLE = `Cedar pipeline sync ${Date.now().toString(36)}`;

/** The invitation's iCalendar: the calendar's METHOD and the series' VEVENT. */
function icsOf(mail: ParsedMail) {
  const attachment = mail.attachments.find(
    (a) => a.contentType.startsWith('text/calendar') || a.filename?.endsWith('.ics'),
  );
  if (!attachment) throw new Error(`No .ics attached to '${mail.subject}'`);
  const calendar = new ICAL.Component(ICAL.parse(attachment.content.toString('utf8')));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('No VEVENT in the .ics');
  return { method: String(calendar.getFirstPropertyValue('method')), event: new ICAL.Event(vevent), vevent };
}

/** Wall-clock "YYYY-MM-DDTHH:mm" of an instant in a zone (the form's start and end fields). */
function wallTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

describe.runIf(hasBrowser)('calendar: a weekly event from invitation to feed', () => {
  let server: ServerProcess;
  let smtp: TestSmtp;
  let browser: Browser;
  let product: OwnProduct | undefined;
  let ada: Page;
  let max: Page;
  let eventId: number;
  let invitation: ReturnType<typeof icsOf>;

  beforeAll(async () => {
    product = await startOwnProduct('calendar');
    ({ server, smtp, browser } = product);
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  const mailTo = (to: string, subject: RegExp, timeoutMs = 20_000) =>
    smtp.waitFor((mail) => recipient(mail) === to && subject.test(mail.subject ?? ''), timeoutMs);

  async function json<T>(page: Page, method: string, url: string): Promise<T> {
    const answer = await callAs(page, method, url);
    expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(300);
    return JSON.parse(answer.text) as T;
  }

  /**
   * Switches `page`'s calendar to the week `view` and steps to the first week that holds the event.
   * It is two days ahead, which on a Friday or Saturday is next week: each week's read is awaited
   * and looked into, never guessed from a timer. The browser revalidates a range it read before
   * (ETag): a 304 has no body here, so the week's occurrences are read again by URL.
   */
  async function weekWithEvent(page: Page, view: 'List' | 'Week') {
    const weekRead = () =>
      page.waitForResponse((response) => {
        const url = new URL(response.url());
        if (url.pathname !== '/api/events' || ![200, 304].includes(response.status())) return false;
        const days =
          (Date.parse(url.searchParams.get('to') ?? '') - Date.parse(url.searchParams.get('from') ?? '')) /
          86_400_000;
        return days <= 8;
      });
    let read = weekRead();
    await page.getByRole('button', { name: view, exact: true }).click();
    for (let week = 0; week < 3; week += 1) {
      const url = new URL((await read).url());
      const { data } = await json<{ data: { eventId: number }[] }>(
        page,
        'GET',
        `${url.pathname}${url.search}`,
      );
      if (data.some((occurrence) => occurrence.eventId === eventId)) return;
      read = weekRead();
      await page.getByRole('button', { name: /^Next/ }).click();
    }
    throw new Error(`None of the next three weeks holds event ${eventId}`);
  }

  /** Picks an option of a Select or MultiSelect after typing into its search. */
  async function choose(page: Page, label: string, search: string, option: RegExp | string) {
    const input = page
      .getByRole('dialog')
      .or(page.getByRole('main'))
      .first()
      .getByLabel(label, { exact: true });
    await input.click();
    await input.fill(search);
    await page.getByRole('option', { name: option }).first().click();
    // A MultiSelect's list stays open for more picks: close it.
    await page.keyboard.press('Escape');
  }

  it('ada adds a weekly event from /calendar and invites max and the organization Cedar', async () => {
    ada = await signedInPage(browser, server.url, 'ada@acme.test', { width: 1440 });
    await openModule(ada, 'Calendar');
    await ada.waitForURL((url) => url.pathname === '/calendar');
    await expect.poll(() => ada.locator('.fc-daygrid-day').count(), POLL).toBe(42);
    await expectAccessible(ada);

    const { timeZone } = await json<{ timeZone: string }>(ada, 'GET', '/api/calendar/preferences');
    // Two days ahead at 10:00 on ada's clock, for an hour, weekly four times.
    const day = new Date(Date.now() + 2 * 86_400_000);
    const start = `${wallTime(day, timeZone).slice(0, 10)}T10:00`;
    const end = `${start.slice(0, 10)}T11:00`;

    await ada.getByRole('button', { name: 'Add Event' }).click();
    const dialog = ada.getByRole('dialog', { name: 'Add event' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Description').fill('Pipeline **review** with Cedar.');
    await dialog.getByLabel(/^Start/).fill(start);
    await dialog.getByLabel(/^End\b/).fill(end);
    await dialog.getByLabel('Location').fill('Video call');
    await dialog.getByLabel('Video link').fill('https://meet.example.com/cedar-sync');
    await dialog.getByLabel('Repeat', { exact: true }).click();
    await ada.getByRole('option', { name: 'Weekly', exact: true }).click();
    await dialog.getByText('After', { exact: true }).click();
    await dialog.getByLabel('Number of occurrences').fill('4');
    await dialog.getByRole('button', { name: 'Add event' }).click();

    await ada.waitForURL((url) => /^\/calendar\/events\/\d+$/.test(url.pathname));
    eventId = Number(new URL(ada.url()).pathname.split('/').pop());
    await expect.poll(() => ada.getByRole('heading', { level: 1, name: TITLE }).count(), POLL).toBe(1);
    await expect
      .poll(() => ada.getByText('review', { exact: true }).evaluate((e) => e.tagName), POLL)
      .toBe('STRONG');
    await expectAccessible(ada);

    await ada.getByRole('tab', { name: 'Attendees' }).click();
    await choose(ada, 'Users', 'Max', /^Max/);
    await choose(ada, 'Organizations', 'Cedar', /Cedar/);
    await ada.getByRole('button', { name: 'Send invitations' }).click();
    await expect
      .poll(() => ada.getByRole('table', { name: 'Attendees' }).getByText('max@acme.test').count(), POLL)
      .toBe(1);
    await expectAccessible(ada);
    // The tab is a path: a reload (or a shared link) opens it again.
    expect(new URL(ada.url()).pathname).toBe(`/calendar/events/${eventId}/attendees`);
    await ada.reload();
    await expect
      .poll(() => ada.getByRole('table', { name: 'Attendees' }).getByText('max@acme.test').count(), POLL)
      .toBe(1);
    await expect
      .poll(() => ada.getByRole('tab', { name: 'Attendees', selected: true }).count(), POLL)
      .toBe(1);
  });

  it("mails max the invitation, whose .ics parses with the event's UID, times and RRULE", async () => {
    const mail = await mailTo('max@acme.test', new RegExp(`^Invitation: ${TITLE}`));
    invitation = icsOf(mail);
    const detail = await json<{ start: string; end: string; sequence: number }>(
      ada,
      'GET',
      `/api/events/${eventId}`,
    );
    expect(invitation.method).toBe('REQUEST');
    expect(invitation.event.summary).toBe(TITLE);
    expect(invitation.event.uid).toBeTruthy();
    expect(invitation.event.startDate.toJSDate().toISOString()).toBe(new Date(detail.start).toISOString());
    expect(invitation.event.endDate.toJSDate().toISOString()).toBe(new Date(detail.end).toISOString());
    const rrule = invitation.vevent.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rrule.freq).toBe('WEEKLY');
    expect(rrule.count).toBe(4);
    // Cedar's other members are invited with the organization.
    await mailTo('eve@cedar.test', new RegExp(`^Invitation: ${TITLE}`));
  });

  it('max accepts from his calendar', async () => {
    max = await signedInPage(browser, server.url, 'max@acme.test', { width: 1440 });
    await openModule(max, 'Calendar');
    await weekWithEvent(max, 'List');
    const link = max.getByRole('link', { name: TITLE }).first();
    await expect.poll(() => link.count(), POLL).toBeGreaterThan(0);
    await link.click();
    await max.waitForURL((url) => url.pathname === `/calendar/events/${eventId}`);
    await max.getByRole('group', { name: 'My answer' }).getByRole('button', { name: 'Attend' }).click();
    await expect.poll(() => max.getByText('You answered: Attending.').count(), POLL).toBe(1);
    const detail = await json<{ myAttendance: { status: string } }>(max, 'GET', `/api/events/${eventId}`);
    expect(detail.myAttendance.status).toBe('attending');
  });

  it('ada drags the next occurrence an hour later in the week view; the attendees get the update', async () => {
    await ada.goto('/calendar');
    await weekWithEvent(ada, 'Week');
    const event = ada.locator('.fc-timegrid-event', { hasText: TITLE }).first();
    await expect.poll(() => event.count(), POLL).toBe(1);
    await event.scrollIntoViewIfNeeded();
    const box = await event.boundingBox();
    const slot = await ada.locator('.fc-timegrid-slot-lane').first().boundingBox();
    if (!box || !slot) throw new Error('The week view is not laid out');
    // The default slot is 30 minutes: two slots make an hour.
    const x = box.x + box.width / 2;
    const y = box.y + Math.min(10, box.height / 2);
    await ada.mouse.move(x, y);
    await ada.mouse.down();
    await ada.mouse.move(x, y + 5, { steps: 5 });
    await ada.mouse.move(x, y + slot.height * 2, { steps: 10 });
    await ada.mouse.up();
    const scope = ada.getByRole('dialog', { name: 'Move a recurring event' });
    await scope.getByRole('button', { name: 'This occurrence' }).click();

    const update = await mailTo('max@acme.test', new RegExp(`^Updated: ${TITLE}`));
    const updated = icsOf(update);
    expect(updated.method).toBe('REQUEST');
    expect(updated.event.uid).toBe(invitation.event.uid);
    expect(Number(updated.vevent.getFirstPropertyValue('sequence'))).toBeGreaterThan(
      Number(invitation.vevent.getFirstPropertyValue('sequence') ?? 0),
    );
  });

  it('eve (Cedar) sees the event; pending@acme.test gets 404', async () => {
    const eve = await signedInPage(browser, server.url, 'eve@cedar.test', { width: 390 });
    await eve.goto(`/calendar/events/${eventId}`);
    await expect.poll(() => eve.getByRole('heading', { level: 1, name: TITLE }).count(), POLL).toBe(1);
    await expectAccessible(eve);

    const pending = await signedInPage(browser, server.url, 'pending@acme.test');
    expect((await callAs(pending, 'GET', `/api/events/${eventId}`)).status).toBe(404);
    expect((await callAs(pending, 'GET', `/api/events/${eventId}/attendees`)).status).toBe(404);
  });

  it('the feed URL serves the series and stops working once regenerated', async () => {
    await ada.goto('/calendar');
    await ada.getByRole('button', { name: 'Settings' }).click();
    const settings = ada.getByRole('dialog', { name: 'Calendar settings' });
    await settings.getByRole('button', { name: /Create feed URL|Regenerate/ }).click();
    const confirmRegenerate = ada.getByRole('dialog', { name: 'Regenerate the feed URL' });
    if (await confirmRegenerate.count())
      await confirmRegenerate.getByRole('button', { name: 'Regenerate' }).click();
    const field = settings.getByLabel('Feed URL');
    await expect.poll(() => field.count(), POLL).toBe(1);
    const first = await field.inputValue();
    await expectAccessible(ada);

    const served = await fetch(first);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/text\/calendar/);
    const feed = new ICAL.Component(ICAL.parse(await served.text()));
    const series = feed
      .getAllSubcomponents('vevent')
      .find(
        (vevent) =>
          vevent.getFirstPropertyValue('uid') === invitation.event.uid && vevent.hasProperty('rrule'),
      );
    expect(series, 'the series in the feed').toBeTruthy();

    await settings.getByRole('button', { name: 'Regenerate' }).click();
    await ada
      .getByRole('dialog', { name: 'Regenerate the feed URL' })
      .getByRole('button', { name: 'Regenerate' })
      .click();
    await expect.poll(() => field.inputValue(), POLL).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(await field.inputValue())).status).toBe(200);
  });
});
