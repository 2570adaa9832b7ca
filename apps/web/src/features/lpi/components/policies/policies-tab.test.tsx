import type { TPolicyRecord, TPolicyRecords } from '@parity/domain/lpi/policies';
import { POLICY_FILE_TYPES_MESSAGE } from '@parity/domain/lpi/policies';
import { STALE_SAVE_MESSAGE } from '@parity/domain/lpi/tabs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../../components/alerts/alert-store';
import { type Handler, stubFetch } from '../../../../testing/fetch-stub';
import { renderWithProviders } from '../../../../testing/render';
import type { LpiScope } from '../../lib/scope';
import PoliciesTab from '../../tabs/policies-tab';

const POLICIES = [
  { id: 1, name: 'Code of Conduct' },
  { id: 2, name: 'Anti-Harassment Policy' },
];
const STATE = {
  tab: 'policies' as const,
  updated_at: '2026-03-01T10:00:00.000Z',
  updated_by: null,
  completed: false,
  editable: true,
  version: 2,
};
const RECORD: TPolicyRecord = {
  policy_id: 1,
  id: 5,
  name: 'Code of Conduct',
  status: 'Reviewed',
  attachments: [{ id: 8, name: 'code.pdf', size: 1234, url: '/api/policies/attachments/8' }],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  current_as_of: '2026-01-15',
  established_at: '2020-05-01',
  last_reviewed_at: null,
  user: { id: 4, name: 'Ada', lastname: 'Lovelace' },
  revision: 3,
};
const records = (data: TPolicyRecord[], state = STATE): TPolicyRecords => ({ data, state });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The network boundary: handlers by "METHOD /path"; the calls with their real bodies. */
const stub = (handlers: Record<string, Handler>) =>
  stubFetch(handlers, ({ method, path, search, rawBody }) => ({ method, path, search, body: rawBody }));

const ORG: LpiScope = { kind: 'organization' };
const SURVEY: LpiScope = { kind: 'survey', organizationId: 2, surveyId: 9 };

function renderTab(scope: LpiScope = ORG, props: { readOnly?: boolean } = {}) {
  return renderWithProviders(<PoliciesTab scope={scope} readOnly={props.readOnly ?? false} />);
}

const titles = () => alertStore.getAlerts().map((a) => [a.title, a.description]);

afterEach(() => {
  vi.unstubAllGlobals();
  alertStore.clear();
});

describe('PoliciesTab', () => {
  it('lists every policy with its records: status message, dates, attachments with sizes, revision', async () => {
    stub({
      'GET /api/policies': () => json({ data: POLICIES }),
      'GET /api/policies/organization': () => json(records([RECORD])),
    });
    renderTab();
    const code = await screen.findByRole('region', { name: 'Code of Conduct' });
    expect(within(code).getByText(/^Reviewed by Ada Lovelace .+ ago$/)).toBeTruthy();
    expect(
      within(code).getByText(/Revision 3 · Current as of 2026-01-15 · Established 2020-05-01/),
    ).toBeTruthy();
    expect(within(code).getByRole('button', { name: 'Download code.pdf' })).toBeTruthy();
    expect(within(code).getByText('(1.23 kB)')).toBeTruthy();
    const other = screen.getByRole('region', { name: 'Anti-Harassment Policy' });
    expect(within(other).getByText('No information')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Add Anti-Harassment Policy' })).toBeTruthy();
  });

  it('shows no status for an unknown one and, when read-only, no editing but downloads', async () => {
    stub({
      'GET /api/policies': () => json({ data: POLICIES }),
      'GET /api/policies/organization': () => json(records([{ ...RECORD, status: 'Draft' }])),
    });
    renderTab(ORG, { readOnly: true });
    const code = await screen.findByRole('region', { name: 'Code of Conduct' });
    expect(within(code).getByText(/^by Ada Lovelace .+ ago$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Add|Edit|Delete) / })).toBeNull();
    expect(within(code).getByRole('button', { name: 'Download code.pdf' })).toBeTruthy();
  });

  it('adds a record with files in one upload based on the tab state, then shows the answer', async () => {
    const calls = stub({
      'GET /api/policies': () => json({ data: POLICIES }),
      'GET /api/policies/organization': () => json(records([])),
      'POST /api/policies': () => json(records([RECORD], { ...STATE, version: 3 }), 201),
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add Code of Conduct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add policy: Code of Conduct' });
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Reviewed');
    await user.type(within(dialog).getByLabelText('Current as of'), '2026-01-15');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [
      new File(['%PDF-1.4'], 'code.pdf', { type: 'application/pdf' }),
      new File(['text'], 'notes.txt', { type: 'text/plain' }),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(body.get('policy_id')).toBe('1');
    expect(body.get('status')).toBe('Reviewed');
    expect(body.get('current_as_of')).toBe('2026-01-15');
    expect(body.get('established_at')).toBe('');
    expect(body.get('updated_at')).toBe(STATE.updated_at);
    expect((body.get('files[0]') as File).name).toBe('code.pdf');
    expect((body.get('files[1]') as File).name).toBe('notes.txt');
    await waitFor(() => expect(titles()).toContainEqual(['Success!', 'Policy was created']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Download code.pdf' })).toBeTruthy();
  });

  it('refuses a file of another type next to the field and sends nothing', async () => {
    const calls = stub({
      'GET /api/policies': () => json({ data: POLICIES }),
      'GET /api/policies/organization': () => json(records([RECORD])),
    });
    const user = userEvent.setup({ applyAccept: false });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit Code of Conduct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit policy: Code of Conduct' });
    expect((within(dialog).getByLabelText('Status') as HTMLSelectElement).value).toBe('Reviewed');
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, [
      new File(['x'], 'tool.exe', { type: 'application/octet-stream' }),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(POLICY_FILE_TYPES_MESSAGE)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('deletes after confirmation, sending updated_at as a query parameter', async () => {
    const calls = stub({
      'GET /api/policies': () => json({ data: POLICIES }),
      'GET /api/policies/organization': () => json(records([RECORD])),
      'DELETE /api/policies/organization/5': () => json(records([], { ...STATE, version: 3 })),
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Delete Code of Conduct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete policy' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titles()).toContainEqual(['Success!', 'Policy deleted']));
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.search.get('updated_at')).toBe(STATE.updated_at);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Download code.pdf' })).toBeNull());
  });

  it('explains a stale write and reloads the tab', async () => {
    const calls = stub({
      'GET /api/policies': () => json({ data: POLICIES }),
      'GET /api/policies/organization': () => json(records([RECORD])),
      'DELETE /api/policies/organization/5': () =>
        json({ message: STALE_SAVE_MESSAGE, error: 'stale_save', detail: { tab: 'policies' } }, 409),
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Delete Code of Conduct' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete policy' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(titles()).toContainEqual(['Policies changed', STALE_SAVE_MESSAGE]));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/policies/organization')).toHaveLength(
        2,
      ),
    );
  });

  it("in a survey, loads the organization's records of a policy; a failure says so", async () => {
    let fail = false;
    const calls = stub({
      'GET /api/policies': () => json({ data: POLICIES }),
      'GET /api/policies/organization': (call) =>
        call.search.get('survey_id') === '9' ? json(records([])) : json(records([RECORD])),
      'POST /api/policies/5/surveys/9': () =>
        fail ? json({ message: 'Boom', error: 'internal' }, 400) : json(records([{ ...RECORD, id: 50 }])),
    });
    const user = userEvent.setup();
    renderTab(SURVEY);
    const load = await screen.findByRole('button', {
      name: 'Load Code of Conduct from organization profile',
    });
    await waitFor(() => expect((load as HTMLButtonElement).disabled).toBe(false));
    expect(
      (
        screen.getByRole('button', {
          name: 'Load Anti-Harassment Policy from organization profile',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    await user.click(load);
    await waitFor(() => expect(titles()).toContainEqual(['Success!', 'Survey Policy was loaded']));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ updated_at: STATE.updated_at });
    expect(calls.find((c) => c.path === '/api/policies/organization')!.search.get('organization_id')).toBe(
      '2',
    );
    fail = true;
    await user.click(load);
    await waitFor(() => expect(titles()).toContainEqual(['Failed to load Survey Policy', 'Boom']));
  });
});
