import type { THealthcheck } from '@parity/domain/account';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../components/alerts/alert-store';
import { setTokens } from '../../lib/token-storage';
import { type Handler, json, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';
import type { UserAccount } from './api/types';

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 20_000 });

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

const wrap = <T,>(value: T | null) => ({ value, is_private: false });

const MY_ACCOUNT: UserAccount = {
  id: 4,
  name: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@acme.test',
  title: null,
  image: null,
  image_url: null,
  organization: { id: 2, name: 'Acme Capital Partners', logo: null },
  personal_email: wrap(null),
  phone: wrap(null),
  mobile_phone: wrap(null),
  address: wrap(null),
  veteran: wrap<boolean>(null),
  lgbt: wrap<boolean>(null),
  is_generation_immigrant: wrap<boolean>(null),
  is_disabled: wrap<boolean>(null),
  gender_id: wrap<number>(null),
  ethnicity_id: wrap<number>(null),
  bio: wrap(null),
  start_date: wrap(null),
  languages: [],
  interests: [],
  private_fields: [],
  acknowledgements: ['getting_started'],
  two_fa_enabled: false,
};

function stubAccount(healthcheck: () => THealthcheck, extra: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /api/user/status': () => json(ACCOUNT),
    'GET /api/user-account': () => json(MY_ACCOUNT),
    'GET /api/organizations/me/admins': () => json({ data: [] }),
    'GET /api/user/healthcheck': () => json(healthcheck()),
    // The edit form's option lists.
    'GET /api/genders': () => json({ data: [] }),
    'GET /api/ethnicities': () => json({ data: [] }),
    'GET /api/languages': () => json({ data: [] }),
    ...extra,
  });
}

const prompt = () => screen.findByRole('region', { name: 'Complete your profile' });

describe('profile completeness (GET /api/user/healthcheck)', () => {
  it('the dashboard lists what the profile misses, with a link to complete it', async () => {
    stubAccount(() => ({ complete: false, missing: ['title', 'image'] }));
    renderApp('/');
    const region = within(await prompt());
    expect(region.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Title',
      'Profile image',
    ]);
    expect(region.getByRole('link', { name: 'Add them to your profile' })).toHaveAttribute(
      'href',
      '/users/private?edit=1',
    );
  });

  it('the dashboard shows no prompt for a complete profile', async () => {
    const calls = stubAccount(() => ({ complete: true, missing: [] }));
    renderApp('/');
    await screen.findByRole('heading', { level: 2, name: /Your access/ });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user/healthcheck')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Complete your profile' })).not.toBeInTheDocument();
  });

  it('my profile shows it; the link opens the edit form, and saving what was missing removes it', async () => {
    let missing: THealthcheck['missing'] = ['title'];
    stubAccount(() => ({ complete: missing.length === 0, missing }), {
      'POST /api/user-account/4': () => {
        missing = [];
        return json({ ...MY_ACCOUNT, title: 'Managing Partner' });
      },
    });
    const { router } = renderApp('/users/private');
    const user = userEvent.setup();
    await user.click(within(await prompt()).getByRole('link', { name: 'Add them to your profile' }));
    await waitFor(() => expect(router.state.location.search).toBe('?edit=1'));
    // The edit form is the fix: the prompt stays as a list, without its link.
    await waitFor(async () => expect(within(await prompt()).queryByRole('link')).not.toBeInTheDocument());
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Managing Partner');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Complete your profile' })).not.toBeInTheDocument(),
    );
  });
});
