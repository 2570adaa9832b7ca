import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hasBrowser, openModule, signedInPage } from './support/browser';
import { type OwnProduct, startOwnProduct } from './support/own-product';
import { freePort, type ServerProcess, startServer, stopServer, waitHealthy } from './support/server';

/**
 * Issue #18's investments journey in Chromium: Northwind's host opens Investments from the top
 * bar and finds Acme in the portfolio, 'Not shared'. Acme then shares its profile with Northwind:
 * the exchange module (another branch) is not here to do it, so the journey writes the exchange
 * grant into the stopped server's embedded database and starts the server again. Northwind's
 * /investments then lists Acme with its latest scores (its profile submitted 2025-10-19), at 1440
 * and at 390 px, where the page itself never scrolls sideways.
 */

const POLL = { timeout: 20_000 };

describe.runIf(hasBrowser)('investments: a manager’s scores once it shares', () => {
  let product: OwnProduct | undefined;
  let server: ServerProcess;
  let restarted: ServerProcess | undefined;

  beforeAll(async () => {
    product = await startOwnProduct('investments');
    server = product.server;
  }, 120_000);

  afterAll(async () => {
    if (restarted) await stopServer(restarted);
    await product?.stop();
  });

  const acmeRow = (page: Page) =>
    page
      .getByRole('table', { name: 'Portfolio' })
      .getByRole('row')
      .filter({ hasText: 'Acme Capital Partners' });

  /** Signed in as Northwind's host, on /investments reached through the top bar (or its drawer). */
  async function openInvestments(url: string, width: number): Promise<Page> {
    const page = await signedInPage(product!.browser, url, 'host@northwind.test', { width });
    if (width < 800) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('link', { name: 'Investments', exact: true }).first().click();
    } else {
      // In the top bar's row, or under its More menu where the row has no room for it.
      await openModule(page, 'Investments');
    }
    await page.waitForURL((address) => address.pathname === '/investments');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Investments' }).count(), POLL)
      .toBe(1);
    await expect.poll(() => acmeRow(page).count(), POLL).toBe(1);
    return page;
  }

  it('lists Acme without scores while it does not share with Northwind', async () => {
    const host = await openInvestments(server.url, 1440);
    const row = acmeRow(host);
    await expect.poll(() => row.getByText('Not shared').count(), POLL).toBe(1);
    expect(await row.textContent()).toContain('USD 50,000,000');
    await expect.poll(() => host.getByRole('table', { name: 'By gender' }).count(), POLL).toBe(1);
    await expectAccessible(host);
    await host.context().close();
  });

  it('lists Acme with its latest scores once Acme shared with Northwind', async () => {
    // Acme's admin shares everything for a year (the exchange module's grant).
    await stopServer(server);
    const db = new PGlite(path.join(product!.dataDir, 'pglite'), { extensions: { pg_trgm } });
    await db.query(
      `INSERT INTO exchange_grants (owner_organization_id, investor_organization_id, tabs, expires_at, granted_by)
       SELECT acme.id, northwind.id, NULL, now() + interval '365 days', ada.id
       FROM organizations acme, organizations northwind, users ada
       WHERE acme.name = 'Acme Capital Partners' AND northwind.name = 'Northwind Pension Fund'
         AND ada.email = 'ada@acme.test'`,
    );
    await db.close();
    restarted = startServer(await freePort(), product!.dataDir, undefined, { SMTP_URL: product!.smtp.url });
    await waitHealthy(restarted.port, restarted.child);

    const host = await openInvestments(restarted.url, 1440);
    // The profile's submission day (2025-10-19) as the app's one formatter writes it: the browser's
    // locale and time zone.
    const submitted = await host.evaluate(() =>
      new Date(2025, 9, 19).toLocaleDateString(undefined, { dateStyle: 'medium' }),
    );
    const row = acmeRow(host);
    await expect.poll(() => row.getByText(submitted).count(), POLL).toBe(1);
    expect(await row.getByText('Not shared').count()).toBe(0);
    expect(await row.textContent()).toMatch(/\d+\.\d\d%/);
    await host.getByRole('combobox', { name: 'Sharing' }).click();
    await host.getByRole('option', { name: 'Sharing with us' }).click();
    await host.waitForURL((address) => address.searchParams.get('shared') === 'yes');
    await expect.poll(() => acmeRow(host).getByText(submitted).count(), POLL).toBe(1);
    await expectAccessible(host);
    await host.context().close();

    const phone = await openInvestments(restarted.url, 390);
    await expect.poll(() => acmeRow(phone).getByText(submitted).count(), POLL).toBe(1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(phone);
    await phone.context().close();
    // A server restart and two sign-ins: more than a step's usual minute on a busy machine.
  }, 180_000);
});
