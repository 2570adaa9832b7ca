import type { TSurveyInvitation } from '@parity/domain/survey-invitation';
import type { ResponseDocument } from '@parity/domain/survey-response-document';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../components/alerts/alert-store';
import { setTokens } from '../../../lib/token-storage';
import { type Handler, json, stubFetch } from '../../../testing/fetch-stub';
import { ACCOUNT } from '../../../testing/fixtures';
import { cleanupApps, renderApp } from '../../../testing/render';
import { ARCHIVED_NOTICE } from '../archive/components/archived-survey-page';

const stub = (handlers: Record<string, Handler>) => stubFetch(handlers);

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 30_000 });

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

const invitation = (overrides: Partial<TSurveyInvitation> = {}): TSurveyInvitation => ({
  id: 1,
  survey_id: 5,
  organization_id: 2,
  title: '2025 DEI Survey',
  step: 10,
  survey_locked_step: 11,
  completed_steps: 11,
  total_step: 11,
  survey_progress: 100,
  status: 'Archived',
  start: '2025-09-01',
  end: '2025-12-31',
  due: '2025-12-31',
  is_legacy: false,
  submitted_at: '2025-12-01T10:00:00.000Z',
  host: { id: 1, name: 'Northwind Pension Fund', logo: null },
  contributors: [],
  ...overrides,
});

describe('archived surveys', () => {
  it('/surveys/archived lists only the archived invitations, each with its action', async () => {
    stub({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys/invitations': () =>
        json({
          data: [
            invitation({ id: 1, survey_id: 5, title: 'Archived survey' }),
            invitation({
              id: 2,
              survey_id: 6,
              title: 'Closed survey',
              status: 'Not Submitted',
              submitted_at: null,
            }),
            invitation({ id: 3, survey_id: 7, title: 'Active survey', status: 'Active', submitted_at: null }),
          ],
        }),
    });
    renderApp('/surveys/archived');
    const archived = within(await screen.findByRole('article', { name: 'Archived survey' }));
    expect(archived.getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/surveys/archived/5?organizationId=2',
    );
    const closed = within(screen.getByRole('article', { name: 'Closed survey' }));
    expect(closed.getByRole('button', { name: 'Not Available' })).toBeDisabled();
    expect(screen.queryByRole('article', { name: 'Active survey' })).not.toBeInTheDocument();
  });

  it('says so when nothing is archived', async () => {
    stub({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys/invitations': () =>
        json({ data: [invitation({ status: 'Active', submitted_at: null })] }),
    });
    renderApp('/surveys/archived');
    expect(await screen.findByText('No archived surveys.')).toBeInTheDocument();
  });

  it('a legacy survey shows its questions and answers from GET /api/legacy-surveys/{id}', async () => {
    const calls = stub({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys/invitations/5': () => json(invitation({ is_legacy: true })),
      'GET /api/legacy-surveys/5': () =>
        json({
          id: 5,
          title: '2025 DEI Survey',
          start: '2025-09-01',
          due: '2025-12-31',
          host: { id: 1, name: 'Northwind Pension Fund', logo: null },
          organization: { id: 2, name: 'Acme Capital Partners' },
          imported_at: '2026-01-10T09:00:00.000Z',
          sections: [
            {
              section: 'Workforce',
              questions: [
                { question: 'Total employees', answer: '42' },
                { question: 'Diversity officer', answer: null },
              ],
            },
          ],
        }),
    });
    renderApp('/surveys/archived/5?organizationId=2');
    expect(await screen.findByText(ARCHIVED_NOTICE)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Workforce' });
    expect(within(table).getByRole('row', { name: 'Total employees 42' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Diversity officer No information' })).toBeInTheDocument();
    expect(
      calls.find((c) => c.url.pathname === '/api/legacy-surveys/5')?.url.searchParams.get('organization_id'),
    ).toBe('2');
    // A legacy response has no export of its own.
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
  });
});

const RESPONSE: ResponseDocument = {
  title: '2025 DEI Survey',
  heading: [
    ['Organization', 'Acme Capital Partners'],
    ['Survey', '2025 DEI Survey'],
    ['Submitted', null],
  ],
  sections: [
    {
      id: 1,
      title: 'Overview',
      blocks: [
        {
          kind: 'fields',
          rows: [
            ['Primary Contact', 'Ada Lovelace'],
            ['Website', null],
          ],
        },
      ],
    },
    {
      id: 2,
      title: 'Total Full-Time Employees',
      blocks: [
        {
          kind: 'table',
          title: 'Total Full-Time Employees',
          columns: ['Race/Ethnicity', 'Women › Woman', 'Total'],
          rows: [
            ['Asian', 5, 5],
            ['White', 26, 26],
          ],
          totals: ['Total', 31, 31],
        },
      ],
    },
    { id: 7, title: 'Policies', blocks: [{ kind: 'note', text: 'No policies recorded.' }] },
  ],
};

describe('exporting a response', () => {
  it('/surveys/export/{id} is a document of the values the PDF prints, and downloads the PDF and .xlsx', async () => {
    const createObjectURL = vi.fn(() => 'blob:response');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = stub({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys/invitations/5': () => json(invitation({ status: 'Submitted' })),
      'GET /api/surveys/5/export.json': () => json(RESPONSE),
      'GET /api/surveys/5/export.pdf': () => new Response(new Blob(['%PDF-1.3']), { status: 200 }),
      'GET /api/surveys/5/export.xlsx': () => new Response(new Blob(['PK']), { status: 200 }),
    });
    renderApp('/surveys/export/5?organizationId=2');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: '2025 DEI Survey' })).toBeInTheDocument();
    // Each step of the document under its heading, in order.
    await screen.findByRole('heading', { level: 2, name: 'Overview' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Overview',
      'Total Full-Time Employees',
      'Policies',
    ]);
    expect(
      calls
        .find((c) => c.url.pathname === '/api/surveys/5/export.json')
        ?.url.searchParams.get('organization_id'),
    ).toBe('2');
    // Values as text: a person by name, an empty value as an em dash (as in the PDF).
    expect(screen.getByText('Organization').nextSibling).toHaveTextContent('Acme Capital Partners');
    expect(screen.getByText('Submitted').nextSibling).toHaveTextContent('—');
    const overview = within(screen.getByRole('region', { name: 'Overview' }));
    expect(overview.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(overview.getByText('Website').nextSibling).toHaveTextContent('—');
    // A grid is a table with its totals.
    const grid = within(screen.getByRole('table', { name: 'Total Full-Time Employees' }));
    expect(grid.getByRole('columnheader', { name: 'Women › Woman' })).toBeInTheDocument();
    expect(grid.getByRole('row', { name: 'Asian 5 5' })).toBeInTheDocument();
    expect(grid.getByRole('row', { name: 'Total 31 31' })).toBeInTheDocument();
    expect(screen.getByText('No policies recorded.')).toBeInTheDocument();
    // A document, not a form: no inputs, no placeholders, no required asterisks.
    const main = screen.getByRole('main');
    expect(main.querySelectorAll('input, textarea, select, [contenteditable="true"]')).toHaveLength(0);
    expect(main.querySelectorAll('[placeholder]')).toHaveLength(0);
    expect(main.textContent).not.toContain('*');
    // Printing the page prints the response alone (print-response.css).
    expect(document.body.dataset.print).toBe('response');

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const pdf = calls.find((c) => c.url.pathname === '/api/surveys/5/export.pdf');
    expect(pdf?.url.searchParams.get('organization_id')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Download .xlsx' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(calls.some((c) => c.url.pathname === '/api/surveys/5/export.xlsx')).toBe(true);
    expect(createObjectURL).toHaveBeenCalledTimes(2);
  });

  it('/surveys/export lists every invitation with Export Response', async () => {
    stub({
      'GET /api/user/status': () => json(ACCOUNT),
      'GET /api/surveys/invitations': () =>
        json({ data: [invitation({ title: 'Any survey', status: 'Active' })] }),
    });
    renderApp('/surveys/export');
    const tile = within(await screen.findByRole('article', { name: 'Any survey' }));
    expect(tile.getByRole('link', { name: 'Export Response' })).toHaveAttribute(
      'href',
      '/surveys/export/5?organizationId=2',
    );
  });
});
