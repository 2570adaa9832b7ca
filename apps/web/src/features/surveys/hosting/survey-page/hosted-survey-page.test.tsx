import type { TParticipant, TResponseRates, TSurveyContact } from '@parity/domain/survey-participants';
import type { TSurveyOverview } from '@parity/domain/survey-request';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../../components/alerts/alert-store';
import { setTokens } from '../../../../lib/token-storage';
import { json, stubFetch } from '../../../../testing/fetch-stub';
import { ACCOUNT } from '../../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../../testing/render';

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 30_000 });

const SURVEY = 7;
const HOST_ACCOUNT = { ...ACCOUNT, id: 3, name: 'Nora', organization_id: 1, isSurveyHost: true };

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
  invited: 45,
  submitted: 12,
  administrators: [],
  can_manage: true,
};

const LABELS = [
  { id: 1, name: 'Emerging manager', color: '#2f9e44', organizations: 10 },
  { id: 2, name: 'Priority', color: '#e8590c', organizations: 4 },
];

const participant = (i: number, overrides: Partial<TParticipant> = {}): TParticipant => ({
  organization_id: 100 + i,
  name: `Firm ${String(i).padStart(2, '0')}`,
  logo: null,
  status: i % 3 === 0 ? 'submitted' : 'not_started',
  progress: i % 3 === 0 ? 100 : 0,
  completed_steps: i % 3 === 0 ? 11 : 0,
  total_steps: 11,
  submitted_at: i % 3 === 0 ? '2026-10-20T10:00:00.000Z' : null,
  invited_at: '2026-09-01T10:00:00.000Z',
  declined_at: null,
  decline_code: null,
  last_reminded_at: null,
  reminder_count: 0,
  labels: i === 1 ? [{ id: 1, name: 'Emerging manager', color: '#2f9e44' }] : [],
  ...overrides,
});
const ALL = Array.from({ length: 45 }, (_, i) => participant(i + 1));

const RATES: TResponseRates = {
  invited: 45,
  statuses: {
    not_started: { count: 30, percent: 66.7 },
    in_progress: { count: 0, percent: 0 },
    submitted: { count: 15, percent: 33.3 },
    declined: { count: 0, percent: 0 },
  },
  series: [
    { date: '2026-09-01', invited: 45, submitted: 0, declined: 0 },
    { date: '2026-09-02', invited: 45, submitted: 3, declined: 0 },
    { date: '2026-09-03', invited: 45, submitted: 15, declined: 0 },
  ],
};

/** The full address (with its query) of every call, in order: the stub records paths only. */
let urls: URL[] = [];

function participantsAnswer(url: URL, rows: TParticipant[]) {
  const limit = Number(url.searchParams.get('limit') ?? 30);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const search = url.searchParams.get('search_query')?.toLowerCase();
  const status = url.searchParams.get('status');
  const labelIds = url.searchParams.get('label_ids')?.split(',').map(Number);
  const matching = rows.filter(
    (p) =>
      (!search || p.name.toLowerCase().includes(search)) &&
      (!status || p.status === status) &&
      (!labelIds || p.labels.some((l) => labelIds.includes(l.id))),
  );
  if (url.searchParams.get('sort_order') === 'desc') matching.reverse();
  return json({ data: matching.slice(offset, offset + limit), total: matching.length });
}

function setup(
  overrides: {
    participants?: TParticipant[];
    rates?: TResponseRates;
    overview?: Partial<TSurveyOverview> | null;
    contacts?: TSurveyContact[];
    reminders?: () => Response;
  } = {},
) {
  let rows = overrides.participants ?? ALL;
  let contacts = overrides.contacts ?? [];
  const lastUrl = (path: string) => [...urls].reverse().find((u) => u.pathname === path)!;
  const calls = stubFetch(
    {
      'GET /api/user/status': () => json(HOST_ACCOUNT),
      [`GET /api/surveys/${SURVEY}`]: () =>
        overrides.overview === null
          ? json({ message: 'Survey not found.', error: 'not_found' }, 404)
          : json({ ...OVERVIEW, ...overrides.overview }),
      [`GET /api/surveys/${SURVEY}/response-rates`]: () => json(overrides.rates ?? RATES),
      [`GET /api/surveys/${SURVEY}/participants`]: () =>
        participantsAnswer(lastUrl(`/api/surveys/${SURVEY}/participants`), rows),
      'GET /api/organization-labels': () => json({ data: LABELS }),
      [`GET /api/surveys/${SURVEY}/contacts`]: () => json({ data: contacts, total: contacts.length }),
      [`POST /api/surveys/${SURVEY}/contacts`]: (call) => {
        const body = JSON.parse(call.body ?? '{}') as {
          organization_id: number;
          name: string;
          email: string;
        };
        contacts = [
          ...contacts,
          {
            id: 90 + contacts.length,
            organization_id: body.organization_id,
            organization_name: 'Juniper Ventures',
            name: body.name,
            lastname: '',
            email: body.email,
            invited_at: null,
            created_at: '2026-11-22T09:00:00.000Z',
          },
        ];
        return json({ message: 'Contacts table was updated', ids: [90] });
      },
      [`DELETE /api/surveys/${SURVEY}/contacts/80`]: () => {
        contacts = contacts.filter((c) => c.id !== 80);
        return json({ message: 'Contact deleted' });
      },
      [`POST /api/surveys/${SURVEY}/contacts/invite`]: () =>
        json({ message: 'Contact was invited', invited: 1, mailed: 1 }),
      // The API names the organization invited (by its code here: the host learns which one).
      [`POST /api/surveys/${SURVEY}/contacts/member/invite`]: (call) => {
        const body = JSON.parse(call.body ?? '{}') as { code?: string; email?: string };
        const name = body.code ? 'Rowan Capital' : body.email ? 'Quince Holdings' : 'Juniper Ventures';
        return json({ message: `${name} was invited`, invited: 1, mailed: body.code ? 0 : 2 });
      },
      'GET /api/organizations': () =>
        json({
          data: [
            {
              id: 55,
              name: 'Juniper Ventures',
              logo: null,
              legal_structure_id: null,
              website: null,
              about: null,
              industry: null,
              aum: null,
              size_band: null,
            },
          ],
          total: 1,
        }),
      [`POST /api/surveys/${SURVEY}/reminders`]: () =>
        overrides.reminders?.() ??
        json({ reminded: 30, mailed: 41, reminded_at: '2026-11-22T09:00:00.000Z' }),
      [`POST /api/organization-labels/surveys/${SURVEY}`]: (call) => {
        const body = JSON.parse(call.body ?? '{}') as { organization_id: number; label_ids: number[] };
        rows = rows.map((p) =>
          p.organization_id === body.organization_id
            ? {
                ...p,
                labels: LABELS.filter((l) => body.label_ids.includes(l.id)).map(
                  ({ organizations: _, ...l }) => l,
                ),
              }
            : p,
        );
        return json({ message: 'Labels updated!', labels: [] });
      },
    },
    (call) => {
      urls.push(call.url);
      return call;
    },
  );
  return calls;
}

const participantUrls = () => urls.filter((u) => u.pathname === `/api/surveys/${SURVEY}/participants`);
const lastParticipantsQuery = () => participantUrls().at(-1)!.searchParams;

async function openInvitations() {
  renderApp(`/surveys/hosting/${SURVEY}?tab=invitations`);
  return screen.findByRole('table', { name: 'Participants' });
}

/** The Invitations tab's "Invite organizations" dialog. */
async function openInviteOrganizations() {
  await openInvitations();
  await userEvent.click(screen.getByRole('button', { name: 'Invite organizations' }));
  return screen.findByRole('dialog', { name: 'Invite organizations' });
}

beforeEach(() => {
  urls = [];
  alertStore.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
});

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the hosted survey page', () => {
  it('shows the header and the four tabs, Response Rates first with counts, percentages and the chart', async () => {
    setup();
    renderApp(`/surveys/hosting/${SURVEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: '2026 DEI Survey' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Response Rates', 'Invitations', 'Analytics', 'Reports']);
    const region = await screen.findByLabelText('Response rates');
    expect(within(region).getByText('Submitted')).toBeInTheDocument();
    expect(within(region).getByText('33.3%')).toBeInTheDocument();
    expect(within(region).getByText('66.7%')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Responses over time' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Responses over time' })).toBeInTheDocument();
    // Its table view lists each day.
    await userEvent.click(screen.getByRole('radio', { name: 'Table' }));
    expect(await screen.findByRole('rowheader', { name: '2026-09-03' })).toBeInTheDocument();
  });

  it('shows the insights the host requested', async () => {
    setup({ overview: { insight_type_ids: [3, 4] } });
    renderApp(`/surveys/hosting/${SURVEY}`);
    const insights = await screen.findByRole('region', { name: 'Requested insights' });
    expect(
      within(insights)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Leadership Score', 'Ownership gender/race equity insights']);
  });

  it('says so when nobody is invited yet', async () => {
    const empty: TResponseRates = {
      invited: 0,
      statuses: {
        not_started: { count: 0, percent: 0 },
        in_progress: { count: 0, percent: 0 },
        submitted: { count: 0, percent: 0 },
        declined: { count: 0, percent: 0 },
      },
      series: [],
    };
    setup({ rates: empty, participants: [] });
    renderApp(`/surveys/hosting/${SURVEY}`);
    expect(await screen.findByText(/No organization is invited yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Invitations' }));
    expect(await screen.findByText('No organization is invited yet.')).toBeInTheDocument();
    expect(await screen.findByText('No contacts yet. Add one to invite it.')).toBeInTheDocument();
  });

  it('says inline, once and without a toast, why the survey cannot be hosted', async () => {
    setup({ overview: null });
    renderApp(`/surveys/hosting/${SURVEY}`);
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('The survey could not be loaded');
    expect(failure).toHaveTextContent('Survey not found.');
    expect(screen.getAllByText('Survey not found.')).toHaveLength(1);
    expect(alertStore.getAlerts()).toEqual([]);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});

describe('the Invitations tab', () => {
  it('pages by 30', async () => {
    setup();
    const table = await openInvitations();
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(screen.getByText('1–30 of 45')).toBeInTheDocument();
    expect(lastParticipantsQuery().get('limit')).toBe('30');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastParticipantsQuery().get('offset')).toBe('30'));
    expect(await screen.findByText('31–45 of 45')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Participants' })).getAllByRole('row')).toHaveLength(16);
  });

  // Search and each filter are a test of their own: together they took over 30 s on a loaded
  // 2-core machine (the test's whole time limit), typing and opening two selects.
  it('searches by name', async () => {
    setup();
    await openInvitations();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'Firm 1');
    await waitFor(() => expect(lastParticipantsQuery().get('search_query')).toBe('Firm 1'));
    expect(await screen.findByText('1–10 of 10')).toBeInTheDocument();
  });

  it('filters by status, then by label', async () => {
    setup();
    await openInvitations();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Submitted', hidden: true }));
    await waitFor(() => expect(lastParticipantsQuery().get('status')).toBe('submitted'));
    expect(await screen.findByText('1–15 of 15')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Labels' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Priority', hidden: true }));
    await waitFor(() => expect(lastParticipantsQuery().get('label_ids')).toBe('2'));
    expect(await screen.findByText('No participants match these filters.')).toBeInTheDocument();
  });

  it('sorts by clicking a column header, then reverses', async () => {
    setup();
    const table = await openInvitations();
    await userEvent.click(within(table).getByRole('button', { name: /Progress/ }));
    await waitFor(() => expect(lastParticipantsQuery().get('sort_by')).toBe('progress'));
    expect(lastParticipantsQuery().get('sort_order')).toBe('asc');
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Progress/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    await userEvent.click(
      within(screen.getByRole('table', { name: 'Participants' })).getByRole('button', { name: /Progress/ }),
    );
    await waitFor(() => expect(lastParticipantsQuery().get('sort_order')).toBe('desc'));
  });

  it('sends a reminder to every non-submitter after a confirm, and reports the count', async () => {
    const calls = setup();
    await openInvitations();
    await userEvent.click(screen.getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText('30 participants were reminded.')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === `/api/surveys/${SURVEY}/reminders`),
    ).toHaveLength(1);
  });

  it('cancelling the reminder confirm sends nothing', async () => {
    const calls = setup();
    await openInvitations();
    await userEvent.click(screen.getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('disables reminders once the survey is closed', async () => {
    setup({ overview: { status: 'Past Due' } });
    const table = await openInvitations();
    expect(screen.getByRole('button', { name: 'Send reminder' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Remind Firm 02' })).toBeDisabled();
  });

  it('keeps reminders open for a survey before its start date (Scheduled)', async () => {
    setup({ overview: { status: 'Scheduled' } });
    const table = await openInvitations();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reminder' })).toBeEnabled();
    expect(within(table).getByRole('button', { name: 'Remind Firm 02' })).toBeEnabled();
  });

  it('edits a participant’s labels, then the list refreshes', async () => {
    const calls = setup();
    const table = await openInvitations();
    const before = participantUrls().length;
    await userEvent.click(within(table).getByRole('button', { name: 'More actions for Firm 02' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Labels of Firm 02' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Priority' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save labels' }));
    expect(await screen.findByText('Labels updated!')).toBeInTheDocument();
    const post = calls.find(
      (c) => c.method === 'POST' && c.path === `/api/organization-labels/surveys/${SURVEY}`,
    );
    expect(JSON.parse(post!.body!)).toEqual({ organization_id: 102, label_ids: [2] });
    await waitFor(() => expect(participantUrls().length).toBeGreaterThan(before));
    const row = (await screen.findByText('Firm 02')).closest('tr')!;
    expect(await within(row).findByText('Priority')).toBeInTheDocument();
  });
});

const CONTACT: TSurveyContact = {
  id: 80,
  organization_id: 2,
  organization_name: 'Acme Capital Partners',
  name: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@acme.test',
  invited_at: null,
  created_at: '2026-09-01T10:00:00.000Z',
};

describe('contacts', () => {
  it('lists contacts, invites one and deletes one after a confirm', async () => {
    const calls = setup({ contacts: [CONTACT] });
    await openInvitations();
    const table = await screen.findByRole('table', { name: 'Contacts' });
    expect(within(table).getByText('ada@acme.test')).toBeInTheDocument();
    expect(within(table).getByText('Not invited')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Invite Ada Lovelace' }));
    expect(await screen.findByText('Contact was invited')).toBeInTheDocument();
    const invite = calls.find((c) => c.path === `/api/surveys/${SURVEY}/contacts/invite`);
    expect(JSON.parse(invite!.body!)).toEqual({ contact_ids: [80] });

    await userEvent.click(within(table).getByRole('button', { name: 'More actions for Ada Lovelace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete contact' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact deleted')).toBeInTheDocument();
    expect(await screen.findByText('No contacts yet. Add one to invite it.')).toBeInTheDocument();
  });

  it('checks a new contact in the form, then adds it', async () => {
    const calls = setup();
    await openInvitations();
    await userEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'June');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await within(dialog).findByText('Organization is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Organization/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Juniper Ventures', hidden: true }));
    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'june@juniper.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText('Contacts table was updated')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === `/api/surveys/${SURVEY}/contacts`);
    expect(JSON.parse(post!.body!)).toEqual({
      organization_id: 55,
      name: 'June',
      email: 'june@juniper.test',
    });
    expect(await screen.findByText('june@juniper.test')).toBeInTheDocument();
  });
});

describe('inviting an organization that is not in the directory', () => {
  const invitePosts = (calls: ReturnType<typeof setup>) =>
    calls.filter((c) => c.method === 'POST' && c.path === `/api/surveys/${SURVEY}/contacts/member/invite`);

  it('checks the field, then invites by organization code or by a member’s email', async () => {
    const calls = setup();
    const dialog = await openInviteOrganizations();
    const form = within(dialog).getByRole('form', { name: 'Invite by email or organization code' });
    const field = within(form).getByRole('textbox', { name: /Member's email or organization code/ });
    const send = within(form).getByRole('button', { name: 'Send invitation' });

    await userEvent.click(send);
    expect(
      await within(form).findByText('Enter a member’s email or the organization code'),
    ).toBeInTheDocument();
    await userEvent.type(field, 'ada@');
    await userEvent.click(send);
    expect(await within(form).findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(invitePosts(calls)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, ' rowan-2026 ');
    await userEvent.click(send);
    // The alert says which organization the code named, not 'Contact was invited'.
    expect(await screen.findByText('Rowan Capital was invited')).toBeInTheDocument();
    expect(screen.getByText('0 invitation mails sent.')).toBeInTheDocument();
    expect(screen.queryByText('Contact was invited')).toBeNull();
    expect(JSON.parse(invitePosts(calls)[0]!.body!)).toEqual({ code: 'rowan-2026' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite organizations' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Invite organizations' }));
    const again = await screen.findByRole('dialog', { name: 'Invite organizations' });
    await userEvent.type(
      within(again).getByRole('textbox', { name: /Member's email or organization code/ }),
      'Admin@Quince.test',
    );
    await userEvent.click(within(again).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invitePosts(calls)).toHaveLength(2));
    expect(JSON.parse(invitePosts(calls)[1]!.body!)).toEqual({ email: 'admin@quince.test' });
    expect(await screen.findByText('Quince Holdings was invited')).toBeInTheDocument();
  });
});

describe('inviting organizations of the directory', () => {
  it('keeps Invite beside the organizations field, clear of the dropdown, and names who was invited', async () => {
    const calls = setup();
    const dialog = await openInviteOrganizations();
    const field = within(dialog).getByRole('combobox', { name: 'Organizations' });
    await userEvent.click(field);
    await userEvent.type(field, 'Juni');
    await userEvent.click(await screen.findByRole('option', { name: 'Juniper Ventures', hidden: true }));
    // The dropdown stays open after a pick, as wide as the field and below it: Invite is in the
    // field's row, which never wraps, so the open list cannot cover it.
    const invite = within(dialog).getByRole('button', { name: 'Invite' });
    const row = field.closest('.mantine-Group-root');
    expect(row).toContainElement(invite);
    expect(row).toHaveStyle({ '--group-wrap': 'nowrap' });
    await userEvent.click(invite);
    expect(await screen.findByText('Juniper Ventures was invited')).toBeInTheDocument();
    expect(screen.getByText('2 invitation mails sent.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path.endsWith('/contacts/member/invite'));
    expect(JSON.parse(post!.body!)).toEqual({ organization_ids: [55] });
  });
});

describe('the other tabs', () => {
  it('opens the Analytics and Reports tabs and keeps the tab in the address', async () => {
    setup();
    const { router } = renderApp(`/surveys/hosting/${SURVEY}`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Reports' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await screen.findByRole('button', { name: /Download responses/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=reports');
    await userEvent.click(screen.getByRole('tab', { name: 'Analytics' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(router.state.location.search).toBe('?tab=analytics');
  });

  it('links a submitted participant to its scores in the Analytics tab', async () => {
    setup();
    const { router } = renderApp(`/surveys/hosting/${SURVEY}?tab=invitations`);
    const table = await screen.findByRole('table', { name: 'Participants' });
    expect(within(table).queryByRole('link', { name: 'Scores of Firm 01' })).toBeNull();
    await userEvent.click(within(table).getByRole('link', { name: 'Scores of Firm 03' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(router.state.location.search).toBe('?tab=analytics&organizationId=103');
  });

  it('reminds one participant from its row', async () => {
    const calls = setup();
    const table = await openInvitations();
    expect(within(table).queryByRole('button', { name: 'Remind Firm 03' })).toBeNull(); // submitted
    await userEvent.click(within(table).getByRole('button', { name: 'Remind Firm 02' }));
    expect(await screen.findByText('Firm 02 was reminded.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === `/api/surveys/${SURVEY}/reminders`);
    expect(JSON.parse(post!.body!)).toEqual({ organization_ids: [102] });
    const row = within(table).getByRole('row', { name: /Firm 02/ });
    expect(within(row).getByRole('status')).toHaveTextContent('Remind: done');
  });

  it('says in the row why a reminder failed', async () => {
    setup({ reminders: () => json({ message: 'The survey is closed.', error: 'conflict' }, 409) });
    const table = await openInvitations();
    await userEvent.click(within(table).getByRole('button', { name: 'Remind Firm 04' }));
    const row = within(table).getByRole('row', { name: /Firm 04/ });
    expect(await within(row).findByRole('alert')).toHaveTextContent('Remind failed: The survey is closed.');
  });
});
