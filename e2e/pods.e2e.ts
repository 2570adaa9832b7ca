import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipient, type TestSmtp } from '../apps/api/src/test/smtp';
import { callAs, expectAccessible, hasBrowser, openModule, signedInPage } from './support/browser';
import { type OwnProduct, startOwnProduct } from './support/own-product';
import type { ServerProcess } from './support/server';

/**
 * Issue #16's journey in Chromium: ada creates an invite-only pod and invites eve by email; the
 * mail is captured and eve accepts through its link; eve posts with a file; ada replies and adds
 * a pod event, which eve attends; max (in no pod) gets 404 on the pod, its feed, its event and
 * its file, by URL and through the API. Its own server and SMTP server.
 */

const POLL = { timeout: 20_000 };
const NAME = `Talent heads ${Date.now().toString(36)}`;
const EVENT = 'Quarterly talent review';

describe.runIf(hasBrowser)('pods: an invite-only pod from invitation to event', () => {
  let server: ServerProcess;
  let smtp: TestSmtp;
  let browser: Browser;
  let product: OwnProduct | undefined;
  let ada: Page;
  let eve: Page;
  let podId: number;
  let eventId: number;

  beforeAll(async () => {
    product = await startOwnProduct('pods');
    ({ server, smtp, browser } = product);
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  /** On a phone (eve's 390 px) the page never scrolls sideways. */
  const fitsWidth = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );

  /** Waits until no panel of the page is loading. */
  const settled = (page: Page) => expect.poll(() => page.locator('[aria-busy="true"]').count(), POLL).toBe(0);

  it('ada creates an invite-only pod from My PODs', async () => {
    ada = await signedInPage(browser, server.url, 'ada@acme.test', { width: 1440 });
    await openModule(ada, 'Pods');
    await ada.waitForURL((url) => url.pathname === '/pods');
    await expect.poll(() => ada.getByRole('heading', { level: 1, name: 'My PODs' }).count(), POLL).toBe(1);
    await ada.getByRole('button', { name: 'Create POD' }).click();
    const dialog = ada.getByRole('dialog', { name: 'Create POD' });
    await dialog.getByLabel('Name').fill(NAME);
    await dialog.getByLabel('Description').fill('Heads of talent of several firms.');
    await dialog.getByLabel(/^Invite-only/).check();
    await expectAccessible(ada);
    await dialog.getByRole('button', { name: 'Create POD' }).click();
    await ada.waitForURL((url) => /^\/pods\/\d+$/.test(url.pathname));
    podId = Number(new URL(ada.url()).pathname.split('/').pop());
    await expect.poll(() => ada.getByRole('heading', { level: 1, name: NAME }).count(), POLL).toBe(1);
    await settled(ada);
    await expectAccessible(ada);
  });

  it('ada invites eve by email from the Members tab; the mail holds the accept link', async () => {
    await ada.getByRole('tab', { name: 'Members' }).click();
    await ada.waitForURL((url) => url.pathname === `/pods/${podId}/members`);
    const form = ada.getByRole('form', { name: 'Invite to the pod' });
    await form.getByLabel('Emails').fill('eve@cedar.test');
    await form.getByLabel('Emails').press('Enter');
    await form.getByRole('button', { name: 'Send invitations' }).click();
    await expect
      .poll(
        () =>
          ada
            .getByRole('list', { name: 'Invitations sent' })
            .getByText(/eve@cedar\.test/)
            .count(),
        POLL,
      )
      .toBe(1);
    await settled(ada);
    await expectAccessible(ada);

    const mail = await smtp.waitFor(
      (message) => recipient(message) === 'eve@cedar.test' && (message.text ?? '').includes(NAME),
      20_000,
    );
    const link = /https?:\/\/\S+\/pods\/invitations\/[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();

    eve = await signedInPage(browser, server.url, 'eve@cedar.test', { width: 390 });
    await eve.goto(link as string);
    await expect.poll(() => eve.getByText(/invited you to the pod/).count(), POLL).toBe(1);
    await expectAccessible(eve);
    await eve.getByRole('button', { name: 'Accept the invitation' }).click();
    await eve.waitForURL((url) => url.pathname === `/pods/${podId}`);
    await expect.poll(() => eve.getByRole('heading', { level: 1, name: NAME }).count(), POLL).toBe(1);
  });

  it('eve posts with a file', async () => {
    const composer = eve.getByRole('form', { name: 'Write a post' });
    await composer.getByLabel(/^Write a post/).fill('Our **hiring plan** for next year.');
    await composer.getByLabel('Attach a document').setInputFiles({
      name: 'hiring-plan.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('role,count\nanalyst,3\n'),
    });
    await expect.poll(() => composer.getByRole('list', { name: 'Attached' }).count(), POLL).toBe(1);
    await composer.getByRole('button', { name: 'Post' }).click();
    const feed = eve.getByRole('list', { name: 'Activity feed' });
    await expect
      .poll(() => feed.getByText('hiring plan', { exact: true }).evaluate((e) => e.tagName), POLL)
      .toBe('STRONG');
    await expect.poll(() => feed.getByRole('button', { name: /hiring-plan\.csv/ }).count(), POLL).toBe(1);
    await settled(eve);
    await expectAccessible(eve);
    await fitsWidth(eve);
  });

  it('ada replies to the post and adds a pod event', async () => {
    await ada.getByRole('tab', { name: 'Activity Feed' }).click();
    await ada.waitForURL((url) => url.pathname === `/pods/${podId}`);
    const reply = ada.getByRole('button', { name: /^Reply to Eve/ });
    await expect.poll(() => reply.count(), POLL).toBe(1);
    await reply.click();
    const form = ada.getByRole('form', { name: 'Reply' });
    await form.getByLabel(/^Reply/).fill('Thanks, Eve: let us discuss it at the review.');
    await form.getByRole('button', { name: 'Reply' }).click();
    await expect
      .poll(
        () =>
          ada
            .getByRole('list', { name: 'Replies' })
            .getByText(/let us discuss it/)
            .count(),
        POLL,
      )
      .toBe(1);

    await ada.getByRole('tab', { name: 'Events' }).click();
    await ada.waitForURL((url) => url.pathname === `/pods/${podId}/events`);
    await ada.getByRole('button', { name: 'Add event' }).click();
    const dialog = ada.getByRole('dialog', { name: 'Add event' });
    await dialog.getByLabel('Title').fill(EVENT);
    await dialog.getByLabel('Location').fill('Video call');
    await expectAccessible(ada);
    await dialog.getByRole('button', { name: 'Add event' }).click();
    await ada.waitForURL((url) => /^\/pods\/\d+\/events\/\d+$/.test(url.pathname));
    eventId = Number(new URL(ada.url()).pathname.split('/').pop());
    await expect.poll(() => ada.getByRole('heading', { level: 1, name: EVENT }).count(), POLL).toBe(1);
    await expectAccessible(ada);
  });

  it('eve opens the event from the Events tab and attends', async () => {
    await eve.goto(`/pods/${podId}`);
    await eve.getByRole('tab', { name: 'Events' }).click();
    const link = eve.getByRole('link', { name: EVENT });
    await expect.poll(() => link.count(), POLL).toBe(1);
    await link.click();
    await eve.waitForURL((url) => url.pathname === `/pods/${podId}/events/${eventId}`);
    await eve.getByRole('group', { name: 'My answer' }).getByRole('button', { name: 'Attend' }).click();
    await expect.poll(() => eve.getByText('You answered: Attending.').count(), POLL).toBe(1);
    await eve.getByRole('tab', { name: 'Attendees' }).click();
    await expect
      .poll(() => eve.getByRole('table', { name: 'Attendees' }).getByText(/^Eve/).count(), POLL)
      .toBeGreaterThan(0);
    await settled(eve);
    await expectAccessible(eve);
    await fitsWidth(eve);
  });

  it('max (in no pod) gets 404 on the pod, its feed, its event and its file, by URL and through the API', async () => {
    const files = JSON.parse((await callAs(ada, 'GET', `/api/pods/${podId}/files`)).text) as {
      data: { id: string; name: string }[];
    };
    const file = files.data.find((f) => f.name === 'hiring-plan.csv');
    expect(file, 'the posted file in the pod').toBeTruthy();

    const max = await signedInPage(browser, server.url, 'max@acme.test', { width: 1440 });
    for (const address of [`/pods/${podId}`, `/pods/${podId}/members`, `/pods/${podId}/events/${eventId}`]) {
      await max.goto(address);
      await max.waitForURL((url) => url.pathname === '/404');
      await expect
        .poll(() => max.getByRole('heading', { level: 1, name: 'Page not found' }).count(), POLL)
        .toBe(1);
    }
    for (const url of [
      `/api/pods/${podId}`,
      `/api/pods/${podId}/feed`,
      `/api/pods/${podId}/events`,
      `/api/pods/${podId}/events/${eventId}`,
      `/api/events/${eventId}`,
      `/api/pods/${podId}/files`,
      `/api/pods/${podId}/files/${file?.id}`,
    ]) {
      expect((await callAs(max, 'GET', url)).status, url).toBe(404);
    }
    expect((await callAs(max, 'POST', `/api/pods/${podId}/posts`, { body: '<p>Hi</p>' })).status).toBe(404);
    // The secret pod is not even listed to join.
    const discover = JSON.parse((await callAs(max, 'GET', '/api/pods?scope=discover')).text) as {
      data: { name: string }[];
    };
    expect(discover.data.map((pod) => pod.name)).not.toContain('DEI Data Working Group');
  });
});
