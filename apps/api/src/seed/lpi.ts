import { TAB_KEYS, type TTabKey } from '@parity/domain/lpi/tabs';
import { scoresOfSnapshot } from '@parity/domain/scoring/snapshot';
import { isStepComplete, SURVEY_STEPS } from '@parity/domain/surveys';
import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { organizations } from '../db/schema/people';
import {
  addresses,
  boardMembers,
  formValues,
  gridCells,
  individuals,
  organizationPolicies,
  submissions,
  surveyOrganizationMeta,
  tabStates,
  tabVersions,
} from '../db/schema/reporting';
import { live } from '../db/soft-delete';
import { readProfile } from '../modules/lpi/service';
import { BUILTIN_CITIES, builtinPlaceDetails } from '../modules/places/service';
import { DEI_SURVEY_2025, DEI_SURVEY_2026 } from './surveys';

// Demo LPI profiles (DESIGN 7, issue #4): complete, varied organization profiles for the generated
// respondents and Cedar, a partial one for Acme (work left for ada@acme.test), none for Northwind;
// survey responses to the 2026 survey (submitted, in progress, invited) and to the archived 2025
// one. Deterministic (a seeded PRNG per organization) and idempotent (a scope that has rows is
// left alone, so nothing a user edited is overwritten).

export const OWNERSHIP_NOT_100 = ['Juniper Street Capital', 'Kestrel Venture Partners'] as const;
const DELTA_NOT_100: Record<string, number> = {
  'Juniper Street Capital': -150, // 98.50
  'Kestrel Venture Partners': 75, // 100.75
};

/** Each tab's scoped data, by table (how a survey copy of that tab is made). */
const GRID_OF: Partial<Record<TTabKey, string>> = {
  staff: 'staff',
  us_staff: 'us_staff',
  insights: 'historical',
  investment: 'investment',
  us_investment: 'us_investment',
  committee: 'committee',
  us_committee: 'us_committee',
};

export interface LpiSeedInput {
  organizations: Map<string, number>;
  users: Map<string, number>;
  surveys: Map<string, number>;
  host: string;
  acme: string;
  cedar: string;
}

/** Status of each generated organization's 2026 response and whether it answered in 2025. */
export function responsePlan(generated: string[]) {
  const sorted = [...generated].sort();
  return sorted.map((name, i) => ({
    name,
    index: i,
    status2026: (i % 2 === 0 && i < 24 ? 'submitted' : i % 4 === 1 ? 'in_progress' : 'invited') as
      | 'submitted'
      | 'in_progress'
      | 'invited',
    submitted2025: i % 5 === 0 || i % 5 === 2,
  }));
}

// --- deterministic randomness ------------------------------------------------------------------

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for demo data. */
function prng(seed: string) {
  let a = hashString(seed);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const date = (from: string, to: string) => {
    const a0 = Date.parse(`${from}T00:00:00Z`);
    const b0 = Date.parse(`${to}T00:00:00Z`);
    return new Date(a0 + Math.floor(next() * Math.max(1, b0 - a0))).toISOString().slice(0, 10);
  };
  return { next, int, pick, chance, date };
}
type Rng = ReturnType<typeof prng>;

// --- demographics ------------------------------------------------------------------------------

/** How diverse an organization (or a part of it) is: shares of people by gender and ethnicity. */
interface Mix {
  women: number;
  nonbinary: number;
  genderUndisclosed: number;
  nonWhite: number;
  ethnicityUndisclosed: number;
}

/** Non-white ethnicities (1-6, 8) and their relative weights. */
const NON_WHITE: [number, number][] = [
  [1, 0.03],
  [2, 0.3],
  [3, 0.25],
  [4, 0.24],
  [5, 0.07],
  [6, 0.02],
  [8, 0.09],
];

function weighted(rng: Rng, items: [number, number][]): number {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [id, w] of items) {
    r -= w;
    if (r < 0) return id;
  }
  return items[items.length - 1]![0];
}

function sampleGender(rng: Rng, mix: Mix): number {
  const r = rng.next();
  if (r < mix.genderUndisclosed) return 5;
  if (r < mix.genderUndisclosed + mix.nonbinary) return rng.chance(0.8) ? 3 : 4;
  if (r < mix.genderUndisclosed + mix.nonbinary + mix.women) return 1;
  return 2;
}

function sampleEthnicity(rng: Rng, mix: Mix): number {
  const r = rng.next();
  if (r < mix.ethnicityUndisclosed) return 9;
  if (r < mix.ethnicityUndisclosed + mix.nonWhite) return weighted(rng, NON_WHITE);
  return 7;
}

function scaled(mix: Mix, factor: number): Mix {
  return { ...mix, women: mix.women * factor, nonWhite: mix.nonWhite * factor };
}

/** Yes 1 / No 2 / Prefer not to say 3. */
function yesNo(rng: Rng, yes: number, undisclosed = 0.03): number {
  const r = rng.next();
  return r < undisclosed ? 3 : r < undisclosed + yes ? 1 : 2;
}

const WOMEN = [
  'Amara',
  'Beatriz',
  'Chloe',
  'Deepa',
  'Elena',
  'Fatima',
  'Grace',
  'Hana',
  'Imani',
  'Julia',
  'Keiko',
  'Lucia',
  'Maya',
  'Nadia',
  'Olivia',
  'Priya',
  'Rosa',
  'Sofia',
  'Tamika',
  'Valentina',
  'Wen',
  'Yara',
];
const MEN = [
  'Aaron',
  'Benjamin',
  'Carlos',
  'Daniel',
  'Emeka',
  'Felix',
  'George',
  'Hiroshi',
  'Ibrahim',
  'James',
  'Kwame',
  'Liam',
  'Marcus',
  'Nikhil',
  'Omar',
  'Peter',
  'Rafael',
  'Samuel',
  'Thomas',
  'Victor',
  'William',
];
const NEUTRAL = ['Alex', 'Jordan', 'Morgan', 'Riley', 'Sam', 'Taylor'];
const SURNAMES = [
  'Adeyemi',
  'Alvarez',
  'Bennett',
  'Chen',
  'Cohen',
  'Delgado',
  'Edwards',
  'Fitzgerald',
  'Garcia',
  'Hall',
  'Haddad',
  'Ivanova',
  'Johnson',
  'Kaur',
  'Kim',
  'Lopez',
  'Mensah',
  'Morales',
  'Nakamura',
  'Novak',
  "O'Brien",
  'Okafor',
  'Patel',
  'Quinn',
  'Rahman',
  'Reyes',
  'Schmidt',
  'Silva',
  'Thompson',
  'Tran',
  'Walker',
  'Washington',
  'Yamamoto',
  'Zhang',
];

function personName(rng: Rng, gender: number, taken: Set<string>): string {
  for (;;) {
    const first = gender === 1 ? rng.pick(WOMEN) : gender === 2 ? rng.pick(MEN) : rng.pick(NEUTRAL);
    const name = `${first} ${rng.pick(SURNAMES)}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

// --- organization facts ------------------------------------------------------------------------

interface OrganizationRow {
  id: number;
  name: string;
  legal_structure_id: number | null;
  inception_date: string | null;
  is_publicly_traded: boolean;
  website: string | null;
}

/** [sub-industry, AUM, vehicle, asset class, strategy, city key, area code] by name; others default. */
const FACTS: Record<string, [number, number, number, number, number, string, string]> = {
  'Acme Capital Partners': [70205, 400003, 500003, 600003, 700009, 'us:chicago-illinois', '+1312555'],
  'Cedar Equity': [70205, 400004, 500003, 600003, 700010, 'gb:london-england', '+44207946'],
  'Bluestem Asset Management': [
    70201,
    400004,
    500001,
    600001,
    700001,
    'us:minneapolis-minnesota',
    '+1612555',
  ],
  'Harborview Capital': [70205, 400002, 500003, 600003, 700009, 'us:cleveland-ohio', '+1216555'],
  'Granite Peak Partners': [70205, 400003, 500003, 600003, 700009, 'us:denver-colorado', '+1303555'],
  'Silverline Ventures': [70205, 400001, 500003, 600004, 700011, 'us:san-francisco-california', '+1415555'],
  'Meridian Growth Equity': [70205, 400003, 500003, 600003, 700010, 'us:new-york-new-york', '+1212555'],
  'Oakridge Infrastructure Fund': [70201, 400005, 500002, 600007, 700006, 'us:houston-texas', '+1713555'],
  'Lumen Impact Investors': [110104, 400002, 500003, 600006, 700020, 'us:atlanta-georgia', '+1404555'],
  'Tidewater Credit Partners': [70303, 400004, 500009, 600005, 700013, 'us:baltimore-maryland', '+1410555'],
  'Redwood Lane Capital': [70205, 400001, 500003, 600004, 700011, 'us:austin-texas', '+1512555'],
  'Solstice Real Estate Partners': [110201, 400003, 500003, 600006, 700007, 'us:phoenix-arizona', '+1602555'],
  'Ironbridge Private Equity': [70205, 400006, 500003, 600003, 700009, 'us:boston-massachusetts', '+1617555'],
  'Kestrel Venture Partners': [70205, 400004, 500003, 600004, 700012, 'us:palo-alto-california', '+1650555'],
  'Alder & Finch Investments': [
    70201,
    400005,
    500001,
    600012,
    700019,
    'us:philadelphia-pennsylvania',
    '+1215555',
  ],
  'Blue Heron Fixed Income': [70201, 400006, 500004, 600002, 700005, 'us:seattle-washington', '+1206555'],
  'Copperfield Holdings': [70302, 400002, 500010, 600003, 700004, 'us:milwaukee-wisconsin', '+1414555'],
  'Evergreen Municipal Advisors': [70201, 400003, 500001, 600002, 700005, 'us:portland-oregon', '+1503555'],
  'Juniper Street Capital': [70205, 400002, 500003, 600003, 700009, 'us:nashville-tennessee', '+1615555'],
  'Larkspur Healthcare Ventures': [
    70205,
    400003,
    500003,
    600004,
    700012,
    'us:cambridge-massachusetts',
    '+1617555',
  ],
  'Northgate Secondaries': [70205, 400005, 500007, 600003, 700008, 'us:stamford-connecticut', '+1203555'],
  'Prairie Wind Energy Fund': [100201, 400003, 500003, 600007, 700020, 'us:des-moines-iowa', '+1515555'],
  'Riverbend Family Office': [70706, 400004, 500008, 600012, 700019, 'us:greenwich-connecticut', '+1203555'],
  'Sablewood Capital Management': [70206, 400005, 500002, 600008, 700016, 'us:chicago-illinois', '+1312555'],
  'Summit Ridge Growth Partners': [
    70205,
    400002,
    500003,
    600003,
    700010,
    'us:los-angeles-california',
    '+1310555',
  ],
  'Westbrook Opportunity Fund': [70303, 400003, 500003, 600005, 700014, 'us:dallas-texas', '+1214555'],
  'Zenith Emerging Markets': [70201, 400004, 500005, 600001, 700003, 'sg:singapore', '+65655'],
};
const DEFAULT_FACTS: (typeof FACTS)[string] = [
  70205,
  400002,
  500003,
  600003,
  700009,
  'us:new-york-new-york',
  '+1212555',
];
const STREETS = ['Market Street', 'Main Street', 'Park Avenue', 'Harbor Drive', 'Elm Street', 'Commerce Way'];

function identifiersOf(subIndustry: number, facts: (typeof FACTS)[string]) {
  const industry = Math.floor(subIndustry / 100);
  return {
    gi_sector_id: Math.floor(industry / 100),
    gi_industry_id: industry,
    gi_sub_industry_id: subIndustry,
    gi_aum: facts[1],
    gi_investment_vehicle_id: facts[2],
    gi_asset_class_id: facts[3],
    gi_strategy_id: facts[4],
  };
}

/** A phone in E.164 from the fictional ranges (US 555-01xx, UK 020 7946 0xxx, SG 6555 xxxx). */
function phoneOf(prefix: string, rng: Rng): string {
  if (prefix.startsWith('+1')) return `${prefix}01${String(rng.int(0, 99)).padStart(2, '0')}`;
  if (prefix.startsWith('+44')) return `${prefix}0${String(rng.int(0, 999)).padStart(3, '0')}`;
  return `${prefix}5${String(rng.int(0, 9999)).padStart(4, '0')}`;
}

// --- profile generation ------------------------------------------------------------------------

type NewCell = Omit<typeof gridCells.$inferInsert, 'organization_id' | 'survey_id'>;
type NewIndividual = Omit<typeof individuals.$inferInsert, 'organization_id' | 'survey_id'>;
type NewBoardMember = Omit<typeof boardMembers.$inferInsert, 'organization_id' | 'survey_id'>;
type NewPolicy = Omit<typeof organizationPolicies.$inferInsert, 'organization_id' | 'survey_id'>;

interface Profile {
  overview: {
    primary_phone: string;
    primary_contact_id: number | null;
    total_full_time_employees: number;
    total_owners: number;
    total_leaders: number;
    identifiers: Record<string, number>;
  };
  address: { address: string; place_id: string; details: unknown };
  cells: NewCell[];
  individuals: NewIndividual[];
  board: NewBoardMember[];
  policies: NewPolicy[];
  practices: { field_id: number; value: unknown }[];
  /** Miscellaneous (form 10) answers; the address answer is added once its details are known. */
  miscellaneous: { field_id: number; value: unknown }[];
}

interface ProfileOptions {
  /** 0 (hardly diverse) .. 1 (very diverse) */
  diversity: number;
  /** 'current' (the organization's profile) or '2025' (last year's, older answer) */
  variant: 'current' | '2025';
  primaryContactId: number | null;
  policyUserId: number | null;
  deltaNot100: number;
}

function toCells(grid: string, people: { ethnicity: number; gender: number }[], year = 0, type = 0) {
  const counts = new Map<string, NewCell>();
  for (const p of people) {
    const key = `${p.ethnicity}:${p.gender}`;
    const cell = counts.get(key);
    if (cell) cell.value += 1;
    else counts.set(key, { grid, year, type, ethnicity_id: p.ethnicity, gender_id: p.gender, value: 1 });
  }
  return [...counts.values()];
}

/** The first `n` of a non-empty list, repeating it from its start when `n` is longer. */
const resized = <T>(list: readonly T[], n: number): T[] =>
  Array.from({ length: n }, (_, i) => list[i % list.length]!);

/** Percentages in hundredths summing to exactly 10000 (largest remainder). */
function splitHundredths(weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (w / total) * 10000);
  const floors = exact.map((x) => Math.floor(x));
  let rest = 10000 - floors.reduce((s, x) => s + x, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    floors[i]! += 1;
    rest -= 1;
  }
  return floors;
}

const LEADER_TITLES = [5, 6, 7, 8, 9, 10, 11, 10, 12, 11, 12];
const PARTNERSHIPS = new Set([2, 4]);

function generateProfile(org: OrganizationRow, o: ProfileOptions): Profile {
  const structure = org.legal_structure_id ?? 3;
  const single = structure === 5 || structure === 8;
  const base = prng(`lpi:${org.name}`);
  const rng = prng(`lpi:${org.name}:${o.variant}`);
  const older = o.variant === '2025';
  const facts = FACTS[org.name] ?? DEFAULT_FACTS;
  const inception = org.inception_date ?? '2010-01-01';
  const since = inception > '2019-01-01' ? inception : '2019-01-01';

  // The organization's size and diversity come from its own stream; last year's a little less.
  const d = Math.max(0, Math.min(1, o.diversity + (base.next() - 0.5) * 0.1 - (older ? 0.06 : 0)));
  const fteNow = single ? 1 : base.int(8, 400);
  const fte = single ? 1 : Math.max(8, Math.round(fteNow * (older ? 0.88 : 1)));
  const usShare = facts[5].startsWith('us:') ? 0.7 + base.next() * 0.3 : 0.25 + base.next() * 0.3;
  const noisyUndisclosed = base.chance(0.2);
  const mix: Mix = {
    women: 0.12 + 0.42 * d + (base.next() - 0.5) * 0.06,
    nonbinary: d > 0.5 ? 0.02 : 0.005,
    genderUndisclosed: noisyUndisclosed ? 0.07 : 0.01,
    nonWhite: 0.06 + 0.6 * d + (base.next() - 0.5) * 0.06,
    ethnicityUndisclosed: noisyUndisclosed ? 0.1 : 0.02,
  };

  // Staff: each person with an ethnicity, gender, whether US-based and their investment role.
  const staff = Array.from({ length: fte }, () => ({
    ethnicity: sampleEthnicity(rng, mix),
    gender: sampleGender(rng, mix),
    us: rng.chance(usShare),
    role: 0,
  }));
  const investmentShare = 0.3 + base.next() * 0.3;
  for (const p of staff) {
    if (single || rng.chance(investmentShare)) p.role = rng.chance(0.4) ? 1 : 2;
  }
  // Seniors are a little less diverse than the firm: swap some senior people towards the majority.
  const investment = staff.filter((p) => p.role > 0);
  const seniors = investment.filter((p) => p.role === 1);
  const committeeSize = Math.min(seniors.length + investment.length, single ? 1 : rng.int(3, 9));
  const committee = [...seniors, ...investment.filter((p) => p.role === 2)].slice(0, committeeSize);

  const cells: NewCell[] = [
    ...toCells('staff', staff),
    ...toCells(
      'us_staff',
      staff.filter((p) => p.us),
    ),
    ...[1, 2].flatMap((type) => [
      ...toCells(
        'investment',
        investment.filter((p) => p.role === type),
        0,
        type,
      ),
      ...toCells(
        'us_investment',
        investment.filter((p) => p.role === type && p.us),
        0,
        type,
      ),
      ...toCells(
        'committee',
        committee.filter((p) => p.role === type),
        0,
        type,
      ),
      ...toCells(
        'us_committee',
        committee.filter((p) => p.role === type && p.us),
        0,
        type,
      ),
    ]),
  ];
  // Historical: hires, promotions and attrition for the three years before the answer's year.
  const years = older ? [2022, 2023, 2024] : [2023, 2024, 2025];
  const rates: [number, number, number][] = [
    [1, 0.08, 0.2],
    [2, 0.04, 0.1],
    [3, 0.06, 0.15],
  ];
  for (const [k, year] of years.entries()) {
    const byType = new Map<number, { ethnicity: number; gender: number }[]>();
    for (const [type, lo, hi] of rates) {
      const n = single
        ? type === 1 && k === 0
          ? 1
          : 0
        : Math.max(1, Math.round(fte * (lo + rng.next() * (hi - lo))));
      // Hiring gets a little more diverse each year.
      const yearMix = type === 1 ? scaled(mix, 1 + 0.08 * k) : mix;
      byType.set(
        type,
        Array.from({ length: n }, () => ({
          ethnicity: sampleEthnicity(rng, yearMix),
          gender: sampleGender(rng, yearMix),
        })),
      );
    }
    // The last year's hires minus attrition is its change in head count, from last year's answer
    // to this one (the data check of issue #19): the counts are trimmed or repeated to agree, the
    // random stream left as it was.
    if (!older && !single && k === years.length - 1) {
      const growth = fteNow - Math.max(8, Math.round(fteNow * 0.88));
      const hires = byType.get(1)!;
      const attrition = byType.get(3)!;
      // Somebody leaves every year: attrition is at least 1.
      if (hires.length - growth >= 1) byType.set(3, resized(attrition, hires.length - growth));
      else byType.set(1, resized(hires, growth + attrition.length));
    }
    for (const [type, people] of byType) cells.push(...toCells('historical', people, year, type));
  }

  // Individuals (from the organization's own stream: the same people in both years).
  const leadersCount = single ? 1 : Math.min(12, Math.max(2, Math.round(fteNow * 0.05) + base.int(0, 3)));
  const tradedNoOwners = structure === 1 && org.is_publicly_traded;
  const ownersCount = single
    ? 1
    : structure === 6 || structure === 9 || tradedNoOwners
      ? 0
      : PARTNERSHIPS.has(structure)
        ? base.int(2, 6)
        : base.int(1, 5);
  const leaderMix = scaled(mix, 0.8);
  const taken = new Set<string>();
  const people: NewIndividual[] = [];
  const demographics = (m: Mix, us: boolean) => ({
    gender_id: sampleGender(base, m),
    ethnicity_id: sampleEthnicity(base, m),
    immigration_id: yesNo(base, 0.12),
    veteran_id: yesNo(base, 0.06, 0.02),
    lgbtq_id: yesNo(base, 0.07, 0.05),
    disabled_id: yesNo(base, 0.04, 0.04),
    us_citizen_id: yesNo(base, us ? 0.92 : 0.3, 0.02),
    us_based_id: us ? 1 : 2,
  });
  for (let i = 0; i < leadersCount; i++) {
    const demo = demographics(leaderMix, base.chance(usShare));
    const joined = base.date(inception, '2024-06-30');
    people.push({
      identification_id: 17,
      name: personName(base, demo.gender_id, taken),
      corporate_title_id:
        i === 0
          ? PARTNERSHIPS.has(structure)
            ? 2
            : single
              ? 1
              : 3
          : LEADER_TITLES[i % LEADER_TITLES.length]!,
      date_of_joining: joined,
      ...demo,
      is_senior_management: true,
      date_of_promotion: base.date(joined > since ? joined : since, '2025-06-30'),
      is_owner: false,
      ownership: null,
      initial_ownership_date: null,
    });
  }
  // Owners: mostly leaders; some partnerships also have a former employee, an outside individual
  // or an employee stock ownership plan among them.
  const extraKinds: number[] = [];
  if (ownersCount >= 3 && base.chance(0.5)) extraKinds.push(base.pick([19, 20]));
  if (ownersCount >= 2 && base.chance(0.3)) extraKinds.push(base.pick([22, 18]));
  const ownerLeaders = Math.min(leadersCount, ownersCount - extraKinds.length);
  const owners: NewIndividual[] = people.slice(0, ownerLeaders);
  for (const kind of extraKinds) {
    const entity = kind === 18 || kind === 22;
    const demo = entity ? null : demographics(mix, base.chance(usShare));
    const row: NewIndividual = {
      identification_id: kind,
      name: entity
        ? kind === 22
          ? `${org.name} ESOP`
          : `${org.name.split(' ')[0]} Founders Fund I`
        : personName(base, demo!.gender_id, taken),
      corporate_title_id: null,
      date_of_joining: null,
      ...(demo ?? {}),
      is_senior_management: false,
      date_of_promotion: null,
      is_owner: false,
      ownership: null,
      initial_ownership_date: null,
    };
    people.push(row);
    owners.push(row);
  }
  if (owners.length) {
    const weights = owners.map((row, i) =>
      row.identification_id === 22 ? 0.15 : i === 0 ? 1 + base.next() : 0.2 + base.next() * 0.8,
    );
    const shares = splitHundredths(weights);
    shares[shares.length - 1]! += o.deltaNot100;
    owners.forEach((row, i) => {
      row.is_owner = true;
      row.ownership = shares[i]! / 100;
      row.initial_ownership_date = base.date(
        row.date_of_joining && row.date_of_joining > inception ? row.date_of_joining : inception,
        '2024-12-31',
      );
    });
  }

  // Board: pension plans and nonprofits always have one; about half of the others.
  const board: NewBoardMember[] = [];
  const hasBoard = !single && (structure === 6 || structure === 9 || base.chance(0.55));
  if (hasBoard) {
    const boardType =
      structure === 6 || structure === 9
        ? 2
        : structure === 3
          ? 5
          : PARTNERSHIPS.has(structure)
            ? base.pick([3, 4])
            : 1;
    const size = structure === 6 || structure === 9 ? base.int(5, 11) : base.int(3, 9);
    const boardMix = scaled(mix, 0.9 + base.next() * 0.4);
    for (let i = 0; i < size; i++) {
      const gender = sampleGender(base, boardMix);
      board.push({
        name: personName(base, gender, taken),
        board_type_id: boardType,
        board_position_id: i === 0 ? 1 : i === 1 && size >= 5 ? 2 : base.pick([4, 4, 6, 10, 10, 11]),
        date_of_joining: base.date(inception, '2025-06-30'),
        gender_id: gender,
        ethnicity_id: sampleEthnicity(base, boardMix),
        military_member_id: yesNo(base, 0.08, 0.02),
        disabled_id: yesNo(base, 0.04, 0.04),
        lgbtq_id: yesNo(base, 0.06, 0.05),
        immigration_id: yesNo(base, 0.12),
      });
    }
  }

  // Policies: the basics everywhere, more of them where diversity is taken seriously.
  const preference = [2, 3, 10, 1, 9, 5, 4, 6, 8, 7];
  const policyCount = Math.min(10, 2 + Math.round(d * 6 + base.next() * 2) - (older ? 1 : 0));
  const policyRows: NewPolicy[] = preference.slice(0, policyCount).map((policy_id) => {
    const established = base.date(inception > '2010-01-01' ? inception : '2010-01-01', '2024-06-30');
    const reviewed = older ? base.date('2024-07-01', '2025-08-31') : base.date('2025-07-01', '2026-08-31');
    return {
      policy_id,
      status: 'Reviewed',
      established_at: established,
      last_reviewed_at: reviewed,
      current_as_of: reviewed,
      revision: base.int(1, 4) + (older ? 0 : 1),
      user_id: o.policyUserId,
    };
  });

  // Practices (form 8), answered in line with the organization's diversity.
  const yes = (p: number) => rng.chance(Math.max(0.05, Math.min(0.95, p)));
  const practices: { field_id: number; value: unknown }[] = [
    { field_id: 801, value: yes(d + 0.1) },
    { field_id: 802, value: Math.min(4, 1 + Math.floor(d * 3.5 + rng.next() * 0.8)) },
    { field_id: 811, value: yes(d) },
    { field_id: 812, value: Math.round(20 + d * 70 + (rng.next() - 0.5) * 10) },
    { field_id: 813, value: Math.round(d * 6 + rng.next() * 2) },
    { field_id: 814, value: `${org.website ?? `https://www.example.com`}/careers` },
    { field_id: 821, value: yes(d - 0.1) },
    { field_id: 822, value: yes(d - 0.2) },
    { field_id: 823, value: Math.min(3, 1 + Math.floor(d * 2.6 + rng.next() * 0.5)) },
    { field_id: 831, value: yes(d + 0.05) },
    { field_id: 832, value: Math.max(0, Math.min(100, Math.round(d * 80 + (rng.next() - 0.3) * 20))) },
  ];
  if (practices[0]!.value === true) {
    practices.push({
      field_id: 803,
      value: older ? rng.date('2024-01-15', '2025-06-30') : rng.date('2025-01-15', '2026-06-30'),
    });
  }
  if (d > 0.35) {
    practices.push({
      field_id: 833,
      value: rng.pick([
        'Through emerging manager programmes and diverse-owned placement agents.',
        'A supplier diversity list maintained by operations, reviewed every year.',
        'Referrals from industry associations for women and minority investment professionals.',
        'We ask every shortlist of service providers to include a diverse-owned firm.',
      ]),
    });
  }

  const city = BUILTIN_CITIES.find((c) => c.key === facts[5]) ?? BUILTIN_CITIES[0]!;
  const street = `${base.int(10, 980)} ${base.pick(STREETS)}`;
  const placeId = `builtin:addr:${city.key}:${Buffer.from(street, 'utf8').toString('base64url')}`;
  const phone = phoneOf(facts[6], base);
  const identifiers = identifiersOf(facts[0], facts);
  const miscellaneous: { field_id: number; value: unknown }[] = [
    { field_id: 1001, value: people[0]!.name },
    { field_id: 1002, value: phone },
    { field_id: 1011, value: identifiers },
    { field_id: 1012, value: single ? 1 : 1 + Math.floor(fteNow / 120) },
  ];
  if (usShare < 0.6) {
    miscellaneous.push({
      field_id: 1013,
      value: 'Most of our investment team works outside the United States; the US-based grids show the rest.',
    });
  }
  return {
    overview: {
      primary_phone: phone,
      primary_contact_id: o.primaryContactId,
      total_full_time_employees: fte,
      total_owners: owners.length,
      total_leaders: leadersCount,
      identifiers,
    },
    address: { address: `${street}, ${city.name}`, place_id: placeId, details: null },
    cells,
    individuals: people,
    board,
    policies: policyRows,
    practices,
    miscellaneous,
  };
}

// --- writing -----------------------------------------------------------------------------------

const CHUNK = 2000;
async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Inserts many rows in one statement per chunk, passed as one JSON parameter (far faster than a
 * parameter per value on PGlite). Keys are the column names; a missing key inserts null.
 */
async function insertRecords(tx: Tx, table: PgTable, rows: Record<string, unknown>[]) {
  if (!rows.length) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const used = [...new Set(rows.flatMap((row) => Object.keys(row)))].map((key) => columns[key]!);
  const names = sql.raw(used.map((c) => `"${c.name}"`).join(', '));
  const types = sql.raw(used.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  await insertChunks(rows, (chunk) =>
    tx.execute(
      sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS x(${types})`,
    ),
  );
}

interface Target {
  org: OrganizationRow;
  profile: Profile;
  surveyId: number | null;
  /** which parts to write (Acme's partial profile writes fewer) */
  parts: 'all' | 'partial';
}

/** Writes profiles into their scopes, every table in a few batched statements. */
async function writeProfiles(tx: Tx, targets: Target[]) {
  for (const t of targets) {
    const details = await builtinPlaceDetails(t.profile.address.place_id);
    t.profile.address.details = details;
    if (details) t.profile.address.address = details.description;
  }
  const scopeOf = (t: Target) => ({ organization_id: t.org.id, survey_id: t.surveyId });
  const own = targets.filter((t) => t.surveyId === null);
  if (own.length) {
    const overviews = own.map((t) => ({ id: t.org.id, ...t.profile.overview }));
    await tx.execute(sql`
      UPDATE organizations o SET primary_phone = x.primary_phone, primary_contact_id = x.primary_contact_id,
        total_full_time_employees = x.total_full_time_employees, total_owners = x.total_owners,
        total_leaders = x.total_leaders, identifiers = x.identifiers
      FROM jsonb_to_recordset(${JSON.stringify(overviews)}::jsonb) AS x(id integer, primary_phone text,
        primary_contact_id integer, total_full_time_employees integer, total_owners integer,
        total_leaders integer, identifiers jsonb)
      WHERE o.id = x.id`);
  }
  const surveyCopies = targets.filter((t) => t.surveyId !== null);
  if (surveyCopies.length) {
    const rows = await tx
      .select()
      .from(organizations)
      .where(
        inArray(
          organizations.id,
          surveyCopies.map((t) => t.org.id),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    await tx.insert(surveyOrganizationMeta).values(
      surveyCopies.map((t) => {
        const r = byId.get(t.org.id)!;
        return {
          organization_id: t.org.id,
          survey_id: t.surveyId!,
          name: r.name,
          about: r.about,
          website: r.website,
          color_id: r.color_id,
          legal_structure_id: r.legal_structure_id,
          inception_date: r.inception_date,
          is_publicly_traded: r.is_publicly_traded,
          ticker_symbol: r.ticker_symbol,
          is_public: r.is_public,
          ...t.profile.overview,
        };
      }),
    );
  }
  await tx
    .insert(addresses)
    .values(targets.map((t) => ({ ...scopeOf(t), ...t.profile.address, is_primary: true })));
  const cells = targets.flatMap((t) =>
    t.profile.cells
      .filter((c) => t.parts === 'all' || c.grid === 'staff')
      .map((c) => ({ ...scopeOf(t), ...c })),
  );
  await insertRecords(tx, gridCells, cells);
  const people = targets.flatMap((t) =>
    (t.parts === 'all' ? t.profile.individuals : t.profile.individuals.slice(0, 3)).map((p) => ({
      ...scopeOf(t),
      ...p,
    })),
  );
  await insertRecords(tx, individuals, people);
  const full = targets.filter((t) => t.parts === 'all');
  const board = full.flatMap((t) => t.profile.board.map((b) => ({ ...scopeOf(t), ...b })));
  await insertRecords(tx, boardMembers, board);
  const policies = full.flatMap((t) => t.profile.policies.map((p) => ({ ...scopeOf(t), ...p })));
  await insertRecords(tx, organizationPolicies, policies);
  const values = full.flatMap((t) => [
    ...t.profile.practices.map((v) => ({ ...scopeOf(t), form_id: 8, field_id: v.field_id, value: v.value })),
    ...t.profile.miscellaneous.map((v) => ({
      ...scopeOf(t),
      form_id: 10,
      field_id: v.field_id,
      value: v.value,
    })),
    {
      ...scopeOf(t),
      form_id: 10,
      field_id: 1003,
      value: {
        place_id: t.profile.address.place_id,
        description: t.profile.address.address,
        details: t.profile.address.details,
      },
    },
  ]);
  await insertRecords(tx, formValues, values);
}

/**
 * Copies the organization-scope rows of some tabs into a survey scope for several organizations
 * at once (what a respondent's first survey read does, tab by tab).
 */
async function copyTabsToSurvey(tx: Tx, surveyId: number, orgTabs: Map<number, TTabKey[]>) {
  const orgsWith = (tab: TTabKey) => [...orgTabs].filter(([, tabs]) => tabs.includes(tab)).map(([id]) => id);
  const list = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const overview = orgsWith('overview');
  if (overview.length) {
    await tx.execute(sql`
      INSERT INTO survey_organization_meta (organization_id, survey_id, name, about, website, color_id,
        legal_structure_id, inception_date, is_publicly_traded, ticker_symbol, is_public, primary_phone,
        primary_contact_id, total_full_time_employees, total_owners, total_leaders, identifiers)
      SELECT id, ${surveyId}, name, about, website, color_id, legal_structure_id, inception_date,
        is_publicly_traded, ticker_symbol, is_public, primary_phone, primary_contact_id,
        total_full_time_employees, total_owners, total_leaders, identifiers
      FROM organizations WHERE id IN (${list(overview)})`);
    await tx.execute(sql`
      INSERT INTO addresses (organization_id, survey_id, address, place_id, details, is_primary)
      SELECT organization_id, ${surveyId}, address, place_id, details, is_primary FROM addresses
      WHERE survey_id IS NULL AND organization_id IN (${list(overview)}) ORDER BY id`);
  }
  for (const [tab, grid] of Object.entries(GRID_OF) as [TTabKey, string][]) {
    const ids = orgsWith(tab);
    if (!ids.length) continue;
    await tx.execute(sql`
      INSERT INTO grid_cells (organization_id, survey_id, grid, year, type, ethnicity_id, gender_id, value)
      SELECT organization_id, ${surveyId}, grid, year, type, ethnicity_id, gender_id, value FROM grid_cells
      WHERE survey_id IS NULL AND grid = ${grid} AND organization_id IN (${list(ids)}) ORDER BY id`);
  }
  const ownership = orgsWith('ownership');
  if (ownership.length) {
    await tx.execute(sql`
      INSERT INTO individuals (organization_id, survey_id, identification_id, name, corporate_title_id,
        date_of_joining, gender_id, ethnicity_id, immigration_id, veteran_id, lgbtq_id, disabled_id,
        us_citizen_id, us_based_id, is_senior_management, date_of_promotion, is_owner, ownership,
        initial_ownership_date)
      SELECT organization_id, ${surveyId}, identification_id, name, corporate_title_id, date_of_joining,
        gender_id, ethnicity_id, immigration_id, veteran_id, lgbtq_id, disabled_id, us_citizen_id,
        us_based_id, is_senior_management, date_of_promotion, is_owner, ownership, initial_ownership_date
      FROM individuals WHERE survey_id IS NULL AND organization_id IN (${list(ownership)}) ORDER BY id`);
  }
  const board = orgsWith('board');
  if (board.length) {
    await tx.execute(sql`
      INSERT INTO board_members (organization_id, survey_id, name, board_type_id, board_position_id,
        date_of_joining, gender_id, ethnicity_id, military_member_id, disabled_id, lgbtq_id, immigration_id)
      SELECT organization_id, ${surveyId}, name, board_type_id, board_position_id, date_of_joining,
        gender_id, ethnicity_id, military_member_id, disabled_id, lgbtq_id, immigration_id
      FROM board_members WHERE survey_id IS NULL AND organization_id IN (${list(board)}) ORDER BY id`);
  }
  const policies = orgsWith('policies');
  if (policies.length) {
    await tx.execute(sql`
      INSERT INTO organization_policies (organization_id, survey_id, policy_id, status, current_as_of,
        established_at, last_reviewed_at, revision, user_id, source_policy_id)
      SELECT organization_id, ${surveyId}, policy_id, status, current_as_of, established_at,
        last_reviewed_at, revision, user_id, id
      FROM organization_policies WHERE survey_id IS NULL AND organization_id IN (${list(policies)})
      ORDER BY id`);
  }
  for (const [tab, formId] of [
    ['practices', 8],
    ['miscellaneous', 10],
  ] as const) {
    const ids = orgsWith(tab);
    if (!ids.length) continue;
    await tx.execute(sql`
      INSERT INTO form_values (organization_id, survey_id, form_id, field_id, value)
      SELECT organization_id, ${surveyId}, form_id, field_id, value FROM form_values
      WHERE survey_id IS NULL AND form_id = ${formId} AND organization_id IN (${list(ids)}) ORDER BY id`);
  }
  const miscellaneous = orgsWith('miscellaneous');
  if (miscellaneous.length) {
    await tx.execute(sql`
      INSERT INTO miscellaneous_questions (organization_id, survey_id, form_id, question_type_id, display,
        section, config, value, created_by)
      SELECT organization_id, ${surveyId}, form_id, question_type_id, display, section, config, value,
        created_by
      FROM miscellaneous_questions WHERE survey_id IS NULL AND organization_id IN (${list(miscellaneous)})
      ORDER BY id`);
  }
}

interface InvitationUpdate {
  survey_id: number;
  organization_id: number;
  status: 'submitted' | 'in_progress';
  step: number;
  submitted_at: Date | null;
  submitted_by?: number | null;
  updated_at: Date;
}

async function updateInvitations(tx: Tx, updates: InvitationUpdate[]) {
  if (!updates.length) return;
  await tx.execute(sql`
    UPDATE survey_invitations i SET status = x.status, step = x.step, submitted_at = x.submitted_at,
      submitted_by = x.submitted_by, updated_at = x.updated_at
    FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS x(survey_id integer, organization_id integer,
      status text, step integer, submitted_at timestamptz, submitted_by integer, updated_at timestamptz)
    WHERE i.survey_id = x.survey_id AND i.organization_id = x.organization_id`);
}

interface Response {
  organizationId: number;
  surveyId: number;
  submittedAt: Date;
  /** the member who submitted it (the generated organizations have none) */
  submittedBy?: number | null;
}

/**
 * Submits survey responses as the submit call would: a submission holding every defined tab's
 * data (read through the tab definitions, the same shape the tab GETs answer) and its scores, a
 * 'submit' version per tab, every tab state completed and the invitation submitted, by its
 * submitter when it has one (the generated organizations have no members: nobody is named).
 */
async function submitResponses(tx: Tx, responses: Response[]) {
  if (!responses.length) return;
  const snapshots: Partial<Record<TTabKey, unknown>>[] = [];
  for (const r of responses) snapshots.push(await readProfile(tx, r.organizationId, r.surveyId));
  const scores = snapshots.map((snapshot) => scoresOfSnapshot(snapshot));
  const inserted = await tx
    .insert(submissions)
    .values(
      responses.map((r, i) => ({
        organization_id: r.organizationId,
        survey_id: r.surveyId,
        submitted_by: r.submittedBy ?? null,
        submitted_at: r.submittedAt,
        snapshot: snapshots[i]!,
        scores: scores[i]!,
        scoring_version: scores[i]!.scoring_version,
      })),
    )
    .returning({ id: submissions.id });
  const versions = responses.flatMap((r, i) =>
    TAB_KEYS.map((tab) => ({
      organization_id: r.organizationId,
      survey_id: r.surveyId,
      tab,
      version: 1,
      kind: 'submit',
      snapshot: snapshots[i]![tab] ?? {},
      saved_by: r.submittedBy ?? null,
      saved_at: r.submittedAt,
      submission_id: inserted[i]!.id,
    })),
  );
  await insertRecords(tx, tabVersions, versions);
  await insertRecords(
    tx,
    tabStates,
    responses.flatMap((r) =>
      TAB_KEYS.map((tab, k) => ({
        organization_id: r.organizationId,
        survey_id: r.surveyId,
        tab,
        updated_at: new Date(r.submittedAt.getTime() - (TAB_KEYS.length - k) * 3_600_000),
        updated_by: r.submittedBy ?? null,
        version: 1,
        completed: true,
      })),
    ),
  );
  await updateInvitations(
    tx,
    responses.map((r) => ({
      survey_id: r.surveyId,
      organization_id: r.organizationId,
      status: 'submitted',
      // Moved on from every step before submit.
      step: SURVEY_STEPS.length - 1,
      submitted_at: r.submittedAt,
      submitted_by: r.submittedBy ?? null,
      updated_at: r.submittedAt,
    })),
  );
}

// --- idempotency -------------------------------------------------------------------------------

const SCOPED_TABLES = [
  'addresses',
  'grid_cells',
  'individuals',
  'board_members',
  'organization_policies',
  'form_values',
  'miscellaneous_questions',
  'tab_states',
  'submissions',
] as const;

/** The organizations whose profile in this scope already has any row (never overwritten). */
async function scopesWithRows(tx: Tx, organizationIds: number[], surveyId: number | null) {
  if (!organizationIds.length) return new Set<number>();
  const ids = sql.join(
    organizationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const survey = surveyId === null ? sql`survey_id IS NULL` : sql`survey_id = ${surveyId}`;
  const parts = SCOPED_TABLES.map(
    (table) =>
      sql`SELECT organization_id FROM ${sql.raw(table)} WHERE ${survey} AND organization_id IN (${ids})`,
  );
  if (surveyId !== null) {
    parts.push(
      sql`SELECT organization_id FROM survey_organization_meta WHERE ${survey} AND organization_id IN (${ids})`,
      sql`SELECT organization_id FROM survey_invitations WHERE ${survey} AND status <> 'invited' AND organization_id IN (${ids})`,
    );
  } else {
    parts.push(
      sql`SELECT id AS organization_id FROM organizations WHERE id IN (${ids}) AND (total_full_time_employees > 0 OR identifiers <> '{}'::jsonb OR primary_phone IS NOT NULL)`,
    );
  }
  const res = await tx.execute(
    sql`SELECT DISTINCT organization_id FROM (${sql.join(parts, sql` UNION ALL `)}) s`,
  );
  return new Set(
    (res as unknown as { rows: { organization_id: number }[] }).rows.map((r) => Number(r.organization_id)),
  );
}

// --- the seeder --------------------------------------------------------------------------------

const at = (iso: string) => new Date(iso);

/**
 * Seeds the demo LPI profiles and survey responses inside seedDemoData's transaction. Scopes that
 * already have rows are skipped, so a second run changes nothing.
 */
export async function seedLpi(tx: Tx, input: LpiSeedInput): Promise<void> {
  const orgIds = input.organizations;
  const survey2026 = input.surveys.get(DEI_SURVEY_2026)!;
  const survey2025 = input.surveys.get(DEI_SURVEY_2025)!;
  const generatedNames = [...orgIds.keys()].filter((n) => ![input.host, input.acme, input.cedar].includes(n));
  const plan = responsePlan(generatedNames);

  const rows = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      legal_structure_id: organizations.legal_structure_id,
      inception_date: organizations.inception_date,
      is_publicly_traded: organizations.is_publicly_traded,
      website: organizations.website,
    })
    .from(organizations)
    .where(and(inArray(organizations.id, [...orgIds.values()]), live(organizations)));
  const byName = new Map(rows.map((r) => [r.name, r]));

  const profileOf = (name: string, variant: 'current' | '2025') => {
    const org = byName.get(name)!;
    const entry = plan.find((p) => p.name === name);
    const diversity =
      name === input.cedar ? 0.6 : name === input.acme ? 0.4 : ((entry!.index * 11) % 25) / 24;
    const contact =
      name === input.cedar
        ? (input.users.get('eve@cedar.test') ?? null)
        : name === input.acme
          ? (input.users.get('ada@acme.test') ?? null)
          : null;
    return generateProfile(org, {
      diversity,
      variant,
      primaryContactId: contact,
      policyUserId: name === input.cedar ? contact : null,
      deltaNot100: DELTA_NOT_100[name] ?? 0,
    });
  };

  // 1. The organizations' own profiles.
  const ownNames = [...generatedNames, input.cedar, input.acme].filter((n) => byName.has(n));
  const ownDone = await scopesWithRows(
    tx,
    ownNames.map((n) => byName.get(n)!.id),
    null,
  );
  const ownTargets: Target[] = ownNames
    .filter((n) => !ownDone.has(byName.get(n)!.id))
    .map((n) => ({
      org: byName.get(n)!,
      profile: profileOf(n, 'current'),
      surveyId: null,
      parts: n === input.acme ? 'partial' : 'all',
    }));
  if (ownTargets.length) await writeProfiles(tx, ownTargets);

  // 2. 2026: copies of the organizations' profiles, submitted or in progress.
  const active = plan.filter((p) => p.status2026 !== 'invited' && byName.has(p.name));
  const done2026 = await scopesWithRows(
    tx,
    active.map((p) => byName.get(p.name)!.id),
    survey2026,
  );
  const todo2026 = active.filter((p) => !done2026.has(byName.get(p.name)!.id));
  const copies = new Map<number, TTabKey[]>();
  const progressStates: (typeof tabStates.$inferInsert)[] = [];
  const submitted2026: Response[] = [];
  for (const p of todo2026) {
    const id = byName.get(p.name)!.id;
    const rng = prng(`lpi-2026:${p.name}`);
    if (p.status2026 === 'submitted') {
      copies.set(id, [...TAB_KEYS]);
      const day = 1 + ((p.index * 7) % 50);
      const submittedAt = new Date(Date.UTC(2026, 9, day, 9 + rng.int(0, 8), rng.int(0, 59)));
      submitted2026.push({ organizationId: id, surveyId: survey2026, submittedAt });
    } else {
      const opened = rng.int(3, 10);
      const tabs = TAB_KEYS.slice(0, opened);
      copies.set(id, [...tabs]);
      const completed = rng.int(1, opened - 1);
      tabs.forEach((tab, k) => {
        progressStates.push({
          organization_id: id,
          survey_id: survey2026,
          tab,
          // Tabs the respondent only opened stay never-saved.
          updated_at:
            k <= completed ? at(`2026-10-${String(5 + k + (p.index % 9)).padStart(2, '0')}T14:00:00Z`) : null,
          completed: k < completed,
        });
      });
    }
  }
  if (copies.size) await copyTabsToSurvey(tx, survey2026, copies);
  await insertRecords(tx, tabStates, progressStates);
  await updateInvitations(
    tx,
    todo2026
      .filter((x) => x.status2026 === 'in_progress')
      .map((p) => {
        const id = byName.get(p.name)!.id;
        const completed = new Set(
          progressStates.filter((s) => s.organization_id === id && s.completed).map((s) => s.tab),
        );
        // Moved on from each step it completed, in order: Continue Response opens at the next one.
        const done = SURVEY_STEPS.findIndex((step) => !isStepComplete(step.id, completed, false));
        return {
          survey_id: survey2026,
          organization_id: id,
          status: 'in_progress',
          step: done,
          submitted_at: null,
          updated_at: at('2026-10-20T12:00:00Z'),
        };
      }),
  );

  // 3. 2025 (archived): last year's answers, older data written straight into that scope.
  const answered2025 = plan.filter((p) => p.submitted2025 && byName.has(p.name));
  const done2025 = await scopesWithRows(
    tx,
    answered2025.map((p) => byName.get(p.name)!.id),
    survey2025,
  );
  const todo2025 = answered2025.filter((p) => !done2025.has(byName.get(p.name)!.id));
  if (todo2025.length) {
    await writeProfiles(
      tx,
      todo2025.map((p) => ({
        org: byName.get(p.name)!,
        profile: profileOf(p.name, '2025'),
        surveyId: survey2025,
        parts: 'all',
      })),
    );
  }
  const submitted2025: Response[] = todo2025.map((p) => {
    const rng = prng(`lpi-2025:${p.name}`);
    return {
      organizationId: byName.get(p.name)!.id,
      surveyId: survey2025,
      submittedAt: new Date(Date.UTC(2025, 9, 3 + ((p.index * 5) % 55), 9 + rng.int(0, 8), rng.int(0, 59))),
    };
  });

  // Acme answered the 2025 survey too, from the profile it had then, and submitted that profile
  // as its own: ada@acme.test's gauge, cards, history and breakdowns read it, while the live
  // profile stays partial (the work left for her).
  const acme = byName.get(input.acme);
  const acmeAnswered2025 =
    acme && !(await scopesWithRows(tx, [acme.id], survey2025)).has(acme.id) ? acme : undefined;
  if (acmeAnswered2025) {
    await writeProfiles(tx, [
      { org: acmeAnswered2025, profile: profileOf(input.acme, '2025'), surveyId: survey2025, parts: 'all' },
    ]);
    // By ada, who its survey page then names as the contributor who submitted it.
    submitted2025.push({
      organizationId: acmeAnswered2025.id,
      surveyId: survey2025,
      submittedAt: ACME_2025_SUBMITTED_AT,
      submittedBy: input.users.get('ada@acme.test') ?? null,
    });
  }

  await submitResponses(tx, [...submitted2026, ...submitted2025]);
  if (acmeAnswered2025) await submitAsOwnProfile(tx, acmeAnswered2025.id, survey2025);
  await scoreUnscoredSubmissions(tx);
}

/** When Acme answered the 2025 survey (its own profile was submitted the day before). */
export const ACME_2025_SUBMITTED_AT = new Date(Date.UTC(2025, 9, 20, 15, 30));

/**
 * An organization's profile submission with the same data as its response to a survey, a day
 * earlier. Only the submission: no tab versions, so the profile's version history starts with the
 * user's first save.
 */
async function submitAsOwnProfile(tx: Tx, organizationId: number, surveyId: number) {
  const [response] = await tx
    .select({
      snapshot: submissions.snapshot,
      scores: submissions.scores,
      version: submissions.scoring_version,
    })
    .from(submissions)
    .where(and(eq(submissions.organization_id, organizationId), eq(submissions.survey_id, surveyId)));
  if (!response) return;
  await tx.insert(submissions).values({
    organization_id: organizationId,
    survey_id: null,
    submitted_by: null,
    submitted_at: new Date(ACME_2025_SUBMITTED_AT.getTime() - 86_400_000),
    snapshot: response.snapshot,
    scores: response.scores,
    scoring_version: response.version,
  });
}

/**
 * Submissions stored before scores were (a database seeded or submitted to earlier) get the
 * scores of their snapshot, as a submit now stores them; a scored submission is left alone.
 */
async function scoreUnscoredSubmissions(tx: Tx) {
  const rows = await tx
    .select({ id: submissions.id, snapshot: submissions.snapshot })
    .from(submissions)
    .where(isNull(submissions.scores));
  for (const row of rows) {
    const scores = scoresOfSnapshot(row.snapshot);
    await tx
      .update(submissions)
      .set({ scores, scoring_version: scores.scoring_version })
      .where(eq(submissions.id, row.id));
  }
}
