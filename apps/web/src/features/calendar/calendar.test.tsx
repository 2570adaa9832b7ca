import { CALENDAR_MESSAGES } from '@parity/domain/calendar/events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/dialog-store';
import { setTokens } from '../../lib/token-storage';
import { fromZonedInput, toZonedInput } from '../../lib/zoned-time';
import { callsTo, type Handler, json, jsonBody, type StubbedCall, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';
import { eventDetail, occurrence, PREFERENCES } from './calendar.fixtures';
import { toCalendarEvents } from './components/calendar-view';
import { eventPath, occurrenceId } from './lib/occurrences';

function renderPage(path: string, handlers: Record<string, Handler> = {}) {
  const calls = stubFetch({
    'GET /api/user/status': () => json(ACCOUNT),
    'GET /api/notifications/unread-count': () => json({ unread: 0 }),
    'GET /api/notifications/stream': () => new Response('', { status: 204 }),
    'GET /api/calendar/preferences': () => json(PREFERENCES),
    ...handlers,
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

beforeEach(() => {
  setTokens({ access_token: 'a', refresh_token: 'r' });
});

afterEach(() => {
  closeAllDialogs();
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('calendar helpers', () => {
  it("converts a wall-clock time in the event's zone to UTC and back, across a clock change", () => {
    expect(fromZonedInput('2026-07-01T09:30', 'Europe/Berlin')).toBe('2026-07-01T07:30:00.000Z');
    expect(fromZonedInput('2026-12-01T09:30', 'Europe/Berlin')).toBe('2026-12-01T08:30:00.000Z');
    expect(fromZonedInput('2026-03-08T12:00', 'America/New_York')).toBe('2026-03-08T16:00:00.000Z');
    expect(toZonedInput('2026-12-01T08:30:00.000Z', 'Europe/Berlin')).toBe('2026-12-01T09:30');
    expect(fromZonedInput('not a date', 'UTC')).toBeNull();
  });

  it('marks an event starting within 30 minutes as soon, and links an occurrence to its page', () => {
    const now = new Date('2026-12-03T08:40:00.000Z');
    const [soon, later] = toCalendarEvents(
      [
        occurrence(),
        occurrence({ eventId: 8, start: '2026-12-03T09:30:00.000Z', end: '2026-12-03T10:00:00.000Z' }),
      ],
      now,
    );
    expect(soon?.classNames).toContain('event-soon');
    expect(later?.classNames).not.toContain('event-soon');
    expect(soon?.editable).toBe(true);
    expect(eventPath(occurrence())).toBe('/calendar/events/7');
    const ofSeries = occurrence({ occurrenceStart: '2026-12-03T09:00:00.000Z' });
    expect(eventPath(ofSeries)).toBe('/calendar/events/7?occurrence=2026-12-03T09%3A00%3A00.000Z');
    expect(occurrenceId(ofSeries)).not.toBe(occurrenceId(occurrence()));
  });
});

describe('/calendar', () => {
  it('reads the visible range and shows its events, with Add Event and the settings', async () => {
    const { calls } = renderPage('/calendar', {
      'GET /api/events': () => json({ data: [occurrence()] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Event' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/events').length).toBeGreaterThan(0));
    const read = callsTo(calls, 'GET', '/api/events')[0];
    const from = new Date(read?.search.get('from') ?? '');
    const to = new Date(read?.search.get('to') ?? '');
    // The month view: six weeks (42 days).
    expect(Math.round((to.getTime() - from.getTime()) / 86_400_000)).toBe(42);
    // Weeks start on the user's Monday.
    expect(toZonedInput(from.toISOString(), PREFERENCES.timeZone).slice(0, 10)).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    expect(
      new Date(
        `${toZonedInput(from.toISOString(), PREFERENCES.timeZone).slice(0, 10)}T12:00:00Z`,
      ).getUTCDay(),
    ).toBe(1);
  });

  it('says why the events could not be loaded', async () => {
    renderPage('/calendar', {
      'GET /api/events': () => json({ message: 'The range may span at most 62 days.' }, 400),
    });
    expect(await screen.findByText('The events could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The range may span at most 62 days.')).toBeInTheDocument();
  });

  it("checks the new event with the domain's rules, then posts it in UTC and opens its page", async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/calendar', {
      'GET /api/events': () => json({ data: [] }),
      'POST /api/events': () => json(eventDetail({ id: 42, title: 'Weekly sync' }), 201),
      'GET /api/events/42': () => json(eventDetail({ id: 42, title: 'Weekly sync' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add event' });
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(await within(dialog).findByText(CALENDAR_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/events')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Title/), 'Weekly sync');
    const start = within(dialog).getByLabelText(/^Start/);
    const end = within(dialog).getByLabelText(/^End/);
    await user.clear(start);
    await user.type(start, '2026-12-03T10:00');
    await user.clear(end);
    await user.type(end, '2026-12-03T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(await within(dialog).findByText(CALENDAR_MESSAGES.endBeforeStart)).toBeInTheDocument();

    await user.clear(end);
    await user.type(end, '2026-12-03T11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/events')).toHaveLength(1));
    const body = jsonBody(callsTo(calls, 'POST', '/api/events')[0] as StubbedCall);
    expect(body).toMatchObject({
      title: 'Weekly sync',
      timeZone: 'Europe/London',
      start: '2026-12-03T10:00:00.000Z',
      end: '2026-12-03T11:00:00.000Z',
      allDay: false,
      recurrence: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly sync' })).toBeInTheDocument();
  });

  it("sends a weekly recurrence on the chosen days and shows the API's 400 on its field", async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/calendar', {
      'GET /api/events': () => json({ data: [] }),
      'POST /api/events': () =>
        json(
          {
            message: 'Body is invalid.',
            detail: [{ field: 'body.recurrence.count', message: CALENDAR_MESSAGES.tooManyOccurrences }],
          },
          400,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Add Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add event' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'Stand-up');
    await pick(user, within(dialog).getByLabelText('Repeat', { selector: 'input' }), 'Weekly');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mon' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wed' }));
    await user.click(within(dialog).getByRole('radio', { name: 'After' }));
    const count = within(dialog).getByLabelText('Number of occurrences');
    await user.clear(count);
    await user.type(count, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(await within(dialog).findByText(CALENDAR_MESSAGES.tooManyOccurrences)).toBeInTheDocument();
    const body = jsonBody(callsTo(calls, 'POST', '/api/events')[0] as StubbedCall);
    expect(body?.recurrence).toEqual({ freq: 'weekly', interval: 1, byWeekday: [1, 3], count: 12 });
  });

  it('regenerates the feed URL only after a confirmation and shows the new address once', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/calendar', {
      'GET /api/events': () => json({ data: [] }),
      'GET /api/calendar/feed': () =>
        json({ url: null, active: true, createdAt: '2026-11-01T10:00:00.000Z' }),
      'POST /api/calendar/feed': () =>
        json(
          {
            url: 'https://parity.test/api/calendar/feed/new.ics',
            active: true,
            createdAt: '2026-11-26T10:00:00.000Z',
          },
          201,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar settings' });
    expect(await within(dialog).findByText(/Your feed is active since Nov 1, 2026/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Regenerate the feed URL' });
    await user.click(within(confirmDialog).getByRole('button', { name: 'Regenerate' }));
    expect(
      await within(dialog).findByDisplayValue('https://parity.test/api/calendar/feed/new.ics'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/calendar/feed')).toHaveLength(1);
  });

  it('saves the preferences: time zone, week start and slot size', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/calendar', {
      'GET /api/events': () => json({ data: [] }),
      'GET /api/calendar/feed': () => json({ url: null, active: false, createdAt: null }),
      'PUT /api/calendar/preferences': (call) => json(jsonBody(call)),
    });
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar settings' });
    expect(await within(dialog).findByText('No feed yet')).toBeInTheDocument();
    await pick(user, within(dialog).getByLabelText('Week starts on', { selector: 'input' }), 'Sunday');
    await pick(user, within(dialog).getByLabelText(/^Time slots/, { selector: 'input' }), '1 hour');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/calendar/preferences')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'PUT', '/api/calendar/preferences')[0] as StubbedCall)).toEqual({
      timeZone: 'Europe/London',
      weekStart: 0,
      slotMinutes: 60,
    });
  });
});

describe('/calendar/events', () => {
  const LIST = {
    data: [
      {
        eventId: 7,
        title: 'Board meeting',
        start: '2026-12-03T09:00:00.000Z',
        end: '2026-12-03T10:00:00.000Z',
        allDay: false,
        organizationName: 'Acme Capital Partners',
        visibility: 'organization',
        recurring: true,
        myStatus: 'maybe',
        attendingCount: 4,
      },
    ],
    total: 1,
  };

  it('lists upcoming events with a link to each, then past ones', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/calendar/events', {
      'GET /api/events/list': (call) =>
        json(call.search.get('when') === 'past' ? { data: [], total: 0 } : LIST),
    });
    const table = await screen.findByRole('table', { name: 'Upcoming events' });
    expect(within(table).getByRole('link', { name: 'Board meeting' })).toHaveAttribute(
      'href',
      '/calendar/events/7',
    );
    expect(within(table).getByText('Maybe')).toBeInTheDocument();
    expect(within(table).getByText('Recurring')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Past' }));
    expect(await screen.findByText('No past events.')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/events/list').at(-1)?.search.get('when')).toBe('past');
  });

  it('searches, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/calendar/events', {
      'GET /api/events/list': (call) => json(call.search.get('q') ? { data: [], total: 0 } : LIST),
    });
    await screen.findByRole('table', { name: 'Upcoming events' });
    await user.type(screen.getByRole('textbox', { name: 'Search events' }), 'zzz');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No event matches your search.')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/events/list').at(-1)?.search.get('q')).toBe('zzz');
  });

  it('says why the list could not be loaded', async () => {
    renderPage('/calendar/events', {
      'GET /api/events/list': () => json({ message: 'Your account is awaiting approval.' }, 403),
    });
    expect(await screen.findByText('The events could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Your account is awaiting approval.')).toBeInTheDocument();
  });
});

describe('/calendar/events/{eventId}', () => {
  it('shows the event with its sanitised description, and sends my answer and my reminder', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/calendar/events/7', {
      'GET /api/events/7': () => json(eventDetail()),
      'PUT /api/events/7/attendees/me': () => json({ status: 'attending', reminderMinutes: null }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Board meeting' })).toBeInTheDocument();
    expect(screen.getByText('figures').tagName).toBe('STRONG');
    expect(document.querySelector('main script')).toBeNull();
    expect(screen.getByText('Ada Lovelace (Acme Capital Partners)')).toBeInTheDocument();
    expect(screen.getByText('2 attending, 0 maybe, 1 declined, 3 no answer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Attend' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/events/7/attendees/me')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'PUT', '/api/events/7/attendees/me')[0] as StubbedCall)).toEqual({
      status: 'attending',
      reminderMinutes: null,
    });
    await pick(
      user,
      screen.getByLabelText('Remind me', { selector: 'input' }),
      '5 minutes before (in 5 minutes)',
    );
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/events/7/attendees/me')).toHaveLength(2));
    expect(jsonBody(callsTo(calls, 'PUT', '/api/events/7/attendees/me')[1] as StubbedCall)).toMatchObject({
      reminderMinutes: 5,
    });
  });

  it('deletes after a confirmation and returns to the calendar', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage('/calendar/events/7', {
      'GET /api/events/7': () => json(eventDetail()),
      'DELETE /api/events/7': () => new Response(null, { status: 204 }),
      'GET /api/events': () => json({ data: [] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete event' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    expect(callsTo(calls, 'DELETE', '/api/events/7')[0]?.search.get('scope')).toBe('series');
  });

  it('asks "this occurrence or the whole series" before deleting one occurrence of a recurring event', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/calendar/events/7?occurrence=2026-12-10T09%3A00%3A00.000Z', {
      'GET /api/events/7': () =>
        json(
          eventDetail({
            recurrence: { freq: 'weekly', interval: 1, byWeekday: [4] },
            rrule: 'FREQ=WEEKLY;BYDAY=TH',
          }),
        ),
      'DELETE /api/events/7': () => new Response(null, { status: 204 }),
    });
    expect(await screen.findByText('Weekly on Thu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete a recurring event' });
    await user.click(within(dialog).getByRole('button', { name: 'This occurrence' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/events/7')).toHaveLength(1));
    const call = callsTo(calls, 'DELETE', '/api/events/7')[0];
    expect(call?.search.get('scope')).toBe('occurrence');
    expect(call?.search.get('occurrenceStart')).toBe('2026-12-10T09:00:00.000Z');
  });

  it('edits one occurrence of a recurring event after asking, sending its original start', async () => {
    const user = userEvent.setup();
    const series = eventDetail({ recurrence: { freq: 'weekly', interval: 1 }, rrule: 'FREQ=WEEKLY' });
    const { calls } = renderPage('/calendar/events/7?occurrence=2026-12-10T09%3A00%3A00.000Z', {
      'GET /api/events/7': () => json(series),
      'PATCH /api/events/7': () => json(series),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    // The occurrence's own times, on the event's clock (London is on UTC in December).
    expect(within(dialog).getByLabelText(/^Start/)).toHaveValue('2026-12-10T09:00');
    expect(within(dialog).queryByLabelText('Repeat', { selector: 'input' })).toBeNull();
    const title = within(dialog).getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Board meeting (moved room)');
    await user.click(within(dialog).getByRole('button', { name: 'Save event' }));
    const scope = await screen.findByRole('dialog', { name: 'Edit a recurring event' });
    await user.click(within(scope).getByRole('button', { name: 'This occurrence' }));
    await waitFor(() => expect(callsTo(calls, 'PATCH', '/api/events/7')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'PATCH', '/api/events/7')[0] as StubbedCall)).toMatchObject({
      scope: 'occurrence',
      occurrenceStart: '2026-12-10T09:00:00.000Z',
      title: 'Board meeting (moved room)',
      start: '2026-12-10T09:00:00.000Z',
      end: '2026-12-10T10:00:00.000Z',
    });
  });

  it("edits the whole series from an occurrence, sending only what changed, never the occurrence's times", async () => {
    const user = userEvent.setup();
    const series = eventDetail({ recurrence: { freq: 'weekly', interval: 1 }, rrule: 'FREQ=WEEKLY' });
    const { calls } = renderPage('/calendar/events/7?occurrence=2026-12-10T09%3A00%3A00.000Z', {
      'GET /api/events/7': () => json(series),
      'PATCH /api/events/7': () => json(series),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    const title = within(dialog).getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Board meeting (all of them)');
    await user.click(within(dialog).getByRole('button', { name: 'Save event' }));
    const scope = await screen.findByRole('dialog', { name: 'Edit a recurring event' });
    await user.click(within(scope).getByRole('button', { name: 'The whole series' }));
    await waitFor(() => expect(callsTo(calls, 'PATCH', '/api/events/7')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'PATCH', '/api/events/7')[0] as StubbedCall)).toEqual({
      scope: 'series',
      title: 'Board meeting (all of them)',
    });
  });

  it('hides edit and delete from who may not edit', async () => {
    renderPage('/calendar/events/7', { 'GET /api/events/7': () => json(eventDetail({ canEdit: false })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Board meeting' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download .ics' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("shows the app's not-found page for an event the API answers 404", async () => {
    const { router } = renderPage('/calendar/events/99', {
      'GET /api/events/99': () => json({ message: 'Event not found.' }, 404),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('sends a non-numeric event id to the not-found page', async () => {
    const { router } = renderPage('/calendar/events/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('opens a tab from its path (a reload, a shared link), and a tab click puts its path in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/calendar/events/7/attendees', {
      'GET /api/events/7': () => json(eventDetail()),
      'GET /api/events/7/attendees': () =>
        json({
          data: [
            {
              userId: 5,
              name: 'Max Planck',
              email: 'max@cedar.test',
              organizationName: 'Cedar',
              status: 'attending',
              viaOrganizationId: null,
            },
          ],
          total: 1,
          counts: { 'no-answer': 0, attending: 1, declined: 0, maybe: 0 },
        }),
      'GET /api/events/7/files': () => json({ data: [] }),
    });
    expect(await screen.findByRole('tab', { name: 'Attendees', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Attendees' });
    expect(within(table).getByText('Max Planck')).toBeInTheDocument();
    // The trail names the event page, not the tab.
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Event');

    await user.click(screen.getByRole('tab', { name: 'Files' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar/events/7/files'));
    expect(await screen.findByText('No documents are attached to this event.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar/events/7'));
  });

  it('sends an old ?tab= link to the tab path, keeping the occurrence', async () => {
    const { router } = renderPage('/calendar/events/7?tab=files&occurrence=2026-03-02T09:00:00.000Z', {
      'GET /api/events/7': () => json(eventDetail()),
      'GET /api/events/7/files': () => json({ data: [] }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar/events/7/files'));
    expect(router.state.location.search).toBe('?occurrence=2026-03-02T09%3A00%3A00.000Z');
    expect(await screen.findByRole('tab', { name: 'Files', selected: true })).toBeInTheDocument();
  });

  it('answers an unknown tab with the not-found page', async () => {
    const { router } = renderPage('/calendar/events/7/guests', {
      'GET /api/events/7': () => json(eventDetail()),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('lists the attendees with the counts per status, and invites an organization', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/calendar/events/7?tab=attendees', {
      'GET /api/events/7': () => json(eventDetail()),
      'GET /api/events/7/attendees': () =>
        json({
          data: [
            {
              userId: 5,
              name: 'Max Planck',
              email: 'max@cedar.test',
              organizationName: 'Cedar',
              status: 'attending',
              viaOrganizationId: null,
            },
          ],
          total: 1,
          counts: { 'no-answer': 3, attending: 2, declined: 1, maybe: 0 },
        }),
      'GET /api/organizations': () => json({ data: [{ id: 3, name: 'Cedar Impact' }], total: 1 }),
      'POST /api/events/7/attendees': () => json({ invited: 4 }, 201),
    });
    const table = await screen.findByRole('table', { name: 'Attendees' });
    expect(within(table).getByText('Max Planck')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Attending (2)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'No answer (3)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText(CALENDAR_MESSAGES.inviteSomeone)).toBeInTheDocument();

    await pick(user, screen.getByLabelText('Organizations', { selector: 'input' }), 'Cedar Impact');
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/events/7/attendees')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'POST', '/api/events/7/attendees')[0] as StubbedCall)).toEqual({
      userIds: [],
      organizationIds: [3],
    });
  });

  it('refuses a file of the wrong type before sending it, and says when there are none', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = renderPage('/calendar/events/7?tab=files', {
      'GET /api/events/7': () => json(eventDetail()),
      'GET /api/events/7/files': () => json({ data: [] }),
    });
    expect(await screen.findByText('No documents are attached to this event.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload a document'), new File(['x'], 'run.exe'));
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((alert) => /^The file must be a PDF/.test(alert.textContent ?? '')),
      ).toBe(true),
    );
    expect(callsTo(calls, 'POST', '/api/events/7/files')).toHaveLength(0);
  });
});
