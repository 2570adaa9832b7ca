import type {
  TOrganizationEvenness,
  TOrganizationLpi,
  TRespondentDistribution,
  TSurveyEvenness,
  TSurveyLpi,
  TSurveyScoreKey,
} from '@parity/domain/analytics';
import type { TOrganizationLabel } from '@parity/domain/surveys';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The hosted survey's analytics (spec 7 "Analytics"): one figure's distribution over the submitted
 * respondents, every figure's summary, the host's organization labels that filter them, and the
 * manager view of one respondent. Failures are reported in the panel (spec 8: analytics failures
 * raise no alert), hence `silent`.
 */

const key = (...parts: unknown[]) => ['analytics', 'survey', ...parts];
const silent = { silent: true, retries: 1 } as const;

/** label_ids as the API reads it: a comma list, in a stable order; omitted when empty. */
export function labelParam(labelIds: readonly number[]): { label_ids?: string } {
  return labelIds.length === 0 ? {} : { label_ids: [...labelIds].sort((a, b) => a - b).join(',') };
}

/** GET /api/analytics/survey/{surveyId}/distribution?score=&label_ids= */
export function useSurveyDistribution(surveyId: number, score: TSurveyScoreKey, labelIds: readonly number[]) {
  const params = { score, ...labelParam(labelIds) };
  return useQuery({
    queryKey: key(surveyId, 'distribution', params),
    queryFn: () =>
      api.get<TRespondentDistribution>(`/api/analytics/survey/${surveyId}/distribution`, params, silent),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/surveys/{id}/lpi or /evenness: every figure's n, mean and quartiles. */
export function useSurveySummary(surveyId: number, kind: 'lpi' | 'evenness', labelIds: readonly number[]) {
  const params = labelParam(labelIds);
  return useQuery({
    queryKey: key(surveyId, 'summary', kind, params),
    queryFn: () => api.get<TSurveyLpi | TSurveyEvenness>(`/api/surveys/${surveyId}/${kind}`, params, silent),
    // while a new label filter loads, the previous figures of the same kind stay (never the other kind's)
    placeholderData: (previous) =>
      previous && 'scores' in previous === (kind === 'lpi') ? previous : undefined,
  });
}

/**
 * GET /api/organization-labels?survey_id=: the survey host's labels (the host's own, or, for a
 * platform admin, the host's). When it fails the filter offers no label, and says so, rather than
 * blocking the page.
 */
export function useOrganizationLabels(surveyId: number) {
  return useQuery({
    queryKey: ['organization-labels', { survey_id: surveyId }],
    queryFn: () =>
      api.get<{ data: TOrganizationLabel[] }>('/api/organization-labels', { survey_id: surveyId }, silent),
    staleTime: 60_000,
  });
}

/** The manager view: one respondent's submitted LPI figures in the survey. */
export function useManagerLpi(surveyId: number, organizationId: number | null) {
  return useQuery({
    queryKey: key(surveyId, 'manager', organizationId, 'lpi'),
    queryFn: () =>
      api.get<TOrganizationLpi>(
        `/api/analytics/survey/${surveyId}/organization/${organizationId}/lpi`,
        undefined,
        silent,
      ),
    enabled: organizationId !== null,
  });
}

export function useManagerEvenness(surveyId: number, organizationId: number | null) {
  return useQuery({
    queryKey: key(surveyId, 'manager', organizationId, 'evenness'),
    queryFn: () =>
      api.get<TOrganizationEvenness>(
        `/api/analytics/survey/${surveyId}/organization/${organizationId}/evenness`,
        undefined,
        silent,
      ),
    enabled: organizationId !== null,
  });
}
