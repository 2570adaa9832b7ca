import { DOCUMENT_TYPES_MESSAGE } from '@parity/domain/organization-files';
import { POD_MESSAGES, POD_POST_MAX } from '@parity/domain/pods/pods';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/dialog-store';
import { setTokens } from '../../lib/token-storage';
import { callsTo, type Handler, json, jsonBody, type StubbedCall, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';
import { MEMBERS, podDetail, podEvent, podSummary, post } from './pods.fixtures';

function renderPage(path: string, handlers: Record<string, Handler> = {}) {
  const calls = stubFetch({
    'GET /api/user/status': () => json(ACCOUNT),
    'GET /api/notifications/unread-count': () => json({ unread: 0 }),
    'GET /api/notifications/stream': () => new Response('', { status: 204 }),
    'GET /api/pods/3': () => json(podDetail()),
    'GET /api/pods/3/members': () => json({ data: MEMBERS, total: 2 }),
    ...handlers,
  });
  return { calls, ...renderApp(path) };
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

describe('/pods', () => {
  it('lists my pods, offers the open and invite-only ones to join, and joins an open one', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage('/pods', {
      'GET /api/pods': (call) =>
        json(
          call.search.get('scope') === 'discover'
            ? {
                data: [
                  podSummary({ id: 5, name: 'Heads of Talent', visibility: 'open', myRole: null }),
                  podSummary({ id: 6, name: 'Closed circle', myRole: null }),
                ],
                total: 2,
              }
            : { data: [podSummary()], total: 1 },
        ),
      'POST /api/pods/5/join': () => json(podDetail({ id: 5, name: 'Heads of Talent', myRole: 'member' })),
      'GET /api/pods/5': () =>
        json(podDetail({ id: 5, name: 'Heads of Talent', myRole: 'member', canManage: false })),
      'GET /api/pods/5/feed': () => json({ data: [], total: 0, nextBefore: null }),
    });
    const mine = await screen.findByRole('list', { name: 'My PODs' });
    expect(within(mine).getByRole('link', { name: 'Emerging Managers' })).toHaveAttribute('href', '/pods/3');

    await user.click(screen.getByRole('radio', { name: 'Pods to join' }));
    const discover = await screen.findByRole('list', { name: 'Pods to join' });
    expect(
      await within(discover).findByRole('button', { name: 'Request to join Closed circle' }),
    ).toBeInTheDocument();
    // An invite-only pod stays closed until its admins approve.
    expect(within(discover).queryByRole('link', { name: 'Closed circle' })).toBeNull();
    await user.click(within(discover).getByRole('button', { name: 'Join Heads of Talent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pods/5'));
    expect(callsTo(calls, 'POST', '/api/pods/5/join')).toHaveLength(1);
  });

  it('withdraws my request to join an invite-only pod', async () => {
    const user = userEvent.setup();
    let requested = true;
    const { calls } = renderPage('/pods?show=discover', {
      'GET /api/pods': () =>
        json({ data: [podSummary({ id: 6, name: 'Closed circle', myRole: null, requested })], total: 1 }),
      'DELETE /api/pods/6/join': () => {
        requested = false;
        return new Response(null, { status: 204 });
      },
    });
    const discover = await screen.findByRole('list', { name: 'Pods to join' });
    expect(within(discover).getByText('Request sent')).toBeInTheDocument();
    await user.click(
      within(discover).getByRole('button', { name: 'Withdraw the request to join Closed circle' }),
    );
    expect(
      await within(discover).findByRole('button', { name: 'Request to join Closed circle' }),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/api/pods/6/join')).toHaveLength(1);
    expect(within(discover).queryByText('Request sent')).toBeNull();
  });

  it('shows a platform administrator every pod, secret ones too, to open without joining', async () => {
    const { calls } = renderPage('/pods?show=all', {
      'GET /api/user/status': () => json({ ...ACCOUNT, isAdministrator: true }),
      'GET /api/pods': () =>
        json({
          data: [podSummary({ id: 7, name: 'DEI Data', visibility: 'secret', myRole: null })],
          total: 1,
        }),
    });
    const all = await screen.findByRole('list', { name: 'All pods' });
    expect(within(all).getByRole('link', { name: 'DEI Data' })).toHaveAttribute('href', '/pods/7');
    expect(within(all).queryByRole('button')).toBeNull();
    // The list waits for the account: no read of 'mine' first.
    expect(callsTo(calls, 'GET', '/api/pods').map((call) => call.search.get('scope'))).toEqual(['all']);
  });

  it("checks Create POD with the domain's rules, then creates it and opens it", async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage('/pods', {
      'GET /api/pods': () => json({ data: [], total: 0 }),
      'POST /api/pods': () => json(podDetail({ id: 9, name: 'Data group', visibility: 'secret' }), 201),
      'GET /api/pods/9': () => json(podDetail({ id: 9, name: 'Data group', visibility: 'secret' })),
      'GET /api/pods/9/feed': () => json({ data: [], total: 0, nextBefore: null }),
    });
    expect(await screen.findByText(/You are in no pod yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create POD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create POD' });
    await user.click(within(dialog).getByRole('button', { name: 'Create POD' }));
    expect(await within(dialog).findByText(POD_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/pods')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Name/), 'Data group');
    await user.click(within(dialog).getByLabelText(/^Secret/));
    await user.click(within(dialog).getByRole('button', { name: 'Create POD' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pods/9'));
    expect(jsonBody(callsTo(calls, 'POST', '/api/pods')[0] as StubbedCall)).toEqual({
      name: 'Data group',
      description: '',
      visibility: 'secret',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Data group' })).toBeInTheDocument();
  });
});

describe('/pods/{podId}', () => {
  it('sends a pod the user may not see to the not-found page', async () => {
    const { router } = renderPage('/pods/8', {
      'GET /api/pods/8': () => json({ message: POD_MESSAGES.notFound }, 404),
    });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(router.state.location.pathname).toBe('/404');
  });

  it("shows an open pod's preview with Join to a non-member, and no tabs", async () => {
    renderPage('/pods/3', {
      'GET /api/pods/3': () =>
        json(
          podDetail({
            visibility: 'open',
            isMember: false,
            myRole: null,
            canJoin: true,
            canManage: false,
            canDelete: false,
            admins: [],
            rules: '',
          }),
        ),
    });
    expect(await screen.findByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(screen.getByText('Managers of the programme.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('saves my mail preference for the pod and points to the notification preferences that win', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage('/pods/3', {
      'GET /api/pods/3/feed': () => json({ data: [], total: 0, nextBefore: null }),
      'PUT /api/pods/3/mail-preference': (call) => json(jsonBody(call)),
    });
    const [select] = (await screen.findAllByLabelText('Mail me')).filter(
      (element) => element.tagName === 'INPUT',
    );
    await user.click(select!);
    await user.click(await screen.findByRole('option', { name: 'A daily digest', hidden: true }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/api/pods/3/mail-preference').map(jsonBody)).toEqual([
        { mailPreference: 'digest' },
      ]),
    );
    await user.click(screen.getByRole('link', { name: 'notification preferences' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=preferences'));
    expect(router.state.location.pathname).toBe('/notifications');
  });

  it('shows the feed newest first with replies and pod entries, and loads older entries by keyset', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/pods/3', {
      'GET /api/pods/3/feed': (call) =>
        json(
          call.search.get('before') === '11'
            ? { data: [post({ id: 5, body: '<p>Older post</p>' })], total: 3, nextBefore: null }
            : {
                data: [
                  post({
                    id: 12,
                    kind: 'event_created',
                    body: '',
                    event: { id: 21, title: 'Programme call' },
                  }),
                  post({
                    id: 11,
                    body: '<p>Hello <strong>pod</strong></p><script>alert(1)</script>',
                    mentions: [{ id: 4, name: 'Ada Lovelace' }],
                    replies: [{ ...post({ id: 13, body: '<p>Welcome!</p>' }), parentId: 11 }],
                  }),
                ],
                total: 3,
                nextBefore: 11,
              },
        ),
    });
    const feed = await screen.findByRole('list', { name: 'Activity feed' });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Activity Feed', 'Events', 'Members', 'Files', 'Description']);
    expect(within(feed).getByRole('link', { name: 'Programme call' })).toHaveAttribute(
      'href',
      '/pods/3/events/21',
    );
    expect(within(feed).getByText('pod').tagName).toBe('STRONG');
    expect(feed.innerHTML).not.toContain('<script');
    expect(within(feed).getByText('@Ada Lovelace')).toBeInTheDocument();
    expect(
      within(within(feed).getByRole('list', { name: 'Replies' })).getByText('Welcome!'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await within(feed).findByText('Older post')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/pods/3/feed').map((call) => call.search.get('before'))).toEqual([
      null,
      '11',
    ]);
  });

  it('refuses an empty and a too long post before sending, then posts HTML with its mentions', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/pods/3', {
      'GET /api/pods/3/feed': () => json({ data: [], total: 0, nextBefore: null }),
      'POST /api/pods/3/posts': () => json(post({ id: 30 }), 201),
    });
    const form = await screen.findByRole('form', { name: 'Write a post' });
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByText(POD_MESSAGES.postRequired)).toBeInTheDocument();

    const box = within(form).getByLabelText(/^Write a post/);
    // maxLength keeps typing short: the rule is checked on what a paste would bring.
    box.removeAttribute('maxlength');
    await user.click(box);
    await user.paste('x'.repeat(POD_POST_MAX + 1));
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByText(POD_MESSAGES.postTooLong)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/pods/3/posts')).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'Agenda is **ready**');
    await user.click(within(form).getByLabelText('Mention members'));
    await user.click(await screen.findByRole('option', { name: 'Eve Adams (Cedar Equity)', hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/pods/3/posts')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'POST', '/api/pods/3/posts')[0] as StubbedCall)).toEqual({
      body: '<p>Agenda is <strong>ready</strong></p>',
      mentionUserIds: [7],
      attachmentFileIds: [],
    });
    // The feed reads again from its newest entry.
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/pods/3/feed')).toHaveLength(2));
  });

  it("puts the API's refusal of a mention on its field", async () => {
    const user = userEvent.setup();
    renderPage('/pods/3', {
      'GET /api/pods/3/feed': () => json({ data: [], total: 0, nextBefore: null }),
      'POST /api/pods/3/posts': () =>
        json(
          {
            message: POD_MESSAGES.mentionNotMember,
            detail: [{ field: 'body.mentionUserIds', message: POD_MESSAGES.mentionNotMember }],
          },
          400,
        ),
    });
    const form = await screen.findByRole('form', { name: 'Write a post' });
    await user.type(within(form).getByLabelText(/^Write a post/), 'Hi');
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByText(POD_MESSAGES.mentionNotMember)).toBeInTheDocument();
  });

  it('lets a pod admin invite by email and promote a member', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/pods/3/members', {
      'GET /api/pods/3/requests': () => json({ data: [], total: 0 }),
      'GET /api/pods/3/invitations': () => json({ data: [], total: 0 }),
      'POST /api/pods/3/invitations': () => json({ invited: 1 }, 201),
      'PATCH /api/pods/3/members/7': () => json({ ...MEMBERS[1], role: 'admin' }),
    });
    const table = await screen.findByRole('table', { name: 'Members' });
    const form = screen.getByRole('form', { name: 'Invite to the pod' });
    await user.click(within(form).getByRole('button', { name: 'Send invitations' }));
    expect(await within(form).findByText(POD_MESSAGES.inviteSomeone)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Emails'), 'Eve@Cedar.test{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/pods/3/invitations')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'POST', '/api/pods/3/invitations')[0] as StubbedCall)).toEqual({
      emails: ['eve@cedar.test'],
      userIds: [],
    });
    // the same answer whether the address has an account or not: the invitation was sent
    expect(await screen.findByText('1 invitation was mailed.')).toBeInTheDocument();
    expect(
      within(form).getByText(/An address without an account is mailed an invitation to join Parity/),
    ).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Make Eve Adams an admin' }));
    await waitFor(() => expect(callsTo(calls, 'PATCH', '/api/pods/3/members/7')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'PATCH', '/api/pods/3/members/7')[0] as StubbedCall)).toEqual({
      role: 'admin',
    });
  });

  it('shows a platform administrator the members without managing them, and Delete pod', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage('/pods/3/members', {
      'GET /api/user/status': () => json({ ...ACCOUNT, isAdministrator: true }),
      'GET /api/pods/3': () =>
        json(
          podDetail({
            isMember: false,
            myRole: null,
            myMailPreference: null,
            canManage: false,
            canDelete: true,
          }),
        ),
      'DELETE /api/pods/3': () => new Response(null, { status: 204 }),
      'GET /api/pods': () => json({ data: [], total: 0 }),
    });
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByText('Eve Adams')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite to the pod' })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete pod' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pods'));
    expect(callsTo(calls, 'DELETE', '/api/pods/3')).toHaveLength(1);
  });

  it('sorts and searches the files, and refuses a file of the wrong type before sending it', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/pods/3/files', {
      'GET /api/pods/3/files': () =>
        json({
          data: [
            {
              id: '5b0f7a3e-1d2c-4c1e-9f00-000000000001',
              name: 'plan.pdf',
              size: 2048,
              contentType: 'application/pdf',
              uploadedBy: { id: 7, name: 'Eve Adams' },
              createdAt: '2026-11-20T10:00:00.000Z',
              downloadUrl: '/api/pods/3/files/5b0f7a3e-1d2c-4c1e-9f00-000000000001',
              canDelete: true,
            },
          ],
          total: 1,
        }),
    });
    const table = await screen.findByRole('table', { name: 'Files' });
    expect(within(table).getByRole('button', { name: 'plan.pdf' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/pods/3/files').at(-1)?.search.get('sort')).toBe('name'),
    );
    expect(callsTo(calls, 'GET', '/api/pods/3/files').at(-1)?.search.get('dir')).toBe('asc');
    await user.type(screen.getByLabelText('Search files'), 'plan');
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/pods/3/files').at(-1)?.search.get('q')).toBe('plan'),
    );
    // Mantine's file button keeps its input out of sight (display: none): the pick is its change.
    fireEvent.change(screen.getByLabelText('Upload a document'), {
      target: { files: [new File(['x'], 'run.exe')] },
    });
    expect(await screen.findByText(DOCUMENT_TYPES_MESSAGE)).toHaveAttribute('role', 'alert');
    expect(callsTo(calls, 'POST', '/api/pods/3/files')).toHaveLength(0);
  });

  it('lets a pod admin edit the purpose and rules on the Description tab', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/pods/3/description', {
      'PATCH /api/pods/3': () => json(podDetail({ rules: 'Be kind. Share.' })),
    });
    const form = await screen.findByRole('form', { name: 'Edit the description' });
    const rules = within(form).getByLabelText('Rules');
    await user.type(rules, ' Share.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'PATCH', '/api/pods/3')).toHaveLength(1));
    expect(jsonBody(callsTo(calls, 'PATCH', '/api/pods/3')[0] as StubbedCall)).toEqual({
      name: 'Emerging Managers',
      description: 'Managers of the programme.',
      rules: 'Be kind. Share.',
      visibility: 'invite-only',
    });
  });

  it('asks the last admin to name a successor before leaving', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage('/pods/3/description', {
      'POST /api/pods/3/leave': () => new Response(null, { status: 204 }),
      'GET /api/pods': () => json({ data: [], total: 0 }),
    });
    expect(await screen.findByRole('heading', { name: 'Rules' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the pod' });
    await user.click(await within(dialog).findByRole('button', { name: 'Leave' }));
    expect(await within(dialog).findByText(POD_MESSAGES.lastAdmin)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/^New admin/));
    await user.click(await screen.findByRole('option', { name: 'Eve Adams', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pods'));
    expect(jsonBody(callsTo(calls, 'POST', '/api/pods/3/leave')[0] as StubbedCall)).toEqual({
      successorUserId: 7,
    });
  });
});

describe('pod events and invitations', () => {
  it("opens a pod event's About, where the member attends, and its Attendees", async () => {
    const user = userEvent.setup();
    let status: 'no-answer' | 'attending' = 'no-answer';
    const { calls } = renderPage('/pods/3/events/21', {
      'GET /api/pods/3/events/21': () => json(podEvent({ myAttendance: { status, reminderMinutes: null } })),
      'PUT /api/events/21/attendees/me': () => {
        status = 'attending';
        return new Response(null, { status: 204 });
      },
      'GET /api/events/21/attendees': () =>
        json({
          data: [
            {
              userId: 7,
              name: 'Eve Adams',
              email: 'eve@cedar.test',
              organizationName: 'Cedar Equity',
              status: 'attending',
              viaOrganizationId: null,
            },
          ],
          total: 1,
          counts: { 'no-answer': 0, attending: 1, declined: 0, maybe: 0 },
        }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Programme call' })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: 'My answer' })).getByRole('button', { name: 'Attend' }),
    );
    expect(await screen.findByText('You answered: Attending.')).toBeInTheDocument();
    expect(jsonBody(callsTo(calls, 'PUT', '/api/events/21/attendees/me')[0] as StubbedCall)).toEqual({
      status: 'attending',
    });
    await user.click(screen.getByRole('tab', { name: 'Attendees' }));
    expect(
      await within(await screen.findByRole('table', { name: 'Attendees' })).findByText('Eve Adams'),
    ).toBeInTheDocument();
  });

  it("opens a pod event's Attendees and Documents from their paths, and a tab click puts its path in the address", async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/pods/3/events/21/attendees', {
      'GET /api/pods/3/events/21': () => json(podEvent()),
      'GET /api/events/21/attendees': () =>
        json({
          data: [
            {
              userId: 7,
              name: 'Eve Adams',
              email: 'eve@cedar.test',
              organizationName: 'Cedar Equity',
              status: 'attending',
              viaOrganizationId: null,
            },
          ],
          total: 1,
          counts: { 'no-answer': 0, attending: 1, declined: 0, maybe: 0 },
        }),
      'GET /api/events/21/files': () => json({ data: [] }),
    });
    expect(await screen.findByRole('tab', { name: 'Attendees', selected: true })).toBeInTheDocument();
    expect(
      await within(await screen.findByRole('table', { name: 'Attendees' })).findByText('Eve Adams'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pods/3/events/21/files'));
    expect(await screen.findByRole('tab', { name: 'Documents', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No documents are attached to this event.')).toBeInTheDocument();
  });

  it('sends an old ?tab=documents link to /files, and an unknown tab to the not-found page', async () => {
    const first = renderPage('/pods/3/events/21?tab=documents', {
      'GET /api/pods/3/events/21': () => json(podEvent()),
      'GET /api/events/21/files': () => json({ data: [] }),
    });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/pods/3/events/21/files'));
    expect(await screen.findByRole('tab', { name: 'Documents', selected: true })).toBeInTheDocument();
    cleanupApps();
    const second = renderPage('/pods/3/events/21/documents', {
      'GET /api/pods/3/events/21': () => json(podEvent()),
    });
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/404'));
  });

  it('lets the organizer or a pod admin (canEdit) edit the event with its values, then delete it', async () => {
    const user = userEvent.setup();
    let title = 'Programme call';
    const { calls, router } = renderPage('/pods/3/events/21', {
      'GET /api/pods/3/events/21': () =>
        json(podEvent({ title, canEdit: true, recurrence: { freq: 'monthly', interval: 1, count: 6 } })),
      'PATCH /api/events/21': (call) => {
        title = (jsonBody(call) as { title: string }).title;
        return json(podEvent({ title, canEdit: true }));
      },
      'DELETE /api/events/21': () => new Response(null, { status: 204 }),
      'GET /api/pods/3/events': () => json({ data: [], total: 0 }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Programme call' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit pod event' });
    const titleInput = within(form).getByLabelText(/^Title/);
    expect(titleInput).toHaveValue('Programme call');
    expect(within(form).getByLabelText(/^Location/)).toHaveValue('Video call');
    expect(within(form).getByLabelText(/^Description/)).toHaveValue('Agenda');
    await user.clear(titleInput);
    await user.click(within(form).getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(titleInput).toHaveAttribute('aria-invalid', 'true'));
    expect(callsTo(calls, 'PATCH', '/api/events/21')).toHaveLength(0);
    await user.type(titleInput, 'Programme call (moved)');
    await user.click(within(form).getByRole('button', { name: 'Save event' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Programme call (moved)' }),
    ).toBeInTheDocument();
    const body = jsonBody(callsTo(calls, 'PATCH', '/api/events/21')[0] as StubbedCall) as Record<
      string,
      unknown
    >;
    // Only what changed: the pod event keeps its visibility, zone, times and recurrence (its count).
    expect(body).toEqual({ title: 'Programme call (moved)' });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the event' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pods/3/events'));
    expect(callsTo(calls, 'DELETE', '/api/events/21')).toHaveLength(1);
  });

  it('offers no Edit or Delete of the event to a member who may not (canEdit false)', async () => {
    renderPage('/pods/3/events/21', { 'GET /api/pods/3/events/21': () => json(podEvent()) });
    await screen.findByRole('heading', { level: 1, name: 'Programme call' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("lets the uploader delete a document of the event after confirming, and no one else's", async () => {
    const user = userEvent.setup();
    const file = (id: string, name: string, uploader: { id: number; name: string }) => ({
      id,
      name,
      size: 1200,
      contentType: 'text/csv',
      uploadedBy: uploader,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    let files = [
      file('f-1', 'agenda.csv', { id: 4, name: 'Ada Lovelace' }),
      file('f-2', 'notes.csv', { id: 7, name: 'Eve Adams' }),
    ];
    const { calls } = renderPage('/pods/3/events/21?tab=documents', {
      'GET /api/pods/3/events/21': () =>
        json(podEvent({ organizer: { id: 7, name: 'Eve Adams', email: 'eve@cedar.test' } })),
      'GET /api/events/21/files': () => json({ data: files }),
      'DELETE /api/events/21/files/f-1': () => {
        files = files.filter((item) => item.id !== 'f-1');
        return new Response(null, { status: 204 });
      },
    });
    const list = await screen.findByRole('list', { name: 'Documents' });
    await within(list).findByText(/agenda\.csv/);
    expect(within(list).queryByRole('button', { name: 'Delete notes.csv' })).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Delete agenda.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the document' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'DELETE', '/api/events/21/files/f-1')).toHaveLength(0);
    await user.click(within(list).getByRole('button', { name: 'Delete agenda.csv' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete the document' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByText(/agenda\.csv/)).toBeNull());
    expect(callsTo(calls, 'DELETE', '/api/events/21/files/f-1')).toHaveLength(1);
    expect(screen.getByText(/notes\.csv/)).toBeInTheDocument();
  });

  it('lets a pod admin (canEdit) delete any document of the event', async () => {
    renderPage('/pods/3/events/21?tab=documents', {
      'GET /api/pods/3/events/21': () => json(podEvent({ canEdit: true })),
      'GET /api/events/21/files': () =>
        json({
          data: [
            {
              id: 'f-2',
              name: 'notes.csv',
              size: 1200,
              contentType: 'text/csv',
              uploadedBy: { id: 7, name: 'Eve Adams' },
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          ],
        }),
    });
    const list = await screen.findByRole('list', { name: 'Documents' });
    expect(await within(list).findByRole('button', { name: 'Delete notes.csv' })).toBeInTheDocument();
  });

  it("names the pod in the breadcrumb of the pod's tabs", async () => {
    const user = userEvent.setup();
    renderPage('/pods/3/members');
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(trail).findByRole('link', { name: 'Emerging Managers' })).toHaveAttribute(
      'href',
      '/pods/3',
    );
    expect(within(trail).getByText('Members')).toHaveAttribute('aria-current', 'page');
    expect(within(trail).queryByText('POD')).toBeNull();

    await user.click(within(trail).getByRole('link', { name: 'Emerging Managers' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Emerging Managers'),
      ).toHaveAttribute('aria-current', 'page'),
    );
  });

  it("names the pod and the event in the event page's breadcrumb", async () => {
    renderPage('/pods/3/events/21', { 'GET /api/pods/3/events/21': () => json(podEvent()) });
    const eventTrail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(eventTrail).findByText('Programme call')).toHaveAttribute('aria-current', 'page');
    expect(within(eventTrail).getByRole('link', { name: 'Emerging Managers' })).toHaveAttribute(
      'href',
      '/pods/3',
    );
    expect(within(eventTrail).getByRole('link', { name: 'Pods' })).toHaveAttribute('href', '/pods');
  });

  it("sends another pod's event to the not-found page", async () => {
    const { router } = renderPage('/pods/3/events/99', {
      'GET /api/pods/3/events/99': () => json({ message: POD_MESSAGES.eventNotFound }, 404),
    });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(router.state.location.pathname).toBe('/404');
  });

  it('accepts an invitation from its link and opens the pod', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage('/pods/invitations/tok3n', {
      'GET /api/pods/invitations/tok3n': () =>
        json({
          podId: 3,
          podName: 'Emerging Managers',
          podDescription: 'Managers of the programme.',
          invitedBy: { id: 4, name: 'Ada Lovelace' },
          createdAt: '2026-11-20T10:00:00.000Z',
        }),
      'POST /api/pods/invitations/tok3n/accept': () => json(podDetail({ myRole: 'member' })),
      'GET /api/pods/3/feed': () => json({ data: [], total: 0, nextBefore: null }),
    });
    expect(await screen.findByText(/Ada Lovelace invited you to the pod/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pods/3'));
    expect(callsTo(calls, 'POST', '/api/pods/invitations/tok3n/accept')).toHaveLength(1);
  });

  it('says why an invitation link cannot be opened', async () => {
    renderPage('/pods/invitations/used', {
      'GET /api/pods/invitations/used': () => json({ message: POD_MESSAGES.invitationNotFound }, 404),
    });
    expect(await screen.findByText('The invitation could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(POD_MESSAGES.invitationNotFound)).toBeInTheDocument();
  });
});
