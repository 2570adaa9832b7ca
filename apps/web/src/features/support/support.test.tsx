import { SUPPORT_MESSAGES, type TFaqEntry, type TSupportRequestDetail } from '@parity/domain/support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDialogs } from '../../components/dialog/dialog-store';
import { clearTokens, setTokens } from '../../lib/token-storage';
import { callsTo, type Handler, json, stubFetch } from '../../testing/fetch-stub';
import { ACCOUNT } from '../../testing/fixtures';
import { cleanupApps, renderApp } from '../../testing/render';

const REQUEST: TSupportRequestDetail = {
  id: 7,
  subject: 'Staff grid totals look wrong',
  status: 'answered',
  page: '/lpi/staff',
  requester: { id: ACCOUNT.id, name: 'Ada Lovelace', email: ACCOUNT.email },
  organization: { id: 2, name: 'Acme Capital Partners' },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  reply_count: 1,
  message: 'We entered 40 people.',
  attachment: null,
  messages: [
    {
      id: 1,
      author: { id: 1, name: 'Grace Hopper', email: 'admin@parity.test' },
      from_support: true,
      body: 'The two are **undisclosed**. <script>alert(1)</script>',
      created_at: '2026-11-21T10:00:00.000Z',
    },
  ],
};

function renderPage(path: string, handlers: Record<string, Handler> = {}) {
  const calls = stubFetch({
    'GET /api/user/status': () => json(ACCOUNT),
    'GET /api/notifications/unread-count': () => json({ unread: 0 }),
    'GET /api/notifications/stream': () => new Response('', { status: 204 }),
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

describe('/support', () => {
  it('searches the help articles and lists my requests with their status', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage('/support', {
      'GET /api/support/articles': (call) =>
        json({
          data: [
            {
              id: 1,
              slug: 'how-scores-are-computed',
              title: call.search.get('q') === 'scores' ? 'How scores are computed' : 'Getting started',
              topic: 'scores',
              published: true,
              excerpt: 'Parity turns profiles into scores',
              updated_at: '2026-11-01T00:00:00.000Z',
            },
          ],
          total: 1,
        }),
      'GET /api/support/requests': () => json({ data: [REQUEST], total: 1 }),
    });
    expect(await screen.findByRole('link', { name: 'Getting started' })).toHaveAttribute(
      'href',
      '/support/articles/how-scores-are-computed',
    );
    const mine = screen.getByRole('region', { name: 'My requests' });
    expect(within(mine).getByRole('link', { name: REQUEST.subject })).toHaveAttribute(
      'href',
      '/support/requests/7',
    );
    expect(within(mine).getByText('Answered')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search help' }), 'scores');
    await user.click(
      within(screen.getByRole('region', { name: 'Help articles' })).getByRole('button', { name: 'Search' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?q=scores'));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/support/articles').at(-1)!.search.get('q')).toBe('scores'),
    );
    expect(await screen.findByRole('link', { name: 'How scores are computed' })).toBeInTheDocument();
  });
});

describe('/support/contact', () => {
  it('files the subject, message and the page the user came from as multipart, then opens the request', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage('/support/contact?from=%2Flpi%2Fstaff', {
      'POST /api/support/requests': () => json({ ...REQUEST, status: 'open', messages: [] }, 201),
      'GET /api/support/requests/7': () => json({ ...REQUEST, status: 'open', messages: [] }),
    });
    expect(await screen.findByRole('textbox', { name: 'Page' })).toHaveValue('/lpi/staff');
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Totals');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Two extra people');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/requests/7'));
    const sent = callsTo(calls, 'POST', '/api/support/requests')[0]!.rawBody as FormData;
    expect([sent.get('subject'), sent.get('message'), sent.get('page'), sent.get('attachment')]).toEqual([
      'Totals',
      'Two extra people',
      '/lpi/staff',
      null,
    ]);
  });

  it('refuses a message over 10,000 characters before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/support/contact');
    await user.type(await screen.findByRole('textbox', { name: /Subject/ }), 'Long');
    const message = screen.getByRole('textbox', { name: /Message/ });
    await user.click(message);
    await user.paste('x'.repeat(10_001));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.messageTooLong)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/support/requests')).toHaveLength(0);
  });
});

describe('/support/requests/:requestId', () => {
  it('shows the answer as safe markdown and sends a reply', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/support/requests/7', {
      'GET /api/support/requests/7': () => json(REQUEST),
      'POST /api/support/requests/7/messages': () => json({ ...REQUEST, status: 'open', reply_count: 2 }),
    });
    const answer = await screen.findByLabelText('Answer from Parity support');
    expect(within(answer).getByText('undisclosed').tagName).toBe('STRONG');
    expect(answer.querySelector('script')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /Reply/ }), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/support/requests/7/messages')).toHaveLength(1));
    expect(JSON.parse(callsTo(calls, 'POST', '/api/support/requests/7/messages')[0]!.body!)).toEqual({
      body: 'Thanks!',
    });
  });
});

/** Two answers of two topics; the first links a page, the second the scoring article. */
const FAQ: TFaqEntry[] = [
  {
    id: 1,
    topic: 'signing_in',
    question: 'I forgot my password.',
    answer: 'Use [Forgot password](/forgot-password).',
    position: 0,
    updated_at: '2026-11-01T00:00:00.000Z',
  },
  {
    id: 2,
    topic: 'scores',
    question: 'How are the scores computed?',
    answer: 'Read [How scores are computed](/support/articles/how-scores-are-computed).',
    position: 0,
    updated_at: '2026-11-01T00:00:00.000Z',
  },
];

describe('/faq', () => {
  it('is read signed out: topics, questions in an accordion and the scores answer linking the article', async () => {
    clearTokens();
    const user = userEvent.setup();
    renderPage('/faq', {
      'GET /api/faq': () => json({ data: FAQ, total: FAQ.length }),
    });
    expect(await screen.findByRole('heading', { name: 'Signing in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Scores and how they are computed' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'How are the scores computed?' }));
    expect(await screen.findByRole('link', { name: 'How scores are computed' })).toHaveAttribute(
      'href',
      '/support/articles/how-scores-are-computed',
    );
    expect(screen.getByText(/and contact support, or ask an admin of your organization/)).toBeInTheDocument();
  });

  it('opens the entry a search hit links to (?entry=) and leaves the others closed', async () => {
    renderPage('/faq?entry=2', {
      'GET /api/faq': () => json({ data: FAQ, total: FAQ.length }),
    });
    expect(await screen.findByRole('link', { name: 'How scores are computed' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'How are the scores computed?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: 'I forgot my password.' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('link', { name: 'Forgot password' })).not.toBeInTheDocument();
  });
});
