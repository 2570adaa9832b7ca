import { headCounts, lpiValues, type TOrganizationLpi } from '@parity/domain/analytics';
import { scoreProfile, type TScoringProfile } from '@parity/domain/scoring/profile';
import { individualsOf, staffRowsOf } from '@parity/domain/scoring/snapshot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../seed/demo';
import { DEI_SURVEY_2025 } from '../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';

// Issue #19 point 3, "Figures that agree": every figure the dashboard's LPI card and the analytics
// page show for a demo organization, recomputed here with the domain's formulas from the rows its
// LPI tabs list, equals what the API answers those pages; and the dates agree.

let t: TestApp;
let acme: number;
let survey2025: number;
let ada: string;

beforeAll(async () => {
  t = await createDemoTestApp();
  const seeded = demoOf(t);
  acme = seeded.organizations.get(ACME)!;
  survey2025 = seeded.surveys.get(DEI_SURVEY_2025)!;
  ada = await sessionToken(t, seeded.users.get('ada@acme.test')!);
});
afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ada}` } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

interface Tab {
  data: Record<string, unknown>;
}

/** The profile as the LPI tabs list it (the organization's own, or its copy in a survey). */
async function listedProfile(surveyId: number | null): Promise<TScoringProfile> {
  const query = surveyId === null ? '' : `?survey_id=${surveyId}`;
  const [staff, ownership, overview] = await Promise.all([
    get<Tab>(`/api/organization/me/staff${query}`),
    get<Tab>(`/api/organization/me/ownership${query}`),
    get<Tab>(`/api/organization/me/meta-v2${query}`),
  ]);
  const meta = overview.data as Record<string, number | null>;
  return {
    staff: staffRowsOf(staff.data),
    individuals: individualsOf(ownership.data),
    totals: {
      total_full_time_employees: meta.total_full_time_employees ?? null,
      total_leaders: meta.total_leaders ?? null,
      total_owners: meta.total_owners ?? null,
    },
  };
}

/** Every figure of the LPI card and the analytics summary, as the domain computes it from a profile. */
function expectedFigures(profile: TScoringProfile) {
  const scores = scoreProfile(profile);
  const { staff, leadership, ownership } = scores.transparency;
  return {
    scores: lpiValues(scores),
    badges: scores.badges,
    transparency_components: { staff, leadership, ownership },
    counts: headCounts(profile),
  };
}

const pick = (lpi: TOrganizationLpi) => ({
  scores: lpi.scores,
  badges: lpi.badges,
  transparency_components: lpi.transparency_components,
  counts: lpi.counts,
});

interface History {
  data: { submission_id: number; submitted_at: string; scores: Record<string, number | null> }[];
}

describe("a demo organization's figures (Acme, as seeded)", () => {
  it('come from its latest profile submission, whose date is the last point of its history', async () => {
    const lpi = await get<TOrganizationLpi>(`/api/organizations/${acme}/lpi`);
    const history = await get<History>('/api/organizations/me/historical-lpi');
    const last = history.data.at(-1)!;
    expect(lpi.submission_id).toBe(last.submission_id);
    expect(lpi.submitted_at).toBe(last.submitted_at);
    expect(lpi.survey_id).toBeNull();
    expect(lpi.survey_title).toBeNull();
    expect(lpi.scores).toEqual(last.scores);
  });

  it('equal the figures recomputed from the rows of the response that profile submission copied', async () => {
    // The seed submits Acme's 2025 answer as its own profile (seed/lpi.ts submitAsOwnProfile); its
    // rows are those the 2025 response's tabs list.
    const lpi = await get<TOrganizationLpi>(`/api/organizations/${acme}/lpi`);
    const expected = expectedFigures(await listedProfile(survey2025));
    expect(pick(lpi)).toEqual(expected);
    // The overall transparency is the components' weighted mean (0.40 ownership, 0.35 leadership, 0.25 staff).
    const c = expected.transparency_components;
    const weighted =
      (0.4 * (c.ownership.percent ?? 0) +
        0.35 * (c.leadership.percent ?? 0) +
        0.25 * (c.staff.percent ?? 0)) /
      (0.4 * Number(c.ownership.percent !== null) +
        0.35 * Number(c.leadership.percent !== null) +
        0.25 * Number(c.staff.percent !== null));
    expect(lpi.scores?.transparency).toBeCloseTo(weighted, 2);
  });
});

describe('after the organization submits the profile its tabs list', () => {
  it('every figure of the card and the analytics page equals the one recomputed from those rows, dated alike', async () => {
    const profile = await listedProfile(null);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${acme}/lpi`,
      headers: { authorization: `Bearer ${ada}` },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const lpi = await get<TOrganizationLpi>(`/api/organizations/${acme}/lpi`);
    const expected = expectedFigures(profile);
    expect(pick(lpi)).toEqual(expected);
    // The transparency panel (the current profile) and the summary now show the same components.
    const live = await get<{ data: Record<string, unknown>[] }>('/api/organization/transparency');
    expect({
      staff: live.data[0]!.staff,
      leadership: live.data[0]!.leadership,
      ownership: live.data[0]!.ownership,
    }).toEqual(expected.transparency_components);
    expect(live.data[0]!.transparency).toBe(lpi.scores?.transparency);

    const history = await get<History>('/api/organizations/me/historical-lpi');
    expect(history.data.at(-1)).toMatchObject({
      submission_id: lpi.submission_id,
      submitted_at: lpi.submitted_at,
    });
    for (const kind of ['prime', 'ownership'] as const) {
      const variant = await get<{ value: number | null; submitted_at: string }>(`/api/analytics/lpi/${kind}`);
      expect(variant.value).toBe(
        kind === 'prime' ? expected.scores.lpi_prime : expected.scores.lpi_ownership,
      );
      expect(variant.submitted_at).toBe(lpi.submitted_at);
    }
  });
});
