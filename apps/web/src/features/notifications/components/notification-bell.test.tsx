import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../../lib/token-storage';
import { type Handler, json, type StubbedCall, stubFetch } from '../../../testing/fetch-stub';
import { cleanupApps, renderApp, SlowPage, underAppRoot } from '../../../testing/render';
import { listAnswer, notification, type OpenStream, streamHandler } from '../notifications.fixtures';
import { badgeCount, NotificationBell } from './notification-bell';

configure({ asyncUtilTimeout: 5000 });

let streams: OpenStream[];
let calls: StubbedCall[];
let unread: number;
let readIds: Set<number>;

/** The bell in a layout, as the top bar has it, over a few pages its links open. */
function renderBell(home = <h1>Home</h1>) {
  return renderApp(
    '/',
    underAppRoot([
      {
        element: (
          <>
            <NotificationBell />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: home },
          { path: '/notifications', element: <h1>All notifications</h1> },
          { path: '/surveys/taking/12', element: <h1>The survey</h1> },
        ],
      },
    ]),
  );
}

/** Waits for the bell's stream to be open and answers with it. */
async function openStream(index = 0) {
  await waitFor(() => expect(streams[index]).toBeDefined());
  return streams[index] as OpenStream;
}

beforeEach(() => {
  streams = [];
  unread = 3;
  readIds = new Set([2]);
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
  calls = stubFetch(bellHandlers());
});

/** The API the bell talks to. */
function bellHandlers(): Record<string, Handler> {
  return {
    'GET /api/notifications/unread-count': () => json({ unread }),
    'GET /api/notifications': () =>
      json(
        listAnswer(
          [
            notification({ id: 3, title: 'Acme invited you to 2026 DEI', link: '/surveys/taking/12' }),
            notification({ id: 2, title: 'Bea answered', kind: 'support_answer' }),
          ].map((item) => (readIds.has(item.id) ? { ...item, read_at: '2026-11-20T10:00:00Z' } : item)),
          { unread, total: 2, limit: 5 },
        ),
      ),
    'POST /api/notifications/read-all': () => {
      unread = 0;
      readIds = new Set([2, 3]);
      return json({ unread: 0 });
    },
    'POST /api/notifications/3/read': () => {
      unread = 2;
      readIds.add(3);
      return json({ unread: 2 });
    },
    'GET /api/notifications/stream': streamHandler(streams),
  };
}

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
});

describe('the notification bell', () => {
  it('shows the unread count on an icon button named with it, 99+ at most', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(bell).getByText('3')).toBeInTheDocument();
    // At 390 px only the icon and its badge take room: no visible text beside the count.
    expect(bell.textContent).toBe('3');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });

  it('with nothing unread, shows no badge', async () => {
    unread = 0;
    renderBell();
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/notifications/unread-count')).toBe(true),
    );
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(bell.textContent).toBe('');
  });

  it('counts a notification streamed live, and toasts an alert with a link that opens it', async () => {
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    const { call, stream } = await openStream();
    expect(call.headers.authorization).toBe('Bearer access-1');
    expect(call.headers.accept).toBe('text/event-stream');

    const invitation = notification({ id: 7, title: 'Northwind invited you', link: '/surveys/taking/12' });
    stream.send({ event: 'notification', id: 7, data: { notification: invitation, unread: 4 } });
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();

    const toast = (await screen.findByText('Northwind invited you')).closest<HTMLElement>('[role="status"]');
    if (!toast) throw new Error('The alert is not announced');
    await userEvent.setup().click(within(toast).getByRole('link', { name: 'Open' }));
    expect(await screen.findByRole('heading', { name: 'The survey' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/7/read')).toBe(true),
    );
  });

  it('does not toast a notification that is not an alert', async () => {
    renderBell();
    const { stream } = await openStream();
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    const answer = notification({ id: 8, kind: 'support_answer', title: 'Support answered' });
    stream.send({ event: 'notification', id: 8, data: { notification: answer, unread: 4 } });
    await screen.findByRole('button', { name: 'Notifications, 4 unread' });
    expect(screen.queryByText('Support answered')).toBeNull();
  });

  it("takes the count of an 'unread' event: another tab read them", async () => {
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    const { stream } = await openStream();
    stream.send({ event: 'unread', data: { unread: 0 } });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('opens from the keyboard on the latest five, and closes on Escape back to the bell', async () => {
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications, 3 unread' });
    const latest = await within(panel).findByRole('list', { name: 'Latest notifications' });
    expect(within(latest).getAllByRole('listitem')).toHaveLength(2);
    expect(within(latest).getByRole('link', { name: 'Acme invited you to 2026 DEI' })).toBeInTheDocument();
    expect(within(panel).getByText('Alert:')).toBeInTheDocument();
    const latestCall = calls.find((call) => call.path === '/api/notifications');
    expect(latestCall?.search.get('limit')).toBe('5');
    expect(latestCall?.search.get('offset')).toBe('0');

    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bell).toHaveFocus();
  });

  it('marks all as read from the popover', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('dialog');
    await within(panel).findByRole('list', { name: 'Latest notifications' });
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/notifications/read-all')).toHaveLength(1);
    await waitFor(() => expect(within(panel).queryByTestId('unread-dot')).toBeNull());
    // Nothing left to mark: the button says so but keeps focus, so Escape still closes the popover.
    const markAll = within(panel).getByRole('button', { name: 'Mark all as read' });
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    expect(markAll).toHaveFocus();
    await user.click(markAll);
    expect(calls.filter((call) => call.path === '/api/notifications/read-all')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens a notification from the popover: marked read, the popover closed', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('dialog');
    await user.click(await within(panel).findByRole('link', { name: 'Acme invited you to 2026 DEI' }));
    expect(await screen.findByRole('heading', { name: 'The survey' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows a new notification at the top of an open popover, and 'See all' goes to the page", async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('dialog');
    const latest = await within(panel).findByRole('list', { name: 'Latest notifications' });
    const { stream } = await openStream();
    stream.send({
      event: 'notification',
      id: 9,
      data: { notification: notification({ id: 9, title: 'A reminder', kind: 'event_reminder' }), unread: 4 },
    });
    await waitFor(() => expect(within(latest).getAllByRole('listitem')).toHaveLength(3));
    expect(within(latest).getAllByRole('link')[0]).toHaveAccessibleName('A reminder');
    await user.click(within(panel).getByRole('link', { name: 'See all' }));
    expect(await screen.findByRole('heading', { name: 'All notifications' })).toBeInTheDocument();
  });

  it("loads its count and live stream only once the page's own reads have answered", async () => {
    let answerPage: () => void = () => undefined;
    const pageAnswered = new Promise<void>((resolve) => {
      answerPage = resolve;
    });
    calls = stubFetch({
      ...bellHandlers(),
      'GET /api/slow': async () => {
        await pageAnswered;
        return json({ title: 'The page' });
      },
    });
    renderBell(<SlowPage />);
    await screen.findByRole('heading', { name: 'Loading the page' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    // The page's read goes first and alone: the bell's part, count and stream wait for it.
    expect(calls.map((call) => call.path)).toEqual(['/api/slow']);
    expect(streams).toHaveLength(0);

    answerPage();
    await screen.findByRole('heading', { name: 'The page' });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    await openStream();
  });

  it('keeps the keyboard focus on the bell when its live part (with the popover) arrives', async () => {
    calls = stubFetch({ ...bellHandlers(), 'GET /api/slow': () => json({ title: 'The page' }) });
    renderBell(<SlowPage />);
    const standIn = await screen.findByRole('button', { name: 'Notifications' });
    standIn.focus();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell).not.toBe(standIn);
    expect(bell).toHaveFocus();
    await userEvent.setup().keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: /^Notifications/ })).toBeInTheDocument();
  });

  it('opens at once when clicked while the page is still reading', async () => {
    calls = stubFetch({ ...bellHandlers(), 'GET /api/slow': () => new Promise<Response>(() => undefined) });
    renderBell(<SlowPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: /^Notifications/ });
    expect(await within(panel).findByRole('list', { name: 'Latest notifications' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
  });
});
