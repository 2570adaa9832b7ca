import type { TOrganizationMeta } from '@parity/domain/lpi/overview';
import type { TMember } from '@parity/domain/signup';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../components/alerts/alert-store';
import { clearDictionaryCache } from '../lib/dictionaries';
import { setTokens } from '../lib/token-storage';
import { json, stubFetch } from '../testing/fetch-stub';
import { ACCOUNT } from '../testing/fixtures';
import { cleanupApps, renderApp } from '../testing/render';

configure({ asyncUtilTimeout: 15000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
  clearDictionaryCache();
});

afterEach(() => {
  cleanupApps();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SAVED_AT = '2026-11-20T10:00:00.000Z';

const member = (id: number, name: string, status: TMember['status']): TMember => ({
  id,
  name,
  lastname: 'Test',
  email: `${name.toLowerCase()}@acme.test`,
  image: null,
  status,
  manage_settings: id === ACCOUNT.id,
  user_manage_surveys: false,
  survey_creation: false,
  average_lpi_score_access: true,
  created_at: SAVED_AT,
});

const META: TOrganizationMeta = {
  id: 2,
  survey_id: null,
  name: 'Acme Capital Partners',
  about: null,
  inception_date: '2004-03-15',
  primary_phone: null,
  primary_address_id: null,
  addresses: [],
  primary_contact_id: 4,
  primary_contact_name: 'Ada Lovelace',
  color_id: null,
  evenness: null,
  lpi_score: null,
  website: null,
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

describe('organization members: one cache entry for every view', () => {
  it("approving a member on the members page refreshes the LPI overview's Primary Contact choices", async () => {
    let penny: TMember['status'] = 'pending';
    const members = () => ({ data: [member(7, 'Penny', penny), member(4, 'Ada', 'approved')], total: 2 });
    const state = {
      tab: 'overview',
      updated_at: SAVED_AT,
      updated_by: null,
      completed: false,
      editable: true,
      version: 1,
    };
    stubFetch({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/lpi/tab-titles': () =>
        json({
          staff: { entered: 0, total: 0 },
          us_staff: { entered: 0 },
          ownership: { flagged: 0, total: 0 },
          board: { rows: 0 },
          insights: { entered: 0 },
          investment: { entered: 0 },
          us_investment: { entered: 0 },
          committee: { entered: 0 },
          us_committee: { entered: 0 },
        }),
      'GET /api/lpi/tab-states': () => json({ data: [state] }),
      'GET /api/organization/me/meta-v2': () => json({ data: META, state }),
      'GET /api/organization/meta/healthcheck': () =>
        json({ complete: true, missing: [], errors: {}, tabs: {} }),
      'GET /api/organization-legal-structures': () => json([{ id: 2, name: 'General Partnership' }]),
      'GET /api/global-industry-hierarchy': () => json([]),
      'GET /api/global-industry-hierarchy-type': () => json([]),
      'GET /api/places/config': () => json({ ip_country_url: null, google_places: false }),
      'GET /api/organizations/me/members': () => json(members()),
      'GET /api/organizations/me/admins': () => json({ data: [] }),
      'GET /api/organizations/me/settings': () =>
        json({
          id: 2,
          name: 'Acme Capital Partners',
          about: null,
          website: null,
          color_id: null,
          legal_structure: 2,
          inception_date: null,
          primary_contact_id: 4,
          is_publicly_traded: false,
          ticker_symbol: null,
          total_full_time_employees: 40,
          total_leaders: 4,
          total_owners: 3,
          is_public: true,
          publish_scores: false,
          logo: null,
          cover: null,
        }),
      'POST /api/organizations/2/users/7/approve': () => {
        penny = 'approved';
        return json(member(7, 'Penny', 'approved'));
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/lpi/overview');
    await user.click((await screen.findAllByLabelText(/Primary Contact/))[0]!);
    expect(await screen.findByRole('option', { name: 'Ada Test', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Penny Test', hidden: true })).toBeNull();

    await router.navigate('/organizations/private/members');
    await user.click(await screen.findByRole('button', { name: 'Approve Penny Test' }));
    await waitFor(() =>
      expect(alertStore.getAlerts()).toContainEqual(
        expect.objectContaining({ title: 'User Account Approved' }),
      ),
    );

    await router.navigate('/lpi/overview');
    await user.click((await screen.findAllByLabelText(/Primary Contact/))[0]!);
    expect(await screen.findByRole('option', { name: 'Penny Test', hidden: true })).toBeInTheDocument();
  });
});
