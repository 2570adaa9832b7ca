import { INVESTMENT_MESSAGES, type TPortfolioEntry, type TRollup } from '@parity/domain/investments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/dialog-store';
import { setTokens } from '../../lib/token-storage';
import { callsTo, type Handler, json, jsonBody, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';

function entry(fields: Partial<TPortfolioEntry> = {}): TPortfolioEntry {
  return {
    id: 1,
    manager: { id: 20, name: 'Acme Capital Partners' },
    fund_name: 'Acme Fund IV',
    vintage: 2021,
    commitment: 50_000_000,
    currency: 'USD',
    asset_class: 'private_equity',
    shared: true,
    scores: {
      submitted_at: '2025-10-19T15:30:00.000Z',
      lpi: 6.4321,
      evenness: 71.2,
      transparency: 88.5,
      staff_score: 60,
      leadership_score: 55,
      ownership_score: 70,
    },
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    ...fields,
  };
}

const group = (id: number, name: string, managers: number, value: number | null) => ({
  id,
  name,
  managers,
  value,
  suppressed: value === null,
  reason:
    value === null
      ? `Hidden to protect privacy: fewer than 3 managers (${managers}) report this group.`
      : null,
});

function rollup(weighted: boolean): TRollup {
  return {
    weighted,
    unit: weighted ? 'percent' : 'people',
    currency: weighted ? 'USD' : null,
    managers: 2,
    shared: 1,
    reporting: 1,
    people: 12,
    gender: [group(1, 'Woman', 3, weighted ? 40 : 6), group(3, 'Non-binary', 1, null)],
    ethnicity: [group(7, 'White', 3, weighted ? 60 : 6)],
  };
}

const PORTFOLIO = {
  data: [
    entry(),
    entry({
      id: 2,
      manager: { id: 21, name: 'Solstice Real Estate' },
      fund_name: 'Solstice V',
      shared: false,
      scores: null,
    }),
  ],
  total: 2,
};

function renderPage(path: string, handlers: Record<string, Handler> = {}) {
  const calls = stubFetch({
    'GET /api/user/status': () => json(ACCOUNT),
    'GET /api/notifications/unread-count': () => json({ unread: 0 }),
    'GET /api/notifications/stream': () => new Response('', { status: 204 }),
    'GET /api/investments': () => json(PORTFOLIO),
    'GET /api/investments/rollup': (call) => json(rollup(call.search.get('weighted') === 'yes')),
    'GET /api/investments/managers': () =>
      json({ data: [{ id: 30, name: 'Harborview Capital', shared: true }], total: 1 }),
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

describe('/investments', () => {
  it('lists the managers with their shared scores and units, and says which do not share', async () => {
    renderPage('/investments');
    const table = await screen.findByRole('table', { name: 'Portfolio' });
    const acme = within(table).getByRole('row', { name: /Acme Capital Partners/ });
    expect(within(acme).getByText('USD 50,000,000')).toBeInTheDocument();
    expect(within(acme).getByText('6.43')).toBeInTheDocument();
    expect(within(acme).getByText('88.50%')).toBeInTheDocument();
    expect(within(acme).getByText('Oct 19, 2025')).toBeInTheDocument();
    const solstice = within(table).getByRole('row', { name: /Solstice Real Estate/ });
    expect(within(solstice).getByText('Not shared')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /LPI score \(0–10\)/ })).toBeInTheDocument();
  });

  it('sorts and filters through the API', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/investments');
    await screen.findByRole('table', { name: 'Portfolio' });
    await user.click(screen.getByRole('button', { name: 'Sort by Commitment' }));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/investments').at(-1)?.search.get('sort')).toBe('commitment'),
    );
    await user.click(screen.getByRole('button', { name: 'Sort by Commitment' }));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/investments').at(-1)?.search.get('order')).toBe('desc'),
    );
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Acme{Enter}');
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/investments').at(-1)?.search.get('q')).toBe('Acme'),
    );
  });

  it('shows the roll-up as head counts, hides small groups, and weights by commitment on request', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/investments');
    const byGender = await screen.findByRole('table', { name: 'By gender' });
    expect(within(byGender).getByRole('row', { name: /Woman/ })).toHaveTextContent('6 people');
    const hidden = within(byGender).getByRole('row', { name: /Non-binary/ });
    expect(hidden).toHaveTextContent('Hidden');
    expect(hidden).toHaveTextContent('fewer than 3 managers (1)');
    await user.click(screen.getByRole('radio', { name: 'Weighted by commitment' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'By gender' })).getByRole('row', { name: /Woman/ }),
      ).toHaveTextContent('40.00%'),
    );
    expect(callsTo(calls, 'GET', '/api/investments/rollup').at(-1)?.search.get('weighted')).toBe('yes');
  });

  it('explains how to add managers when the portfolio is empty: no roll-up table, nothing to export', async () => {
    const hidden = (id: number, name: string) => group(id, name, 0, null);
    renderPage('/investments', {
      'GET /api/investments': () => json({ data: [], total: 0 }),
      'GET /api/investments/rollup': () =>
        json({
          ...rollup(false),
          managers: 0,
          shared: 0,
          reporting: 0,
          people: 0,
          gender: [hidden(1, 'Woman'), hidden(2, 'Man')],
          ethnicity: [hidden(7, 'White')],
        }),
    });
    await screen.findByRole('heading', { name: 'Investments', level: 1 });
    expect(
      await screen.findByText(/^No manager yet\. Use Add manager to link an organization/),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'No roll-up yet: it totals the staff of the managers in your portfolio once there are some.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'By gender' })).toBeNull();
    expect(screen.queryByText(/fewer than 3 managers/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Export .xlsx' })).toBeDisabled();
  });

  it('shows a member who is not an admin the portfolio without the admin actions', async () => {
    renderPage('/investments', {
      'GET /api/user/status': () => json({ ...ACCOUNT, isOrganizationAdministrator: false }),
    });
    await screen.findByRole('table', { name: 'Portfolio' });
    expect(screen.queryByRole('button', { name: 'Add manager' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export .xlsx' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Acme Fund IV' })).toBeNull();
  });

  it('adds a manager: refuses a negative commitment with the rule’s message, then posts the fund', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/investments', {
      'POST /api/investments': (call) =>
        json(
          entry({
            id: 9,
            manager: { id: 30, name: 'Harborview Capital' },
            fund_name: String(jsonBody(call)?.fund_name),
          }),
          201,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Add manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add manager' });
    await user.type(within(dialog).getByLabelText(/^Manager/), 'Harbor');
    await user.click(
      await screen.findByRole('option', { name: 'Harborview Capital (shares with you)', hidden: true }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Fund name/ }), 'Harborview II');
    const commitment = within(dialog).getByRole('textbox', { name: /Commitment \(USD\)/ });
    await user.clear(commitment);
    await user.type(commitment, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Add manager' }));
    expect(await within(dialog).findByText(INVESTMENT_MESSAGES.commitmentNegative)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/investments')).toHaveLength(0);

    await user.clear(commitment);
    await user.type(commitment, '2500000');
    await user.click(within(dialog).getByRole('button', { name: 'Add manager' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/investments')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'POST', '/api/investments')[0]!)).toMatchObject({
      manager_organization_id: 30,
      fund_name: 'Harborview II',
      commitment: 2_500_000,
      currency: 'USD',
      asset_class: 'private_equity',
    });
    expect(
      await screen.findByText('Harborview Capital: Harborview II is in the portfolio.'),
    ).toBeInTheDocument();
  });
});
