import { SCALES } from '@parity/domain/analytics-display';
import { OWNERSHIP_TOTAL_TEXT } from '@parity/domain/lpi/checks';
import { SCORING_ARTICLE_SLUG, type TSupportStatus, type TSupportTopic } from '@parity/domain/support';
import { sql } from 'drizzle-orm';
// Embedded in the bundle (build.mjs), so the built product has the text without the docs folder.
import scoring from '../../../../docs/scoring.md?raw';
import type { Tx } from '../db/client';

interface DemoArticle {
  slug: string;
  title: string;
  topic: TSupportTopic | null;
  body: string;
}

/** The scoring document without its own title (the article has one). */
const scoringBody = scoring.replace(/^# .*\n+/, '');

/** The help centre's articles; their figures quote the domain's constants, never a copy. */
export const ARTICLES: DemoArticle[] = [
  { slug: SCORING_ARTICLE_SLUG, title: 'How scores are computed', topic: 'scores', body: scoringBody },
  {
    slug: 'getting-started',
    title: 'Getting started with Parity',
    topic: null,
    body:
      'Parity helps investment organizations report their **LPI profile**, take part in surveys and compare their scores.\n\n' +
      '1. Complete your profile under *My profile*.\n2. Open **LPI** and fill in the tabs.\n3. Submit the profile to get your scores.\n\n' +
      'Questions? Read the [FAQ](/faq) or contact support from this page.',
  },
  {
    slug: 'two-factor-codes',
    title: 'Two-factor codes and signing in',
    topic: 'signing_in',
    body:
      'When two-factor verification is on, Parity mails you a **six-digit code** after your password.\n\n' +
      '- The code is valid for a few minutes; ask for a new one if it expired.\n- Check your spam folder.\n' +
      '- Forgot your password? Use *Forgot password* on the login page.',
  },
  {
    slug: 'filling-the-staff-grid',
    title: 'Filling in the staff grid',
    topic: 'reporting_lpi',
    body:
      'The **Staff** tab counts your full-time staff by gender and race/ethnicity.\n\n' +
      '- Enter head counts, not percentages.\n- People who did not disclose go in the *Undisclosed* rows: they never lower a score.\n' +
      '- Save often; another editor’s save shows a conflict dialog instead of overwriting your work.',
  },
  {
    slug: 'ownership-and-board',
    title: 'Ownership, senior leadership and the board',
    topic: 'reporting_lpi',
    body:
      `List each owner with their **percentage of ownership**: the percentages must total exactly ${OWNERSHIP_TOTAL_TEXT}, ` +
      'to two decimals, once an owner is listed.\n\n' +
      'Flag senior leaders in the staff list; board members go in the Board tab. A spreadsheet template is offered for bulk uploads.',
  },
  {
    slug: 'answering-a-survey',
    title: 'Answering a survey you are invited to',
    topic: 'surveys',
    body:
      'An invitation shows on your dashboard and under **Surveys → Taking**.\n\n' +
      'Each step copies your LPI profile into the survey; edit it there without changing your own profile. ' +
      'Mark each step complete, accept the terms and submit. After submitting, the response is frozen.',
  },
  {
    slug: 'who-sees-my-data',
    title: 'Who sees my data',
    topic: 'privacy',
    body:
      'Your organization’s profile is seen by its approved members and by platform administrators.\n\n' +
      'A survey host sees the copy you submit to **their** survey, never your own profile. Scores shown to peers are aggregated; ' +
      'see the [privacy policy](/policy).',
  },
  {
    slug: 'notifications-and-mail',
    title: 'Notifications and mail',
    topic: null,
    body:
      'The bell in the top bar lists your notifications. Under **Settings** choose, per kind, in-app only, mail at once, a daily digest or off.\n\n' +
      'Answers from support always come by mail too.',
  },
];

export const FAQ: [TSupportTopic, string, string][] = [
  [
    'signing_in',
    'I forgot my password. What do I do?',
    'Use **Forgot password** on the [login page](/login/forgot): we mail you a link to choose a new one.',
  ],
  [
    'signing_in',
    'I did not receive my two-factor code.',
    'Codes expire after a few minutes. Ask for a new code, and check your spam folder. Still nothing? Ask your organization’s admin to check your email address.',
  ],
  [
    'signing_in',
    'My account is awaiting approval.',
    'An admin of your organization approves new members. Until then you see your dashboard and your profile only.',
  ],
  [
    'signing_in',
    'My password expired.',
    'Passwords expire after a while: the login page asks for a new one right after you sign in with the old one.',
  ],
  [
    'reporting_lpi',
    'What is the LPI?',
    'The LPI profile describes who owns, leads and works in your organization. It is reported tab by tab under **LPI**.',
  ],
  [
    'reporting_lpi',
    'Who may edit our LPI profile?',
    'Members with **LPI access**, given by an admin of your organization. Every approved member may read it.',
  ],
  [
    'reporting_lpi',
    'Two of us edited the same tab. Is work lost?',
    'No. A stale save is refused and you choose to reload or overwrite: nothing is overwritten silently.',
  ],
  [
    'scores',
    'How are the scores computed?',
    `Every formula, with a worked example, is in the help article [How scores are computed](/support/articles/${SCORING_ARTICLE_SLUG}).`,
  ],
  [
    'scores',
    'Why does not disclosing not lower our score?',
    'People who did not disclose are left out of the share they did not give; it lowers **transparency** instead. See [How scores are computed](/support/articles/' +
      SCORING_ARTICLE_SLUG +
      ').',
  ],
  [
    'scores',
    'What is the difference between LPI and LPI′?',
    `The LPI (${SCALES.index}) combines ownership, leadership and staff; LPI′ (${SCALES.index}) counts heads of leadership and staff only.`,
  ],
  [
    'surveys',
    'How do I answer a survey?',
    'Open the invitation from your dashboard or **Surveys → Taking**, complete each step and submit.',
  ],
  [
    'surveys',
    'Can I change a submitted response?',
    'No: a submitted response is frozen. Ask the survey’s host if something must change.',
  ],
  [
    'surveys',
    'How do I host a survey?',
    'Survey hosts of an organization request one under **Surveys → Hosting**; platform administrators approve it.',
  ],
  [
    'privacy',
    'Who can see our data?',
    'Your organization’s approved members and platform administrators. Survey hosts see only what you submit to their survey.',
  ],
  [
    'privacy',
    'Can I delete my account?',
    'Yes: **Settings → Deactivate account**. Your organization keeps the data it reported.',
  ],
];

interface DemoRequest {
  requester: string;
  subject: string;
  message: string;
  page: string;
  status: TSupportStatus;
  daysAgo: number;
  /** [author, from support, body] */
  thread: [string, boolean, string][];
}

const ADMIN = 'admin@parity.test';
const REQUESTS: DemoRequest[] = [
  {
    requester: 'eve@cedar.test',
    subject: 'Staff grid totals look wrong',
    message: 'The staff tab shows 42 people in total but we entered 40. Where do the two others come from?',
    page: '/lpi/staff',
    status: 'answered',
    daysAgo: 6,
    thread: [
      [
        ADMIN,
        true,
        'Hello Eve, the two are in the **Undisclosed** rows of the grid: they count in the total but not in the shares. See [How scores are computed](/support/articles/how-scores-are-computed).',
      ],
    ],
  },
  {
    requester: 'max@acme.test',
    subject: 'Cannot find the survey invitation',
    message: 'A colleague says we were invited to the 2026 DEI survey but I do not see it.',
    page: '/surveys',
    status: 'open',
    daysAgo: 2,
    thread: [],
  },
  {
    requester: 'ada@acme.test',
    subject: 'How do I change our organization logo?',
    message: 'The logo on our public page is the old one.',
    page: '/organizations/private/settings',
    status: 'closed',
    daysAgo: 20,
    thread: [
      [ADMIN, true, 'Open **My organization → Settings** and upload a PNG, JPEG or WebP logo.'],
      ['ada@acme.test', false, 'Found it, thank you!'],
    ],
  },
  {
    requester: 'host@northwind.test',
    subject: 'Reminder mails for the 2026 survey',
    message: 'Can reminders go out weekly instead of once?',
    page: '/surveys/hosting',
    status: 'open',
    daysAgo: 1,
    thread: [],
  },
];

/**
 * Help articles (one from docs/scoring.md), the FAQ and support requests in each status (eve's
 * answered by the platform administrator). Idempotent: nothing is added once the articles exist.
 */
export async function seedSupport(tx: Tx, users: Map<string, number>) {
  const existing = await tx.execute(sql`SELECT 1 FROM help_articles WHERE slug = ${SCORING_ARTICLE_SLUG}`);
  if ((existing as unknown as { rows: unknown[] }).rows.length) return;
  const id = (email: string) => users.get(email)!;
  for (const a of ARTICLES) {
    await tx.execute(sql`INSERT INTO help_articles (slug, title, topic, body, updated_by)
      VALUES (${a.slug}, ${a.title}, ${a.topic}, ${a.body}, ${id(ADMIN)})`);
  }
  for (const [i, [topic, question, answer]] of FAQ.entries()) {
    await tx.execute(sql`INSERT INTO faq_entries (topic, question, answer, position, updated_by)
      VALUES (${topic}, ${question}, ${answer}, ${i}, ${id(ADMIN)})`);
  }
  for (const r of REQUESTS) {
    const at = sql`now() - make_interval(days => ${r.daysAgo})`;
    const inserted = await tx.execute(sql`
      INSERT INTO support_requests (requester_id, organization_id, subject, message, page, status, created_at, updated_at)
      VALUES (${id(r.requester)}, (SELECT organization_id FROM memberships WHERE user_id = ${id(r.requester)} LIMIT 1),
        ${r.subject}, ${r.message}, ${r.page}, ${r.status}, ${at}, ${at}) RETURNING id`);
    const requestId = (inserted as unknown as { rows: { id: number }[] }).rows[0]!.id;
    for (const [hours, [author, fromSupport, body]] of r.thread.entries()) {
      await tx.execute(sql`INSERT INTO support_messages (request_id, author_id, from_support, body, created_at)
        VALUES (${requestId}, ${id(author)}, ${fromSupport}, ${body}, ${at} + make_interval(hours => ${hours + 3}))`);
    }
  }
}
