import type { TCurrentAccount } from '@parity/domain/auth';
import type { TSurveyOverview } from '@parity/domain/survey-request';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../components/alerts/alert-store';
import { setTokens } from '../../../lib/token-storage';
import { type Handler, json, stubFetch } from '../../../testing/fetch-stub';
import { ACCOUNT } from '../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../testing/render';
import { OPEN_IN_BI_TOOL } from './open-in-bi-tool';

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 30_000 });

const SURVEY = 7;
const HOST_ACCOUNT: TCurrentAccount = {
  ...ACCOUNT,
  id: 3,
  name: 'Nora',
  organization_id: 1,
  isSurveyHost: true,
};
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.e30.sig';
const BI_URL = `https://bi.example.test/trusted/${TOKEN}/views/Parity`;

const OVERVIEW: TSurveyOverview = {
  id: SURVEY,
  title: '2026 DEI Survey',
  description: null,
  survey_type_id: 2,
  receive_type_id: 1,
  insight_type_ids: [],
  start: '2026-09-01',
  due: '2027-01-31',
  status: 'Active',
  is_legacy: false,
  archived_at: null,
  created_at: '2026-09-01T09:00:00.000Z',
  host: { id: 1, name: 'Northwind Pension Fund', logo: null },
  primary_contact: null,
  contact_email: 'host@northwind.test',
  support_email: 'support@northwind.test',
  steps: [],
  contents: [],
  questions: [],
  invitation: null,
  invited: 0,
  submitted: 0,
  administrators: [],
  can_manage: true,
};

function stubHostedPage({
  account = HOST_ACCOUNT,
  analyticsTool = true,
  token = (() => json({ token: TOKEN, expires_in: 300, url: BI_URL })) as Handler,
} = {}) {
  return stubFetch({
    'GET /api/user/status': () => json(account),
    [`GET /api/surveys/${SURVEY}`]: () => json(OVERVIEW),
    'GET /api/places/config': () =>
      json({ ip_country_url: null, google_places: false, analytics_tool: analyticsTool }),
    'GET /api/tableau/token': token,
  });
}

/** The hosted survey page on its Reports tab (which reads nothing until asked). */
async function openHostedPage() {
  renderApp(`/surveys/hosting/${SURVEY}?tab=reports`);
  await screen.findByRole('heading', { level: 1, name: '2026 DEI Survey' });
}

/** A stand-in for the browser tab window.open gives. */
function fakeTab() {
  return { opener: window as Window | null, location: { href: 'about:blank' }, close: vi.fn() };
}

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

describe("the hosted survey page's 'Open in BI tool'", () => {
  it('opens the BI tool with a fresh token in a new tab that cannot reach back', async () => {
    const calls = stubHostedPage();
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openHostedPage();
    const button = await screen.findByRole('button', { name: OPEN_IN_BI_TOOL });
    expect(calls.some((call) => call.path === '/api/tableau/token')).toBe(false);
    await userEvent.setup().click(button);
    await waitFor(() => expect(tab.location.href).toBe(BI_URL));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(calls.filter((call) => call.path === '/api/tableau/token')).toHaveLength(1);
  });

  it('closes the new tab and alerts the error when no token is given', async () => {
    stubHostedPage({
      token: () => json({ message: 'Only survey hosts may open the BI tool.', error: 'forbidden' }, 403),
    });
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openHostedPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: OPEN_IN_BI_TOOL }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('about:blank');
    expect(alertStore.getAlerts()).toEqual([
      expect.objectContaining({ title: 'Error', description: 'Only survey hosts may open the BI tool.' }),
    ]);
  });

  it('is hidden when no BI tool is configured', async () => {
    const calls = stubHostedPage({ analyticsTool: false });
    await openHostedPage();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/places/config')).toBe(true));
    expect(screen.queryByRole('button', { name: OPEN_IN_BI_TOOL })).not.toBeInTheDocument();
  });

  it('is hidden from someone who manages the survey without being a survey host', async () => {
    const calls = stubHostedPage({ account: { ...ACCOUNT, isSurveyHost: false } });
    await openHostedPage();
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: OPEN_IN_BI_TOOL })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/places/config')).toBe(false);
  });
});
