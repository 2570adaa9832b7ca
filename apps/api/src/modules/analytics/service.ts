import {
  BENCHMARK_KEYS,
  EVENNESS_KEYS,
  EVENNESS_VARIANT_KEY,
  evennessValues,
  headCounts,
  LPI_KEYS,
  LPI_VARIANT_KEY,
  lpiValues,
  ORGANIZATION_VIEW_KEYS,
  type TAnalyticsVariant,
  type TBenchmark,
  type THistoricalEvenness,
  type THistoricalLpi,
  type TOrganizationEvenness,
  type TOrganizationLpi,
  type TOrganizationView,
  type TRespondentDistribution,
  type TScoreSubset,
  type TScoreValue,
  type TSurveyDistribution,
  type TSurveyEvenness,
  type TSurveyLpi,
  type TSurveyScoreKey,
} from '@parity/domain/analytics';
import { PEER_BENCHMARK_MIN } from '@parity/domain/scoring/constants';
import type { TEvenness } from '@parity/domain/scoring/evenness';
import type { TProfileScores } from '@parity/domain/scoring/profile';
import { profileOfSnapshot } from '@parity/domain/scoring/snapshot';
import {
  peerBenchmark,
  percentileRanks,
  quartileOf,
  summarize,
  summarizeEach,
  suppressionReason,
  type TSuppressed,
} from '@parity/domain/scoring/survey';
import { loadCaller, requireAllowed } from '../../core/access/caller';
import { isInsiderOf } from '../../core/access/organization-guard';
import { canHostSurvey, findSurveyHost, isSurveyHostOf } from '../../core/access/survey-host-guard';
import { AppError, badRequest, notFound } from '../../core/http/errors';
import type { DbOrTx } from '../../db/client';
import { resolveScope } from '../lpi/service';
import * as repo from './repo';

// Scores and analytics (spec 7, DESIGN 5 and 9). Rights, in one place:
// - an organization's approved members read its scores; platform admins read any;
// - anyone signed in and approved reads a public organization's latest profile scores (as its
//   public page), never a private one's;
// - a survey's host (the host organization's survey hosts) and platform admins read the survey's
//   aggregates and each submitted respondent's scores, never a respondent's demographics;
// - a respondent's members read the peer benchmark of their own organization.
// Anyone else gets 404 (pending accounts 403). Aggregates over fewer than MIN_AGGREGATE
// organizations are suppressed with the reason.

type Ref = Pick<
  TOrganizationLpi,
  'organization_id' | 'survey_id' | 'submission_id' | 'submitted_at' | 'scoring_version'
>;

function refOf(organizationId: number, surveyId: number | null, row: repo.StoredSubmission | undefined): Ref {
  return {
    organization_id: organizationId,
    survey_id: row ? row.survey_id : surveyId,
    submission_id: row?.id ?? null,
    submitted_at: row ? row.submitted_at.toISOString() : null,
    scoring_version: row?.scoring_version ?? null,
  };
}

async function lpiOf(
  db: DbOrTx,
  organizationId: number,
  surveyId: number | null,
  row: repo.StoredSubmission | undefined,
  withCounts: boolean,
): Promise<TOrganizationLpi> {
  const ref = refOf(organizationId, surveyId, row);
  const [survey_title, snapshot] = await Promise.all([
    ref.survey_id === null ? null : repo.surveyTitle(db, ref.survey_id),
    row && withCounts ? repo.submissionSnapshot(db, row.id) : undefined,
  ]);
  const { staff, leadership, ownership } = row?.scores.transparency ?? {};
  return {
    ...ref,
    survey_title,
    scores: row ? lpiValues(row.scores) : null,
    badges: row ? row.scores.badges : null,
    transparency_components: staff && leadership && ownership ? { staff, leadership, ownership } : null,
    counts: snapshot === undefined ? null : headCounts(profileOfSnapshot(snapshot)),
  };
}

function evennessOf(
  organizationId: number,
  surveyId: number | null,
  row?: repo.StoredSubmission,
): TOrganizationEvenness {
  return { ...refOf(organizationId, surveyId, row), evenness: row ? row.scores.evenness : null };
}

/** One variant's value of stored scores: an lpi index, or an evenness with its confidence. */
function variantOf(
  kind: 'lpi' | 'evenness',
  variant: TAnalyticsVariant,
  organizationId: number,
  surveyId: number | null,
  row?: repo.StoredSubmission,
): TScoreValue {
  const ref = refOf(organizationId, surveyId, row);
  if (kind === 'lpi') {
    const key = LPI_VARIANT_KEY[variant];
    return { ...ref, variant, key, value: row ? lpiValues(row.scores)[key] : null };
  }
  const key = EVENNESS_VARIANT_KEY[variant];
  const evenness = row ? evennessEntry(row.scores, key) : null;
  return {
    ...ref,
    variant,
    key,
    value: evenness?.value ?? null,
    low_confidence: evenness?.lowConfidence ?? false,
  };
}

function evennessEntry(scores: TProfileScores, key: (typeof EVENNESS_KEYS)[number]): TEvenness {
  const [group, kind] = key.split('_') as ['prime' | 'ownership', 'gender' | 'racial' | 'combined'];
  return scores.evenness[group][kind];
}

// --- rights ------------------------------------------------------------------------------------

/** The caller's own organization (or, for admins, the one named): organization scope. */
async function ownOrganization(db: DbOrTx, callerId: number, organizationId?: number) {
  const scope = await resolveScope(db, callerId, { organizationId, surveyId: null, report: true });
  return scope.organizationId;
}

/** A survey the caller hosts (or any, for platform admins); else 404. */
async function hostedSurvey(db: DbOrTx, callerId: number, surveyId: number) {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const survey = await findSurveyHost(db, surveyId);
  // Its hosts and platform admins only (not the survey's administrators).
  if (!survey || !(isSurveyHostOf(caller, survey.hostId) || caller.flags.isAdministrator)) {
    throw notFound('Survey');
  }
  return survey;
}

/**
 * label_ids of a survey-level filter: each must be a label of the survey's host organization (the
 * labels it puts on the organizations it surveys); otherwise 400 naming the others.
 */
async function hostLabels(db: DbOrTx, hostId: number, labelIds: readonly number[] = []) {
  if (labelIds.length === 0) return [];
  const owned = new Set(await repo.ownedLabelIds(db, hostId, labelIds));
  const unknown = labelIds.filter((id) => !owned.has(id));
  if (unknown.length > 0) {
    throw badRequest(`Unknown label for this survey's host: ${unknown.join(', ')}.`, {
      label_ids: unknown,
    });
  }
  return [...labelIds].sort((a, b) => a - b);
}

// --- organizations -----------------------------------------------------------------------------

/**
 * GET /api/organizations/{organizationId}/lpi|evenness: the organization's latest submitted scores. Members
 * and admins: its latest profile submission, else its latest survey response; others, when the organization is public and
 * publishes its scores (publish_scores): its latest profile submission (never a survey response's);
 * otherwise 404.
 */
async function organizationSubmission(db: DbOrTx, callerId: number, organizationId: number) {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const org = await repo.findOrganization(db, organizationId);
  if (!org) throw notFound('Organization');
  const insider = isInsiderOf(caller, org.id);
  if (!insider && (!org.is_public || !org.publish_scores || org.deleted_at)) {
    throw notFound('Organization');
  }
  return repo.latestSubmission(db, organizationId, insider ? 'own' : null);
}

export async function organizationLpi(db: DbOrTx, callerId: number, organizationId: number) {
  const row = await organizationSubmission(db, callerId, organizationId);
  return lpiOf(db, organizationId, null, row, true);
}

export async function organizationEvenness(db: DbOrTx, callerId: number, organizationId: number) {
  return evennessOf(organizationId, null, await organizationSubmission(db, callerId, organizationId));
}

/** GET /api/analytics/lpi|evenness/{variant}: the organization's own latest (organization_id: admins). */
export async function ownVariant(
  db: DbOrTx,
  callerId: number,
  kind: 'lpi' | 'evenness',
  variant: TAnalyticsVariant,
  organizationId?: number,
): Promise<TScoreValue> {
  const id = await ownOrganization(db, callerId, organizationId);
  return variantOf(kind, variant, id, null, await repo.latestSubmission(db, id, 'own'));
}

/** GET /api/organizations/me/{ownership|gender|racial}/lpi|evenness. */
export async function ownView(
  db: DbOrTx,
  callerId: number,
  kind: 'lpi' | 'evenness',
  view: TOrganizationView,
): Promise<TScoreSubset> {
  const id = await ownOrganization(db, callerId);
  const row = await repo.latestSubmission(db, id, 'own');
  const all: Record<string, number | null> | null = row
    ? kind === 'lpi'
      ? lpiValues(row.scores)
      : evennessValues(row.scores)
    : null;
  const keys: readonly string[] = ORGANIZATION_VIEW_KEYS[kind][view];
  return {
    ...refOf(id, null, row),
    view,
    values: Object.fromEntries(keys.map((key) => [key, all ? (all[key] ?? null) : null])),
  };
}

/** GET /api/organizations/me/historical-lpi: one point per profile submission, oldest first. */
export async function historicalLpi(db: DbOrTx, callerId: number): Promise<THistoricalLpi> {
  const id = await ownOrganization(db, callerId);
  const rows = await repo.organizationSubmissions(db, id);
  return {
    organization_id: id,
    data: rows.map((row) => ({
      submission_id: row.id,
      submitted_at: row.submitted_at.toISOString(),
      scoring_version: row.scoring_version,
      scores: lpiValues(row.scores),
    })),
  };
}

export async function historicalEvenness(db: DbOrTx, callerId: number): Promise<THistoricalEvenness> {
  const id = await ownOrganization(db, callerId);
  const rows = await repo.organizationSubmissions(db, id);
  return {
    organization_id: id,
    data: rows.map((row) => ({
      submission_id: row.id,
      submitted_at: row.submitted_at.toISOString(),
      scoring_version: row.scoring_version,
      evenness: evennessValues(row.scores),
    })),
  };
}

// --- surveys -----------------------------------------------------------------------------------

/** The host's read of some figures of every submitted respondent: count, reason and summaries. */
async function surveySummaries<K extends repo.FigureKey>(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  keys: readonly K[],
  labelIds: readonly number[] | undefined,
) {
  const survey = await hostedSurvey(db, callerId, surveyId);
  const labels = await hostLabels(db, survey.hostId, labelIds);
  const rows = await repo.surveyFigures(db, surveyId, keys, labels);
  return {
    respondents: rows.length,
    reason: suppressionReason(rows.length),
    summaries: summarizeEach(
      rows.map((r) => r.values),
      keys,
    ),
  };
}

/** GET /api/surveys/{id}/lpi: each LPI figure's mean and quartiles over the submitted respondents. */
export async function surveyLpi(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  labelIds?: readonly number[],
): Promise<TSurveyLpi> {
  const { respondents, reason, summaries } = await surveySummaries(
    db,
    callerId,
    surveyId,
    LPI_KEYS,
    labelIds,
  );
  return { survey_id: surveyId, respondents, reason, scores: summaries };
}

/** GET /api/surveys/{id}/evenness: the same for each evenness figure. */
export async function surveyEvenness(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  labelIds?: readonly number[],
): Promise<TSurveyEvenness> {
  const { respondents, reason, summaries } = await surveySummaries(
    db,
    callerId,
    surveyId,
    EVENNESS_KEYS,
    labelIds,
  );
  return { survey_id: surveyId, respondents, reason, evenness: summaries };
}

/** GET /api/analytics/survey/{surveyId}/lpi|evenness/{variant}: one figure's distribution. */
export async function surveyDistribution(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  kind: 'lpi' | 'evenness',
  variant: TAnalyticsVariant,
  labelIds?: readonly number[],
): Promise<TSurveyDistribution> {
  const survey = await hostedSurvey(db, callerId, surveyId);
  const labels = await hostLabels(db, survey.hostId, labelIds);
  const key = kind === 'lpi' ? LPI_VARIANT_KEY[variant] : EVENNESS_VARIANT_KEY[variant];
  const rows = await repo.surveyFigures(db, surveyId, [key], labels);
  const summary = summarize(rows.map((r) => r.values[key]));
  return {
    survey_id: surveyId,
    respondents: rows.length,
    reason: suppressionReason(rows.length),
    variant,
    key,
    summary,
    values: summary.suppressed
      ? []
      : rows.map((r) => ({
          organization_id: r.organization_id,
          organization_name: r.organization_name,
          value: r.values[key],
        })),
  };
}

/** Highest value first, no value last; equal values keep their order (by organization name). */
function byValueDescending(a: { value: number | null }, b: { value: number | null }): number {
  if (a.value === null || b.value === null) return a.value === b.value ? 0 : a.value === null ? 1 : -1;
  return b.value - a.value;
}

/**
 * GET /api/analytics/survey/{surveyId}/distribution: one figure over the submitted respondents
 * (filtered by the host's labels): the summary and, unless suppressed, each respondent's value,
 * percentile among the others and quartile, highest first (no value last).
 */
export async function respondentDistribution(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  key: TSurveyScoreKey,
  labelIds?: readonly number[],
): Promise<TRespondentDistribution> {
  const survey = await hostedSurvey(db, callerId, surveyId);
  const labels = await hostLabels(db, survey.hostId, labelIds);
  const rows = await repo.surveyFigures(db, surveyId, [key], labels);
  const values = rows.map((r) => r.values[key]);
  const summary = summarize(values);
  const ranks = percentileRanks(values);
  const listed = summary.suppressed
    ? []
    : rows
        .map((r, i) => ({
          organization_id: r.organization_id,
          organization_name: r.organization_name,
          value: r.values[key] ?? null,
          percentile: ranks[i] ?? null,
          quartile: quartileOf(r.values[key], summary.quartiles),
        }))
        .sort(byValueDescending);
  return {
    survey_id: surveyId,
    respondents: rows.length,
    reason: suppressionReason(rows.length),
    key,
    label_ids: labels,
    summary,
    values: listed,
  };
}

/**
 * The manager view: one invited respondent's submitted scores in a survey (host, admin, its members).
 * The reading scope refuses the host before the respondent submits (#20); the host then learns
 * only what its participants list says, that this invited organization has not submitted: no row.
 */
async function respondentSubmission(db: DbOrTx, callerId: number, surveyId: number, organizationId: number) {
  try {
    await resolveScope(db, callerId, { organizationId, surveyId, report: true });
  } catch (error) {
    const notYet =
      error instanceof AppError &&
      error.statusCode === 404 &&
      (await canHostSurvey(db, callerId, surveyId)) &&
      (await repo.isInvited(db, surveyId, organizationId));
    if (!notYet) throw error;
    const organization = await repo.findOrganization(db, organizationId);
    return { row: undefined, organization_name: organization?.name };
  }
  const [row, organization] = await Promise.all([
    repo.latestSubmission(db, organizationId, surveyId),
    repo.findOrganization(db, organizationId),
  ]);
  return { row, organization_name: organization?.name };
}

export async function managerLpi(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  organizationId: number,
): Promise<TOrganizationLpi> {
  const { row, organization_name } = await respondentSubmission(db, callerId, surveyId, organizationId);
  return { ...(await lpiOf(db, organizationId, surveyId, row, false)), organization_name };
}

export async function managerEvenness(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  organizationId: number,
): Promise<TOrganizationEvenness> {
  const { row, organization_name } = await respondentSubmission(db, callerId, surveyId, organizationId);
  return { ...evennessOf(organizationId, surveyId, row), organization_name };
}

export async function managerVariant(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  organizationId: number,
  kind: 'lpi' | 'evenness',
  variant: TAnalyticsVariant,
): Promise<TScoreValue> {
  const { row, organization_name } = await respondentSubmission(db, callerId, surveyId, organizationId);
  return { ...variantOf(kind, variant, organizationId, surveyId, row), organization_name };
}

export const NOT_SUBMITTED_REASON = 'Your organization has not submitted this survey yet.';

/**
 * GET /api/analytics/survey/{surveyId}/benchmark: where the caller's organization falls among the
 * survey's submitted respondents (percentile per figure), only once PEER_BENCHMARK_MIN submitted.
 */
export async function benchmark(db: DbOrTx, callerId: number, surveyId: number): Promise<TBenchmark> {
  const scope = await resolveScope(db, callerId, { surveyId, report: true });
  if (scope.role !== 'member') throw notFound('Survey');
  const rows = await repo.surveyFigures(db, surveyId, BENCHMARK_KEYS);
  const mine = rows.find((r) => r.organization_id === scope.organizationId);
  const others = rows.filter((r) => r.organization_id !== scope.organizationId);
  const scores = {} as TBenchmark['scores'];
  let reason: string | null = null;
  if (!mine) {
    reason = NOT_SUBMITTED_REASON;
    const suppressed: TSuppressed = { suppressed: true, n: rows.length, reason };
    for (const key of BENCHMARK_KEYS) scores[key] = suppressed;
  } else {
    for (const key of BENCHMARK_KEYS) {
      scores[key] = peerBenchmark(
        mine.values[key],
        others.map((r) => r.values[key]),
      );
    }
    if (rows.length < PEER_BENCHMARK_MIN) {
      reason = `Shown once at least ${PEER_BENCHMARK_MIN} organizations have submitted (${rows.length} so far).`;
    }
  }
  return {
    survey_id: surveyId,
    organization_id: scope.organizationId,
    respondents: rows.length,
    reason,
    scores,
  };
}
