import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../core/auth/passwords';
import type { Db, Tx } from '../db/client';
import { memberships, organizationCodes, organizations, users } from '../db/schema/people';
import { seedCalendar } from './calendar';
import { seedCommunity } from './community';
import { seedExchange } from './exchange';
import { seedInvestments } from './investments';
import { LEGACY_SURVEY_2024, seedLegacySurvey } from './legacy-survey';
import { seedLpi } from './lpi';
import { seedNotifications } from './notifications';
import { seedPods } from './pods';
import { seedSupport } from './support';
import { seedSurveyParticipants, seedSurveys } from './surveys';

/** Every demo user's password (DESIGN 7). */
export const DEMO_PASSWORD = 'Parity-Demo-2026!';

type NewOrganization = typeof organizations.$inferInsert;
type NewUser = typeof users.$inferInsert;
type MembershipFlags = Pick<
  typeof memberships.$inferInsert,
  'status' | 'manage_settings' | 'user_manage_surveys' | 'survey_creation' | 'average_lpi_score_access'
>;

export const NORTHWIND = 'Northwind Pension Fund';
export const ACME = 'Acme Capital Partners';
export const CEDAR = 'Cedar Equity';

const MAIN_ORGANIZATIONS: NewOrganization[] = [
  {
    name: NORTHWIND,
    about:
      'Public pension fund serving 180,000 teachers and municipal employees. Northwind asks its external ' +
      'managers for diversity, equity and inclusion data every year and publishes the aggregate results.',
    website: 'https://www.northwind-pension.example',
    legal_structure_id: 6,
    inception_date: '1962-07-01',
    color_id: null,
    is_public: true,
  },
  {
    name: ACME,
    about:
      'Mid-market private equity firm investing in business services and healthcare companies across ' +
      'North America. Employee-owned since 2011.',
    website: 'https://www.acme-capital.example',
    legal_structure_id: 2,
    inception_date: '2004-03-15',
    is_public: true,
  },
  {
    name: CEDAR,
    about: 'Growth equity investor backing founder-led software companies in Europe and the United States.',
    website: 'https://www.cedar-equity.example',
    legal_structure_id: 3,
    inception_date: '2012-09-01',
    is_public: true,
  },
];

/** Respondents of Northwind's surveys: [name, legal structure, founded, focus]. */
const RESPONDENTS: [string, number, string, string][] = [
  ['Bluestem Asset Management', 1, '1998-05-11', 'long-only public equities for endowments and foundations'],
  ['Harborview Capital', 2, '2007-02-01', 'lower mid-market buyouts in the industrial Midwest'],
  ['Granite Peak Partners', 3, '2010-10-18', 'control investments in consumer brands'],
  ['Silverline Ventures', 4, '2015-06-30', 'seed and Series A investments in climate technology'],
  ['Meridian Growth Equity', 7, '2009-01-12', 'minority growth rounds in vertical software'],
  ['Oakridge Infrastructure Fund', 6, '2003-08-25', 'core-plus infrastructure: fibre, water and ports'],
  ['Lumen Impact Investors', 9, '2016-04-04', 'impact investments in affordable housing and education'],
  ['Tidewater Credit Partners', 2, '2011-11-07', 'senior secured direct lending to sponsor-backed companies'],
  ['Redwood Lane Capital', 5, '2019-03-19', 'a single-founder fund investing in early-stage fintech'],
  ['Solstice Real Estate Partners', 10, '2001-09-14', 'value-add multifamily real estate in the Sun Belt'],
  ['Ironbridge Private Equity', 3, '1996-12-02', 'upper mid-market buyouts in aerospace and defence'],
  ['Kestrel Venture Partners', 4, '2013-05-21', 'enterprise software and developer tools'],
  ['Alder & Finch Investments', 7, '2008-07-09', 'multi-asset portfolios for public pension plans'],
  ['Blue Heron Fixed Income', 1, '1989-02-27', 'investment-grade and municipal bond strategies'],
  [
    'Copperfield Holdings',
    8,
    '2020-01-15',
    'a family holding company with long-term stakes in manufacturing',
  ],
  ['Evergreen Municipal Advisors', 6, '1994-10-03', 'tax-exempt municipal bond portfolios'],
  ['Juniper Street Capital', 2, '2014-08-18', 'healthcare services roll-ups'],
  ['Larkspur Healthcare Ventures', 4, '2012-03-05', 'biotechnology and medical devices'],
  ['Northgate Secondaries', 3, '2006-06-26', 'LP-led and GP-led secondary transactions'],
  ['Prairie Wind Energy Fund', 9, '2017-09-11', 'renewable generation and storage projects'],
  [
    'Riverbend Family Office',
    8,
    '2000-04-20',
    'a multi-generational family office with direct and fund investments',
  ],
  ['Sablewood Capital Management', 1, '2002-11-29', 'quantitative global macro strategies'],
  ['Summit Ridge Growth Partners', 7, '2018-02-14', 'growth investments in consumer health'],
  ['Westbrook Opportunity Fund', 10, '2005-05-05', 'distressed and special situations credit'],
  ['Zenith Emerging Markets', 2, '1999-08-16', 'listed and private equity across emerging markets'],
];

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function respondentOrganizations(): NewOrganization[] {
  return RESPONDENTS.map(([name, legalStructureId, inception, focus], i) => {
    // Legal structure 1 may be publicly traded (spec 5); every other one such firm is.
    const traded = legalStructureId === 1 && i % 2 === 0;
    return {
      name,
      about: `${name} is an investment firm focused on ${focus}.`,
      website: `https://www.${slug(name)}.example`,
      legal_structure_id: legalStructureId,
      inception_date: inception,
      is_publicly_traded: traded,
      ticker_symbol: traded ? name.replace(/[^A-Z]/g, '').slice(0, 4) : null,
      color_id: null,
      // Most profiles are public; a few firms keep theirs private.
      is_public: i % 6 !== 5,
    };
  });
}

interface DemoUser {
  email: string;
  name: string;
  lastname: string;
  is_sadm?: boolean;
  two_fa_enabled?: boolean;
  password_expires_at?: Date;
  organization?: string;
  membership?: MembershipFlags;
}

const approved: MembershipFlags = { status: 'approved' };
const orgAdmin: MembershipFlags = { status: 'approved', manage_settings: true };

const DEMO_USERS: DemoUser[] = [
  { email: 'admin@parity.test', name: 'Grace', lastname: 'Hopper', is_sadm: true },
  {
    email: 'host@northwind.test',
    name: 'Nora',
    lastname: 'Whitfield',
    organization: NORTHWIND,
    membership: { ...orgAdmin, user_manage_surveys: true, survey_creation: true },
  },
  {
    email: 'ada@acme.test',
    name: 'Ada',
    lastname: 'Lovelace',
    organization: ACME,
    membership: { ...orgAdmin, average_lpi_score_access: true },
  },
  { email: 'max@acme.test', name: 'Max', lastname: 'Planck', organization: ACME, membership: approved },
  {
    email: 'pending@acme.test',
    name: 'Priya',
    lastname: 'Patel',
    organization: ACME,
    membership: { status: 'pending' },
  },
  {
    email: 'mfa@acme.test',
    name: 'Mia',
    lastname: 'Fischer',
    two_fa_enabled: true,
    organization: ACME,
    membership: approved,
  },
  { email: 'eve@cedar.test', name: 'Eve', lastname: 'Castillo', organization: CEDAR, membership: orgAdmin },
  {
    email: 'expired@acme.test',
    name: 'Ezra',
    lastname: 'Brooks',
    // The one account with password expiry on (DESIGN 11): its login answers 419.
    password_expires_at: new Date('2025-01-01T00:00:00Z'),
    organization: ACME,
    membership: approved,
  },
];

/** Organization codes for sign-up (DESIGN 7). */
const DEMO_CODES: [string, string][] = [
  [ACME, 'ACME-2026'],
  [CEDAR, 'CEDAR-2026'],
  [NORTHWIND, 'NORTHWIND-2026'],
  // A host names a private organization only by a member's email or its code (never by id): the
  // private firms Northwind invites (seed/surveys.ts) have a code it could have invited them by.
  ...respondentOrganizations()
    .filter((o) => !o.is_public)
    .map((o): [string, string] => [o.name, `${o.name.split(' ')[0]!.toUpperCase()}-2026`]),
];

/** The seeded people, for the seeders of other modules (surveys, calendar, pods...). */
export interface DemoPeople {
  organizations: Map<string, number>;
  users: Map<string, number>;
  /** Northwind's surveys by title */
  surveys: Map<string, number>;
}

let demoPasswordHash: Promise<string> | undefined;

/** Hashed once per process: argon2 is slow on purpose and every demo user shares the password. */
function demoHash(): Promise<string> {
  demoPasswordHash ??= hashPassword(DEMO_PASSWORD);
  return demoPasswordHash;
}

async function seedOrganizations(tx: Tx): Promise<Map<string, number>> {
  const wanted = [...MAIN_ORGANIZATIONS, ...respondentOrganizations()];
  const names = wanted.map((o) => o.name);
  const existing = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.name, names));
  const ids = new Map(existing.map((o) => [o.name, o.id]));
  const missing = wanted.filter((o) => !ids.has(o.name));
  if (missing.length) {
    const inserted = await tx
      .insert(organizations)
      .values(missing)
      .returning({ id: organizations.id, name: organizations.name });
    for (const o of inserted) ids.set(o.name, o.id);
  }
  return ids;
}

async function seedUsers(tx: Tx, orgIds: Map<string, number>): Promise<Map<string, number>> {
  const emails = DEMO_USERS.map((u) => u.email);
  const findIds = async () =>
    new Map(
      (
        await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(sql`lower(${users.email})`, emails))
      ).map((u) => [u.email.toLowerCase(), u.id]),
    );
  let ids = await findIds();
  const missing = DEMO_USERS.filter((u) => !ids.has(u.email));
  if (missing.length) {
    const passwordHash = await demoHash();
    await tx
      .insert(users)
      .values(
        missing.map(
          (u): NewUser => ({
            email: u.email,
            name: u.name,
            lastname: u.lastname,
            password_hash: passwordHash,
            is_sadm: u.is_sadm ?? false,
            two_fa_enabled: u.two_fa_enabled ?? false,
            password_expires_at: u.password_expires_at ?? null,
          }),
        ),
      )
      .onConflictDoNothing();
    ids = await findIds();
  }

  const admins = new Map<number, number>(); // organization -> its first admin, who approved the others
  for (const u of DEMO_USERS) {
    if (u.organization && u.membership?.manage_settings) {
      admins.set(orgIds.get(u.organization)!, ids.get(u.email)!);
    }
  }
  const rows = DEMO_USERS.filter((u) => u.organization && u.membership).map((u) => {
    const organizationId = orgIds.get(u.organization!)!;
    const userId = ids.get(u.email)!;
    const decidedBy = admins.get(organizationId);
    const decided = u.membership!.status !== 'pending';
    return {
      user_id: userId,
      organization_id: organizationId,
      ...u.membership!,
      decided_at: decided ? new Date('2026-01-05T09:00:00Z') : null,
      decided_by: decided && decidedBy !== userId ? (decidedBy ?? null) : null,
    };
  });
  await tx.insert(memberships).values(rows).onConflictDoNothing();
  return ids;
}

async function seedCodes(tx: Tx, orgIds: Map<string, number>): Promise<void> {
  await tx
    .insert(organizationCodes)
    .values(DEMO_CODES.map(([org, code]) => ({ organization_id: orgIds.get(org)!, code })))
    .onConflictDoNothing();
}

/**
 * Demo users and organizations of DESIGN section 7, in one transaction. Idempotent: what exists
 * (matched by organization name, email, user and code) is left as it is, so a second run, or a run
 * after someone edited the demo data, changes nothing.
 */
export async function seedDemoData(db: Db): Promise<DemoPeople> {
  return db.transaction(async (tx) => {
    // Two processes seeding one PostgreSQL at once must not both insert the organizations.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
    const orgIds = await seedOrganizations(tx);
    const userIds = await seedUsers(tx, orgIds);
    await seedCodes(tx, orgIds);
    const surveyIds = await seedSurveys(tx, orgIds, NORTHWIND, userIds.get('host@northwind.test')!, [
      ACME,
      CEDAR,
    ]);
    surveyIds.set(
      LEGACY_SURVEY_2024,
      await seedLegacySurvey(tx, orgIds, NORTHWIND, userIds.get('host@northwind.test')!, {
        acme: ACME,
        cedar: CEDAR,
      }),
    );
    await seedLpi(tx, {
      organizations: orgIds,
      users: userIds,
      surveys: surveyIds,
      host: NORTHWIND,
      acme: ACME,
      cedar: CEDAR,
    });
    await seedSurveyParticipants(tx, {
      organizations: orgIds,
      surveys: surveyIds,
      host: NORTHWIND,
      acme: ACME,
      cedar: CEDAR,
      hostUserId: userIds.get('host@northwind.test')!,
    });
    await seedNotifications(tx, {
      users: userIds,
      surveys: surveyIds,
      host: NORTHWIND,
      acme: ACME,
      cedar: CEDAR,
    });
    await seedCalendar(tx, {
      organizations: orgIds,
      users: userIds,
      acme: ACME,
      cedar: CEDAR,
      host: NORTHWIND,
    });
    await seedPods(tx, userIds);
    await seedCommunity(tx, { organizations: orgIds, users: userIds });
    await seedSupport(tx, userIds);
    await seedExchange(tx, {
      organizations: orgIds,
      users: userIds,
      host: NORTHWIND,
      acme: ACME,
      cedar: CEDAR,
    });
    // After the exchange's grants: the portfolio adds grants only where none is live.
    await seedInvestments(tx, {
      organizations: orgIds,
      users: userIds,
      investor: NORTHWIND,
      neverShares: [ACME],
    });
    return { organizations: orgIds, users: userIds, surveys: surveyIds };
  });
}
