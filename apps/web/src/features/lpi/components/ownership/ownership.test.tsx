import type { TIndividual, TOwnershipResponse } from '@parity/domain/lpi/individuals';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../../components/alerts/alert-store';
import { setTokens } from '../../../../lib/token-storage';
import { json, stubFetch } from '../../../../testing/fetch-stub';
import { renderWithProviders } from '../../../../testing/render';
import { TabEditorProvider, type TabEditorRegistration } from '../../lib/tab-editor';
import BoardTab from '../../tabs/board-tab';
import OwnershipTab from '../../tabs/ownership-tab';
import { IndividualFormDialog, type IndividualOptions } from './individual-form-dialog';
import { OwnershipAlert } from './ownership-alert';

configure({ asyncUtilTimeout: 10000 });
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' }));
afterEach(() => {
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const yesNo = [
  { id: 1, name: 'Yes' },
  { id: 2, name: 'No' },
];
const OPTIONS: IndividualOptions = {
  identification: [
    { id: 17, name: 'Employee' },
    { id: 19, name: 'Non-employee individual' },
    { id: 18, name: 'Entity/Fund' },
  ],
  corporateTitles: [{ id: 3, name: 'Chief Executive Officer (CEO)' }],
  genders: [{ id: 1, name: 'Woman' }],
  ethnicities: [{ id: 2, name: 'Asian' }],
  immigration: yesNo,
  military: yesNo,
  lgbtq: yesNo,
  disabled: yesNo,
  usCitizen: yesNo,
  usBased: yesNo,
};

const SAVED_AT = '2026-11-20T10:00:00.000Z';

function individual(id: number, name: string, patch: Partial<TIndividual> = {}): TIndividual {
  return {
    id,
    identification_id: 18,
    name,
    corporate_title_id: null,
    date_of_joining: null,
    gender_id: null,
    ethnicity_id: null,
    immigration_id: null,
    veteran_id: null,
    lgbtq_id: null,
    disabled_id: null,
    us_citizen_id: null,
    us_based_id: null,
    is_senior_management: false,
    date_of_promotion: null,
    is_owner: true,
    ownership: 50,
    initial_ownership_date: '2020-01-01',
    organization_id: 2,
    survey_id: null,
    updated_at: SAVED_AT,
    ...patch,
  };
}

function response(rows: TIndividual[], editable = true): TOwnershipResponse {
  return {
    data: {
      rows,
      totals: { ownership_sum: 0, owners: 0, leaders: 0, total_owners: 2, total_leaders: 1 },
      option_flags: {
        immigration_id: true,
        veteran_id: true,
        lgbtq_id: true,
        disabled_id: true,
        us_citizen_id: true,
        us_based_id: true,
      },
    },
    state: {
      tab: 'ownership',
      updated_at: SAVED_AT,
      updated_by: null,
      completed: false,
      editable,
      version: 1,
    },
  };
}

const DICTIONARIES = {
  'GET /api/attributes/relations': () =>
    json({
      data: {
        immigration: yesNo,
        military_member: yesNo,
        lgbtq: yesNo,
        disabled: yesNo,
        identification: OPTIONS.identification.map((o) => ({ ...o, category: 'individual' })),
        board_type: [{ id: 1, name: 'Board of Directors' }],
        board_position: [{ id: 1, name: 'Chair' }],
        us_citizen: yesNo,
        us_based: yesNo,
      },
    }),
  'GET /api/genders': () => json({ data: [{ id: 1, name: 'Woman', order: 1, category_id: 1 }] }),
  'GET /api/ethnicities': () =>
    json({ data: [{ id: 2, name: 'Asian', order: 2, is_white: false, is_undisclosed: false }] }),
  'GET /api/corporate-titles': () => json({ data: OPTIONS.corporateTitles }),
};

/** Renders a tab inside a stand-in for the LPI page, which keeps the tab's registration. */
function renderTab(ui: React.ReactElement) {
  const registrations = new Map<string, TabEditorRegistration>();
  const host = {
    register(registration: TabEditorRegistration) {
      registrations.set(registration.tab, registration);
      return () => registrations.delete(registration.tab);
    },
    update() {},
  };
  renderWithProviders(<TabEditorProvider host={host}>{ui}</TabEditorProvider>);
  return registrations;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[+/().]/g, '\\$&')}`));

describe('the individual form', () => {
  it('enables fields by identification exactly as spec 5 says, and shows the schema messages', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(
      <IndividualFormDialog opened initial={null} options={OPTIONS} onSubmit={onSubmit} onClose={() => {}} />,
    );
    expect(field('Full Name or Unique Identifier')).toBeDisabled();
    expect(field('Gender')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Ownership' })).toBeDisabled();

    await user.selectOptions(field('Identification'), '18');
    expect(field('Full Name or Unique Identifier')).toBeEnabled();
    expect(field('Gender')).toBeDisabled();
    expect(field('Corporate Title')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Leadership' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Ownership' })).toBeEnabled();
    expect(field('Ownership %')).toBeDisabled();

    await user.selectOptions(field('Identification'), '19');
    expect(field('Gender')).toBeEnabled();
    expect(field('Veteran')).toBeEnabled();
    expect(field('Corporate Title')).toBeDisabled();
    expect(field('Date of Joining')).toBeDisabled();

    await user.selectOptions(field('Identification'), '17');
    expect(field('Corporate Title')).toBeEnabled();
    expect(field('Date of Joining')).toBeEnabled();
    expect(field('Date of Promotion')).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Leadership' }));
    expect(field('Date of Promotion')).toBeEnabled();
    await user.click(screen.getByRole('switch', { name: 'Ownership' }));
    expect(field('Ownership %')).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByText('Field is empty').length).toBeGreaterThanOrEqual(12);
    expect(field('Corporate Title')).toHaveAttribute('aria-invalid', 'true');

    // Back to an entity: the demographics are cleared and disabled, the owner's fields stay.
    await user.selectOptions(field('Identification'), '18');
    await user.type(field('Full Name or Unique Identifier'), 'Fund I');
    await user.type(field('Ownership %'), '40');
    await user.type(field('Initial Ownership Date'), '2020-02-02');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        identification_id: 18,
        name: 'Fund I',
        is_owner: true,
        ownership: 40,
        is_senior_management: false,
        initial_ownership_date: '2020-02-02',
      }),
    );
  });

  it('refuses a future initial ownership date with the date message', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <IndividualFormDialog opened initial={null} options={OPTIONS} onSubmit={() => {}} onClose={() => {}} />,
    );
    await user.selectOptions(field('Identification'), '18');
    await user.type(field('Full Name or Unique Identifier'), 'Fund');
    await user.click(screen.getByRole('switch', { name: 'Ownership' }));
    await user.type(field('Ownership %'), '10.555');
    await user.type(field('Initial Ownership Date'), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText(/^Date must be before or equal to/)).toBeInTheDocument();
    expect(screen.getByText('Value must have at most 2 decimals')).toBeInTheDocument();
  });
});

describe('the ownership alert', () => {
  it('is a success with a check only at exactly 100.00', () => {
    const { unmount } = renderWithProviders(<OwnershipAlert total={100} />);
    expect(screen.getByRole('status')).toHaveTextContent('Ownership is 100.00%');
    expect(screen.getByRole('status')).toHaveAttribute('data-type', 'success');
    expect(screen.getByLabelText('Complete')).toBeInTheDocument();
    unmount();
    renderWithProviders(<OwnershipAlert total={99.99} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Owner percentages add up to 99.99%; they must total 100.00%',
    );
    expect(screen.getByRole('status')).toHaveAttribute('data-type', 'error');
  });
});

describe('the ownership tab', () => {
  it('adds, edits and deletes rows locally, then saves create/update/delete lists with updated_at', async () => {
    const user = userEvent.setup();
    const server = response([
      individual(1, 'Fund A'),
      individual(2, 'Fund B'),
      individual(3, 'Fund C', { ownership: 0 }),
    ]);
    const calls = stubFetch({
      ...DICTIONARIES,
      'GET /api/organization/me/ownership': () => json(server),
      'PUT /api/ownership/save': () => json(response([individual(1, 'Fund A', { ownership: 60 })])),
    });
    const registrations = renderTab(<OwnershipTab scope={{ kind: 'organization' }} readOnly={false} />);
    const table = await screen.findByRole('table', { name: 'Ownership and Senior Leadership' });
    expect(within(table).getAllByText('Ownership')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('Ownership is 100.00%');
    expect(registrations.get('ownership')?.dirty).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit Fund A' }));
    const ownership = await screen.findByLabelText(/^Ownership %/);
    await user.clear(ownership);
    await user.type(ownership, '60');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Owner percentages add up to 110.00%; they must total 100.00%',
      ),
    );
    expect(screen.getByRole('status')).toHaveAttribute('data-type', 'error');

    await user.click(screen.getByRole('button', { name: 'Delete Fund B' }));
    expect(screen.queryByText('Fund B')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Owner percentages add up to 60.00%; they must total 100.00%',
    );

    await user.click(screen.getByRole('button', { name: 'Add Individuals or Entities' }));
    await user.selectOptions(await screen.findByLabelText(/^Identification/), '18');
    await user.type(field('Full Name or Unique Identifier'), 'Fund D');
    await user.click(screen.getByRole('switch', { name: 'Ownership' }));
    await user.type(field('Ownership %'), '40');
    await user.type(field('Initial Ownership Date'), '2021-03-04');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Fund D')).toBeInTheDocument();
    expect(registrations.get('ownership')?.dirty).toBe(true);

    await registrations.get('ownership')!.save({});
    const save = calls.find((call) => call.method === 'PUT' && call.path === '/api/ownership/save');
    const body = JSON.parse(save!.body!);
    expect(body.updated_at).toBe(SAVED_AT);
    expect(body.survey_id).toBeNull();
    expect(body.delete).toEqual([2]);
    expect(body.update).toEqual([expect.objectContaining({ id: 1, name: 'Fund A', ownership: 60 })]);
    expect(body.create).toEqual([
      expect.objectContaining({
        name: 'Fund D',
        identification_id: 18,
        ownership: 40,
        initial_ownership_date: '2021-03-04',
      }),
    ]);
    expect(alertStore.getAlerts()).toContainEqual(
      expect.objectContaining({ type: 'success', title: 'Success!', description: 'Successfully saved!' }),
    );
    await waitFor(() => expect(screen.queryByText('Fund D')).not.toBeInTheDocument());
    expect(registrations.get('ownership')?.dirty).toBe(false);
  });

  it('compares the owners and leaders listed with the overview’s totals, as the draft changes', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...DICTIONARIES,
      'GET /api/organization/me/ownership': () =>
        json(
          response([
            individual(1, 'Fund A'),
            individual(2, 'Fund B'),
            individual(3, 'Fund C', { ownership: 0 }),
          ]),
        ),
    });
    renderTab(<OwnershipTab scope={{ kind: 'organization' }} readOnly={false} />);
    const checks = await screen.findByRole('region', { name: 'The figures do not add up' });
    // Three owners of the two declared; no leader of the one declared.
    expect(checks).toHaveTextContent(
      '3 owners are listed; the Overview declares 2 owners. List every owner, or correct the Overview’s Total Owners.',
    );
    expect(checks).toHaveTextContent(
      '0 leaders are listed; the Overview declares 1 leader. List every member of senior leadership, or ' +
        'correct the Overview’s Total Leaders.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete Fund C' }));
    await waitFor(() => expect(checks).not.toHaveTextContent('owners are listed'));
    expect(checks).toHaveTextContent('0 leaders are listed');
  });

  it('sends the overwrite base the page passes and rethrows a failed save', async () => {
    const calls = stubFetch({
      ...DICTIONARIES,
      'GET /api/organization/me/ownership': () => json(response([individual(1, 'Fund A')])),
      'PUT /api/ownership/save': () => json({ message: 'stale', error: 'stale_save' }, 409),
    });
    const registrations = renderTab(<OwnershipTab scope={{ kind: 'organization' }} readOnly={false} />);
    await screen.findByText('Fund A');
    await expect(
      registrations.get('ownership')!.save({ baseUpdatedAt: '2026-11-22T04:00:00.000Z' }),
    ).rejects.toMatchObject({
      status: 409,
    });
    const body = JSON.parse(calls.find((call) => call.method === 'PUT')!.body!);
    expect(body.updated_at).toBe('2026-11-22T04:00:00.000Z');
  });

  it('shows no actions or alert when read-only', async () => {
    stubFetch({
      ...DICTIONARIES,
      'GET /api/ownership': () => json(response([individual(1, 'Fund A')], false)),
    });
    renderTab(
      <OwnershipTab scope={{ kind: 'survey', organizationId: 2, surveyId: 5, report: true }} readOnly />,
    );
    expect(await screen.findByText('Fund A')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Individuals or Entities' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bulk Upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Fund A' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("logs a failed template download and answers with nothing: no 'Error' alert", async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubFetch({
      ...DICTIONARIES,
      'GET /api/organization/me/ownership': () => json(response([])),
      'GET /api/ownerships/template/download': () =>
        json({ message: 'The template could not be built.', error: 'internal' }, 400),
    });
    renderTab(<OwnershipTab scope={{ kind: 'organization' }} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'Bulk Upload' }));
    await user.click(await screen.findByRole('button', { name: 'Download template' }));
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        'The ownership template could not be downloaded',
        expect.objectContaining({ message: 'The template could not be built.' }),
      ),
    );
    expect(calls.filter((call) => call.path === '/api/ownerships/template/download')).toHaveLength(1);
    expect(alertStore.getAlerts()).toEqual([]);
  });

  it('uploads a spreadsheet with a progress bar and lists every row error', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...DICTIONARIES,
      'GET /api/organization/me/ownership': () => json(response([])),
    });
    const sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
    let respond = () => {};
    class FakeXhr {
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      status = 0;
      responseText = '';
      private url = '';
      private headers: Record<string, string> = {};
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send(body: FormData) {
        sent.push({ url: this.url, headers: this.headers, body });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        respond = () => {
          this.status = 422;
          this.responseText = JSON.stringify({
            message: '2 rows have problems; nothing was imported.',
            error: 'invalid_rows',
            detail: [
              { row: 3, column: 'Corporate Title', message: 'Field is empty' },
              { row: 5, column: 'Ownership %', message: 'Value must be a percentage from 0 to 100' },
            ],
          });
          this.onload?.();
        };
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderTab(<OwnershipTab scope={{ kind: 'organization' }} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'Bulk Upload' }));
    expect(await screen.findByRole('button', { name: 'Download template' })).toBeInTheDocument();
    const file = new File(['xlsx bytes'], 'owners.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(screen.getByLabelText('Spreadsheet (.xlsx)'), file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    act(() => respond());
    const errors = await screen.findByRole('table', { name: 'Upload errors' });
    expect(within(errors).getAllByRole('row')).toHaveLength(3);
    expect(within(errors).getByText('Corporate Title')).toBeInTheDocument();
    expect(within(errors).getByText('Value must be a percentage from 0 to 100')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('2 rows have problems; nothing was imported.');
    expect(sent[0]!.url).toBe('/api/process-excel-ownership');
    expect(sent[0]!.headers.Authorization).toBe('Bearer access-1');
    expect(sent[0]!.body.get('updated_at')).toBe(SAVED_AT);
    expect(sent[0]!.body.get('file')).toBeInstanceOf(File);
  });
});

describe('the board tab', () => {
  it('adds a member and saves it in the create list', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      ...DICTIONARIES,
      'GET /api/organization/me/boards': () =>
        json({
          data: {
            rows: [],
            option_flags: {
              military_member_id: false,
              disabled_id: true,
              lgbtq_id: true,
              immigration_id: true,
            },
          },
          state: {
            tab: 'board',
            updated_at: null,
            updated_by: null,
            completed: false,
            editable: true,
            version: 0,
          },
        }),
      'POST /api/boards/save': () =>
        json({
          data: {
            rows: [],
            option_flags: {
              military_member_id: false,
              disabled_id: true,
              lgbtq_id: true,
              immigration_id: true,
            },
          },
          state: {
            tab: 'board',
            updated_at: SAVED_AT,
            updated_by: null,
            completed: false,
            editable: true,
            version: 1,
          },
        }),
    });
    const registrations = renderTab(<BoardTab scope={{ kind: 'organization' }} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'Add Individuals or Entities' }));
    expect(await screen.findByLabelText(/^Veteran/)).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Field is empty')).toBeInTheDocument();
    await user.type(field('Full Name or Unique Identifier'), 'Grace Chair');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Grace Chair')).toBeInTheDocument();
    await registrations.get('board')!.save({});
    const body = JSON.parse(calls.find((call) => call.path === '/api/boards/save')!.body!);
    expect(body).toMatchObject({ updated_at: null, update: [], delete: [] });
    expect(body.create).toEqual([expect.objectContaining({ name: 'Grace Chair', military_member_id: null })]);
  });
});
