import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** Listed demo people with their interests (ids of the interests dictionary, migration 0001). */
const PEOPLE: [email: string, interests: number[]][] = [
  // Diversity & inclusion, Private equity, Mentorship
  ['ada@acme.test', [1, 4, 16]],
  // ESG investing, Venture capital, Women in finance
  ['eve@cedar.test', [2, 5, 13]],
  // Diversity & inclusion, Emerging managers, Board service
  ['host@northwind.test', [1, 12, 17]],
  // Fintech, Career development
  ['mfa@acme.test', [11, 19]],
];

/** Tags of public demo organizations (ids of the tags dictionary, migration 0001). */
const ORGANIZATION_TAGS: [name: string, tags: number[]][] = [
  // ESG, Asset owner
  ['Northwind Pension Fund', [9, 11]],
  // Diverse-owned, Asset manager
  ['Acme Capital Partners', [1, 12]],
  // Women-owned, Asset manager
  ['Cedar Equity', [2, 12]],
  // Emerging manager, First-time fund
  ['Silverline Ventures', [7, 8]],
  // Diverse-owned, Impact investing
  ['Lumen Impact Investors', [1, 10]],
  // Minority-owned, Emerging manager
  ['Redwood Lane Capital', [3, 7]],
  // ESG, Impact investing
  ['Prairie Wind Energy Fund', [9, 10]],
];

/** [follower, followed person or organization] */
const FOLLOWS: [string, { person: string } | { organization: string }][] = [
  ['ada@acme.test', { person: 'eve@cedar.test' }],
  ['ada@acme.test', { organization: 'Northwind Pension Fund' }],
  ['eve@cedar.test', { person: 'ada@acme.test' }],
  ['host@northwind.test', { organization: 'Acme Capital Partners' }],
  ['mfa@acme.test', { person: 'host@northwind.test' }],
];

/** [title, markdown body, published days ago, expires in days (negative: expired) or null] */
const ANNOUNCEMENTS: [string, string, number, number | null][] = [
  [
    'Welcome to the Parity community',
    'The community lists the people and organizations who **chose** to be visible.\n\n' +
      '- Turn on *Show me in the community* and pick your interests to be found.\n' +
      '- Follow people and organizations to keep them in your **Following** tab.',
    10,
    null,
  ],
  [
    'Scheduled maintenance finished',
    'The platform was read-only for an hour on Sunday while the database was upgraded. Thank you for your patience.',
    20,
    -15,
  ],
  [
    'The 2026 DEI Survey closes soon',
    'Respondents of Northwind’s **2026 DEI Survey**: submit your response before the due date. ' +
      'Questions? See [the scoring method](/scoring).',
    2,
    30,
  ],
];

/**
 * The community's demo data (issue 18): four listed people with interests (max@acme.test is not
 * listed: he opts in himself), tags of seven public organizations, follows, and three
 * announcements by admin@parity.test (one expired, one with an expiry ahead). Seeded once, keyed
 * by the first announcement's title.
 */
export async function seedCommunity(
  tx: Tx,
  demo: { organizations: Map<string, number>; users: Map<string, number> },
) {
  const seeded = await tx.execute(
    sql`SELECT 1 FROM community_announcements WHERE title = ${ANNOUNCEMENTS[0]![0]} LIMIT 1`,
  );
  if ((seeded as unknown as { rows: unknown[] }).rows.length) return;
  const user = (email: string) => demo.users.get(email)!;
  const organization = (name: string) => demo.organizations.get(name)!;

  for (const [email, interests] of PEOPLE) {
    await tx.execute(sql`INSERT INTO community_people (user_id, listed_at) VALUES (${user(email)}, now() - interval '20 days')
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`UPDATE users SET interests = ${sql.raw(`ARRAY[${interests.join(',')}]::int[]`)}
      WHERE id = ${user(email)}`);
  }
  for (const [name, tags] of ORGANIZATION_TAGS) {
    await tx.execute(sql`INSERT INTO community_organization_tags (organization_id, tags)
      VALUES (${organization(name)}, ${sql.raw(`ARRAY[${tags.join(',')}]::int[]`)}) ON CONFLICT DO NOTHING`);
  }
  for (const [i, [follower, target]] of FOLLOWS.entries()) {
    const [column, id] =
      'person' in target
        ? [sql`user_id`, user(target.person)]
        : [sql`organization_id`, organization(target.organization)];
    await tx.execute(sql`INSERT INTO community_follows (follower_id, ${column}, created_at)
      VALUES (${user(follower)}, ${id}, now() - make_interval(days => ${10 - i})) ON CONFLICT DO NOTHING`);
  }
  const admin = user('admin@parity.test');
  for (const [title, body, publishedDaysAgo, expiresInDays] of ANNOUNCEMENTS) {
    await tx.execute(sql`INSERT INTO community_announcements (title, body, author_id, published_at, expires_at, created_at, updated_at)
      VALUES (${title}, ${body}, ${admin}, now() - make_interval(days => ${publishedDaysAgo}),
        ${expiresInDays === null ? null : sql`now() + make_interval(days => ${expiresInDays})`},
        now() - make_interval(days => ${publishedDaysAgo}), now() - make_interval(days => ${publishedDaysAgo}))`);
  }
}
