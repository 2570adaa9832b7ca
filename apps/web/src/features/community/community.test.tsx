import type {
  TAnnouncement,
  TCommunityMe,
  TCommunityOrganization,
  TCommunityPerson,
} from '@parity/domain/community';
import { COMMUNITY_EMPTY } from '@parity/domain/community';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/dialog-store';
import { setTokens } from '../../lib/token-storage';
import { callsTo, type Handler, json, jsonBody, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';

const ME: TCommunityMe = {
  listed: false,
  interests: [],
  followers: 0,
  following: 1,
  organization: { id: 2, name: 'Acme Capital Partners', listed: true, tags: [1], can_edit: true },
};

const person = (over: Partial<TCommunityPerson> = {}): TCommunityPerson => ({
  id: 7,
  display_name: 'Eve Castillo',
  title: 'Partner',
  image_url: null,
  organization: { id: 3, name: 'Cedar Equity' },
  interests: [13],
  followers: 2,
  followed: false,
  ...over,
});

const organization = (over: Partial<TCommunityOrganization> = {}): TCommunityOrganization => ({
  id: 3,
  name: 'Cedar Equity',
  logo: null,
  about: 'Growth equity.',
  website: null,
  tags: [2],
  listed_members: 1,
  followers: 4,
  followed: true,
  ...over,
});

const announcement = (over: Partial<TAnnouncement> = {}): TAnnouncement => ({
  id: 1,
  title: 'Welcome',
  body: 'Hello **all** <script>alert(1)</script>',
  author: { id: 1, name: 'Pat Admin' },
  published_at: '2026-11-20T10:00:00.000Z',
  expires_at: null,
  expired: false,
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

function renderPage(path: string, handlers: Record<string, Handler> = {}) {
  const calls = stubFetch({
    'GET /api/user/status': () => json(ACCOUNT),
    'GET /api/notifications/unread-count': () => json({ unread: 0 }),
    'GET /api/notifications/stream': () => new Response('', { status: 204 }),
    'GET /api/interests': () =>
      json({
        data: [
          { id: 3, name: 'Impact investing' },
          { id: 13, name: 'Women in finance' },
        ],
      }),
    'GET /api/tags': () =>
      json({
        data: [
          { id: 1, name: 'Diverse-owned' },
          { id: 2, name: 'Women-owned' },
        ],
      }),
    'GET /api/community/me': () => json(ME),
    'GET /api/community/announcements': () => json({ data: [announcement()], total: 1 }),
    ...handlers,
  });
  const view = renderApp(path);
  // The page's chunk (react-markdown with it) loads first, slowly on a busy machine.
  const ready = screen.findByRole('heading', { level: 1, name: 'Community' }, { timeout: 20_000 });
  return { calls, ready, ...view };
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

describe('/community', () => {
  it('is in the top bar and shows the announcements, their markdown rendered without raw HTML', async () => {
    await renderPage('/community').ready;
    const article = await screen.findByRole('article', { name: 'Welcome' });
    expect(within(article).getByText('all').tagName).toBe('STRONG');
    expect(article.innerHTML).not.toContain('<script');
    // In the top bar: in its row at some widths, under More at others (jsdom's narrowest).
    const modules = screen.getByRole('navigation', { name: 'Modules' });
    await userEvent.setup().click(within(modules).getByRole('button', { name: 'More' }));
    expect(within(modules).getByRole('link', { name: 'Community' })).toHaveAttribute('href', '/community');
    // Members neither write nor see expired announcements.
    expect(screen.queryByRole('button', { name: 'New announcement' })).toBeNull();
  });

  it('finds people by an interest and follows one', async () => {
    const user = userEvent.setup();
    let followed = false;
    const { calls, ready } = renderPage('/community?tab=people', {
      'GET /api/community/people': (call) =>
        json(
          call.search.get('interests') === '13'
            ? { data: [person({ followed })], total: 1 }
            : {
                data: [
                  person({ followed }),
                  person({ id: 8, display_name: 'Nora Whitfield', interests: [] }),
                ],
                total: 2,
              },
        ),
      'PUT /api/community/people/7/follow': () => {
        followed = true;
        return json(person({ followed: true, followers: 3 }));
      },
    });
    await ready;
    const list = await screen.findByRole('list', { name: 'People' });
    expect(within(list).getAllByRole('listitem', { hidden: false }).length).toBeGreaterThan(0);
    expect(within(list).getByRole('link', { name: 'Nora Whitfield' })).toHaveAttribute('href', '/users/8');

    await user.click(screen.getByRole('combobox', { name: 'Interests (any of them)' }));
    const filter = screen.getByRole('listbox', { name: 'Interests (any of them)', hidden: true });
    await user.click(await within(filter).findByRole('option', { name: 'Women in finance', hidden: true }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'People' })).queryByText('Nora Whitfield')).toBeNull(),
    );
    expect(callsTo(calls, 'GET', '/api/community/people').at(-1)!.search.get('interests')).toBe('13');
    expect(screen.getByRole('list', { name: 'Interests of Eve Castillo' })).toHaveTextContent(
      'Women in finance',
    );

    await user.click(screen.getByRole('button', { name: 'Follow Eve Castillo' }));
    expect(await screen.findByRole('button', { name: 'Unfollow Eve Castillo' })).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/api/community/people/7/follow')).toHaveLength(1);
  });

  it('says so when nobody is listed, and lists whom I follow', async () => {
    const user = userEvent.setup();
    const { ready } = renderPage('/community?tab=people', {
      'GET /api/community/people': () => json({ data: [], total: 0 }),
      'GET /api/community/following': () =>
        json({
          data: [
            { kind: 'organization', followed_at: '2026-11-20T10:00:00.000Z', organization: organization() },
          ],
          total: 1,
        }),
    });
    await ready;
    expect(await screen.findByText(COMMUNITY_EMPTY.people)).toBeInTheDocument();
    // The latest announcement stays on top of the other tabs.
    expect(screen.getByRole('region', { name: 'Latest announcement' })).toHaveTextContent('Welcome');
    await user.click(screen.getByRole('tab', { name: 'Following' }));
    const list = await screen.findByRole('list', { name: 'Following' });
    expect(within(list).getByRole('link', { name: 'Cedar Equity' })).toHaveAttribute(
      'href',
      '/organizations/3',
    );
    expect(within(list).getByRole('button', { name: 'Unfollow Cedar Equity' })).toBeInTheDocument();
  });

  it('shows me in the community with my interests when I switch it on', async () => {
    const user = userEvent.setup();
    const { calls, ready } = renderPage('/community', {
      'PUT /api/community/me': (call) => json({ ...ME, ...jsonBody(call) }),
    });
    await ready;
    const form = await screen.findByRole('form', { name: 'My community listing' });
    await user.click(within(form).getByRole('switch', { name: /Show me in the community/ }));
    await user.click(within(form).getByRole('combobox', { name: /My interests/ }));
    await user.click(await screen.findByRole('option', { name: 'Impact investing', hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Save my listing' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/community/me')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'PUT', '/api/community/me')[0]!)).toEqual({
      listed: true,
      interests: [3],
    });
    expect(await screen.findByText('You are listed')).toBeInTheDocument();
  });

  it('lets a platform administrator publish an announcement, refusing a past expiry first', async () => {
    const user = userEvent.setup();
    const { calls, ready } = renderPage('/community', {
      'GET /api/user/status': () => json({ ...ACCOUNT, isAdministrator: true }),
      'POST /api/community/announcements': (call) => json(announcement({ id: 2, ...jsonBody(call) }), 201),
    });
    await ready;
    await user.click(await screen.findByRole('button', { name: 'New announcement' }));
    const form = await screen.findByRole('form', { name: 'New announcement' });
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Office hours');
    await user.type(within(form).getByRole('textbox', { name: /Text/ }), 'Every Friday.');
    const expiry = within(form).getByLabelText(/Expires/);
    await user.type(expiry, '2020-01-01T10:00');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('The expiry must be in the future.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/community/announcements')).toHaveLength(0);

    await user.clear(expiry);
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/community/announcements')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'POST', '/api/community/announcements')[0]!)).toEqual({
      title: 'Office hours',
      body: 'Every Friday.',
      expires_at: null,
    });
  });
});
