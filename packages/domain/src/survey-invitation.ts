/**
 * A respondent's survey invitation as its lists read it (spec 3 Survey invitation, 4 Survey status
 * values): apart from the survey-taking schemas (surveys.ts), so the dashboard's cards parse their
 * reads without building the LPI tabs' schemas (issue #20: a phone spent ~100 ms on those).
 */
import { z } from 'zod';

export const SURVEY_STATUSES = [
  'Active',
  'Scheduled',
  'Past Due',
  'Not Submitted',
  'Submitted',
  'Archived',
] as const;
export const ZSurveyStatus = z.enum(SURVEY_STATUSES);
export type TSurveyStatus = z.infer<typeof ZSurveyStatus>;

/** Who holds, filled or submitted a step. */
export const ZPerson = z.object({ id: z.number().int(), name: z.string(), lastname: z.string() });

export const ZSurveyInvitation = z.object({
  id: z.number().int(),
  survey_id: z.number().int(),
  organization_id: z.number().int(),
  title: z.string(),
  /** the furthest step (its weight) the respondent moved on from; 0 before any */
  step: z.number().int(),
  /** spec 3 Survey tile: where Continue Response opens, step + 1 (at most the last step) */
  survey_locked_step: z.number().int(),
  completed_steps: z.number().int(),
  total_step: z.number().int(),
  /** spec 3 Survey tile (taking): completed steps over total steps, in percent */
  survey_progress: z.number().int(),
  status: ZSurveyStatus,
  start: z.string(),
  end: z.string(),
  due: z.string(),
  is_legacy: z.boolean(),
  submitted_at: z.string().nullable(),
  host: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  contributors: z.array(ZPerson.extend({ submitted: z.boolean(), last_updated_at: z.string().nullable() })),
});
export type TSurveyInvitation = z.infer<typeof ZSurveyInvitation>;
export const ZSurveyInvitationList = z.object({ data: z.array(ZSurveyInvitation) });

/**
 * The order of every survey list (issue 37): active first, then scheduled, then closed (past due,
 * or answered while still open), then archived (closed by the host, answered or not).
 */
const STATUS_RANK: Record<TSurveyStatus, number> = {
  Active: 0,
  Scheduled: 1,
  'Past Due': 2,
  Submitted: 2,
  'Not Submitted': 3,
  Archived: 3,
};

/** Whether a list still offers the survey to answer (active or scheduled). */
export const isOpenStatus = (status: TSurveyStatus) => STATUS_RANK[status] < 2;

/** Sorts by status order only: a stable sort keeps each list's own order within a status. */
export function byStatusOrder(a: { status: TSurveyStatus }, b: { status: TSurveyStatus }): number {
  return STATUS_RANK[a.status] - STATUS_RANK[b.status];
}
