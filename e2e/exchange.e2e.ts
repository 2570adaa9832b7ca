import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, expectAccessible, hasBrowser, openModule, signedInPage } from './support/browser';
import { type OwnProduct, startOwnProduct } from './support/own-product';
import type { ServerProcess } from './support/server';

/**
 * Issue #18's exchange journey in Chromium: ada@acme.test shares Acme's profile with Northwind
 * from /exchange; host@northwind.test (on a phone) opens it from "Shared with us"; ada sees that
 * view in the log, revokes the grant, and the host's next read of the profile is a 404. Its own
 * server, so the grant is the journey's own.
 */

const POLL = { timeout: 20_000 };
const ACME = 'Acme Capital Partners';
const NORTHWIND = 'Northwind Pension Fund';

describe.runIf(hasBrowser)('exchange: a grant, a logged view and a revocation', () => {
  let server: ServerProcess;
  let browser: Browser;
  let product: OwnProduct | undefined;
  let ada: Page;
  let host: Page;
  let acmeId: number;

  beforeAll(async () => {
    product = await startOwnProduct('exchange');
    ({ server, browser } = product);
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  /** Waits until no panel of the page is loading. */
  const settled = (page: Page) => expect.poll(() => page.locator('[aria-busy="true"]').count(), POLL).toBe(0);

  it('ada shares Acme’s profile with Northwind from the top bar’s Exchange', async () => {
    ada = await signedInPage(browser, server.url, 'ada@acme.test', { width: 1440 });
    await openModule(ada, 'Exchange');
    await ada.waitForURL((url) => url.pathname === '/exchange');
    await ada.getByRole('tab', { name: 'Shared by us' }).click();
    await ada.getByRole('button', { name: 'Share profile' }).click();
    const dialog = ada.getByRole('dialog', { name: 'Share our profile' });
    await dialog.getByRole('combobox', { name: /Investor organization/ }).fill('Northwind');
    await ada.getByRole('option', { name: NORTHWIND }).click();
    await expectAccessible(ada);
    await dialog.getByRole('button', { name: 'Share' }).click();
    // The dialog closes (axe below must not read it while it fades out: partial opacity reads as
    // low contrast, and its fade may not have started when the page's animations are awaited).
    await dialog.waitFor({ state: 'detached' });
    const grants = ada.getByRole('table', { name: 'Our grants' });
    await expect.poll(() => grants.getByRole('row').filter({ hasText: NORTHWIND }).count(), POLL).toBe(1);
    await expect
      .poll(() => grants.getByRole('row').filter({ hasText: NORTHWIND }).innerText(), POLL)
      .toMatch(/Active/i);
    await settled(ada);
    await expectAccessible(ada);
  });

  it('the Northwind host opens the shared profile on a phone, read only, with its scores', async () => {
    host = await signedInPage(browser, server.url, 'host@northwind.test', { width: 390 });
    await host.goto(new URL('/exchange', server.url).toString());
    const shared = host.getByRole('table', { name: 'Profiles shared with us' });
    await expect.poll(() => shared.getByRole('link', { name: ACME }).count(), POLL).toBe(1);
    await shared.getByRole('link', { name: ACME }).click();
    await host.waitForURL((url) => /^\/exchange\/shared\/\d+$/.test(url.pathname));
    acmeId = Number(new URL(host.url()).pathname.split('/').pop());
    await expect.poll(() => host.getByRole('heading', { level: 1, name: ACME }).count(), POLL).toBe(1);
    await expect
      .poll(() => host.getByRole('region', { name: 'Scores' }).getByText('(0–10)').count(), POLL)
      .toBeGreaterThan(0);
    expect(await host.getByRole('textbox').count()).toBe(0);
    expect(await host.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await settled(host);
    await expectAccessible(host);
  });

  it('ada sees the view logged, revokes, and the host gets 404 at once', async () => {
    await ada.reload();
    const log = ada.getByRole('list', { name: 'Who viewed our profile' });
    await expect
      .poll(
        () =>
          log
            .getByText(
              new RegExp(
                `${NORTHWIND} viewed your profile on \\w{3} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2}\\s[AP]M`,
              ),
            )
            .count(),
        POLL,
      )
      .toBe(1);
    const row = ada
      .getByRole('table', { name: 'Our grants' })
      .getByRole('row')
      .filter({ hasText: NORTHWIND });
    await row.getByRole('button', { name: `Revoke the access of ${NORTHWIND}` }).click();
    await ada.getByRole('dialog', { name: 'Revoke access?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => row.innerText(), POLL).toMatch(/Revoked/i);

    expect((await callAs(host, 'GET', `/api/exchange/shared/${acmeId}`)).status).toBe(404);
    await host.reload();
    await expect.poll(() => host.getByText('Shared profile not found.').count(), POLL).toBe(1);
    await expectAccessible(host);
  });
});
