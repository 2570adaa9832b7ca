import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipient, type TestSmtp } from '../apps/api/src/test/smtp';
import { expectAccessible, hasBrowser, openModule, signIn } from './support/browser';
import { type OwnProduct, startOwnProduct } from './support/own-product';
import type { ServerProcess } from './support/server';

/**
 * Issue #19's journeys: for each role (member, organization admin, survey host, pending user,
 * platform administrator, new sign-up), at 1440 and at 390 px wide, every page of that role is
 * reached by clicks only (the top bar's modules, in the burger's drawer on a phone; the user menu;
 * the pages' section navigation and links), its heading checked and axe run on it. The journeys
 * only read, on a server of their own (its own database, mail and sign-in rate limit); each
 * role's tests share one signed-in page, in order.
 */

const POLL = { timeout: 20_000 };
const GREETING = (name: string) => new RegExp(`^Good (Morning|Afternoon|Evening), ${name}$`);
const NEW_PASSWORD = 'New-Person-2026!';

let server: ServerProcess;
let smtp: TestSmtp;
let browser: Browser;
let product: OwnProduct | undefined;

/** One signed-in user's page at one width, and the clicks a person makes to move around. */
class Journey {
  page!: Page;
  private context!: BrowserContext;
  /** The paths axe has checked on this journey: a page met again is not checked twice. */
  private readonly checked = new Set<string>();

  constructor(
    readonly width: number,
    readonly displayName: string,
  ) {}

  /** Narrower than Mantine's sm breakpoint (48em): the modules are behind the burger. */
  get phone() {
    return this.width < 768;
  }

  async open() {
    this.context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: this.width, height: 900 },
    });
    this.page = await this.context.newPage();
  }

  async signIn(email: string, password?: string) {
    await signIn(this.page, email, password);
    await this.page.waitForURL((url) => url.pathname === '/');
  }

  async close() {
    await this.context?.close();
  }

  /**
   * The top bar's modules, as the user can see them: in the drawer on a phone; on a wider screen
   * those of the row, then those under More (issue 37), which is opened to read them.
   */
  async modules(): Promise<string[]> {
    const nav = await this.modulesNav();
    const more = this.phone ? null : await this.openMore(nav);
    const names = await nav.getByRole('link').allTextContents();
    if (this.phone) {
      await this.page.keyboard.press('Escape');
      await this.drawerGone();
    } else if (more) {
      await this.page.keyboard.press('Escape');
      await expect.poll(() => more.getAttribute('aria-expanded'), POLL).toBe('false');
    }
    return names;
  }

  /** Opens a module: from the drawer on a phone, else from the row or from under More. */
  async module(name: string) {
    if (!this.phone) return openModule(this.page, name);
    const nav = await this.modulesNav();
    await nav.getByRole('link', { name, exact: true }).click();
    await this.drawerGone();
  }

  /** The user menu's items, Log out last. */
  async userMenuItems(): Promise<string[]> {
    await this.openUserMenu();
    const items = await this.page.getByRole('menuitem').allTextContents();
    await this.page.keyboard.press('Escape');
    await expect.poll(() => this.page.getByRole('menu').count(), POLL).toBe(0);
    return items;
  }

  async userMenu(item: string) {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: item, exact: true }).click();
    await expect.poll(() => this.page.getByRole('menu').count(), POLL).toBe(0);
  }

  /** A link of a page's section navigation (Survey sections, Profile sections...). */
  async section(navigation: string, name: string) {
    await this.page
      .getByRole('navigation', { name: navigation })
      .getByRole('link', { name, exact: true })
      .click();
  }

  async link(name: string | RegExp) {
    await this.page
      .getByRole('main')
      .getByRole('link', { name, exact: typeof name === 'string' })
      .first()
      .click();
  }

  /** On `pathname`, with its h1, loaded, and clean under axe (the first time it is met). */
  async arrive(pathname: string | RegExp, heading: string | RegExp) {
    const page = this.page;
    await page.waitForURL((url) =>
      typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname),
    );
    await expect
      .poll(
        () =>
          page.getByRole('heading', { level: 1, name: heading, exact: typeof heading === 'string' }).count(),
        POLL,
      )
      .toBe(1);
    await expect.poll(() => page.locator('[aria-busy="true"]').count(), POLL).toBe(0);
    const where = new URL(page.url()).pathname;
    if (this.checked.has(where)) return;
    this.checked.add(where);
    await expectAccessible(page);
  }

  /** A second-level heading of the page (a dashboard card). */
  async sees(heading: string) {
    await expect
      .poll(() => this.page.getByRole('heading', { level: 2, name: heading, exact: true }).count(), POLL)
      .toBe(1);
  }

  private async modulesNav() {
    if (this.phone) {
      await this.page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = this.page.getByRole('dialog', { name: 'Navigation' });
      await expect.poll(() => drawer.getByRole('navigation', { name: 'Modules' }).count(), POLL).toBe(1);
      return drawer.getByRole('navigation', { name: 'Modules' });
    }
    return this.page.getByRole('navigation', { name: 'Modules' });
  }

  /** Opens the top bar's More (the modules the row has no room for); null when there is none. */
  private async openMore(nav: Locator) {
    const more = nav.getByRole('button', { name: 'More', exact: true });
    if (!(await more.isVisible())) return null;
    await more.click();
    await expect.poll(() => more.getAttribute('aria-expanded'), POLL).toBe('true');
    return more;
  }

  private async drawerGone() {
    await expect.poll(() => this.page.getByRole('dialog', { name: 'Navigation' }).count(), POLL).toBe(0);
  }

  private async openUserMenu() {
    await this.page
      .getByRole('button', { name: `Account menu for ${this.displayName}`, exact: true })
      .click();
    await expect.poll(() => this.page.getByRole('menu').count(), POLL).toBe(1);
  }
}

/** The directory pages and a public page of each, from the top bar. */
function directories(journey: () => Journey, organization: string, person: string) {
  it('opens the users directory and a public profile', async () => {
    const j = journey();
    await j.module('Users');
    await j.arrive('/users', 'Users');
    await j.link(person);
    await j.arrive(/^\/users\/\d+$/, person);
  });

  it("opens the organizations directory and an organization's public page", async () => {
    const j = journey();
    await j.module('Organizations');
    await j.arrive('/organizations', 'Organizations');
    await j.link(organization);
    await j.arrive(/^\/organizations\/\d+$/, organization);
  });
}

/** One's own profile and settings, from the user menu. */
function ownProfile(journey: () => Journey, name: string) {
  it('opens My profile and Settings from the user menu', async () => {
    const j = journey();
    await j.userMenu('My profile');
    await j.arrive('/users/private', name);
    await j.section('Profile sections', 'Documents');
    await j.arrive('/users/private/files', name);
    await j.userMenu('Settings');
    await j.arrive('/users/private/settings', name);
    await j.sees('Change password');
  });
}

/** A member's way around their organization: its public page, its space and its sections. */
/** My organization's sections: [link name, path under /organizations/private/]. */
type Section = readonly [string, string];
const MEMBERS: Section = ['Members', 'members'];

function ownOrganization(
  journey: () => Journey,
  organization: string,
  manage: string,
  sections: readonly Section[],
) {
  it(`opens its own organization's public page and, from there, ${manage}`, async () => {
    const j = journey();
    await j.module('Organizations');
    await j.arrive('/organizations', 'Organizations');
    await j.link(organization);
    await j.arrive(/^\/organizations\/\d+$/, organization);
    await j.link(manage);
    await j.arrive('/organizations/private/feed', organization);
  });

  it(`opens My organization from the user menu and its sections: ${sections.map(([name]) => name).join(', ')}`, async () => {
    const j = journey();
    await j.userMenu('My organization');
    await j.arrive('/organizations/private/feed', organization);
    for (const [name, subpath] of sections) {
      await j.section('My organization sections', name);
      await j.arrive(`/organizations/private/${subpath}`, organization);
    }
  });
}

/** The LPI profile and the Surveys module with its section navigation. */
function lpiAndSurveys(
  journey: () => Journey,
  surveySections: string[],
  /** where the Surveys link lands: Hosting for a host invited to no survey (issue 37) */
  landing: [string, string] = ['/surveys', 'Surveys'],
) {
  it('opens the LPI profile from the top bar', async () => {
    const j = journey();
    await j.module('LPI');
    await j.arrive('/lpi/overview', 'LPI profile');
  });

  it(`opens Surveys and its sections: ${surveySections.join(', ')}`, async () => {
    const j = journey();
    await j.module('Surveys');
    await j.arrive(...landing);
    expect(
      await j.page.getByRole('navigation', { name: 'Survey sections' }).getByRole('link').allTextContents(),
    ).toEqual(surveySections);
    await j.section('Survey sections', 'Archived');
    await j.arrive('/surveys/archived', 'Archived surveys');
    await j.section('Survey sections', 'Export');
    await j.arrive('/surveys/export', 'Export responses');
    await j.section('Survey sections', 'Taking');
    await j.arrive('/surveys/taking', 'Surveys');
  });
}

/** The Calendar module: the calendar (list view on a phone), all events, an event and its tabs. */
function calendarPages(journey: () => Journey) {
  it('opens the Calendar, All events and an event with its Attendees and Files tabs', async () => {
    const j = journey();
    await j.module('Calendar');
    await j.arrive('/calendar', 'Calendar');
    await expect
      .poll(() => j.page.locator(j.phone ? '.fc-list' : '.fc-daygrid-day').count(), POLL)
      .toBeGreaterThan(0);
    await expectAccessible(j.page);
    await j.link('All events');
    await j.arrive('/calendar/events', 'Events');
    const first = j.page.getByRole('table', { name: 'Upcoming events' }).getByRole('link').first();
    const title = (await first.textContent()) ?? '';
    await first.click();
    await j.arrive(/^\/calendar\/events\/\d+$/, title);
    for (const tab of ['Attendees', 'Files']) {
      await j.page.getByRole('tab', { name: tab, exact: true }).click();
      await expect.poll(() => j.page.locator('[aria-busy="true"]').count(), POLL).toBe(0);
      await expectAccessible(j.page);
    }
  });
}

/** The Pods module: My PODs, a pod's tabs and one of its events (ada is in the demo pods). */
function podPages(journey: () => Journey, pod: string) {
  it(`opens My PODs, ${pod} with its Events, Members, Files and Description tabs, and a pod event`, async () => {
    const j = journey();
    await j.module('Pods');
    await j.arrive('/pods', 'My PODs');
    await j.link(pod);
    await j.arrive(/^\/pods\/\d+$/, pod);
    for (const [tab, path] of [
      ['Members', 'members'],
      ['Files', 'files'],
      ['Description', 'description'],
      ['Events', 'events'],
    ] as const) {
      await j.page.getByRole('tab', { name: tab, exact: true }).click();
      await j.arrive(new RegExp(`^/pods/\\d+/${path}$`), pod);
    }
    const event = j.page.getByRole('table', { name: 'Upcoming events' }).getByRole('link').first();
    const title = (await event.textContent()) ?? '';
    await event.click();
    await j.arrive(/^\/pods\/\d+\/events\/\d+$/, title);
  });
}

/** The top bar's bell to the notification centre and its preferences. */
function notificationCentre(journey: () => Journey) {
  it("opens the notification centre from the bell's 'See all', and its preferences", async () => {
    const j = journey();
    await j.page.getByRole('button', { name: /^Notifications/ }).click();
    await j.page.getByRole('link', { name: 'See all', exact: true }).click();
    await j.arrive('/notifications', 'Notifications');
    await j.page.getByRole('tab', { name: 'Preferences', exact: true }).click();
    await j.sees('Preferences');
    await expectAccessible(j.page);
  });
}

/** The top bar's search to the search page. */
function searchPage(journey: () => Journey, term: string) {
  it(`searches '${term}' from the top bar and opens all the results`, async () => {
    const j = journey();
    await j.page.getByRole('button', { name: 'Search Parity', exact: true }).click();
    await j.page.getByRole('combobox', { name: 'Search Parity' }).fill(term);
    await j.page.getByRole('option', { name: `See all results for '${term}'` }).click();
    await j.arrive('/search', 'Search');
    await expect.poll(() => j.page.getByRole('tab', { name: /^All/ }).count(), POLL).toBe(1);
  });
}

const MEMBER_MODULES = [
  'Dashboard',
  'Users',
  'Organizations',
  'LPI',
  'Surveys',
  'Calendar',
  'Pods',
  'Community',
  'Exchange',
  'Investments',
];
const MEMBER_MENU = ['My profile', 'Settings', 'My organization', 'Help & support', 'FAQ', 'Log out'];

describe.runIf(hasBrowser)('every role reaches its pages by clicks, at 1440 and 390 px', () => {
  beforeAll(async () => {
    product = await startOwnProduct('navigation');
    ({ server, smtp, browser } = product);
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  for (const width of [1440, 390]) {
    describe(`member (max@acme.test) at ${width} px`, () => {
      const j = new Journey(width, 'Max Planck');
      beforeAll(async () => {
        await j.open();
        await j.signIn('max@acme.test');
      });
      afterAll(() => j.close());

      it('lands on the dashboard with the modules and user menu of a member', async () => {
        await j.arrive('/', GREETING('Max'));
        await j.sees('Your access');
        expect(await j.modules()).toEqual(MEMBER_MODULES);
        expect(await j.userMenuItems()).toEqual(MEMBER_MENU);
      });
      directories(() => j, 'Cedar Equity', 'Nora Whitfield');
      ownOrganization(() => j, 'Acme Capital Partners', 'Open My organization', [
        MEMBERS,
        ['Documents', 'files'],
      ]);
      lpiAndSurveys(() => j, ['Taking', 'Archived', 'Export']);
      ownProfile(() => j, 'Max Planck');
      calendarPages(() => j);
      notificationCentre(() => j);
      searchPage(() => j, 'Cedar');

      it('goes home by the Dashboard module', async () => {
        await j.module('Dashboard');
        await j.arrive('/', GREETING('Max'));
      });
    });

    describe(`organization admin (ada@acme.test) at ${width} px`, () => {
      const j = new Journey(width, 'Ada Lovelace');
      beforeAll(async () => {
        await j.open();
        await j.signIn('ada@acme.test');
      });
      afterAll(() => j.close());

      it('lands on the dashboard and starts reporting from the LPI card', async () => {
        await j.arrive('/', GREETING('Ada'));
        expect(await j.modules()).toEqual(MEMBER_MODULES);
        expect(await j.userMenuItems()).toEqual(MEMBER_MENU);
        await j.link('START REPORTING');
        await j.arrive('/lpi/overview', 'LPI profile');
        await j.module('Dashboard');
        await j.arrive('/', GREETING('Ada'));
      });
      directories(() => j, 'Northwind Pension Fund', 'Max Planck');
      ownOrganization(() => j, 'Acme Capital Partners', 'Manage organization', [
        MEMBERS,
        ['Permissions', 'permissions'],
        ['Settings', 'settings'],
        ['Invitations', 'invitations'],
        ['Organization code', 'code'],
        ['Audit log', 'audit-log'],
      ]);
      lpiAndSurveys(() => j, ['Taking', 'Archived', 'Export']);
      ownProfile(() => j, 'Ada Lovelace');
      podPages(() => j, 'Emerging Managers Programme');
    });

    describe(`survey host (host@northwind.test) at ${width} px`, () => {
      const j = new Journey(width, 'Nora Whitfield');
      beforeAll(async () => {
        await j.open();
        await j.signIn('host@northwind.test');
      });
      afterAll(() => j.close());

      it('lands on the dashboard open on Hosting, first, and opens a hosted survey from it', async () => {
        await j.arrive('/', GREETING('Nora'));
        const firstCard = j.page.getByRole('main').getByRole('heading', { level: 2 }).first();
        await expect.poll(() => firstCard.textContent(), POLL).toBe('Active surveys');
        await expect
          .poll(
            () => j.page.getByRole('tab', { name: 'Hosting', exact: true }).getAttribute('aria-selected'),
            POLL,
          )
          .toBe('true');
        const hosting = j.page.getByRole('list', { name: 'Surveys you are hosting' });
        await expect.poll(() => hosting.getByRole('link').count(), POLL).toBeGreaterThan(0);
        const title = (await hosting.getByRole('link').first().textContent()) ?? '';
        await hosting.getByRole('link').first().click();
        await j.arrive(/^\/surveys\/hosting\/\d+$/, title);
      });

      it('opens Hosting (where Surveys lands: Northwind is invited to none), Accessing and Create Request', async () => {
        await j.module('Surveys');
        await j.arrive('/surveys/hosting', 'Hosting');
        await j.link('Accessing');
        await j.arrive('/surveys/hosting/accessing', 'Accessing');
        await j.module('Surveys');
        await j.arrive('/surveys/hosting', 'Hosting');
        await j.link('Create Request');
        await j.arrive('/surveys/hosting/create', 'Create Request');
      });
      lpiAndSurveys(() => j, ['Taking', 'Hosting', 'Archived', 'Export'], ['/surveys/hosting', 'Hosting']);
      notificationCentre(() => j);
      searchPage(() => j, 'DEI');
      directories(() => j, 'Acme Capital Partners', 'Ada Lovelace');
      ownOrganization(() => j, 'Northwind Pension Fund', 'Manage organization', [MEMBERS]);
      ownProfile(() => j, 'Nora Whitfield');
    });

    describe(`pending user (pending@acme.test) at ${width} px`, () => {
      const j = new Journey(width, 'Priya Patel');
      beforeAll(async () => {
        await j.open();
        await j.signIn('pending@acme.test');
      });
      afterAll(() => j.close());

      it('lands on the dashboard told what happens next, with only the pages it may open', async () => {
        await j.arrive('/', GREETING('Priya'));
        await j.sees('Awaiting admin approval');
        await expect
          .poll(() => j.page.getByRole('list', { name: 'What happens next' }).count(), POLL)
          .toBe(1);
        expect(await j.modules()).toEqual(['Dashboard']);
        expect(await j.userMenuItems()).toEqual([
          'My profile',
          'Settings',
          'Help & support',
          'FAQ',
          'Log out',
        ]);
      });

      it('completes its profile from the status card', async () => {
        await j.link('Complete your profile');
        await j.arrive('/users/private', 'Priya Patel');
        // The Users crumb names a module a pending user may not open: text, not a link.
        const crumbs = j.page.getByRole('navigation', { name: 'Breadcrumb' });
        await expect.poll(() => crumbs.getByText('Users', { exact: true }).count(), POLL).toBe(1);
        expect(await crumbs.getByRole('link', { name: 'Users', exact: true }).count()).toBe(0);
        await j.module('Dashboard');
        await j.arrive('/', GREETING('Priya'));
      });
      ownProfile(() => j, 'Priya Patel');
    });

    describe(`platform administrator (admin@parity.test) at ${width} px`, () => {
      const j = new Journey(width, 'Grace Hopper');
      beforeAll(async () => {
        await j.open();
        await j.signIn('admin@parity.test');
      });
      afterAll(() => j.close());

      it("lands on the dashboard told what an administrator can open, never 'Access Denied'", async () => {
        await j.arrive('/', GREETING('Grace'));
        await j.sees('Platform administrator');
        expect(await j.page.getByText('Access Denied').count()).toBe(0);
        expect(await j.modules()).toEqual([
          'Dashboard',
          'Users',
          'Organizations',
          'Calendar',
          'Pods',
          'Community',
          'Admin',
        ]);
        expect(await j.userMenuItems()).toEqual([
          'My profile',
          'Settings',
          'Help & support',
          'FAQ',
          'Log out',
        ]);
      });

      it('opens Admin from the top bar and arrives at /admin', async () => {
        await j.module('Admin');
        await j.arrive('/admin', 'Admin');
        await j.module('Dashboard');
        await j.arrive('/', GREETING('Grace'));
      });

      it('opens every section of the admin console from its tabs; the page never scrolls sideways', async () => {
        await j.module('Admin');
        await j.arrive('/admin', 'Admin');
        for (const [name, pathname] of [
          ['Organizations', '/admin/organizations'],
          ['Organizations Codes', '/admin/codes'],
          ['Clients', '/admin/clients'],
          ['Users', '/admin/users'],
          ['Archived Users', '/admin/archived-users'],
          ['Feedback', '/admin/feedback'],
          ['Reports', '/admin/reports'],
          ['Audit', '/admin/audit'],
          ['Dashboard', '/admin'],
        ] as const) {
          await j.section('Admin sections', name);
          await j.arrive(pathname, 'Admin');
          // Wide tables scroll inside their own box; the page itself stays the window's width.
          expect(await j.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            width,
          );
        }
        await j.module('Dashboard');
        await j.arrive('/', GREETING('Grace'));
      });

      it("opens each page the dashboard's card lists", async () => {
        const card = j.page.getByRole('list', { name: 'What you can open today' });
        for (const [name, pathname, heading] of [
          ['Open the admin console', '/admin', 'Admin'],
          ['Organizations', '/organizations', 'Organizations'],
          ['Users', '/users', 'Users'],
          ['My profile', '/users/private', 'Grace Hopper'],
          ['Settings', '/users/private/settings', 'Grace Hopper'],
        ] as const) {
          await card.getByRole('link', { name, exact: true }).click();
          await j.arrive(pathname, heading);
          await j.module('Dashboard');
          await j.arrive('/', GREETING('Grace'));
        }
      });
      directories(() => j, 'Acme Capital Partners', 'Eve Castillo');
      ownProfile(() => j, 'Grace Hopper');
    });

    describe(`new sign-up at ${width} px`, () => {
      const j = new Journey(width, 'Nia Okafor');
      const email = `nia.${width}.${Date.now()}@newfirm.test`;
      beforeAll(() => j.open());
      afterAll(() => j.close());

      it('signs up from /login, verifies by mail and joins an organization by its code', async () => {
        await j.page.goto('/login');
        await j.arrive('/login', 'Log in to Parity');
        await j.page.getByRole('link', { name: 'Create an account', exact: true }).click();
        await j.arrive('/signup', 'Create your Parity account');
        await j.page.getByLabel(/^First name/).fill('Nia');
        await j.page.getByLabel(/^Last name/).fill('Okafor');
        await j.page.getByRole('textbox', { name: /^Email/ }).fill(email);
        await j.page.getByLabel(/^Password/).fill(NEW_PASSWORD);
        await j.page.getByRole('button', { name: 'Create account', exact: true }).click();
        await j.arrive('/signup/verification', 'Check your email');

        // The mail's link is the one way on: it is followed as a mail reader would.
        const mail = await smtp.waitFor(
          (m) => recipient(m) === email && /Verify your email address/.test(m.subject ?? ''),
          20_000,
        );
        const link = (mail.text ?? '')
          .split(/\s+/)
          .find((word) => word.startsWith(`${server.url}/signup/processing/`));
        expect(link, mail.text).toBeTruthy();
        await j.page.goto(link as string);
        await j.arrive(/^\/signup\/processing\/\d+\/organization$/, 'Join your organization');
        await j.page.getByRole('link', { name: 'Create a new organization', exact: true }).click();
        await j.arrive(/^\/signup\/processing\/\d+\/organization\/create$/, 'Create a new organization');
        await j.page
          .getByRole('link', { name: 'Join an existing organization instead', exact: true })
          .click();
        await j.arrive(/^\/signup\/processing\/\d+\/organization$/, 'Join your organization');
        await j.page.getByLabel(/^Organization code/).fill('CEDAR-2026');
        await j.page.getByRole('button', { name: 'Join organization', exact: true }).click();
        await j.arrive(/^\/signup\/processing\/\d+\/finish$/, 'Awaiting admin approval');
      });

      it('goes on from the last step, signed in, to the pending dashboard and its own profile', async () => {
        // The verified link signed the person in (no second sign-in, issue 37 point 10).
        await j.page.getByRole('link', { name: 'Go to the dashboard', exact: true }).click();
        await j.arrive('/', GREETING('Nia'));
        await j.sees('Awaiting admin approval');
        expect(await j.modules()).toEqual(['Dashboard']);
        expect(await j.userMenuItems()).toEqual([
          'My profile',
          'Settings',
          'Help & support',
          'FAQ',
          'Log out',
        ]);
      });
      ownProfile(() => j, 'Nia Okafor');
    });
  }
});
