import {
  defaultExpiry,
  EXCHANGE_MESSAGES,
  type TExchangeRequest,
  type TGrant,
  type TSharedProfile,
} from '@parity/domain/exchange';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/dialog-store';
import { setTokens } from '../../lib/token-storage';
import { callsTo, type Handler, json, jsonBody, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';

const ACME = { id: 2, name: 'Acme Capital Partners' };
const NORTHWIND = { id: 1, name: 'Northwind Pension Fund' };

const grant = (overrides: Partial<TGrant> = {}): TGrant => ({
  id: 7,
  owner: ACME,
  investor: NORTHWIND,
  tabs: null,
  status: 'active',
  expires_on: '2027-12-01',
  expires_at: '2027-12-02T00:00:00.000Z',
  created_at: '2026-12-01T10:00:00.000Z',
  granted_by: 'Ada Lovelace',
  revoked_at: null,
  revoked_by: null,
  views: 1,
  ...overrides,
});

const request = (overrides: Partial<TExchangeRequest> = {}): TExchangeRequest => ({
  id: 3,
  owner: ACME,
  investor: NORTHWIND,
  requested_by: 'Nora Whitfield',
  message: 'For our allocation review.',
  tabs: ['overview', 'staff'],
  status: 'pending',
  decided_by: null,
  decided_at: null,
  grant_id: null,
  created_at: '2026-11-29T09:00:00.000Z',
  ...overrides,
});

const empty = () => json({ data: [], total: 0 });

function renderPage(path: string, handlers: Record<string, Handler> = {}) {
  const calls = stubFetch({
    'GET /api/user/status': () => json(ACCOUNT),
    'GET /api/notifications/unread-count': () => json({ unread: 0 }),
    'GET /api/notifications/stream': () => new Response('', { status: 204 }),
    'GET /api/exchange/shared': empty,
    'GET /api/exchange/requests': empty,
    'GET /api/exchange/grants': empty,
    'GET /api/exchange/views': empty,
    ...handlers,
  });
  return { calls, ...renderApp(path) };
}

beforeEach(() => {
  setTokens({ access_token: 'a', refresh_token: 'r' });
});

afterEach(() => {
  closeAllDialogs();
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/exchange, shared by us', () => {
  it('lists the grants and the view log, and revokes a grant after confirmation', async () => {
    const user = userEvent.setup();
    let revoked = false;
    const { calls } = renderPage('/exchange?tab=shared-by-us', {
      'GET /api/exchange/grants': () =>
        json({
          data: [revoked ? grant({ status: 'revoked', revoked_at: '2026-12-01T12:00:00.000Z' }) : grant()],
          total: 1,
        }),
      'GET /api/exchange/views': () =>
        json({
          data: [
            {
              id: 1,
              grant_id: 7,
              investor: NORTHWIND,
              viewer: 'Nora Whitfield',
              tab: null,
              viewed_at: new Date(2026, 11, 1, 14, 3).toISOString(),
            },
          ],
          total: 1,
        }),
      'POST /api/exchange/grants/7/revoke': () => {
        revoked = true;
        return json(grant({ status: 'revoked' }));
      },
    });
    // The first render of the file also loads the lazy route's module.
    const log = await screen.findByRole('list', { name: 'Who viewed our profile' }, { timeout: 15_000 });
    expect(log).toHaveTextContent('Northwind Pension Fund viewed your profile on Dec 1, 2026, 2:03 PM');
    const grants = await screen.findByRole('table', { name: 'Our grants' });
    // On a phone the table scrolls sideways with its Revoke column held at the right edge (issue 37).
    expect(screen.getByRole('region', { name: 'Our grants (scrolls sideways)' })).toHaveAttribute(
      'data-actions-last',
    );
    expect(within(grants).getByText('All tabs')).toBeInTheDocument();
    expect(within(grants).getByText('Active')).toBeInTheDocument();

    await user.click(
      within(grants).getByRole('button', { name: 'Revoke the access of Northwind Pension Fund' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/exchange/grants/7/revoke')).toHaveLength(1));
    expect(await within(grants).findByText('Revoked')).toBeInTheDocument();
    expect(within(grants).queryByRole('button', { name: /Revoke the access/ })).toBeNull();
  });

  it('shares the profile with a chosen organization and tabs, refusing a missing organization first', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/exchange?tab=shared-by-us', {
      'GET /api/organizations': () => json({ data: [{ ...NORTHWIND, logo: null }], total: 1 }),
      'POST /api/exchange/grants': () => json(grant({ tabs: ['staff'] }), 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Share profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share our profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('Choose an organization.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/exchange/grants')).toHaveLength(0);

    await user.type(within(dialog).getByRole('combobox', { name: /Investor organization/ }), 'North');
    await user.click(await screen.findByRole('option', { name: NORTHWIND.name, hidden: true }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Share every tab of the profile' }));
    await user.click(within(dialog).getByLabelText('Tabs'));
    await user.click(await screen.findByRole('option', { name: 'Total Full-Time Employees', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/exchange/grants')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'POST', '/api/exchange/grants')[0]!)).toEqual({
      investor_organization_id: NORTHWIND.id,
      tabs: ['staff'],
      expires_on: defaultExpiry(),
    });
  });

  it('declines an incoming request after confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/exchange?tab=shared-by-us', {
      'GET /api/exchange/requests': () => json({ data: [request()], total: 1 }),
      'POST /api/exchange/requests/3/decline': () => json(request({ status: 'declined' })),
    });
    const requests = await screen.findByRole('table', { name: 'Requests for our profile' });
    expect(within(requests).getByText('For our allocation review.')).toBeInTheDocument();
    await user.click(
      within(requests).getByRole('button', { name: 'Decline the request of Northwind Pension Fund' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Decline the request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/exchange/requests/3/decline')).toHaveLength(1));
  });

  it('shows a plain member the requests and grants without answer, revoke or share buttons', async () => {
    renderPage('/exchange?tab=shared-by-us', {
      'GET /api/user/status': () => json({ ...ACCOUNT, isOrganizationAdministrator: false }),
      'GET /api/exchange/requests': () => json({ data: [request()], total: 1 }),
      'GET /api/exchange/grants': () => json({ data: [grant()], total: 1 }),
    });
    const readOnly = await screen.findByRole('table', { name: 'Requests for our profile' });
    expect(within(readOnly).getByText('Pending')).toBeInTheDocument();
    expect(within(readOnly).queryByRole('button')).toBeNull();
    const grants = await screen.findByRole('table', { name: 'Our grants' });
    expect(within(grants).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share profile' })).toBeNull();
  });
});

describe('/exchange, shared with us', () => {
  it('links each shared profile, says when none is, and shows the state of our requests', async () => {
    renderPage('/exchange', {
      'GET /api/exchange/shared': () =>
        json({
          data: [
            {
              grant_id: 9,
              owner: { id: 5, name: 'Cedar Equity' },
              tabs: ['overview'],
              expires_on: '2027-06-30',
              shared_at: '2026-10-01T10:00:00.000Z',
              submitted_at: null,
            },
          ],
          total: 1,
        }),
      'GET /api/exchange/requests': (call) =>
        json(
          call.search.get('direction') === 'outgoing'
            ? { data: [request({ owner: { id: 5, name: 'Cedar Equity' }, status: 'declined' })], total: 1 }
            : { data: [], total: 0 },
        ),
    });
    const shared = await screen.findByRole('table', { name: 'Profiles shared with us' });
    expect(within(shared).getByRole('link', { name: 'Cedar Equity' })).toHaveAttribute(
      'href',
      '/exchange/shared/5',
    );
    expect(within(shared).getByText('Jun 30, 2027')).toBeInTheDocument();
    expect(within(shared).getByText('Not yet')).toBeInTheDocument();
    const ours = await screen.findByRole('table', { name: 'Our requests' });
    expect(within(ours).getByText('Declined')).toBeInTheDocument();
  });

  it('reads a shared profile with its scores and scales, one tab at a time', async () => {
    const profile: TSharedProfile = {
      owner: ACME,
      grant: { id: 7, tabs: ['overview', 'board'], expires_on: '2027-12-01' },
      submission: {
        submitted_at: '2026-10-19T10:00:00.000Z',
        scores: {
          lpi: 6.1234,
          lpi_prime: null,
          lpi_prime_gender: null,
          lpi_prime_racial: null,
          lpi_ownership: null,
          lpi_ownership_gender: null,
          lpi_ownership_racial: null,
          staff_score: 55,
          leadership_score: null,
          ownership_score: null,
          transparency: 80,
        },
        tabs: [
          {
            key: 'overview',
            title: 'Overview',
            blocks: [{ kind: 'fields', rows: [['Total full-time employees', 120]] }],
          },
          {
            key: 'board',
            title: 'Board Members',
            blocks: [
              { kind: 'table', title: 'Board', columns: ['Name', 'Gender'], rows: [['Jane Doe', 'Woman']] },
            ],
          },
        ],
      },
    };
    const user = userEvent.setup();
    renderPage('/exchange/shared/2', { 'GET /api/exchange/shared/2': () => json(profile) });
    // The first render of the profile page also loads its lazy module.
    expect(
      await screen.findByRole('heading', { name: ACME.name, level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const scores = screen.getByRole('region', { name: 'Scores' });
    expect(within(scores).getByText('6.12')).toBeInTheDocument();
    expect(within(scores).getAllByText('(0–10)').length).toBeGreaterThan(0);
    expect(within(scores).getAllByText('(% reported)')).toHaveLength(1);
    // The tabs as the hosts' printable response shows them: labelled values, names for ids.
    expect(screen.getByText('Total full-time employees')).toBeInTheDocument();
    expect(screen.getByText('120')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Board Members' }));
    const board = await screen.findByRole('table', { name: 'Board' });
    expect(within(board).getByRole('rowheader', { name: 'Jane Doe' })).toBeInTheDocument();
    expect(within(board).getByText('Woman')).toBeInTheDocument();
  });

  it('says an organization has not submitted its profile, and gives the reason of a refused read', async () => {
    renderPage('/exchange/shared/2', {
      'GET /api/exchange/shared/2': () =>
        json({ owner: ACME, grant: { id: 7, tabs: null, expires_on: '2027-12-01' }, submission: null }),
    });
    expect(await screen.findByText(EXCHANGE_MESSAGES.notSubmitted(ACME.name))).toBeInTheDocument();
    cleanupApps();
    renderPage('/exchange/shared/2', {
      'GET /api/exchange/shared/2': () =>
        json({ message: EXCHANGE_MESSAGES.profileNotFound, error: 'not_found' }, 404),
    });
    expect(await screen.findByText(EXCHANGE_MESSAGES.profileNotFound)).toBeInTheDocument();
  });
});
