import {
  NOTIFICATION_DEFAULT_DELIVERY,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
} from '@parity/domain/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../../lib/token-storage';
import { type Handler, json, jsonBody, type StubbedCall, stubFetch } from '../../../testing/fetch-stub';
import { ACCOUNT } from '../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../testing/render';
import { listAnswer, notification, type OpenStream, streamHandler } from '../notifications.fixtures';

configure({ asyncUtilTimeout: 5000 });

let streams: OpenStream[];

const INVITATION = notification({
  id: 3,
  title: 'Northwind invited you to 2026 DEI',
  body: 'Due 30 June 2026.',
  link: '/404',
  created_at: '2026-11-20T09:30:00Z',
});
const ANSWER = notification({
  id: 2,
  kind: 'support_answer',
  title: 'Support answered your question',
  read_at: '2026-11-21T10:00:00Z',
});

/** The real route tree at /notifications, the list answered by `list` and every call recorded. */
function renderPage(list: Handler, extra: Record<string, Handler> = {}, path = '/notifications') {
  const calls = stubFetch({
    'GET /api/user/status': () => json(ACCOUNT),
    'GET /api/notifications/unread-count': () => json({ unread: 1 }),
    'GET /api/notifications/stream': streamHandler(streams),
    'GET /api/notifications': list,
    ...extra,
  });
  return { calls, ...renderApp(path) };
}

/** Picks an option of one of the app's Selects (its own list: several are on a page). */
async function pick(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string) {
  await user.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

const listCalls = (calls: StubbedCall[]) => calls.filter((call) => call.path === '/api/notifications');
const lastListCall = (calls: StubbedCall[]) => listCalls(calls).at(-1);

beforeEach(() => {
  streams = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'a', refresh_token: 'r' });
});

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/notifications', () => {
  it("lists the user's notifications with their type, link, body and age (the full date on hover)", async () => {
    const { calls } = renderPage(() => json(listAnswer([INVITATION, ANSWER])));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Alert:')).toBeInTheDocument();
    // Each kind has its icon (issue 37: every alert showed the same warning sign).
    expect(first.querySelector('svg.tabler-icon-clipboard-list')).not.toBeNull();
    expect(first.querySelector('svg.tabler-icon-alert-triangle')).toBeNull();
    expect(within(first).getByRole('link', { name: 'Northwind invited you to 2026 DEI' })).toHaveAttribute(
      'href',
      '/404',
    );
    expect(within(first).getByText('Due 30 June 2026.')).toBeInTheDocument();
    expect(within(first).getByText('Unread')).toBeInTheDocument();
    const time = first.querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-11-20T09:30:00Z');
    expect(time?.getAttribute('title')).toMatch(/Nov 20, 2026/);
    expect(within(second).getByText('Update:')).toBeInTheDocument();
    expect(second.querySelector('svg.tabler-icon-lifebuoy')).not.toBeNull();
    expect(within(second).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(screen.getByText('2 notifications, 1 unread')).toBeInTheDocument();
    expect(lastListCall(calls)?.search.toString()).toBe(`limit=${NOTIFICATIONS_PAGE_SIZE}&offset=0`);
    // The breadcrumb and the document title name the page.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('Notifications')).toBeInTheDocument();
  });

  it('opens a notification from its title and marks it read', async () => {
    const { calls, router } = renderPage(() => json(listAnswer([INVITATION])), {
      'POST /api/notifications/3/read': () => json({ unread: 0 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Northwind invited you to 2026 DEI' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === '/api/notifications/3/read')).toBe(
        true,
      ),
    );
  });

  it("marks one read with its row's action; the bell follows", async () => {
    const readIds = new Set<number>();
    const unread = () =>
      [INVITATION, ANSWER].filter((item) => item.read_at === null && !readIds.has(item.id));
    const { calls } = renderPage(
      () =>
        json(
          listAnswer(
            [INVITATION, ANSWER].map((item) =>
              readIds.has(item.id) ? { ...item, read_at: '2026-11-26T10:00:00Z' } : item,
            ),
          ),
        ),
      {
        'GET /api/notifications/unread-count': () => json({ unread: unread().length }),
        'POST /api/notifications/3/read': () => {
          readIds.add(3);
          return json({ unread: 0 });
        },
      },
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'Northwind invited you to 2026 DEI' })).closest(
      'li',
    ) as HTMLElement;
    const markRead = within(row).getByRole('button', { name: 'Mark as read' });
    expect(markRead).toHaveAccessibleDescription('Northwind invited you to 2026 DEI');
    await user.click(markRead);
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Mark as read' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByText('2 notifications, 0 unread')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(calls.filter((call) => call.path === '/api/notifications/3/read')).toHaveLength(1);
  });

  it("'Mark all as read' reads every notification", async () => {
    let read = false;
    const { calls } = renderPage(
      () => json(listAnswer(read ? [] : [INVITATION], { unread: read ? 0 : 1, total: 1 })),
      {
        'POST /api/notifications/read-all': () => {
          read = true;
          return json({ unread: 0 });
        },
      },
    );
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Northwind invited you to 2026 DEI' });
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/notifications/read-all')).toHaveLength(1),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('filters by kind and unread only (kept in the address), with the empty message of the filter', async () => {
    const { calls, router } = renderPage((call) =>
      json(call.search.has('kind') || call.search.has('unread') ? listAnswer([]) : listAnswer([INVITATION])),
    );
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Northwind invited you to 2026 DEI' });

    await pick(user, screen.getByRole('combobox', { name: 'Kind' }), 'Pod posts');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=pod_post'));
    expect(await screen.findByText('No pod posts yet')).toBeInTheDocument();
    expect(lastListCall(calls)?.search.get('kind')).toBe('pod_post');

    await user.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=pod_post&unread=1'));
    expect(await screen.findByText('No unread pod posts')).toBeInTheDocument();
    expect(lastListCall(calls)?.search.get('unread')).toBe('true');

    await pick(user, screen.getByRole('combobox', { name: 'Kind' }), 'All kinds');
    await waitFor(() => expect(router.state.location.search).toBe('?unread=1'));
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    expect(lastListCall(calls)?.search.has('kind')).toBe(false);
  });

  it("says it is loading, never the new filter's empty message, while that filter's answer is on its way", async () => {
    let answerAll!: (response: Response) => void;
    renderPage(
      (call) =>
        call.search.has('unread')
          ? json(listAnswer([]))
          : new Promise<Response>((resolve) => (answerAll = resolve)),
      {},
      '/notifications?unread=1',
    );
    const user = userEvent.setup();
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Unread only' }));
    expect(await screen.findByRole('status', { name: 'Loading notifications' })).toBeInTheDocument();
    expect(screen.queryByText('No notifications yet')).toBeNull();

    answerAll(json(listAnswer([INVITATION])));
    expect(
      await screen.findByRole('link', { name: 'Northwind invited you to 2026 DEI' }),
    ).toBeInTheDocument();
  });

  it('pages by 20', async () => {
    const { calls, router } = renderPage((call) => {
      const offset = Number(call.search.get('offset'));
      const page = notification({ id: 100 - offset, title: `Notification at ${offset}` });
      return json(listAnswer([page], { total: 45, unread: 45, offset }));
    });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Notification at 0' });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'Notification at 40' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(lastListCall(calls)?.search.get('offset')).toBe('40');
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();
  });

  it("says 'No notifications yet' when there are none", async () => {
    renderPage(() => json(listAnswer([])));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says why the list could not be loaded', async () => {
    renderPage(() => json({ message: 'Your account is deactivated' }, 403));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The notifications could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByText('Your account is deactivated')).toBeInTheDocument();
  });

  it('shows a notification streamed live at the top of the list', async () => {
    renderPage(() => json(listAnswer([ANSWER])));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(streams).toHaveLength(1));
    const live = notification({ id: 9, title: 'Bea mentioned you', kind: 'pod_mention' });
    streams[0]?.stream.send({ event: 'notification', id: 9, data: { notification: live, unread: 2 } });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('link')[0]).toHaveAccessibleName('Bea mentioned you');
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('saves the delivery of each kind on the Preferences tab', async () => {
    const preferences = NOTIFICATION_KINDS.map((kind) => ({ kind, delivery: NOTIFICATION_DEFAULT_DELIVERY }));
    const { calls, router } = renderPage(() => json(listAnswer([])), {
      'GET /api/notifications/preferences': () => json({ preferences }),
      'PUT /api/notifications/preferences': (call) => json(jsonBody(call)),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Preferences' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=preferences'));
    const invitations = await screen.findByRole('combobox', { name: 'Survey invitations' });
    expect(invitations).toHaveValue('In-app only');
    const save = screen.getByRole('button', { name: 'Save preferences' });
    expect(save).toBeDisabled();

    await pick(user, invitations, 'In-app and daily mail digest');
    await pick(user, screen.getByRole('combobox', { name: 'Pod posts' }), 'Off');
    await user.click(save);

    expect(await screen.findByText('Your notification preferences were saved.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    const sent = (jsonBody(put as StubbedCall)?.preferences ?? []) as { kind: string; delivery: string }[];
    expect(sent).toHaveLength(NOTIFICATION_KINDS.length);
    expect(sent.find((p) => p.kind === 'survey_invitation')?.delivery).toBe('digest');
    expect(sent.find((p) => p.kind === 'pod_post')?.delivery).toBe('off');
    expect(sent.find((p) => p.kind === 'support_answer')?.delivery).toBe('in_app');
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('says why the preferences could not be loaded', async () => {
    renderPage(
      () => json(listAnswer([])),
      { 'GET /api/notifications/preferences': () => json({ message: 'No right' }, 403) },
      '/notifications?tab=preferences',
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The preferences could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByText('No right')).toBeInTheDocument();
  });
});
