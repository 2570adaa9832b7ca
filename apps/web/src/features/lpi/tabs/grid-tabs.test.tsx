import type { TGridCategory, TGridRow } from '@parity/domain/lpi/grids';
import { gridTotals } from '@parity/domain/lpi/grids';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../components/alerts/alert-store';
import { setTokens } from '../../../lib/token-storage';
import { type Handler, json, jsonBody, type StubbedCall, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import type { LpiScope } from '../lib/scope';
import { type TabEditorHost, TabEditorProvider, type TabEditorRegistration } from '../lib/tab-editor';
import InsightsTab from './insights-tab';
import InvestmentTab from './investment-tab';
import StaffTab from './staff-tab';

/** The calls with their JSON bodies parsed. */
const stub = (handlers: Record<string, Handler>) =>
  stubFetch(handlers, (call) => ({ ...call, body: jsonBody(call) }));

configure({ asyncUtilTimeout: 10000 });
vi.setConfig({ testTimeout: 30_000 });

const SAVED_AT = '2026-11-20T10:00:00.000Z';
const NEW_AT = '2026-11-22T05:00:00.000Z';
const ORG: LpiScope = { kind: 'organization' };

const CATEGORIES: TGridCategory[] = [
  { id: 1, name: 'Women', order: 1, genders: [{ id: 1, name: 'Woman', category_id: 1, order: 1 }] },
  { id: 2, name: 'Men', order: 2, genders: [{ id: 2, name: 'Man', category_id: 2, order: 2 }] },
];

function rows(values: Record<string, number> = {}): TGridRow[] {
  return [
    [2, 'Asian'],
    [7, 'White'],
  ].map(([id, name]) => {
    const genders = [1, 2].map((g) => ({ id: g, value: values[`${id}:${g}`] ?? 0, min: 0 }));
    return {
      ethnicity_id: id as number,
      name: name as string,
      genders,
      total: genders.reduce((s, c) => s + c.value, 0),
    };
  });
}
const grid = (values: Record<string, number> = {}) => {
  const r = rows(values);
  return { categories: CATEGORIES, rows: r, totals: gridTotals(CATEGORIES, r) };
};
const state = (tab: string, updated_at: string | null = SAVED_AT) => ({
  tab,
  updated_at,
  updated_by: null,
  completed: false,
  editable: true,
  version: updated_at ? 1 : 0,
});

/** The LPI page's side of the tab-editor contract: the registered save units. */
function renderTab(ui: ReactElement) {
  const units = new Map<string, TabEditorRegistration>();
  const host: TabEditorHost = {
    register(registration) {
      units.set(registration.tab, registration);
      return () => units.delete(registration.tab);
    },
    update() {},
  };
  renderWithProviders(<TabEditorProvider host={host}>{ui}</TabEditorProvider>, { app: true });
  return units;
}

beforeEach(() => setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' }));
afterEach(() => {
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('StaffTab', () => {
  const handlers = (extra: Record<string, Handler> = {}) => ({
    'GET /api/organization/me/staff': (call: StubbedCall) =>
      call.url.searchParams.get('us_based') === 'true'
        ? json({ data: grid({ '7:2': 2 }), state: state('us_staff', null) })
        : json({ data: grid({ '2:1': 3, '7:2': 1 }), state: state('staff') }),
    'GET /api/organization/me/meta-v2': () => json({ data: { total_full_time_employees: 40 } }),
    ...extra,
  });

  it('edits a cell and saves the whole grid with the updated_at it was based on', async () => {
    const calls = stub(
      handlers({
        'PUT /api/staff/save': () =>
          json({ data: grid({ '2:1': 7, '7:2': 1 }), state: { ...state('staff'), updated_at: NEW_AT } }),
      }),
    );
    const user = userEvent.setup();
    const units = renderTab(<StaffTab scope={ORG} readOnly={false} />);
    const staff = await screen.findByRole('region', { name: 'Total Full-Time Employees' });
    await waitFor(() => expect(within(staff).getByTestId('grid-count')).toHaveTextContent('4 / 40'));
    const us = screen.getByRole('region', { name: 'Total Full-Time Employees (US-based)' });
    expect(within(us).getByTestId('grid-count')).toHaveTextContent('2');

    const input = within(staff).getByRole('textbox', { name: 'Asian, Woman' });
    await user.click(input);
    await user.keyboard('7');
    expect(within(staff).getByTestId('grid-count')).toHaveTextContent('8 / 40');
    expect(units.get('staff')?.dirty).toBe(true);
    expect(units.get('us_staff')?.dirty).toBe(false);

    await act(() => units.get('staff')!.save({}));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/staff/save');
    expect(put.body).toEqual({
      survey_id: null,
      updated_at: SAVED_AT,
      data: [
        {
          ethnicity_id: 2,
          genders: [
            { id: 1, value: 7 },
            { id: 2, value: 0 },
          ],
        },
        {
          ethnicity_id: 7,
          genders: [
            { id: 1, value: 0 },
            { id: 2, value: 1 },
          ],
        },
      ],
    });
    expect(units.get('staff')?.dirty).toBe(false);
    expect(alertStore.getAlerts()).toEqual([
      expect.objectContaining({ type: 'success', title: 'Success!', description: 'Successfully saved!' }),
    ]);

    // the next save is based on the server's answer; an overwrite passes the base explicitly
    await user.click(within(staff).getByRole('textbox', { name: 'White, Woman' }));
    await user.keyboard('5');
    await act(() => units.get('staff')!.save({}));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body?.updated_at).toBe(NEW_AT);
    await user.click(within(staff).getByRole('textbox', { name: 'White, Woman' }));
    await user.keyboard('6');
    await act(() => units.get('staff')!.save({ baseUpdatedAt: '2026-11-22T05:30:00.000Z' }));
    expect(calls.filter((c) => c.method === 'PUT')[2]!.body?.updated_at).toBe('2026-11-22T05:30:00.000Z');
  });

  it('says above the grid when it does not add up to the overview’s total, as it is edited', async () => {
    stub(
      handlers({
        'GET /api/organization/me/meta-v2': () => json({ data: { total_full_time_employees: 5 } }),
      }),
    );
    const user = userEvent.setup();
    renderTab(<StaffTab scope={ORG} readOnly={false} />);
    const staff = await screen.findByRole('region', { name: 'Total Full-Time Employees' });
    const alert = await within(staff).findByRole('region', { name: 'The figures do not add up' });
    expect(alert).toHaveTextContent(
      'The staff grid adds up to 4 employees; the Overview declares 5 full-time employees. ' +
        'Correct the grid or the Overview’s Total Full-Time Employees.',
    );
    // The US-based grid is part of the staff: it has no total of its own to match.
    const us = screen.getByRole('region', { name: 'Total Full-Time Employees (US-based)' });
    expect(within(us).queryByRole('region', { name: 'The figures do not add up' })).not.toBeInTheDocument();
    await user.click(within(staff).getByRole('textbox', { name: 'White, Woman' }));
    await user.keyboard('1');
    await waitFor(() =>
      expect(
        within(staff).queryByRole('region', { name: 'The figures do not add up' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('rethrows a stale save (409) and keeps the draft', async () => {
    stub(
      handlers({
        'PUT /api/staff/save/us-based': () =>
          json({ message: 'Someone saved this tab after you opened it.', error: 'stale_save' }, 409),
      }),
    );
    const user = userEvent.setup();
    const units = renderTab(<StaffTab scope={ORG} readOnly={false} />);
    const us = await screen.findByRole('region', { name: 'Total Full-Time Employees (US-based)' });
    await user.click(await within(us).findByRole('textbox', { name: 'Asian, Man' }));
    await user.keyboard('3');
    await expect(units.get('us_staff')!.save({})).rejects.toMatchObject({ status: 409 });
    expect(units.get('us_staff')?.dirty).toBe(true);
    expect(within(us).getByRole('textbox', { name: 'Asian, Man' })).toHaveValue('3');
  });

  it('shows just the entered sum when the overview cannot be read, and no inputs when read-only', async () => {
    stub({ ...handlers(), 'GET /api/organization/me/meta-v2': () => json({ message: 'Nope' }, 500) });
    renderTab(<StaffTab scope={ORG} readOnly />);
    const staff = await screen.findByRole('region', { name: 'Total Full-Time Employees' });
    await waitFor(() => expect(within(staff).getByTestId('grid-count')).toHaveTextContent(/^4$/));
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(within(staff).getByTestId('cell-2-1')).toHaveTextContent('3');
  });
});

describe('InvestmentTab', () => {
  it('saves senior and junior rows with their type and the survey', async () => {
    const typed = (values: Record<string, number>) => {
      const senior = grid();
      const junior = grid(values);
      return {
        categories: CATEGORIES,
        grids: [
          { type: 1, label: 'Senior Investment Professional', rows: senior.rows, totals: senior.totals },
          { type: 2, label: 'Junior Investment Professional', rows: junior.rows, totals: junior.totals },
        ],
      };
    };
    const calls = stub({
      'GET /api/investment-staff': (call) =>
        json({
          data: typed({}),
          state: state(
            call.url.searchParams.get('us_based') === 'true' ? 'us_investment' : 'investment',
            null,
          ),
        }),
      'PUT /api/investment-staff/save': () =>
        json({ data: typed({ '7:1': 4 }), state: state('investment', NEW_AT) }),
    });
    const user = userEvent.setup();
    const scope: LpiScope = { kind: 'survey', organizationId: 2, surveyId: 5 };
    const units = renderTab(<InvestmentTab scope={scope} readOnly={false} />);
    const section = await screen.findByRole('region', { name: 'Investment Staff' });
    const junior = await within(section).findByRole('table', { name: 'Junior Investment Professional' });
    const us = await screen.findByRole('region', { name: 'Investment Staff (US-based)' });
    expect(
      await within(us).findByRole('table', { name: 'Senior Investment Professional (US-based)' }),
    ).toBeInTheDocument();
    await user.click(within(junior).getByRole('textbox', { name: 'White, Woman' }));
    await user.keyboard('4');
    expect(units.get('investment')?.dirty).toBe(true);
    await act(() => units.get('investment')!.save({}));
    const get = calls.find((c) => c.method === 'GET' && c.url.pathname === '/api/investment-staff')!;
    expect(Object.fromEntries(get.url.searchParams)).toMatchObject({ organization_id: '2', survey_id: '5' });
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ survey_id: 5, updated_at: null });
    expect(put.body?.data).toContainEqual({
      type_id: 2,
      ethnicity_id: 7,
      genders: [
        { id: 1, value: 4 },
        { id: 2, value: 0 },
      ],
      survey_id: 5,
    });
    expect(put.body?.data).toHaveLength(4);
  });
});

describe('InsightsTab', () => {
  const historical = (values: Record<string, number>) => ({
    categories: CATEGORIES,
    years: [2023, 2024, 2025],
    grids: [2023, 2024, 2025].flatMap((year) =>
      ['Hires', 'Promotions', 'Attrition'].map((label, i) => {
        const g = grid(year === 2024 && i === 2 ? values : {});
        return { year, type: i + 1, label, rows: g.rows, totals: g.totals };
      }),
    ),
  });

  it('says above the grids when hires minus attrition is not the change in head count, until a save fixes it', async () => {
    const message =
      'In 2025, hires minus attrition is 0 but head count changed by 3 (from 107 to 110). ' +
      'Correct the hires or the attrition of that year.';
    stub({
      'GET /api/organization/me/historical-insights': () =>
        json({
          data: historical({}),
          state: state('insights'),
          checks: [{ tab: 'insights', code: 'headcount_change', message }],
        }),
      'PUT /api/organization/historical-insights': () =>
        json({ data: historical({ '2:2': 2 }), state: state('insights', NEW_AT), checks: [] }),
    });
    const user = userEvent.setup();
    const units = renderTab(<InsightsTab scope={ORG} readOnly={false} />);
    const alert = await screen.findByRole('region', { name: 'The figures do not add up' });
    expect(alert).toHaveTextContent(message);
    await user.click(screen.getByRole('tab', { name: '2024' }));
    const attrition = await screen.findByRole('table', { name: 'Attrition in 2024' });
    await user.click(within(attrition).getByRole('textbox', { name: 'Asian, Man' }));
    await user.keyboard('2');
    await act(() => units.get('insights')!.save({}));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'The figures do not add up' })).not.toBeInTheDocument(),
    );
  });

  it('shows a tab per year with hires, promotions and attrition, and saves rows with year and type', async () => {
    const calls = stub({
      'GET /api/organization/me/historical-insights': () =>
        json({ data: historical({}), state: state('insights') }),
      'PUT /api/organization/historical-insights': () =>
        json({ data: historical({ '2:2': 2 }), state: state('insights', NEW_AT) }),
    });
    const user = userEvent.setup();
    const units = renderTab(<InsightsTab scope={ORG} readOnly={false} />);
    expect(await screen.findByRole('tab', { name: '2025', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '2024' }));
    const attrition = await screen.findByRole('table', { name: 'Attrition in 2024' });
    expect(screen.getByRole('table', { name: 'Hires in 2024' })).toBeInTheDocument();
    await user.click(within(attrition).getByRole('textbox', { name: 'Asian, Man' }));
    await user.keyboard('2');
    await act(() => units.get('insights')!.save({}));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body?.updated_at).toBe(SAVED_AT);
    expect(put.body?.data).toHaveLength(18);
    expect(put.body?.data).toContainEqual({
      year: 2024,
      type: 3,
      data: {
        ethnicity_id: 2,
        genders: [
          { id: 1, value: 0 },
          { id: 2, value: 2 },
        ],
      },
    });
  });
});
