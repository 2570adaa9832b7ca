import type { TOrganizationMeta } from '@parity/domain/lpi/overview';
import { act, cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../../components/alerts/alert-store';
import { setTokens } from '../../../../lib/token-storage';
import { type Handler, json, jsonBody, stubFetch } from '../../../../testing/fetch-stub';
import { renderWithProviders } from '../../../../testing/render';
import type { LpiScope } from '../../lib/scope';
import { type TabEditorHost, TabEditorProvider, type TabEditorRegistration } from '../../lib/tab-editor';
import OverviewTab from '../../tabs/overview-tab';

/** The calls with their JSON bodies parsed. */
const stub = (handlers: Record<string, Handler>) =>
  stubFetch(handlers, (call) => ({ ...call, body: jsonBody(call) }));

configure({ asyncUtilTimeout: 10000 });
vi.setConfig({ testTimeout: 30_000 });

const SAVED_AT = '2026-11-20T10:00:00.000Z';
const NEW_AT = '2026-11-22T05:00:00.000Z';
const ORG: LpiScope = { kind: 'organization' };

const META: TOrganizationMeta = {
  id: 2,
  survey_id: null,
  name: 'Acme Capital Partners',
  about: null,
  inception_date: '2004-03-15',
  primary_phone: null,
  primary_address_id: 11,
  addresses: [
    { id: 11, address: 'New York, NY, USA', place_id: 'p-ny', details: null, primary_address: 1 },
    { id: 12, address: 'Boston, MA, USA', place_id: 'p-bos', details: null, primary_address: 0 },
  ],
  primary_contact_id: 4,
  primary_contact_name: 'Ada Lovelace',
  color_id: null,
  evenness: null,
  lpi_score: null,
  website: 'https://acme.example',
  is_publicly_traded: 0,
  legal_structure_id: 2,
  aum: null,
  is_public: 1,
  ticker_symbol: null,
  total_full_time_employees: 40,
  total_owners: 3,
  total_leaders: 4,
  identifiers: {},
};
const state = (updated_at: string | null = SAVED_AT) => ({
  tab: 'overview',
  updated_at,
  updated_by: null,
  completed: false,
  editable: true,
  version: 1,
});
const MEMBER = (id: number, name: string, status = 'approved') => ({
  id,
  name,
  lastname: 'Doe',
  email: `${name.toLowerCase()}@acme.test`,
  image: null,
  status,
  manage_settings: false,
  user_manage_surveys: false,
  survey_creation: false,
  average_lpi_score_access: true,
  created_at: SAVED_AT,
});

const base = (extra: Record<string, Handler> = {}) => ({
  'GET /api/organization/me/meta-v2': () => json({ data: META, state: state() }),
  'GET /api/organization-legal-structures': () =>
    json([
      { id: 1, name: 'Corporation (C Corp)' },
      { id: 2, name: 'General Partnership' },
      { id: 5, name: 'Sole Proprietorship' },
    ]),
  'GET /api/organizations/me/members': () =>
    json({ data: [MEMBER(4, 'Ada'), MEMBER(5, 'Max'), MEMBER(6, 'Pat', 'pending')], total: 3 }),
  'GET /api/global-industry-hierarchy': () => json([]),
  'GET /api/global-industry-hierarchy-type': () => json([]),
  'GET /api/places/config': () => json({ ip_country_url: null, google_places: false }),
  'GET /api/organization/meta/healthcheck': () => json({ complete: true, missing: [], errors: {}, tabs: {} }),
  ...extra,
});

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
  // Unmounted first: the alerts' clearing would otherwise draw the page again outside act().
  cleanup();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const alerts = () => alertStore.getAlerts().map((a) => [a.title, a.description]);

describe('OverviewTab', () => {
  it('shows the meta in the form, with the rule messages next to the fields and no save while invalid', async () => {
    const calls = stub(base());
    const user = userEvent.setup();
    const units = renderTab(<OverviewTab scope={ORG} readOnly={false} />);
    const leaders = await screen.findByLabelText(/Total Senior Leadership/);
    expect(leaders).toHaveValue('4');
    expect(screen.getByLabelText(/Inception Date/)).toHaveValue('2004-03-15');
    expect(screen.getByRole('radio', { name: 'New York, NY, USA' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Publicly traded' })).toBeDisabled();
    expect(units.get('overview')?.dirty).toBe(false);

    await user.clear(leaders);
    await user.type(leaders, '1');
    expect(
      await screen.findByText('Total Senior Leadership must be equal or greater than 2'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Ticker Symbol/));
    await user.type(screen.getByLabelText(/Ticker Symbol/), 'ABCDEFGHIJK');
    expect(await screen.findByText('Ticker Symbol must be maximum 10 characters long')).toBeInTheDocument();
    expect(units.get('overview')?.dirty).toBe(true);

    await expect(act(() => units.get('overview')!.save({}))).rejects.toThrow(
      'LPI organization meta validation error',
    );
    expect(alerts()).toContainEqual(['Error!', 'LPI organization meta validation error']);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves the draft with the updated_at it was based on and the chosen primary address', async () => {
    const calls = stub(
      base({
        'POST /api/organization/meta-v2': (call) =>
          json({
            data: { ...META, total_leaders: jsonBody(call)?.total_leaders, primary_address_id: 12 },
            state: state(NEW_AT),
          }),
      }),
    );
    const user = userEvent.setup();
    const units = renderTab(<OverviewTab scope={ORG} readOnly={false} />);
    const leaders = await screen.findByLabelText(/Total Senior Leadership/);
    await user.clear(leaders);
    await user.type(leaders, '6');
    await user.click(screen.getByRole('radio', { name: 'Boston, MA, USA' }));
    await act(() => units.get('overview')!.save({}));

    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      survey_id: null,
      updated_at: SAVED_AT,
      legal_structure: 2,
      inception_date: '2004-03-15',
      primary_contact_id: 4,
      total_leaders: 6,
      total_owners: 3,
      total_full_time_employees: 40,
      office_address_id: 12,
      website: 'https://acme.example',
    });
    expect(post?.body).not.toHaveProperty('office_address_found');
    expect(alerts()).toContainEqual(['Success!', 'Successfully saved!']);
    await waitFor(() => expect(units.get('overview')?.dirty).toBe(false));

    // An overwrite after a conflict sends the server's updated_at.
    await user.clear(screen.getByLabelText(/Total Senior Leadership/));
    await user.type(screen.getByLabelText(/Total Senior Leadership/), '7');
    await act(() => units.get('overview')!.save({ baseUpdatedAt: '2026-11-21T00:00:00.000Z' }));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body?.updated_at).toBe(
      '2026-11-21T00:00:00.000Z',
    );
  });

  it('fixes the counts at 1 for a sole proprietorship and offers only approved members', async () => {
    stub(
      base({
        'GET /api/organization/me/meta-v2': () =>
          json({ data: { ...META, legal_structure_id: 5 }, state: state() }),
      }),
    );
    const units = renderTab(<OverviewTab scope={ORG} readOnly={false} />);
    const owners = await screen.findByLabelText(/Total Owners/);
    expect(owners).toHaveValue('1');
    expect(owners).toBeDisabled();
    expect(screen.getByLabelText(/Total Full-Time Employees/)).toHaveValue('1');
    // the fixed values are what a save sends; loading them is not an edit
    await waitFor(() => expect(units.get('overview')?.dirty).toBe(false));
    await userEvent.setup().click(screen.getAllByLabelText(/Primary Contact/)[0]!);
    expect(await screen.findByRole('option', { name: 'Ada Doe', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Max Doe', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Pat Doe', hidden: true })).toBeNull();
  });

  it("shows the server's 'LPI organization meta validation error' with the field message", async () => {
    stub(
      base({
        'POST /api/organization/meta-v2': () =>
          json(
            {
              message: 'LPI organization meta validation error',
              error: 'validation_failed',
              detail: [
                {
                  field: 'primary_contact_id',
                  message: 'Primary Contact must be an approved member of the organization',
                },
              ],
            },
            400,
          ),
      }),
    );
    const user = userEvent.setup();
    const units = renderTab(<OverviewTab scope={ORG} readOnly={false} />);
    const leaders = await screen.findByLabelText(/Total Senior Leadership/);
    await user.clear(leaders);
    await user.type(leaders, '5');
    await expect(act(() => units.get('overview')!.save({}))).rejects.toBeTruthy();
    expect(alerts()).toContainEqual(['Error!', 'LPI organization meta validation error']);
    expect(
      await screen.findByText('Primary Contact must be an approved member of the organization'),
    ).toBeInTheDocument();
  });

  it('read-only: every value as text, no inputs; the primary contact by name even when not listed', async () => {
    // The contact (4) is no longer among the approved members listed: the API's name is shown.
    stub(base({ 'GET /api/organizations/me/members': () => json({ data: [MEMBER(5, 'Max')], total: 1 }) }));
    renderTab(<OverviewTab scope={ORG} readOnly />);
    const field = (name: string) => screen.getByRole('group', { name });
    expect(await screen.findByRole('group', { name: 'Primary Contact' })).toHaveTextContent('Ada Lovelace');
    expect(document.body.textContent).not.toMatch(/Member #/);
    await waitFor(() => expect(field('Legal Structure')).toHaveTextContent('General Partnership'));
    expect(field('Inception Date')).toHaveTextContent('Mar 15, 2004');
    expect(field('Total Senior Leadership')).toHaveTextContent('4');
    expect(field('Website')).toHaveTextContent('https://acme.example');
    expect(field('Primary Address')).toHaveTextContent('New York, NY, USA');
    // Empty values read as an em dash, as in the printable response.
    expect(field('Ticker Symbol')).toHaveTextContent('—');
    expect(field('Publicly Traded')).toHaveTextContent('No');
    expect(document.querySelectorAll('input, textarea, select')).toHaveLength(0);
  });
});
