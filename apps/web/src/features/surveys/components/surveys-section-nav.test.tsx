import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../../lib/token-storage';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { ACCOUNT, hostedSurvey } from '../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../testing/render';

// Lazy route modules load on first use: slow on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'a', refresh_token: 'r' });
});

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sections = async () =>
  within(await screen.findByRole('navigation', { name: 'Survey sections' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('aria-current')]);

describe('the Surveys sections', () => {
  it('lead a survey host from the surveys to answer to Hosting, where Create Request is', async () => {
    stubFetch({
      'GET /api/user/status': () => json({ ...ACCOUNT, isSurveyHost: true, hasSurveyCreation: true }),
      'GET /api/surveys/invitations': () => json({ data: [] }),
      'GET /api/surveys': () => json({ data: [] }),
    });
    const { router } = renderApp('/surveys');
    await screen.findByRole('heading', { level: 1, name: 'Surveys' });
    await waitFor(async () =>
      expect(await sections()).toEqual([
        ['Taking', 'page'],
        ['Hosting', null],
        ['Archived', null],
        ['Export', null],
      ]),
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Hosting' }));
    expect(await screen.findByRole('link', { name: 'Create Request' })).toHaveAttribute(
      'href',
      '/surveys/hosting/create',
    );
    expect(router.state.location.pathname).toBe('/surveys/hosting');
    expect(await sections()).toContainEqual(['Hosting', 'page']);
  });

  it('land a host whose organization hosts surveys and is invited to none on Hosting; Taking still lists', async () => {
    stubFetch({
      'GET /api/user/status': () => json({ ...ACCOUNT, isSurveyHost: true }),
      'GET /api/surveys/invitations': () => json({ data: [] }),
      'GET /api/surveys': () => json({ data: [hostedSurvey()] }),
    });
    const { router } = renderApp('/surveys');
    expect(await screen.findByRole('article', { name: '2026 DEI Survey' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/surveys/hosting');
    expect(await sections()).toContainEqual(['Hosting', 'page']);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Taking' }));
    expect(await screen.findByText('Your organization has no survey invitations yet.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/surveys/taking');
  });

  it('offer Hosting to survey hosts only', async () => {
    stubFetch({
      'GET /api/user/status': () => json({ ...ACCOUNT, isSurveyHost: false }),
      'GET /api/surveys/invitations': () => json({ data: [] }),
    });
    renderApp('/surveys/archived');
    await screen.findByRole('heading', { level: 1, name: 'Archived surveys' });
    await waitFor(async () =>
      expect(await sections()).toEqual([
        ['Taking', null],
        ['Archived', 'page'],
        ['Export', null],
      ]),
    );
  });
});
