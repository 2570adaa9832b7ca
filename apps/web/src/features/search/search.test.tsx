import type { TSearchGroup, TSearchHit, TSearchKind, TSearchResponse } from '@parity/domain/search';
import { SEARCH_KINDS } from '@parity/domain/search';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../components/alerts/alert-store';
import { getLoadingCount } from '../../lib/loading';
import { setTokens } from '../../lib/token-storage';
import { json, type StubbedCall, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';

configure({ asyncUtilTimeout: 15_000 });
// Lazy route modules compile on first use; a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
});

afterEach(() => {
  cleanupApps();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const text = (value: string) => ({ text: value, match: false });
const match = (value: string) => ({ text: value, match: true });

function hit(
  kind: TSearchKind,
  id: number,
  title: TSearchHit['title'],
  link: string,
  extra = {},
): TSearchHit {
  return { kind, id, title, subtitle: '', snippet: null, link, ...extra };
}

const CEDAR = hit('organizations', 11, [match('Cedar'), text(' Equity')], '/organizations/11', {
  subtitle: 'Private equity · London',
});
const CEDAR_RIDGE = hit(
  'organizations',
  12,
  [match('Cedar'), text(' Ridge <b>Capital</b>')],
  '/organizations/12',
);
const CEDRIC = hit('people', 7, [match('Cedric'), text(' Diggory')], '/users/7', {
  subtitle: 'Analyst · Cedar Equity',
});
const MEMO = hit('documents', 40, [text('Investment memo.pdf')], '/organizations/private/files', {
  subtitle: 'Acme Capital Partners · PDF, 120 kB',
  snippet: [text('… planted a '), match('cedar'), text(' by the gate …')],
});

/** Every asked kind present, in SEARCH_KINDS order, as the API answers. */
function answer(
  q: string,
  groups: Partial<Record<TSearchKind, Omit<TSearchGroup, 'kind'>>>,
  kinds: readonly TSearchKind[] = SEARCH_KINDS,
) {
  return {
    q,
    groups: kinds.map((kind) => ({ kind, total: 0, items: [], ...groups[kind] })),
  } satisfies TSearchResponse;
}

function organization(id: number): TSearchHit {
  return hit('organizations', id, [match('Cedar'), text(` Fund ${id}`)], `/organizations/${id}`);
}

/** GET /api/search as the contract says, over a few fixed queries. */
function searchApi(call: StubbedCall): Response {
  const q = call.search.get('q') ?? '';
  const kinds = call.search.get('kinds');
  if (q.length > 200) {
    return json(
      {
        message: 'The search may be at most 200 characters long',
        error: 'validation_failed',
        detail: [{ field: 'querystring.q', message: 'The search may be at most 200 characters long' }],
      },
      400,
    );
  }
  if (q !== 'cedr') return json(answer(q, {}));
  if (kinds === 'organizations') {
    const limit = Number(call.search.get('limit'));
    const offset = Number(call.search.get('offset') ?? 0);
    const ids = Array.from({ length: Math.max(0, Math.min(limit, 45 - offset)) }, (_, i) => 100 + offset + i);
    return json(answer(q, { organizations: { total: 45, items: ids.map(organization) } }, ['organizations']));
  }
  if (kinds === 'people') return json(answer(q, { people: { total: 1, items: [CEDRIC] } }, ['people']));
  return json(
    answer(q, {
      organizations: { total: 45, items: [CEDAR, CEDAR_RIDGE] },
      people: { total: 1, items: [CEDRIC] },
      documents: { total: 1, items: [MEMO] },
    }),
  );
}

function stubApi(account = ACCOUNT) {
  return stubFetch({
    'GET /api/user/status': () => json(account),
    'GET /api/search': searchApi,
  });
}

const searchCalls = (calls: StubbedCall[]) => calls.filter((call) => call.path === '/api/search');

async function openWithSlash(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('button', { name: 'Search Parity' });
  await user.keyboard('/');
  const dialog = await screen.findByRole('dialog', { name: 'Search Parity' });
  const input = within(dialog).getByRole('combobox', { name: 'Search Parity' });
  await waitFor(() => expect(input).toHaveFocus());
  return { dialog, input };
}

describe('the top bar search box', () => {
  it("opens with '/' and Ctrl-K, focused; '/' typed in another field stays a character; Escape closes", async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/search');
    const pageField = await screen.findByRole('textbox', { name: 'Search for' });
    await screen.findByRole('button', { name: 'Search Parity' });

    await user.click(pageField);
    await user.keyboard('a/b');
    expect(pageField).toHaveValue('a/b');
    expect(screen.queryByRole('dialog', { name: 'Search Parity' })).not.toBeInTheDocument();

    // Ctrl-K works from anywhere, a text field included.
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search Parity' });
    const input = within(dialog).getByRole('combobox', { name: 'Search Parity' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Search Parity' })).not.toBeInTheDocument(),
    );
    expect(pageField).toHaveValue('a/b');

    // '/' outside a text field.
    await user.click(screen.getByRole('heading', { level: 1, name: 'Search' }));
    await openWithSlash(user);
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Search Parity' })).not.toBeInTheDocument(),
    );

    // And a click on the box.
    await user.click(screen.getByRole('button', { name: 'Search Parity' }));
    expect(await screen.findByRole('dialog', { name: 'Search Parity' })).toBeInTheDocument();
  });

  it('shows the latest query’s hits grouped by kind, matched words marked, subtitles and snippets; never HTML', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderApp('/search');
    const { input } = await openWithSlash(user);
    await user.type(input, 'cedr');

    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((group) => group.querySelector('[id]')?.textContent)).toEqual([
      'Organizations 45',
      'People 1',
      'Documents 1',
    ]);
    const [organizations, people, documents] = groups as [HTMLElement, HTMLElement, HTMLElement];
    const cedar = within(organizations).getByRole('option', { name: /Cedar Equity/ });
    expect(within(cedar).getByText('Cedar').tagName).toBe('MARK');
    expect(within(cedar).getByText('Private equity · London')).toBeInTheDocument();
    // A title with markup in it is text, not HTML.
    const ridge = within(organizations).getByRole('option', { name: /Ridge/ });
    expect(ridge).toHaveTextContent('Cedar Ridge <b>Capital</b>');
    expect(ridge.querySelector('b')).toBeNull();
    expect(within(people).getByRole('option', { name: /Cedric Diggory/ })).toBeInTheDocument();
    const memo = within(documents).getByRole('option', { name: /Investment memo\.pdf/ });
    expect(within(memo).getByText('cedar').tagName).toBe('MARK');
    expect(within(listbox).getByRole('option', { name: "See all results for 'cedr'" })).toBeInTheDocument();

    // Typing settles before the box asks: one request for the whole word.
    expect(searchCalls(calls).map((call) => call.search.get('q'))).toEqual(['cedr']);
    expect(searchCalls(calls)[0]?.search.get('kinds')).toBeNull();
  });

  it('shows only the latest query’s answer, even when an earlier one arrives after it', async () => {
    const answers = new Map<string, (response: Response) => void>();
    stubFetch({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/search': (call) =>
        new Promise<Response>((resolve) => answers.set(call.search.get('q') ?? '', resolve)),
    });
    const user = userEvent.setup();
    renderApp('/search');
    const { dialog, input } = await openWithSlash(user);
    await user.type(input, 'ce');
    await waitFor(() => expect(answers.has('ce')).toBe(true));
    expect(within(dialog).getByLabelText('Searching')).toBeInTheDocument();
    await user.type(input, 'dr');
    await waitFor(() => expect(answers.has('cedr')).toBe(true));

    answers.get('cedr')?.(json(answer('cedr', { people: { total: 1, items: [CEDRIC] } })));
    expect(await within(dialog).findByRole('option', { name: /Cedric Diggory/ })).toBeInTheDocument();
    answers.get('ce')?.(json(answer('ce', { organizations: { total: 1, items: [CEDAR] } })));
    await waitFor(() => expect(getLoadingCount()).toBe(0));
    expect(within(dialog).queryByRole('option', { name: /^Cedar Equity/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: /Cedric Diggory/ })).toBeInTheDocument();
  });

  it('arrows move through the hits across groups and Enter opens the selected one', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderApp('/search');
    const { input } = await openWithSlash(user);
    await user.type(input, 'cedr');
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const cedric = within(listbox).getByRole('option', { name: /Cedric Diggory/ });
    expect(cedric).toHaveAttribute('data-combobox-selected');
    expect(input).toHaveAttribute('aria-activedescendant', cedric.id);
    await user.keyboard('{ArrowUp}');
    expect(within(listbox).getByRole('option', { name: /Ridge/ })).toHaveAttribute('data-combobox-selected');
    await user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/users/7'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Search Parity' })).not.toBeInTheDocument(),
    );
  });

  it('Enter with no hit selected, or on "See all results", goes to /search?q=', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderApp('/search');
    let { input } = await openWithSlash(user);
    await user.type(input, 'cedr');
    await screen.findByRole('listbox', { name: 'Search results' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=cedr'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Organizations' })).toBeInTheDocument();

    await user.click(screen.getByRole('heading', { level: 1, name: 'Search' }));
    ({ input } = await openWithSlash(user));
    expect(input).toHaveValue('');
    await user.type(input, 'cedr');
    await screen.findByRole('listbox', { name: 'Search results' });
    // Up from nothing wraps to the last option.
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: "See all results for 'cedr'" })).toHaveAttribute(
      'data-combobox-selected',
    );
    await user.click(screen.getByRole('option', { name: "See all results for 'cedr'" }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Search Parity' })).not.toBeInTheDocument(),
    );
    expect(router.state.location.search).toBe('?q=cedr');
  });

  it("shows 'No results' and the API's 400 message inline", async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/search');
    const { dialog, input } = await openWithSlash(user);
    await user.type(input, 'zzz');
    expect(await within(dialog).findByText("No results for 'zzz'")).toBeInTheDocument();

    await user.clear(input);
    await user.paste('x'.repeat(201));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The search failed');
    expect(alert).toHaveTextContent('The search may be at most 200 characters long');
    // Reads never toast.
    expect(alertStore.getAlerts()).toEqual([]);
  });

  it('a user awaiting approval sees no search box and the shortcuts do nothing', async () => {
    const calls = stubApi({
      ...ACCOUNT,
      isAllowed: false,
      isOrganizationAdministrator: false,
      status: 'pending',
    });
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(screen.queryByRole('button', { name: 'Search Parity' })).not.toBeInTheDocument();
    await user.keyboard('/');
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('dialog', { name: 'Search Parity' })).not.toBeInTheDocument();
    expect(searchCalls(calls)).toEqual([]);
  });
});

describe('the /search page', () => {
  it('shows every kind’s best hits with a tab per kind and its count; arrows move between the results', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderApp('/search?q=cedr');

    expect(await screen.findByRole('tab', { name: 'All (47)' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['Organizations (45)', 'People (1)', 'Surveys (0)', 'Documents (1)', 'Policies (0)']) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Search for' })).toHaveValue('cedr');
    const organizations = screen.getByRole('region', { name: 'Organizations' });
    expect(within(organizations).getByText('45 results')).toBeInTheDocument();
    const cedar = within(organizations).getByRole('link', { name: /Cedar Equity/ });
    expect(cedar).toHaveAttribute('href', '/organizations/11');
    expect(within(cedar).getByText('Cedar').tagName).toBe('MARK');
    expect(screen.getByRole('region', { name: 'Documents' })).toHaveTextContent(
      '… planted a cedar by the gate …',
    );
    expect(screen.queryByRole('region', { name: 'Surveys' })).not.toBeInTheDocument();

    cedar.focus();
    await user.keyboard('{ArrowDown}');
    expect(within(organizations).getByRole('link', { name: /Ridge/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /Cedric Diggory/ })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('link', { name: /Investment memo/ })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(cedar).toHaveFocus();

    // One request for the page and its counts.
    expect(searchCalls(calls)).toHaveLength(1);
  });

  it('shows one kind a page at a time, from "Show all" and from the tabs', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    const { router } = renderApp('/search?q=cedr');

    await user.click(await screen.findByRole('link', { name: 'Show all 45 organizations' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=cedr&kind=organizations'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Organizations (45)' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    const list = await screen.findByRole('list', { name: 'Organizations' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    expect(within(list).getAllByRole('link')[0]).toHaveAccessibleName('Cedar Fund 100');
    let last = searchCalls(calls).at(-1);
    expect([last?.search.get('kinds'), last?.search.get('limit'), last?.search.get('offset')]).toEqual([
      'organizations',
      '20',
      null,
    ]);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=cedr&kind=organizations&page=3'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Organizations' })).getAllByRole('link')).toHaveLength(
        5,
      ),
    );
    expect(screen.getByRole('link', { name: 'Cedar Fund 140' })).toHaveAttribute(
      'href',
      '/organizations/140',
    );
    last = searchCalls(calls).at(-1);
    expect(last?.search.get('offset')).toBe('40');

    await user.click(screen.getByRole('tab', { name: 'People (1)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=cedr&kind=people'));
    expect(await screen.findByRole('link', { name: /Cedric Diggory/ })).toHaveAttribute('href', '/users/7');
    expect(screen.queryByRole('navigation', { name: /pagination/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'All (47)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=cedr'));
    expect(await screen.findByRole('region', { name: 'People' })).toBeInTheDocument();
  });

  it('searches from its own field, and says when nothing matched or nothing was asked', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderApp('/search');
    expect(await screen.findByText('Type something to search for')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Search for' });
    await user.type(field, 'zzz{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=zzz'));
    expect(await screen.findByText("No results for 'zzz'")).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (0)' })).toBeInTheDocument();
  });

  it('shows a failed search inline with the API’s reason', async () => {
    stubApi();
    renderApp(`/search?q=${'y'.repeat(201)}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search failed');
    expect(alert).toHaveTextContent('The search may be at most 200 characters long');
  });
});
