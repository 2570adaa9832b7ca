import { TextInput } from '@mantine/core';
import {
  LPI_PAGE_TAB_ID,
  LPI_PAGE_TITLES,
  LPI_PAGES,
  LPI_TAB_NAMES,
  type TLpiPage,
  type TTabState,
  type TTabVersion,
} from '@parity/domain/lpi/tabs';
import type { TTabTitles } from '@parity/domain/lpi/titles';
import { useQueryClient } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, type RouteObject, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../components/alerts/alert-store';
import { closeAllDialogs } from '../../components/dialog/dialog-store';
import { ApiError, api } from '../../lib/api-client';
import { setTokens } from '../../lib/token-storage';
import { type Handler, json, jsonBody, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp, underAppRoot } from '../../testing/render';
import {
  ADMIN_READ_ONLY_NOTICE,
  LpiProfile,
  READ_ONLY_NOTICE,
  SUBMIT_SUCCESS,
} from './components/profile/lpi-profile';
import type { LpiTabProps } from './lib/scope';
import { reportedError, useTabEditor } from './lib/tab-editor';

/** The calls with their JSON bodies parsed. */
const stub = (handlers: Record<string, Handler>) =>
  stubFetch(handlers, (call) => ({ ...call, body: jsonBody(call) }));

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
});

afterEach(() => {
  cleanupApps();
  closeAllDialogs();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TITLES: TTabTitles = {
  staff: { entered: 20, total: 40 },
  us_staff: { entered: 5 },
  ownership: { flagged: 3, total: 5 },
  board: { rows: 2 },
  insights: { entered: 4 },
  investment: { entered: 6 },
  us_investment: { entered: 0 },
  committee: { entered: 3 },
  us_committee: { entered: 0 },
};

const SAVED_AT = '2026-11-20T10:00:00.000Z';
const THEIR_SAVE = '2026-11-22T04:00:00.000Z';
const GRACE = { id: 9, name: 'Grace', lastname: 'Hopper' };

function states(editable: boolean): { data: TTabState[] } {
  return {
    data: (['overview', 'staff', 'us_staff', 'ownership', 'board'] as const).map((tab) => ({
      tab,
      updated_at: SAVED_AT,
      updated_by: null,
      completed: false,
      editable,
      version: 1,
    })),
  };
}

const base = (account = ACCOUNT, editable = true): Record<string, Handler> => ({
  'GET /api/user/status': () => json(account),
  'GET /api/lpi/tab-titles': () => json(TITLES),
  'GET /api/lpi/tab-states': () => json(states(editable)),
  'GET /api/test-tab': () => json({ data: { value: 'server value' }, state: { updated_at: SAVED_AT } }),
});

/**
 * A minimal tab: one input, one save unit registered with the page like the real tabs do (save
 * sends the base updated_at and rethrows; reload drops the draft).
 */
function TestTab({ readOnly }: LpiTabProps) {
  const [saved, setSaved] = useState('first value');
  const [value, setValue] = useState('first value');
  const [updatedAt, setUpdatedAt] = useState<string | null>(SAVED_AT);
  useTabEditor({
    tab: 'overview',
    dirty: value !== saved,
    save: async ({ baseUpdatedAt }) => {
      const response = await api.put<{ data: { value: string }; state: { updated_at: string } }>(
        '/api/test-tab',
        { value, updated_at: baseUpdatedAt ?? updatedAt },
        { silent: true },
      );
      setSaved(response.data.value);
      setValue(response.data.value);
      setUpdatedAt(response.state.updated_at);
      alertStore.add({ type: 'success', title: 'Success!', description: 'Successfully saved!' });
    },
    reload: async () => {
      const response = await api.get<{ data: { value: string }; state: { updated_at: string } }>(
        '/api/test-tab',
      );
      setSaved(response.data.value);
      setValue(response.data.value);
      setUpdatedAt(response.state.updated_at);
    },
  });
  const queryClient = useQueryClient();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          // A save made by the tab itself (a dialog, an upload): its query is updated.
          queryClient.setQueryData(['lpi', 'overview', 'me'], { value: 'loaded' });
          queryClient.setQueryData(['lpi', 'overview', 'me'], { value: 'saved by the tab' });
        }}
      >
        Save inside the tab
      </button>
      <TextInput
        label="Test value"
        value={value}
        disabled={readOnly}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
      <Link to="/elsewhere">Go elsewhere</Link>
    </>
  );
}

/** A tab that reports its own save errors (like the overview's 'Error!' alert). */
function SelfReportingTab(_props: LpiTabProps) {
  useTabEditor({
    tab: 'board',
    dirty: true,
    save: async () => {
      alertStore.add({ type: 'error', title: 'Error!', description: 'Reported by the tab' });
      throw reportedError(new ApiError({ status: 400, message: 'Reported by the tab' }));
    },
    reload: async () => undefined,
  });
  return <p>Self-reporting tab</p>;
}

function TestPage() {
  const page = (useParams().page ?? 'overview') as TLpiPage;
  return (
    <LpiProfile
      scope={{ kind: 'organization' }}
      page={page}
      basePath="/lpi"
      title="LPI profile"
      tabs={{ overview: TestTab, board: TestTab, policies: SelfReportingTab }}
    />
  );
}

function SurveyPage({ readOnly = false }: { readOnly?: boolean }) {
  const page = (useParams().page ?? 'overview') as TLpiPage;
  return (
    <LpiProfile
      scope={{ kind: 'survey', organizationId: 2, surveyId: 5 }}
      page={page}
      basePath="/survey"
      readOnly={readOnly}
      tabs={{ overview: TestTab }}
    />
  );
}

const testRoutes = (): RouteObject[] =>
  underAppRoot([
    { path: '/lpi/:page', element: <TestPage /> },
    { path: '/survey/:page', element: <SurveyPage /> },
    { path: '/survey-read/:page', element: <SurveyPage readOnly /> },
    { path: '/elsewhere', element: <h1>Elsewhere</h1> },
  ]);

const saveButton = () => screen.getByRole('button', { name: 'Save version' });

describe('the LPI routes', () => {
  it('/lpi/{page} shows the tab bar with the counts; an unknown page goes to /404', async () => {
    stub(base());
    const { router } = renderApp('/lpi/fte');
    const tabs = await screen.findByRole('tablist', { name: 'LPI profile tabs' });
    const fte = await within(tabs).findByRole('tab', { name: /Total Full-Time Employees/ });
    expect(fte).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(fte).toHaveTextContent('20/40'));
    expect(within(tabs).getByRole('tab', { name: /Ownership and Senior Leadership/ })).toHaveTextContent(
      '3/5',
    );
    expect(within(tabs).getByRole('tab', { name: /Board Members/ })).toHaveTextContent('2');
    // The nine profile pages, then the organization's analytics (features/analytics).
    expect(within(tabs).getAllByRole('tab')).toHaveLength(10);
    expect(within(tabs).getAllByRole('tab').at(-1)).toHaveAccessibleName('Analytics');
    expect(screen.getByRole('heading', { level: 1, name: 'LPI profile' })).toBeInTheDocument();
    // No changes yet: nothing to save. Submit as on the reporting page: one editor.
    expect(saveButton()).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();

    // Keyboard: arrows move between tabs and open the page.
    fte.focus();
    await userEvent.setup().keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/lpi/ownership'));

    await router.navigate('/lpi/unknown');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('gives a phone a picker of every tab with its count, which opens the chosen page', async () => {
    stub(base());
    const { router } = renderApp('/lpi/fte');
    const picker = await screen.findByRole('combobox', { name: 'LPI profile tabs' });
    expect(picker).toHaveValue('fte');
    await waitFor(() =>
      expect(
        within(picker).getByRole('option', { name: 'Total Full-Time Employees (20/40)' }),
      ).toBeInTheDocument(),
    );
    expect(within(picker).getAllByRole('option')).toHaveLength(10);
    await userEvent.setup().selectOptions(picker, 'Analytics');
    await waitFor(() => expect(router.state.location.pathname).toBe('/lpi/analytics'));
  });

  it('marks the tabs whose figures fail a data check, naming what is wrong', async () => {
    const staff =
      'The staff grid adds up to 20 employees; the Overview declares 40 full-time employees. ' +
      'Correct the grid or the Overview’s Total Full-Time Employees.';
    stub({
      ...base(),
      'GET /api/lpi/tab-titles': () =>
        json({ ...TITLES, checks: [{ tab: 'staff', code: 'staff_total', message: staff }] }),
    });
    renderApp('/lpi/overview');
    const tabs = await screen.findByRole('tablist', { name: 'LPI profile tabs' });
    const fte = within(tabs).getByRole('tab', { name: /Total Full-Time Employees/ });
    expect(await within(fte).findByRole('img', { name: `Data check: ${staff}` })).toBeInTheDocument();
    for (const name of [/^Overview/, /^Ownership and Senior Leadership/, /^Board Members/]) {
      expect(within(within(tabs).getByRole('tab', { name })).queryByRole('img')).not.toBeInTheDocument();
    }
  });

  it("/organizations/private/lpi/{option}: the reporting options ('staff' is fte), Submit, then Analytics", async () => {
    stub(base());
    const { router } = renderApp('/organizations/private/lpi/staff');
    const tabs = await screen.findByRole('tablist', { name: 'LPI profile tabs' });
    expect(await within(tabs).findByRole('tab', { name: /Total Full-Time Employees/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();
    await userEvent.setup().click(within(tabs).getByRole('tab', { name: /Board Members/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/private/lpi/board'));
    expect(await screen.findByRole('tab', { name: /Board Members/, selected: true })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: /Total Full-Time Employees/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/private/lpi/staff'));

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Analytics' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/private/lpi/analytics'));
  });

  it('shows the read-only notice without LPI access, and no save actions nor Submit', async () => {
    stub(base({ ...ACCOUNT, isOrganizationAdministrator: false, hasLpiAccess: false }, false));
    for (const path of ['/lpi/overview', '/organizations/private/lpi/overview']) {
      renderApp(path);
      expect(await screen.findByText(READ_ONLY_NOTICE)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save version' })).not.toBeInTheDocument();
      // The API lets only members with LPI access submit (POST /api/organizations/{id}/lpi).
      expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Version history' })).toBeInTheDocument();
      cleanupApps();
    }
  });

  it('the tab bar names the tabs with the LPI tab names (the survey’s steps have the same)', async () => {
    stub(base());
    renderApp('/organizations/private/lpi/board');
    const tabs = await screen.findByRole('tablist', { name: 'LPI profile tabs' });
    const names = [...LPI_PAGES.map((p) => LPI_TAB_NAMES[LPI_PAGE_TAB_ID[p]]), 'Analytics'];
    // Each tab's text is its name, then its count.
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { name: /Board Members/ })).toHaveTextContent('2'),
    );
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab, i) => tab.textContent?.slice(0, names[i]?.length)),
    ).toEqual(names);
    expect(names).toContain('Ownership and Senior Leadership');
  });

  it('tells an organization admin without LPI access that they may give it to themselves, and where', async () => {
    stub(base({ ...ACCOUNT, isOrganizationAdministrator: true, hasLpiAccess: false }, false));
    renderApp('/lpi/overview');
    const notice = (await screen.findByText(ADMIN_READ_ONLY_NOTICE, { exact: false })).closest<HTMLElement>(
      '[role="status"]',
    )!;
    expect(notice).toHaveTextContent(ADMIN_READ_ONLY_NOTICE);
    expect(notice).not.toHaveTextContent('Ask an organization admin');
    expect(within(notice).getByRole('link', { name: 'Open Permissions' })).toHaveAttribute(
      'href',
      '/organizations/private/permissions',
    );
    expect(screen.queryByRole('button', { name: 'Save version' })).not.toBeInTheDocument();
  });

  it('/lpi uses the drawer-with-top-bar layout: the tab bar, and the tabs in the burger’s drawer on small screens', async () => {
    stub(base());
    const { router } = renderApp('/lpi/fte');
    const tabs = await screen.findByRole('tablist', { name: 'LPI profile tabs' });
    expect(router.state.matches.map((match) => match.route.id)).toContain('layout-drawer-with-top-bar');
    // The page's tab bar at every width, no side column; small screens also list the tabs in the drawer.
    expect(tabs).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'LPI profile tabs' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    const side = within(drawer).getByRole('navigation', { name: 'LPI profile tabs' });
    const links = within(side).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      ...LPI_PAGES.map((p) => LPI_PAGE_TITLES[p]),
      'Analytics',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      ...LPI_PAGES.map((p) => `/lpi/${p}`),
      '/lpi/analytics',
    ]);
    expect(within(side).getByRole('link', { name: 'Total Full-Time Employees' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(side).getByRole('link', { name: 'Board Members' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lpi/board'));
    expect(await screen.findByRole('tab', { name: /Board Members/, selected: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument());
  });

  it('the reporting pages use it too: their drawer lists the reporting options, under Organizations', async () => {
    stub(base());
    const { router } = renderApp('/organizations/private/lpi/staff');
    await screen.findByRole('tablist', { name: 'LPI profile tabs' });
    expect(router.state.matches.map((match) => match.route.id)).toContain('layout-drawer-with-top-bar');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace('/', '').trim()),
    ).toEqual(['Dashboard', 'Organizations', 'Reporting']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    const side = within(drawer).getByRole('navigation', { name: 'Reporting tabs' });
    expect(within(side).getByRole('link', { name: 'Total Full-Time Employees' })).toHaveAttribute(
      'href',
      '/organizations/private/lpi/staff',
    );
    expect(within(side).getByRole('link', { name: 'Total Full-Time Employees' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(side).getByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'href',
      '/organizations/private/lpi/analytics',
    );
  });

  it('is in the top bar for approved members', async () => {
    stub(base());
    renderApp('/lpi/overview');
    const modules = await screen.findByRole('navigation', { name: 'Modules' });
    expect(await within(modules).findByRole('link', { name: 'LPI' })).toHaveAttribute('href', '/lpi');
  });
});

describe('the profile around a tab', () => {
  it('enables Save version only with unsaved changes, saves the dirty unit and disables it again', async () => {
    const calls = stub({
      ...base(),
      'PUT /api/test-tab': (call) =>
        json({
          data: { value: (jsonBody(call) as { value: string }).value },
          state: { updated_at: THEIR_SAVE },
        }),
    });
    renderApp('/lpi/overview', testRoutes());
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Test value' });
    expect(saveButton()).toBeDisabled();
    await user.type(input, ' changed');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toBeDisabled());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ value: 'first value changed', updated_at: SAVED_AT });
    expect(alertStore.getAlerts().map((a) => a.description)).toContain('Successfully saved!');
    // The counts and states are fetched again after a save.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname === '/api/lpi/tab-titles').length).toBeGreaterThan(1),
    );
  });

  it('alerts a failed save once: the page reports it unless the tab already did', async () => {
    stub({ ...base(), 'PUT /api/test-tab': () => json({ message: 'Bad thing', error: 'bad_request' }, 400) });
    renderApp('/lpi/overview', testRoutes());
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Test value' }), ' changed');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    await waitFor(() => expect(alertStore.getAlerts().map((a) => a.description)).toEqual(['Bad thing']));
  });

  it("does not alert again an error the tab reported itself ('Error!' of the overview)", async () => {
    stub(base());
    renderApp('/lpi/policies', testRoutes());
    const user = userEvent.setup();
    await screen.findByText('Self-reporting tab');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    await waitFor(() =>
      expect(alertStore.getAlerts().map((a) => [a.title, a.description])).toEqual([
        ['Error!', 'Reported by the tab'],
      ]),
    );
  });

  it("refreshes the counts when a tab saves by itself (its query's data changes)", async () => {
    const calls = stub(base());
    renderApp('/lpi/overview', testRoutes());
    await screen.findByRole('textbox', { name: 'Test value' });
    const titleCalls = () => calls.filter((call) => call.url.pathname === '/api/lpi/tab-titles').length;
    await waitFor(() => expect(titleCalls()).toBe(1));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save inside the tab' }));
    await waitFor(() => expect(titleCalls()).toBe(2));
  });

  it('a stale save opens the conflict dialog; Overwrite re-sends with the server updated_at', async () => {
    let attempt = 0;
    const calls = stub({
      ...base(),
      'PUT /api/test-tab': (call) => {
        attempt += 1;
        if (attempt === 1) {
          return json(
            {
              message: 'Someone saved this tab after you opened it.',
              error: 'stale_save',
              detail: { tab: 'overview', updated_at: THEIR_SAVE, updated_by: GRACE },
            },
            409,
          );
        }
        return json({
          data: { value: (jsonBody(call) as { value: string }).value },
          state: { updated_at: new Date().toISOString() },
        });
      },
    });
    renderApp('/lpi/overview', testRoutes());
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Test value' }), ' mine');
    await user.click(saveButton());

    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this tab' });
    expect(dialog).toHaveTextContent('Grace Hopper saved Overview');
    // Nothing overwritten silently: one PUT so far, the draft is still there.
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Test value' })).toHaveValue('first value mine');

    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with my changes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toEqual({
      value: 'first value mine',
      updated_at: THEIR_SAVE,
    });
    await waitFor(() => expect(saveButton()).toBeDisabled());
  });

  it('Reload in the conflict dialog drops the draft and loads the server data', async () => {
    const calls = stub({
      ...base(),
      'PUT /api/test-tab': () =>
        json(
          {
            message: 'Someone saved this tab after you opened it.',
            error: 'stale_save',
            detail: { tab: 'overview', updated_at: THEIR_SAVE, updated_by: GRACE },
          },
          409,
        ),
    });
    renderApp('/lpi/overview', testRoutes());
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Test value' }), ' mine');
    await user.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this tab' });
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Test value' })).toHaveValue('server value'),
    );
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(calls.some((call) => call.method === 'GET' && call.url.pathname === '/api/test-tab')).toBe(true);
    expect(saveButton()).toBeDisabled();
  });

  it('warns before leaving with unsaved changes (Stay keeps the draft, Leave goes)', async () => {
    stub(base());
    const { router } = renderApp('/lpi/overview', testRoutes());
    const user = userEvent.setup();
    // Clean: moving to another tab asks nothing.
    await screen.findByRole('textbox', { name: 'Test value' });
    await user.click(screen.getByRole('tab', { name: /Board Members/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lpi/board'));

    await user.type(await screen.findByRole('textbox', { name: 'Test value' }), ' draft');
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    let dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument(),
    );
    expect(router.state.location.pathname).toBe('/lpi/board');
    expect(screen.getByRole('textbox', { name: 'Test value' })).toHaveValue('first value draft');

    // Closing the browser tab is warned too.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('tab', { name: /Overview/ }));
    dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lpi/overview'));
  });

  it('lists the versions with who, when, kind and the changes; empty state without versions', async () => {
    const versions: TTabVersion[] = [
      {
        id: 12,
        tab: 'board',
        version: 2,
        kind: 'save',
        saved_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        saved_by: GRACE,
        changes: [
          { kind: 'changed', path: 'Jane Doe › gender_id', before: 1, after: 2 },
          { kind: 'added', path: 'Ann Lee › name', after: 'Ann Lee' },
          { kind: 'removed', path: 'Bob Ray › name', before: 'Bob Ray' },
        ],
      },
      {
        id: 11,
        tab: 'board',
        version: 1,
        kind: 'submit',
        saved_at: SAVED_AT,
        saved_by: { id: 4, name: 'Ada', lastname: 'Lovelace' },
        changes: [],
      },
    ];
    const calls = stub({
      ...base(),
      'GET /api/lpi/versions': (call) =>
        json({ data: call.url.searchParams.get('tab') === 'board' ? versions : [] }),
    });
    const { router } = renderApp('/lpi/board', testRoutes());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Version history' }));
    const drawer = await screen.findByRole('dialog', { name: 'Version history' });
    const latest = await within(drawer).findByRole('listitem', { name: 'Version 2' });
    expect(latest).toHaveTextContent('Saved');
    expect(latest).toHaveTextContent('Grace Hopper');
    expect(latest).toHaveTextContent('5 minutes ago');
    expect(latest).toHaveTextContent('Changed Jane Doe › gender_id: 1 → 2');
    expect(latest).toHaveTextContent('Added Ann Lee › name: Ann Lee');
    expect(latest).toHaveTextContent('Removed Bob Ray › name (was Bob Ray)');
    const first = within(drawer).getByRole('listitem', { name: 'Version 1' });
    expect(first).toHaveTextContent('Submitted');
    expect(first).toHaveTextContent('Ada Lovelace');
    expect(within(first).getByText(/2026/)).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/lpi/versions')?.url.searchParams.get('tab')).toBe(
      'board',
    );

    await user.click(within(drawer).getByRole('button', { name: 'Close version history' }));
    await router.navigate('/lpi/overview');
    await user.click(await screen.findByRole('button', { name: 'Version history' }));
    expect(await screen.findByText('No versions saved yet')).toBeInTheDocument();
  });

  it('submits the profile after confirmation', async () => {
    const calls = stub({
      ...base(),
      'POST /api/organizations/2/lpi': () =>
        json({ id: 1, organization_id: 2, survey_id: null, submitted_at: new Date().toISOString() }),
    });
    renderApp('/lpi/overview', testRoutes());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit the LPI profile?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(alertStore.getAlerts().map((a) => a.description)).toContain(SUBMIT_SUCCESS));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
      '/api/organizations/2/lpi',
    ]);
  });

  it('survey mode: Save version while the step is not complete, Mark Complete then Mark Incomplete', async () => {
    let completed = false;
    const calls = stub({
      ...base(),
      'GET /api/lpi/tab-states': () =>
        json({ data: states(true).data.map((state) => ({ ...state, completed })) }),
      'POST /api/surveys/5/mark-complete/1': (call) => {
        completed = (jsonBody(call) as { completed: boolean }).completed;
        return json({ tab_id: 1, completed });
      },
    });
    renderApp('/survey/overview', testRoutes());
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Test value' });
    const markComplete = await screen.findByRole('button', { name: 'Mark Complete' });
    // Not complete yet: the step may be saved as it is.
    expect(saveButton()).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    const titles = calls.find((call) => call.url.pathname === '/api/lpi/tab-titles');
    expect(titles?.url.searchParams.get('organization_id')).toBe('2');
    expect(titles?.url.searchParams.get('survey_id')).toBe('5');

    await user.click(markComplete);
    const incomplete = await screen.findByRole('button', { name: 'Mark Incomplete' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ completed: true });
    // Complete and unchanged: nothing to save.
    expect(saveButton()).toBeDisabled();
    await user.click(incomplete);
    expect(await screen.findByRole('button', { name: 'Mark Complete' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ completed: false });
  });

  it('a read-only survey step: read-only tab, only Version history, no notice', async () => {
    stub(base());
    renderApp('/survey-read/overview', testRoutes());
    expect(await screen.findByRole('textbox', { name: 'Test value' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Version history' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save version' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).not.toBeInTheDocument();
    expect(screen.queryByText(READ_ONLY_NOTICE)).not.toBeInTheDocument();
  });

  it('with the real staff tab: a stale grid save opens the dialog and Overwrite saves over it', async () => {
    const CATEGORIES = [
      { id: 1, name: 'Women', order: 1, genders: [{ id: 1, name: 'Woman', category_id: 1, order: 1 }] },
    ];
    const grid = (value: number) => ({
      categories: CATEGORIES,
      rows: [{ ethnicity_id: 2, name: 'Asian', genders: [{ id: 1, value, min: 0 }], total: value }],
      totals: { all: value, byCategory: [{ id: 1, total: value }] },
    });
    const staffState = (tab: string, updated_at: string) => ({
      tab,
      updated_at,
      updated_by: null,
      completed: false,
      editable: true,
      version: 1,
    });
    let puts = 0;
    const calls = stub({
      ...base(),
      'GET /api/organization/me/staff': (call) =>
        json({
          data: grid(3),
          state: staffState(
            call.url.searchParams.get('us_based') === 'true' ? 'us_staff' : 'staff',
            SAVED_AT,
          ),
        }),
      'GET /api/organization/me/meta-v2': () => json({ data: { total_full_time_employees: 40 } }),
      'PUT /api/staff/save': () => {
        puts += 1;
        return puts === 1
          ? json(
              {
                message: 'Someone saved this tab after you opened it.',
                error: 'stale_save',
                detail: { tab: 'staff', updated_at: THEIR_SAVE, updated_by: GRACE },
              },
              409,
            )
          : json({ data: grid(8), state: staffState('staff', new Date().toISOString()) });
      },
    });
    renderApp('/lpi/fte');
    const user = userEvent.setup();
    const staff = await screen.findByRole('region', { name: 'Total Full-Time Employees' });
    const cell = await within(staff).findByRole('textbox', { name: 'Asian, Woman' });
    expect(saveButton()).toBeDisabled();
    await user.click(cell);
    await user.keyboard('8');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this tab' });
    expect(dialog).toHaveTextContent('Grace Hopper saved Total Full-Time Employees');
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with my changes' }));
    await waitFor(() => expect(puts).toBe(2));
    const [first, second] = calls.filter((call) => call.method === 'PUT');
    expect(first?.body).toMatchObject({ updated_at: SAVED_AT });
    expect(second?.body).toMatchObject({
      updated_at: THEIR_SAVE,
      data: [{ ethnicity_id: 2, genders: [{ id: 1, value: 8 }] }],
    });
    await waitFor(() => expect(saveButton()).toBeDisabled());
  });
});
