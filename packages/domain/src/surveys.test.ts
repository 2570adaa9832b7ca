import { describe, expect, it } from 'vitest';
import {
  hostedSurveyStatus,
  invitationStatus,
  isStepComplete,
  lockedStep,
  progressPercent,
  SUBMIT_STEP_ID,
  SURVEY_STEPS,
  stepTabKeys,
  surveyStepsOf,
  ZInvitationsQuery,
} from './surveys';

describe('survey steps', () => {
  it('lists the eleven steps in weight order, submit last', () => {
    expect(SURVEY_STEPS.map((s) => s.title)).toEqual([
      'Overview',
      'Total Full-Time Employees',
      'Ownership and Senior Leadership',
      'Historical Insights (Past 3 Years)',
      'Investment Staff',
      'Investment Committee',
      'Board Members',
      'Policies',
      'Practices',
      'Miscellaneous',
      'Submit',
    ]);
    expect(SURVEY_STEPS.map((s) => s.weight)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(surveyStepsOf(3)).toBe(SURVEY_STEPS);
    expect(surveyStepsOf(1)).toEqual([]);
  });

  it('maps a step to its save units and needs them all for completion', () => {
    expect(stepTabKeys(2)).toEqual(['staff', 'us_staff']);
    expect(stepTabKeys(SUBMIT_STEP_ID)).toEqual([]);
    expect(isStepComplete(2, new Set(['staff']), false)).toBe(false);
    expect(isStepComplete(2, new Set(['staff', 'us_staff']), false)).toBe(true);
    expect(isStepComplete(SUBMIT_STEP_ID, new Set(), true)).toBe(true);
    expect(isStepComplete(99, new Set(), false)).toBe(false);
  });

  it('computes progress as a whole percent', () => {
    expect(progressPercent(3, 11)).toBe(27);
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe('the locked step (spec 3: step + 1)', () => {
  it('is the step after the furthest one moved on from, at most the last step', () => {
    expect(lockedStep(0, 11)).toBe(1);
    expect(lockedStep(3, 11)).toBe(4);
    expect(lockedStep(10, 11)).toBe(11);
    expect(lockedStep(11, 11)).toBe(11);
    // A survey without steps (score type) still opens at 1.
    expect(lockedStep(0, 0)).toBe(1);
  });
});

describe('survey status', () => {
  const survey = { start: '2026-11-01', due: '2026-12-31', archived_at: null, today: '2026-11-22' };
  it('derives a hosted survey’s Active, Scheduled, Past Due and Archived', () => {
    expect(hostedSurveyStatus(survey)).toBe('Active');
    expect(hostedSurveyStatus({ ...survey, start: '2026-11-22' })).toBe('Active');
    expect(hostedSurveyStatus({ ...survey, start: '2026-11-23' })).toBe('Scheduled');
    expect(hostedSurveyStatus({ ...survey, due: '2026-11-21' })).toBe('Past Due');
    expect(hostedSurveyStatus({ ...survey, start: '2026-11-23', archived_at: '2026-11-20T00:00:00Z' })).toBe(
      'Archived',
    );
  });
});

describe('invitation status', () => {
  const base = {
    start: '2026-11-01',
    due: '2026-12-31',
    archived_at: null,
    submitted_at: null,
    today: '2026-11-22',
  };
  it('derives Active, Scheduled, Past Due, Submitted, Archived and Not Submitted', () => {
    expect(invitationStatus(base)).toBe('Active');
    expect(invitationStatus({ ...base, start: '2026-12-01' })).toBe('Scheduled');
    expect(invitationStatus({ ...base, start: '2026-12-01', submitted_at: '2026-11-20' })).toBe('Submitted');
    expect(invitationStatus({ ...base, due: '2026-11-15' })).toBe('Past Due');
    expect(invitationStatus({ ...base, due: '2026-11-22' })).toBe('Active');
    expect(invitationStatus({ ...base, submitted_at: '2026-11-01' })).toBe('Submitted');
    expect(invitationStatus({ ...base, archived_at: '2026-01-01' })).toBe('Not Submitted');
    expect(invitationStatus({ ...base, archived_at: '2026-01-01', submitted_at: '2025-12-01' })).toBe(
      'Archived',
    );
  });

  it('accepts a status or a year as filter', () => {
    expect(ZInvitationsQuery.safeParse({ filter: 'past due' }).success).toBe(true);
    expect(ZInvitationsQuery.safeParse({ filter: 'Scheduled' }).success).toBe(true);
    expect(ZInvitationsQuery.safeParse({ filter: '2026' }).success).toBe(true);
    expect(ZInvitationsQuery.safeParse({ filter: 'soon' }).success).toBe(false);
  });
});
