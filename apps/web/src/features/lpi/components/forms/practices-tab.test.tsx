import type { TForm } from '@parity/domain/lpi/forms';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../../components/alerts/alert-store';
import { setTokens } from '../../../../lib/token-storage';
import { type Handler, json, jsonBody, stubFetch } from '../../../../testing/fetch-stub';
import { renderWithProviders } from '../../../../testing/render';
import type { LpiScope } from '../../lib/scope';
import { type TabEditorHost, TabEditorProvider, type TabEditorRegistration } from '../../lib/tab-editor';
import PracticesTab from '../../tabs/practices-tab';
import { listSelection, wrapSelection } from './formatted-text-editor';

/** The calls with their JSON bodies parsed. */
const stub = (handlers: Record<string, Handler>) =>
  stubFetch(handlers, (call) => ({ ...call, body: jsonBody(call) }));

configure({ asyncUtilTimeout: 10000 });
vi.setConfig({ testTimeout: 30_000 });

const SAVED_AT = '2026-11-20T10:00:00.000Z';
const NEW_AT = '2026-11-22T05:00:00.000Z';
const ORG: LpiScope = { kind: 'organization' };
const SURVEY: LpiScope = { kind: 'survey', organizationId: 2, surveyId: 9 };

const PRACTICES: TForm = {
  id: 8,
  name: 'Practices',
  sections: [
    {
      name: 'Leadership and accountability',
      inputs: [
        {
          id: 801,
          type: 'switch',
          label: 'A senior leader is accountable',
          help: null,
          options: null,
          default_value: false,
          required: false,
          value: null,
        },
        {
          id: 802,
          type: 'select',
          label: 'How often is diversity data reviewed?',
          help: null,
          options: [
            { id: 1, name: 'Never' },
            { id: 2, name: 'Annually' },
          ],
          default_value: null,
          required: false,
          value: 2,
        },
        {
          id: 803,
          type: 'date',
          label: 'Last report to the board',
          help: null,
          options: null,
          default_value: null,
          required: false,
          value: null,
        },
      ],
    },
    {
      name: 'Recruitment',
      inputs: [
        {
          id: 812,
          type: 'percentage',
          label: 'Share of diverse panels',
          help: null,
          options: null,
          default_value: null,
          required: false,
          value: null,
        },
        {
          id: 813,
          type: 'number',
          label: 'Partnerships',
          help: null,
          options: null,
          default_value: 0,
          required: false,
          value: null,
        },
        {
          id: 833,
          type: 'text',
          label: 'How are managers sourced?',
          help: null,
          options: null,
          default_value: null,
          required: false,
          value: null,
        },
      ],
    },
  ],
};
const MISC_FORM: TForm = {
  id: 10,
  name: 'Miscellaneous',
  sections: [
    {
      name: 'Organization',
      inputs: [
        {
          id: 1013,
          type: 'text',
          label: 'Anything else?',
          help: null,
          options: null,
          default_value: null,
          required: false,
          value: 'No',
        },
      ],
    },
  ],
};
const QUESTION = {
  id: 31,
  question_type_id: 4,
  display: 'Main region',
  config: { options: ['US', 'EU'] },
  value: 'EU',
};
const state = (tab: string, updated_at: string | null = SAVED_AT) => ({
  tab,
  updated_at,
  updated_by: null,
  completed: false,
  editable: true,
  version: 1,
});

const base = (extra: Record<string, Handler> = {}) => ({
  'GET /api/form-generator/8': () => json({ data: PRACTICES, state: state('practices') }),
  'GET /api/miscellaneous-questions/10': () =>
    json({ data: { form: MISC_FORM, questions: [QUESTION] }, state: state('miscellaneous') }),
  'GET /api/user/status': () =>
    json({
      id: 4,
      organization_id: 2,
      organization_name: 'Acme',
      isAllowed: true,
      isAdministrator: false,
      hasLpiAccess: true,
    }),
  'GET /api/places/config': () => json({ ip_country_url: null, google_places: false }),
  ...extra,
});

function renderTab(ui: ReactElement) {
  const units = new Map<string, TabEditorRegistration>();
  const host: TabEditorHost = {
    register(registration) {
      units.set(registration.tab, registration);
      return () => units.delete(registration.tab);
    },
    update() {},
  };
  renderWithProviders(<TabEditorProvider host={host}>{ui}</TabEditorProvider>, { app: true });
  return units;
}

beforeEach(() => setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' }));
afterEach(() => {
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const alerts = () => alertStore.getAlerts().map((a) => [a.title, a.description]);

describe('PracticesTab: the Practices form', () => {
  it('renders every input by type, checks values and saves field_id/value pairs', async () => {
    const calls = stub(
      base({
        'PUT /api/organizations/2/form-generator/8': () =>
          json({ data: PRACTICES, state: state('practices', NEW_AT) }),
      }),
    );
    const user = userEvent.setup();
    const units = renderTab(<PracticesTab scope={ORG} readOnly={false} />);
    const accountable = await screen.findByRole('switch', { name: 'A senior leader is accountable' });
    expect(accountable).not.toBeChecked();
    expect(screen.getAllByLabelText('How often is diversity data reviewed?')[0]).toHaveValue('Annually');
    // A date question is picked with the one date field (a whole day, YYYY-MM-DD).
    const lastReport = screen.getByLabelText('Last report to the board');
    await userEvent.setup().type(lastReport, '2026-02-28');
    await waitFor(() => expect(lastReport).toHaveValue('2026-02-28'));
    expect(screen.getByLabelText('Partnerships')).toHaveValue('0');
    expect(screen.getByRole('group', { name: 'Recruitment' })).toBeInTheDocument();

    await user.click(accountable);
    await user.type(screen.getByLabelText('Share of diverse panels'), '120');
    expect(await screen.findByText('Value must be a percentage from 0 to 100')).toBeInTheDocument();
    await waitFor(() => expect(units.get('practices')?.dirty).toBe(true));
    await expect(act(() => units.get('practices')!.save({}))).rejects.toThrow('Invalid map or data');
    expect(alerts()).toContainEqual(['Error!', 'Invalid map or data']);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    const share = screen.getByLabelText('Share of diverse panels');
    await user.clear(share);
    await user.type(share, '55');
    await user.type(screen.getByLabelText('How are managers sourced?'), 'Open calls');
    await act(() => units.get('practices')!.save({}));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/organizations/2/form-generator/8');
    expect(put?.body).toEqual({
      updated_at: SAVED_AT,
      meta_data: {},
      data: [
        { field_id: 801, value: true },
        { field_id: 802, value: 2 },
        { field_id: 803, value: '2026-02-28' },
        { field_id: 812, value: 55 },
        { field_id: 813, value: 0 },
        { field_id: 833, value: 'Open calls' },
      ],
    });
    expect(alerts()).toContainEqual(['Success!', 'Successfully saved!']);
  });

  it('in a survey saves to the survey path; read-only disables the inputs', async () => {
    const calls = stub(
      base({
        'PUT /api/surveys/9/form-generator/8': () =>
          json({ data: PRACTICES, state: state('practices', NEW_AT) }),
      }),
    );
    const units = renderTab(<PracticesTab scope={SURVEY} readOnly={false} />);
    await userEvent
      .setup()
      .click(await screen.findByRole('switch', { name: 'A senior leader is accountable' }));
    await act(() => units.get('practices')!.save({ baseUpdatedAt: NEW_AT }));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/surveys/9/form-generator/8');
    expect(put?.body?.updated_at).toBe(NEW_AT);
    expect(
      calls.find((c) => c.url.pathname === '/api/form-generator/8')?.url.searchParams.get('survey_id'),
    ).toBe('9');
  });

  it('read-only: answers as text (option names, an em dash when empty), no inputs and no custom question actions', async () => {
    stub(base());
    renderTab(<PracticesTab scope={ORG} readOnly />);
    const field = (name: string) => screen.getByRole('group', { name });
    expect(
      await screen.findByRole('group', { name: 'How often is diversity data reviewed?' }),
    ).toHaveTextContent('Annually');
    expect(field('A senior leader is accountable')).toHaveTextContent('No');
    expect(field('Last report to the board')).toHaveTextContent('—');
    expect(await screen.findByRole('group', { name: 'Anything else?' })).toHaveTextContent('No');
    expect(await screen.findByRole('group', { name: 'Main region' })).toHaveTextContent('EU');
    expect(document.querySelectorAll('input, textarea')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Add question' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete question/ })).toBeNull();
  });
});

describe('PracticesTab: Miscellaneous and custom questions', () => {
  it('adds a question, answers it and saves questions and answers together', async () => {
    const calls = stub(
      base({
        'PUT /api/organizations/2/miscellaneous-questions/10': () =>
          json({ data: { form: MISC_FORM, questions: [QUESTION] }, state: state('miscellaneous', NEW_AT) }),
      }),
    );
    const user = userEvent.setup();
    const units = renderTab(<PracticesTab scope={ORG} readOnly={false} />);
    await screen.findByText('Custom questions');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    // without its text the question is refused
    await expect(act(() => units.get('miscellaneous')!.save({}))).rejects.toThrow('Invalid map or data');
    expect(await screen.findByText('Question is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Question/ }), 'How many funds?');
    await user.click(screen.getAllByLabelText('Answer type')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Number', hidden: true }));
    await user.type(screen.getByLabelText('How many funds?'), '4');
    await act(() => units.get('miscellaneous')!.save({}));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/organizations/2/miscellaneous-questions/10');
    expect(put?.body).toEqual({
      updated_at: SAVED_AT,
      questions: [
        {
          id: 31,
          question_type_id: 4,
          display: 'Main region',
          config: { options: ['US', 'EU'] },
          value: 'EU',
        },
        { question_type_id: 13, display: 'How many funds?', config: {}, value: 4 },
      ],
      data: [{ field_id: 1013, value: 'No' }],
    });
    expect(alerts()).toContainEqual(['Success!', 'Successfully saved!']);
  });

  it('deletes a saved question through the API with the spec message', async () => {
    const calls = stub(
      base({
        'DELETE /api/miscellaneous-question/31': () =>
          json({ message: 'Miscellaneous Question deleted', state: state('miscellaneous', NEW_AT) }),
      }),
    );
    const user = userEvent.setup();
    const units = renderTab(<PracticesTab scope={ORG} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'Delete question Main region' }));
    await waitFor(() => expect(alerts()).toContainEqual(['Success!', 'Miscellaneous Question deleted']));
    expect(
      calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/miscellaneous-question/31'),
    ).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete question Main region' })).toBeNull(),
    );
    expect(units.get('miscellaneous')?.dirty).toBe(false);
  });

  it('edits a select question: its options and answer', async () => {
    stub(base());
    const user = userEvent.setup();
    const units = renderTab(<PracticesTab scope={ORG} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'Edit question Main region' }));
    const options = screen.getByLabelText('Options');
    expect(options).toHaveValue('US\nEU');
    await user.type(options, '\nAPAC');
    await waitFor(() => expect(units.get('miscellaneous')?.dirty).toBe(true));
    const card = screen
      .getByRole('button', { name: /Done editing question Main region/ })
      .closest('.mantine-Card-root');
    expect(within(card as HTMLElement).getByRole('textbox', { name: /^Question/ })).toHaveValue(
      'Main region',
    );
    // the answer stays while it is still an option
    expect(within(card as HTMLElement).getAllByLabelText('Main region')[0]).toHaveValue('EU');
  });
});

describe('formatted text', () => {
  it('bold, italic and list buttons write the allowed tags', () => {
    expect(wrapSelection('make this bold', 5, 9, 'strong')).toEqual({
      text: 'make <strong>this</strong> bold',
      caret: 17,
    });
    expect(wrapSelection('x', 1, 1, 'em').text).toBe('x<em></em>');
    expect(listSelection('intro\none\ntwo', 6, 13).text).toBe('intro\n<ul><li>one</li><li>two</li></ul>');
  });
});
