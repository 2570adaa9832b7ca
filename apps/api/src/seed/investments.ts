import type { TAssetClass } from '@parity/domain/investments';
import { sql } from 'drizzle-orm';
import { liveGrant } from '../core/access/exchange-grant';
import type { Tx } from '../db/client';

/** [manager, fund, vintage, commitment in USD, asset class, shares with the investor] */
type DemoFund = [string, string, number, number, TAssetClass, boolean];

/**
 * Northwind's portfolio (issue 18 investments): eleven managers among the demo organizations, one
 * with two funds, six of them sharing their profile with Northwind. Acme is listed but never
 * shares here: the journeys grant that themselves.
 */
const NORTHWIND_FUNDS: DemoFund[] = [
  ['Acme Capital Partners', 'Acme Capital Partners Fund IV', 2021, 50_000_000, 'private_equity', false],
  ['Cedar Equity', 'Cedar Growth Equity III', 2022, 35_000_000, 'private_equity', true],
  ['Harborview Capital', 'Harborview Buyout Fund II', 2019, 40_000_000, 'private_equity', true],
  ['Silverline Ventures', 'Silverline Climate Seed I', 2020, 15_000_000, 'venture_capital', true],
  [
    'Oakridge Infrastructure Fund',
    'Oakridge Core-Plus Infrastructure',
    2018,
    75_000_000,
    'infrastructure',
    true,
  ],
  ['Tidewater Credit Partners', 'Tidewater Direct Lending III', 2022, 60_000_000, 'private_credit', true],
  ['Kestrel Venture Partners', 'Kestrel Ventures VI', 2019, 20_000_000, 'venture_capital', true],
  ['Kestrel Venture Partners', 'Kestrel Ventures VII', 2023, 25_000_000, 'venture_capital', true],
  ['Solstice Real Estate Partners', 'Solstice Value-Add V', 2021, 30_000_000, 'real_estate', false],
  ['Blue Heron Fixed Income', 'Blue Heron Core Bond', 2017, 100_000_000, 'fixed_income', false],
  ['Sablewood Capital Management', 'Sablewood Global Macro', 2016, 45_000_000, 'hedge_funds', false],
  ['Bluestem Asset Management', 'Bluestem US Equity', 2015, 80_000_000, 'public_equity', false],
];

/** How long the demo grants last from the day they are seeded. */
const GRANT_DAYS = 365;

export interface InvestmentsSeedInput {
  organizations: Map<string, number>;
  users: Map<string, number>;
  investor: string;
  /** the demo organizations the seed never grants from (the journeys do) */
  neverShares: string[];
}

/**
 * Idempotent: the portfolio is written once (an investor with entries is left as it is); a grant
 * is added only where the manager has no live grant to the investor (the exchange seed may have
 * made Cedar's); a sharing respondent without a profile submission of its own gets one from its
 * latest survey response, as a firm that submitted the same data as its profile would have.
 */
export async function seedInvestments(tx: Tx, input: InvestmentsSeedInput): Promise<void> {
  const investorId = input.organizations.get(input.investor);
  if (investorId === undefined) return;
  const funds = NORTHWIND_FUNDS.filter(([manager]) => input.organizations.has(manager));
  const existing = await tx.execute(
    sql`SELECT 1 FROM portfolio_entries WHERE investor_organization_id = ${investorId} LIMIT 1`,
  );
  if ((existing as unknown as { rows: unknown[] }).rows.length === 0) {
    const createdBy = input.users.get('host@northwind.test') ?? null;
    for (const [manager, fund, vintage, commitment, assetClass] of funds) {
      await tx.execute(sql`INSERT INTO portfolio_entries
        (investor_organization_id, manager_organization_id, fund_name, vintage, commitment, currency, asset_class, created_by)
        VALUES (${investorId}, ${input.organizations.get(manager)!}, ${fund}, ${vintage}, ${commitment}, 'USD',
          ${assetClass}, ${createdBy})`);
    }
  }

  const sharing = [
    ...new Set(
      funds
        .filter(([manager, , , , , shares]) => shares && !input.neverShares.includes(manager))
        .map(([m]) => m),
    ),
  ];
  for (const manager of sharing) {
    const ownerId = input.organizations.get(manager)!;
    if (await liveGrant(tx, ownerId, investorId)) continue;
    await tx.execute(sql`INSERT INTO exchange_grants (owner_organization_id, investor_organization_id, tabs, expires_at)
      VALUES (${ownerId}, ${investorId}, NULL, now() + make_interval(days => ${GRANT_DAYS}))`);
  }

  // The generated respondents only (the main demo organizations' own profiles are the LPI seed's).
  const respondents = sharing
    .filter((manager) => !['Cedar Equity', 'Acme Capital Partners'].includes(manager))
    .map((manager) => input.organizations.get(manager)!);
  if (respondents.length)
    await tx.execute(sql`INSERT INTO submissions
        (organization_id, survey_id, submitted_by, submitted_at, snapshot, scores, scoring_version)
      SELECT DISTINCT ON (s.organization_id) s.organization_id, NULL, s.submitted_by,
        s.submitted_at + interval '1 day', s.snapshot, s.scores, s.scoring_version
      FROM submissions s
      WHERE s.organization_id IN (${sql.join(
        respondents.map((id) => sql`${id}`),
        sql`, `,
      )}) AND s.survey_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM submissions own
          WHERE own.organization_id = s.organization_id AND own.survey_id IS NULL)
      ORDER BY s.organization_id, s.submitted_at DESC, s.id DESC`);
}
