import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_VARIANTS,
  EVENNESS_KEYS,
  EVENNESS_VARIANT_KEY,
  evennessValues,
  headCounts,
  LPI_KEYS,
  LPI_VARIANT_KEY,
  lpiValues,
  ORGANIZATION_VIEW_KEYS,
  ZOrganizationEvenness,
  ZOrganizationLpi,
  ZSurveyLpi,
} from './analytics';
import { submissionSource } from './analytics-display';
import { scoreProfile } from './scoring/profile';
import { summarizeEach } from './scoring/survey';

const scores = scoreProfile({
  staff: [
    {
      ethnicity_id: 7,
      genders: [
        { id: 1, value: 4 },
        { id: 2, value: 6 },
      ],
    },
    { ethnicity_id: 2, genders: [{ id: 1, value: 5 }] },
  ],
  individuals: [
    { gender_id: 1, ethnicity_id: 2, is_senior_management: true, is_owner: true, ownership: 70 },
    { gender_id: 2, ethnicity_id: 7, is_senior_management: true, is_owner: true, ownership: 30 },
  ],
});

describe('analytics figures', () => {
  it('counts the people a profile scores: the staff grid, the leaders and the owners flagged', () => {
    expect(
      headCounts({
        staff: [
          { ethnicity_id: 7, genders: [{ id: 1, value: 4 }] },
          { ethnicity_id: 2, genders: [{ id: 2, value: 5 }] },
        ],
        individuals: [
          { gender_id: 1, ethnicity_id: 2, is_senior_management: true, is_owner: false, ownership: null },
          { gender_id: 2, ethnicity_id: 7, is_senior_management: true, is_owner: true, ownership: 100 },
        ],
      }),
    ).toEqual({ staff: 9, leaders: 2, owners: 1 });
  });

  it('names the submission figures come from: the profile, a survey response, or none', () => {
    const day = (iso: string) => `day of ${iso}`;
    expect(submissionSource({ submitted_at: '2025-10-19T15:30:00.000Z', survey_title: null }, day)).toBe(
      'profile submitted day of 2025-10-19T15:30:00.000Z',
    );
    expect(
      submissionSource({ submitted_at: '2025-10-20T15:30:00.000Z', survey_title: '2025 DEI Survey' }, day),
    ).toBe('response to 2025 DEI Survey, submitted day of 2025-10-20T15:30:00.000Z');
    expect(submissionSource({ submitted_at: null }, day)).toBe('no submission yet');
  });

  it('flattens stored scores into the LPI and evenness figures', () => {
    const lpi = lpiValues(scores);
    expect(Object.keys(lpi).sort()).toEqual([...LPI_KEYS].sort());
    expect(lpi.lpi).toBe(scores.lpi);
    expect(lpi.transparency).toBe(scores.transparency.transparency);
    const evenness = evennessValues(scores);
    expect(Object.keys(evenness).sort()).toEqual([...EVENNESS_KEYS].sort());
    expect(evenness.prime_combined).toBe(scores.evenness.prime.combined.value);
    expect(evenness.ownership_racial).toBe(scores.evenness.ownership.racial.value);
  });

  it('maps every path variant and organization view to a known figure', () => {
    for (const variant of ANALYTICS_VARIANTS) {
      expect(LPI_KEYS).toContain(LPI_VARIANT_KEY[variant]);
      expect(EVENNESS_KEYS).toContain(EVENNESS_VARIANT_KEY[variant]);
    }
    for (const keys of Object.values(ORGANIZATION_VIEW_KEYS.lpi))
      for (const k of keys) expect(LPI_KEYS).toContain(k);
    for (const keys of Object.values(ORGANIZATION_VIEW_KEYS.evenness))
      for (const k of keys) expect(EVENNESS_KEYS).toContain(k);
  });

  it('the response schemas accept what the library computes', () => {
    const ref = {
      organization_id: 1,
      survey_id: null,
      submission_id: 2,
      submitted_at: '2026-11-22T00:00:00.000Z',
      scoring_version: scores.scoring_version,
    };
    const { staff, leadership, ownership } = scores.transparency;
    expect(
      ZOrganizationLpi.parse({
        ...ref,
        scores: lpiValues(scores),
        badges: scores.badges,
        survey_title: null,
        transparency_components: { staff, leadership, ownership },
        counts: { staff: 20, leaders: 4, owners: 3 },
      }).scores,
    ).toEqual(lpiValues(scores));
    expect(ZOrganizationEvenness.safeParse({ ...ref, evenness: scores.evenness }).success).toBe(true);
    const rows = [lpiValues(scores), lpiValues(scores), lpiValues(scores)];
    expect(
      ZSurveyLpi.safeParse({
        survey_id: 1,
        respondents: 3,
        reason: null,
        scores: summarizeEach(rows, LPI_KEYS),
      }).success,
    ).toBe(true);
    // every figure is required
    expect(ZSurveyLpi.safeParse({ survey_id: 1, respondents: 0, reason: null, scores: {} }).success).toBe(
      false,
    );
  });
});
