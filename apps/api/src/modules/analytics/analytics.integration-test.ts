import { EVENNESS_KEYS, evennessValues, LPI_KEYS, lpiValues } from '@parity/domain/analytics';
import { SCORING_VERSION } from '@parity/domain/scoring/constants';
import type { TProfileScores } from '@parity/domain/scoring/profile';
import { scoresOfSnapshot } from '@parity/domain/scoring/snapshot';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations } from '../../db/schema/people';
import { ACME, CEDAR, NORTHWIND, seedDemoData } from '../../seed/demo';
import { DEI_SURVEY_2025, DEI_SURVEY_2026, EMERGING_MANAGERS_2026 } from '../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';
import { readyToSubmit } from '../../test/survey-submit';
import { NOT_SUBMITTED_REASON } from './service';

let t: TestApp;
const tokens = new Map<string, string>();
let orgs: Map<string, number>;
let surveyIds: Map<string, number>;
let users: Map<string, number>;

const ADA = 'ada@acme.test';
const MAX = 'max@acme.test';
const EVE = 'eve@cedar.test';
const HOST = 'host@northwind.test';
const PENDING = 'pending@acme.test';
const ADMIN = 'admin@parity.test';

beforeAll(async () => {
  t = await createDemoTestApp();
  const seeded = demoOf(t);
  orgs = seeded.organizations;
  surveyIds = seeded.surveys;
  users = seeded.users;
  for (const [email, userId] of users) {
    tokens.set(email, await sessionToken(t, userId));
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (email: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.get(email)}` } });
async function submit(email: string, organizationId: number, surveyId?: number) {
  const reopen = surveyId ? await readyToSubmit(t.app.db, organizationId, surveyId) : async () => {};
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/organizations/${organizationId}/lpi${surveyId ? `?survey_id=${surveyId}` : ''}`,
    headers: { authorization: `Bearer ${tokens.get(email)}` },
    ...(surveyId ? { payload: { accept_terms: true } } : {}),
  });
  await reopen();
  return res;
}

interface Row {
  id: number;
  organization_id: number;
  snapshot: unknown;
  scores: TProfileScores | null;
  scoring_version: string | null;
}

/** The submitted respondents' stored submissions, read straight from the table. */
async function submittedRows(surveyId: number): Promise<Row[]> {
  const result = (await t.app.db.execute(sql`
    SELECT s.id, s.organization_id, s.snapshot, s.scores, s.scoring_version
    FROM submissions s
    JOIN survey_invitations i ON i.survey_id = s.survey_id AND i.organization_id = s.organization_id
    WHERE s.survey_id = ${surveyId} AND i.status = 'submitted'
    ORDER BY s.id`)) as { rows: Row[] };
  return result.rows;
}

async function organizationRows(organizationId: number): Promise<Row[]> {
  const result = (await t.app.db.execute(sql`
    SELECT id, organization_id, snapshot, scores, scoring_version FROM submissions
    WHERE organization_id = ${organizationId} AND survey_id IS NULL ORDER BY submitted_at, id`)) as {
    rows: Row[];
  };
  return result.rows;
}

function meanOf(values: (number | null)[]): number {
  const xs = values.filter((v): v is number => typeof v === 'number');
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

function expectOrderedQuartiles(summary: {
  suppressed: boolean;
  quartiles?: { min: number; q1: number; median: number; q3: number; max: number };
}) {
  expect(summary.suppressed).toBe(false);
  const q = summary.quartiles!;
  expect(q.min).toBeLessThanOrEqual(q.q1);
  expect(q.q1).toBeLessThanOrEqual(q.median);
  expect(q.median).toBeLessThanOrEqual(q.q3);
  expect(q.q3).toBeLessThanOrEqual(q.max);
}

describe('stored scores', () => {
  it('every seeded submission carries the scores of its snapshot and the scoring version', async () => {
    const rows = await submittedRows(surveyIds.get(DEI_SURVEY_2026)!);
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row.scoring_version).toBe(SCORING_VERSION);
      expect(row.scores).toEqual(JSON.parse(JSON.stringify(scoresOfSnapshot(row.snapshot))));
    }
    // sensible, varied demo scores
    const lpis = new Set(rows.map((r) => r.scores!.lpi));
    expect(lpis.size).toBeGreaterThan(5);
    for (const v of lpis) {
      expect(v).not.toBeNull();
      expect(v!).toBeGreaterThanOrEqual(0);
      expect(v!).toBeLessThanOrEqual(10);
    }
  });

  it('submitting the profile stores its scores and scoring_version in the submission', async () => {
    const acme = orgs.get(ACME)!;
    const res = await submit(ADA, acme);
    expect(res.statusCode).toBe(200);
    const rows = await organizationRows(acme);
    const row = rows.find((r) => r.id === res.json().id)!;
    expect(row.scoring_version).toBe(SCORING_VERSION);
    expect(row.scores).toEqual(JSON.parse(JSON.stringify(scoresOfSnapshot(row.snapshot))));
  });
});

describe('survey aggregates', () => {
  it.each([
    [DEI_SURVEY_2026, 12],
    [DEI_SURVEY_2025, 11],
  ])("the %s's LPI means equal the stored submissions' means, with ordered quartiles", async (title, n) => {
    const surveyId = surveyIds.get(title)!;
    const res = await get(HOST, `/api/surveys/${surveyId}/lpi`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const rows = await submittedRows(surveyId);
    expect(rows).toHaveLength(n);
    expect(body.respondents).toBe(n);
    expect(body.reason).toBeNull();
    for (const key of LPI_KEYS) {
      const values = rows.map((r) => lpiValues(r.scores!)[key]);
      const summary = body.scores[key];
      expect(summary.n).toBe(values.filter((v) => v !== null).length);
      expect(summary.mean).toBeCloseTo(meanOf(values), 9);
      expectOrderedQuartiles(summary);
    }
  });

  it("the survey's evenness means equal the stored submissions' means", async () => {
    const surveyId = surveyIds.get(DEI_SURVEY_2026)!;
    const res = await get(ADMIN, `/api/surveys/${surveyId}/evenness`);
    expect(res.statusCode).toBe(200);
    const rows = await submittedRows(surveyId);
    for (const key of EVENNESS_KEYS) {
      const values = rows.map((r) => evennessValues(r.scores!)[key]);
      if (values.filter((v) => v !== null).length < 3) {
        expect(res.json().evenness[key].suppressed).toBe(true);
        continue;
      }
      expect(res.json().evenness[key].mean).toBeCloseTo(meanOf(values), 9);
      expectOrderedQuartiles(res.json().evenness[key]);
    }
  });

  it("a variant's distribution lists each respondent's value (scores only) with the summary", async () => {
    const surveyId = surveyIds.get(DEI_SURVEY_2026)!;
    const res = await get(HOST, `/api/analytics/survey/${surveyId}/lpi/prime-gender`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.key).toBe('lpi_prime_gender');
    expect(body.values).toHaveLength(12);
    const rows = await submittedRows(surveyId);
    const stored = new Map(rows.map((r) => [r.organization_id, r.scores!.lpi_prime_gender]));
    for (const v of body.values) expect(v.value).toBe(stored.get(v.organization_id));
    expect(body.summary.mean).toBeCloseTo(meanOf([...stored.values()]), 9);
    expect(res.body).not.toMatch(/gender_id|ethnicity_id|"rows"/);

    const even = await get(HOST, `/api/analytics/survey/${surveyId}/evenness/ownership`);
    expect(even.statusCode).toBe(200);
    expect(even.json().key).toBe('ownership_combined');
  });

  it('only the host and platform admins read survey aggregates; others 404, pending 403', async () => {
    const surveyId = surveyIds.get(DEI_SURVEY_2026)!;
    for (const url of [
      `/api/surveys/${surveyId}/lpi`,
      `/api/surveys/${surveyId}/evenness`,
      `/api/analytics/survey/${surveyId}/lpi/prime`,
      `/api/analytics/survey/${surveyId}/evenness/prime-racial`,
    ]) {
      expect((await get(HOST, url)).statusCode).toBe(200);
      expect((await get(ADMIN, url)).statusCode).toBe(200);
      for (const email of [ADA, MAX, EVE]) expect((await get(email, url)).statusCode).toBe(404);
      expect((await get(PENDING, url)).statusCode).toBe(403);
    }
    expect((await get(HOST, '/api/surveys/999999/lpi')).statusCode).toBe(404);
    expect((await get(HOST, '/api/surveys/abc/lpi')).statusCode).toBe(400);
    expect((await get(HOST, `/api/analytics/survey/${surveyId}/lpi/nonsense`)).statusCode).toBe(404);
  });

  it('suppresses every figure, with the reason, while fewer than 3 respondents submitted', async () => {
    const surveyId = surveyIds.get(EMERGING_MANAGERS_2026)!;
    // Cedar's admin needs LPI access to submit its response.
    await t.app.db
      .update(memberships)
      .set({ average_lpi_score_access: true })
      .where(
        and(eq(memberships.user_id, users.get(EVE)!), eq(memberships.organization_id, orgs.get(CEDAR)!)),
      );
    expect((await submit(ADA, orgs.get(ACME)!, surveyId)).statusCode).toBe(200);
    expect((await submit(EVE, orgs.get(CEDAR)!, surveyId)).statusCode).toBe(200);
    const res = await get(HOST, `/api/surveys/${surveyId}/lpi`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.respondents).toBe(2);
    expect(body.reason).toMatch(/fewer than 3 organizations \(2\)/);
    for (const key of LPI_KEYS) {
      expect(body.scores[key].suppressed).toBe(true);
      expect(body.scores[key].reason).toMatch(/privacy/);
      expect(body.scores[key]).not.toHaveProperty('mean');
    }
    const distribution = (await get(HOST, `/api/analytics/survey/${surveyId}/lpi/prime`)).json();
    expect(distribution.summary.suppressed).toBe(true);
    expect(distribution.values).toEqual([]);
    const evenness = (await get(HOST, `/api/surveys/${surveyId}/evenness`)).json();
    expect(evenness.reason).toMatch(/fewer than 3/);
  });
});

describe('the manager view', () => {
  it("the host reads one submitted respondent's scores, never its people", async () => {
    const surveyId = surveyIds.get(DEI_SURVEY_2026)!;
    const [row] = await submittedRows(surveyId);
    const url = `/api/analytics/survey/${surveyId}/organization/${row!.organization_id}`;
    const lpi = await get(HOST, `${url}/lpi`);
    expect(lpi.statusCode).toBe(200);
    expect(lpi.json()).toMatchObject({
      organization_id: row!.organization_id,
      survey_id: surveyId,
      submission_id: row!.id,
      scoring_version: SCORING_VERSION,
      scores: lpiValues(row!.scores!),
    });
    expect(lpi.body).not.toMatch(/gender_id|ethnicity_id|"rows"|"name"/);
    const name = (await t.app.db.execute(
      sql`SELECT name FROM organizations WHERE id = ${row!.organization_id}`,
    )) as {
      rows: { name: string }[];
    };
    expect(lpi.json().organization_name).toBe(name.rows[0]!.name);
    const evenness = await get(HOST, `${url}/evenness`);
    expect(evenness.json().evenness).toEqual(row!.scores!.evenness);
    const variant = await get(HOST, `${url}/lpi/ownership-racial`);
    expect(variant.json()).toMatchObject({
      key: 'lpi_ownership_racial',
      value: row!.scores!.lpi_ownership_racial,
    });
    const even = await get(HOST, `${url}/evenness/prime`);
    expect(even.json()).toMatchObject({
      key: 'prime_combined',
      value: row!.scores!.evenness.prime.combined.value,
    });

    for (const email of [ADA, MAX, EVE]) expect((await get(email, `${url}/lpi`)).statusCode).toBe(404);
    expect((await get(PENDING, `${url}/lpi`)).statusCode).toBe(403);
    expect((await get(ADMIN, `${url}/lpi`)).statusCode).toBe(200);
  });

  it("answers 404 for an organization not invited to that survey (another survey's respondent)", async () => {
    const [row] = await submittedRows(surveyIds.get(DEI_SURVEY_2026)!);
    const other = surveyIds.get(EMERGING_MANAGERS_2026)!;
    const res = await get(HOST, `/api/analytics/survey/${other}/organization/${row!.organization_id}/lpi`);
    expect(res.statusCode).toBe(404);
  });

  it("a respondent's own members read their survey scores; not yet submitted answers null scores", async () => {
    const acme = orgs.get(ACME)!;
    const surveyId = surveyIds.get(EMERGING_MANAGERS_2026)!;
    const own = await get(MAX, `/api/analytics/survey/${surveyId}/organization/${acme}/lpi`);
    expect(own.statusCode).toBe(200);
    expect(own.json().submission_id).not.toBeNull();
    const notYet = await get(
      HOST,
      `/api/analytics/survey/${surveyIds.get(DEI_SURVEY_2026)!}/organization/${acme}/lpi`,
    );
    expect(notYet.statusCode).toBe(200);
    expect(notYet.json()).toMatchObject({ submission_id: null, scores: null, badges: null });
    // #20: and nothing else of it (the host's participants list says as much): its members read the same
    expect(notYet.json()).toMatchObject({ organization_name: ACME, submitted_at: null });
    const members = await get(
      MAX,
      `/api/analytics/survey/${surveyIds.get(DEI_SURVEY_2026)!}/organization/${acme}/lpi`,
    );
    expect(members.json()).toEqual(notYet.json());
  });
});

describe("an organization's own scores", () => {
  it('historical points grow with each profile submission, oldest first', async () => {
    const before = (await get(ADA, '/api/organizations/me/historical-lpi')).json();
    expect(before.organization_id).toBe(orgs.get(ACME));
    expect((await submit(ADA, orgs.get(ACME)!)).statusCode).toBe(200);
    const after = await get(MAX, '/api/organizations/me/historical-lpi');
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toHaveLength(before.data.length + 1);
    const rows = await organizationRows(orgs.get(ACME)!);
    expect(after.json().data.map((p: { submission_id: number }) => p.submission_id)).toEqual(
      rows.map((r) => r.id),
    );
    expect(after.json().data.at(-1).scores).toEqual(lpiValues(rows.at(-1)!.scores!));
    const evenness = (await get(ADA, '/api/organizations/me/historical-evenness')).json();
    expect(evenness.data).toHaveLength(rows.length);
    expect(evenness.data[0].evenness).toEqual(evennessValues(rows[0]!.scores!));

    expect((await get(PENDING, '/api/organizations/me/historical-lpi')).statusCode).toBe(403);
    expect((await get(ADMIN, '/api/organizations/me/historical-lpi')).statusCode).toBe(404);
  });

  it('members read the latest scores; outsiders only a public organization’s that publishes them, else 404', async () => {
    const acme = orgs.get(ACME)!;
    const rows = await organizationRows(acme);
    for (const email of [ADA, MAX, ADMIN]) {
      const res = await get(email, `/api/organizations/${acme}/lpi`);
      expect(res.statusCode).toBe(200);
      expect(res.json().scores).toEqual(lpiValues(rows.at(-1)!.scores!));
    }
    const publish = (values: { is_public?: boolean; publish_scores?: boolean }) =>
      t.app.db.update(organizations).set(values).where(eq(organizations.id, acme));
    // Acme is public but does not publish its scores (the default): outsiders get 404.
    await publish({ is_public: true, publish_scores: false });
    expect((await get(EVE, `/api/organizations/${acme}/lpi`)).statusCode).toBe(404);
    expect((await get(EVE, `/api/organizations/${acme}/evenness`)).statusCode).toBe(404);
    expect((await get(MAX, `/api/organizations/${acme}/lpi`)).statusCode).toBe(200);
    // Publishing while private changes nothing for outsiders.
    await publish({ is_public: false, publish_scores: true });
    expect((await get(EVE, `/api/organizations/${acme}/lpi`)).statusCode).toBe(404);
    expect((await get(EVE, `/api/organizations/${acme}/evenness`)).statusCode).toBe(404);
    expect((await get(ADMIN, `/api/organizations/${acme}/evenness`)).statusCode).toBe(200);
    // Public and published: an outsider sees its latest profile submission, never a survey response's.
    await publish({ is_public: true, publish_scores: true });
    const outsider = await get(EVE, `/api/organizations/${acme}/lpi`);
    expect(outsider.statusCode).toBe(200);
    expect(outsider.json()).toMatchObject({ survey_id: null, submission_id: rows.at(-1)!.id });
    expect((await get(EVE, `/api/organizations/${acme}/evenness`)).json().evenness).toEqual(
      rows.at(-1)!.scores!.evenness,
    );
    expect((await get(PENDING, `/api/organizations/${acme}/lpi`)).statusCode).toBe(403);

    const hidden = (await t.app.db.execute(
      sql`SELECT id FROM organizations WHERE is_public = false AND deleted_at IS NULL
          AND name NOT IN (${ACME}, ${CEDAR}, ${NORTHWIND}) ORDER BY id LIMIT 1`,
    )) as { rows: { id: number }[] };
    const privateId = hidden.rows[0]!.id;
    await t.app.db.update(organizations).set({ publish_scores: true }).where(eq(organizations.id, privateId));
    expect((await get(EVE, `/api/organizations/${privateId}/lpi`)).statusCode).toBe(404);
    expect((await get(EVE, `/api/organizations/${privateId}/evenness`)).statusCode).toBe(404);
    expect((await get(ADMIN, `/api/organizations/${privateId}/lpi`)).statusCode).toBe(200);
    expect((await get(EVE, '/api/organizations/999999/lpi')).statusCode).toBe(404);
  });

  it('the variants and views answer from the latest submission, for members only', async () => {
    const acme = orgs.get(ACME)!;
    const latest = (await get(ADA, `/api/organizations/${acme}/lpi`)).json();
    const prime = await get(MAX, '/api/analytics/lpi/prime');
    expect(prime.statusCode).toBe(200);
    expect(prime.json()).toMatchObject({
      organization_id: acme,
      key: 'lpi_prime',
      value: latest.scores.lpi_prime,
    });
    const even = await get(ADA, '/api/analytics/evenness/ownership-gender');
    expect(even.json()).toMatchObject({ key: 'ownership_gender' });
    expect(typeof even.json().low_confidence).toBe('boolean');

    const view = await get(ADA, '/api/organizations/me/ownership/lpi');
    expect(view.statusCode).toBe(200);
    expect(Object.keys(view.json().values).sort()).toEqual(
      ['lpi_ownership', 'lpi_ownership_gender', 'lpi_ownership_racial', 'ownership_score'].sort(),
    );
    expect((await get(ADA, '/api/organizations/me/racial/evenness')).json().values).toHaveProperty(
      'prime_racial',
    );

    expect((await get(EVE, `/api/analytics/lpi/prime?organization_id=${acme}`)).statusCode).toBe(404);
    expect((await get(ADMIN, `/api/analytics/lpi/prime?organization_id=${acme}`)).statusCode).toBe(200);
    expect((await get(PENDING, '/api/analytics/lpi/prime')).statusCode).toBe(403);
    expect((await get(ADA, '/api/analytics/lpi/prime?organization_id=abc')).statusCode).toBe(400);
  });
});

describe('the peer benchmark', () => {
  it('is suppressed with a reason before the organization submitted and under 5 submitted', async () => {
    const notYet = await get(ADA, `/api/analytics/survey/${surveyIds.get(DEI_SURVEY_2026)!}/benchmark`);
    expect(notYet.statusCode).toBe(200);
    expect(notYet.json().reason).toBe(NOT_SUBMITTED_REASON);
    expect(notYet.json().scores.lpi.suppressed).toBe(true);

    const few = await get(ADA, `/api/analytics/survey/${surveyIds.get(EMERGING_MANAGERS_2026)!}/benchmark`);
    expect(few.statusCode).toBe(200);
    expect(few.json().respondents).toBe(2);
    expect(few.json().reason).toMatch(/at least 5/);
    expect(few.json().scores.lpi).toMatchObject({ suppressed: true });
  });

  it("gives the organization's percentile among the others once at least 5 submitted", async () => {
    const surveyId = surveyIds.get(DEI_SURVEY_2026)!;
    expect((await submit(ADA, orgs.get(ACME)!, surveyId)).statusCode).toBe(200);
    const res = await get(MAX, `/api/analytics/survey/${surveyId}/benchmark`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.respondents).toBe(13);
    expect(body.reason).toBeNull();
    const rows = await submittedRows(surveyId);
    const mine = rows.find((r) => r.organization_id === orgs.get(ACME))!.scores!.staff_score;
    const others = rows.filter((r) => r.organization_id !== orgs.get(ACME)).map((r) => r.scores!.staff_score);
    if (mine === null) {
      expect(body.scores.staff_score.suppressed).toBe(true);
    } else {
      const peers = others.filter((v): v is number => v !== null);
      const below = peers.filter((v) => v < mine).length + peers.filter((v) => v === mine).length / 2;
      expect(body.scores.staff_score).toEqual({
        suppressed: false,
        percentile: (100 * below) / peers.length,
        peers: peers.length,
      });
    }
    // the host's organization is not a respondent; another respondent's data is not in the answer
    expect((await get(HOST, `/api/analytics/survey/${surveyId}/benchmark`)).statusCode).toBe(404);
    expect((await get(PENDING, `/api/analytics/survey/${surveyId}/benchmark`)).statusCode).toBe(403);
    expect(res.body).not.toMatch(/organization_name/);
  });
});

describe('a database seeded before scores were stored', () => {
  it('gets the scores of every unscored submission on the next seed, the others untouched', async () => {
    const rows = await submittedRows(surveyIds.get(DEI_SURVEY_2025)!);
    const [first, second] = rows;
    await t.app.db.execute(
      sql`UPDATE submissions SET scores = NULL, scoring_version = NULL WHERE id = ${first!.id}`,
    );
    await seedDemoData(t.app.db);
    const after = new Map((await submittedRows(surveyIds.get(DEI_SURVEY_2025)!)).map((r) => [r.id, r]));
    expect(after.get(first!.id)!.scores).toEqual(first!.scores);
    expect(after.get(first!.id)!.scoring_version).toBe(SCORING_VERSION);
    expect(after.get(second!.id)!.scores).toEqual(second!.scores);
    expect(after.size).toBe(rows.length);
  });
});

describe('the distribution and the label filter (host analytics)', () => {
  let surveyId: number;
  let rows: Row[];
  let growth: number;
  let europe: number;
  let pair: number;
  let foreign: number;

  /** A label of `owner` put on the organizations given. */
  async function label(owner: number, name: string, organizationIds: number[]): Promise<number> {
    const [created] = (
      (await t.app.db.execute(
        sql`INSERT INTO labels (owner_organization_id, name) VALUES (${owner}, ${name}) RETURNING id`,
      )) as { rows: { id: number }[] }
    ).rows;
    for (const organizationId of organizationIds) {
      await t.app.db.execute(
        sql`INSERT INTO organization_labels (label_id, organization_id) VALUES (${created!.id}, ${organizationId})`,
      );
    }
    return created!.id;
  }

  beforeAll(async () => {
    surveyId = surveyIds.get(DEI_SURVEY_2026)!;
    rows = await submittedRows(surveyId);
    const ids = rows.map((r) => r.organization_id);
    const northwind = orgs.get(NORTHWIND)!;
    // growth on 5 respondents, europe on 2 of those and 1 other (either: 6), pair on 2 others
    growth = await label(northwind, 'Growth', ids.slice(0, 5));
    europe = await label(northwind, 'Europe', [ids[0]!, ids[1]!, ids[6]!]);
    pair = await label(northwind, 'Pair', [ids[7]!, ids[8]!]);
    foreign = await label(orgs.get(CEDAR)!, 'Cedar watch list', ids.slice(0, 5));
  });

  const lpiOf = (organizationId: number) =>
    rows.find((r) => r.organization_id === organizationId)!.scores!.lpi;

  it("lists each respondent's lpi by default with its percentile and quartile, highest first", async () => {
    const res = await get(HOST, `/api/analytics/survey/${surveyId}/distribution`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ survey_id: surveyId, key: 'lpi', label_ids: [], reason: null });
    expect(body.respondents).toBe(rows.length);
    expect(body.values).toHaveLength(rows.length);
    expect(body.summary.mean).toBeCloseTo(meanOf(rows.map((r) => r.scores!.lpi)), 9);
    // highest first, a respondent without the score (none here but possible) last
    const values: (number | null)[] = body.values.map((v: { value: number | null }) => v.value);
    const present = values.filter((v): v is number => v !== null);
    expect(values).toEqual([...[...present].sort((a, b) => b - a), ...values.filter((v) => v === null)]);
    for (const v of body.values) {
      expect(v.value).toBe(lpiOf(v.organization_id));
      if (v.value === null) {
        expect(v).toMatchObject({ percentile: null, quartile: null });
        continue;
      }
      const others = rows
        .filter((r) => r.organization_id !== v.organization_id)
        .map((r) => r.scores!.lpi)
        .filter((o): o is number => o !== null);
      const below = others.filter((o) => o < v.value).length + others.filter((o) => o === v.value).length / 2;
      expect(v.percentile).toBeCloseTo((100 * below) / others.length, 9);
      const q = body.summary.quartiles;
      expect(v.quartile).toBe(v.value <= q.q1 ? 1 : v.value <= q.median ? 2 : v.value <= q.q3 ? 3 : 4);
    }
    expect(res.body).not.toMatch(/gender_id|ethnicity_id|"rows"/);

    const evenness = (
      await get(HOST, `/api/analytics/survey/${surveyId}/distribution?score=prime_combined`)
    ).json();
    expect(evenness.key).toBe('prime_combined');
    const stored = new Map(rows.map((r) => [r.organization_id, r.scores!.evenness.prime.combined.value]));
    for (const v of evenness.values) expect(v.value).toBe(stored.get(v.organization_id));
  });

  it('counts only the respondents carrying any label of label_ids', async () => {
    const one = (
      await get(HOST, `/api/analytics/survey/${surveyId}/distribution?label_ids=${growth}`)
    ).json();
    expect(one.respondents).toBe(5);
    expect(one.label_ids).toEqual([growth]);
    const growthIds = rows.slice(0, 5).map((r) => r.organization_id);
    expect(one.values.map((v: { organization_id: number }) => v.organization_id).sort()).toEqual(
      [...growthIds].sort(),
    );
    expect(one.summary.mean).toBeCloseTo(meanOf(growthIds.map(lpiOf)), 9);

    // either label: the 5 with growth and the one other with europe
    const either = await get(
      HOST,
      `/api/analytics/survey/${surveyId}/distribution?label_ids=${europe},${growth}`,
    );
    expect(either.statusCode).toBe(200);
    expect(either.json()).toMatchObject({
      respondents: 6,
      label_ids: [growth, europe].sort((a, b) => a - b),
    });
    expect(either.json().values).toHaveLength(6);
    // two respondents: under 3, so suppressed with the reason and nobody listed
    const two = (await get(HOST, `/api/analytics/survey/${surveyId}/distribution?label_ids=${pair}`)).json();
    expect(two).toMatchObject({ respondents: 2, summary: { suppressed: true, n: 2 }, values: [] });
    expect(two.reason).toMatch(/fewer than 3 organizations \(2\)/);
    expect(
      (await get(HOST, `/api/surveys/${surveyId}/lpi?label_ids=${pair}`)).json().scores.lpi.suppressed,
    ).toBe(true);

    // the parameter repeated means the same as the comma list
    const repeated = (
      await get(
        HOST,
        `/api/analytics/survey/${surveyId}/distribution?label_ids=${europe}&label_ids=${growth}`,
      )
    ).json();
    expect(repeated).toMatchObject({ respondents: 6, label_ids: [growth, europe].sort((a, b) => a - b) });
    const lpi = (await get(HOST, `/api/surveys/${surveyId}/lpi?label_ids=${growth}`)).json();
    expect(lpi.respondents).toBe(5);
    expect(lpi.scores.lpi.mean).toBeCloseTo(one.summary.mean, 9);
    const evenness = (await get(HOST, `/api/surveys/${surveyId}/evenness?label_ids=${europe}`)).json();
    expect(evenness.respondents).toBe(3);
    const variant = (
      await get(ADMIN, `/api/analytics/survey/${surveyId}/lpi/prime?label_ids=${growth}`)
    ).json();
    expect(variant.respondents).toBe(5);
    expect(variant.values).toHaveLength(5);
  });

  it("refuses a label of another organization, an unknown one and junk with 400, a non-host's call with 404", async () => {
    for (const path of [
      `/api/analytics/survey/${surveyId}/distribution`,
      `/api/surveys/${surveyId}/lpi`,
      `/api/surveys/${surveyId}/evenness`,
      `/api/analytics/survey/${surveyId}/evenness/prime`,
    ]) {
      const res = await get(HOST, `${path}?label_ids=${growth},${foreign}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(String(foreign));
      expect((await get(HOST, `${path}?label_ids=999999`)).statusCode).toBe(400);
      for (const junk of ['abc', '1,,2', '-1', '0', '1;2', ' ']) {
        expect((await get(HOST, `${path}?label_ids=${encodeURIComponent(junk)}`)).statusCode).toBe(400);
      }
      // rights first: a respondent or another tenant learns nothing about the labels
      for (const email of [ADA, MAX, EVE]) {
        expect((await get(email, `${path}?label_ids=${growth}`)).statusCode).toBe(404);
      }
    }
    expect(
      (await get(HOST, `/api/analytics/survey/${surveyId}/distribution?score=nonsense`)).statusCode,
    ).toBe(400);
    expect((await get(HOST, `/api/analytics/survey/${surveyId}/distribution?other=1`)).statusCode).toBe(400);
    expect((await get(HOST, '/api/analytics/survey/abc/distribution')).statusCode).toBe(400);
    expect((await get(HOST, '/api/analytics/survey/999999/distribution')).statusCode).toBe(404);
    expect((await get(PENDING, `/api/analytics/survey/${surveyId}/distribution`)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/survey/${surveyId}/distribution`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('documents the distribution and the label filter in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const op = doc.paths['/api/analytics/survey/{surveyId}/distribution'].get;
    expect(op.summary).toMatch(/distribution/);
    expect(op.description).toMatch(/label_ids/);
    const query = op.parameters
      .filter((p: { in: string }) => p.in === 'query')
      .map((p: { name: string }) => p.name);
    expect(query.sort()).toEqual(['label_ids', 'score']);
    const lpi = doc.paths['/api/surveys/{id}/lpi'].get;
    expect(lpi.parameters.map((p: { name: string }) => p.name)).toContain('label_ids');
  });

  it("a host of another survey reads neither this survey's figures nor its respondents' manager view", async () => {
    // Cedar becomes a host with a survey of its own, to which Acme is invited.
    await t.app.db
      .update(memberships)
      .set({ user_manage_surveys: true })
      .where(
        and(eq(memberships.user_id, users.get(EVE)!), eq(memberships.organization_id, orgs.get(CEDAR)!)),
      );
    const created = (await t.app.db.execute(sql`
      INSERT INTO surveys (organization_id, survey_type_id, title, start, due)
      VALUES (${orgs.get(CEDAR)!}, 2, 'Cedar survey', '2026-01-01', '2027-01-01') RETURNING id`)) as {
      rows: { id: number }[];
    };
    const cedarSurvey = created.rows[0]!.id;
    await t.app.db.execute(
      sql`INSERT INTO survey_invitations (survey_id, organization_id) VALUES (${cedarSurvey}, ${orgs.get(ACME)!})`,
    );
    expect((await get(EVE, `/api/analytics/survey/${cedarSurvey}/distribution`)).statusCode).toBe(200);
    const respondent = rows[0]!.organization_id;
    for (const url of [
      `/api/analytics/survey/${surveyId}/distribution`,
      `/api/analytics/survey/${surveyId}/organization/${respondent}/lpi`,
      `/api/analytics/survey/${surveyId}/organization/${respondent}/evenness`,
      `/api/analytics/survey/${surveyId}/organization/${respondent}/lpi/prime`,
      // Eve's own survey, another survey's respondent
      `/api/analytics/survey/${cedarSurvey}/organization/${respondent}/lpi`,
    ]) {
      expect((await get(EVE, url)).statusCode, url).toBe(404);
    }
    // Northwind's host cannot read Cedar's survey either
    expect((await get(HOST, `/api/analytics/survey/${cedarSurvey}/distribution`)).statusCode).toBe(404);
    expect(
      (await get(HOST, `/api/analytics/survey/${cedarSurvey}/organization/${orgs.get(ACME)!}/lpi`))
        .statusCode,
    ).toBe(404);
    // an organization or a survey that does not exist
    expect((await get(HOST, `/api/analytics/survey/${surveyId}/organization/999999/lpi`)).statusCode).toBe(
      404,
    );
    expect(
      (await get(HOST, `/api/analytics/survey/999999/organization/${respondent}/evenness`)).statusCode,
    ).toBe(404);
    // malformed ids
    expect((await get(HOST, `/api/analytics/survey/${surveyId}/organization/abc/lpi`)).statusCode).toBe(400);
    expect((await get(HOST, `/api/analytics/survey/0/organization/${respondent}/evenness`)).statusCode).toBe(
      400,
    );
  });
});
