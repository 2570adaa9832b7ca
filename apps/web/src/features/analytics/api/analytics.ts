import type {
  TBenchmark,
  THistoricalEvenness,
  THistoricalLpi,
  TOrganizationLpi,
} from '@parity/domain/analytics';
import type { TTransparencyResponse } from '@parity/domain/lpi/transparency';
import type { TSurveyInvitation } from '@parity/domain/survey-invitation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The organization's scores (spec 7 "Analytics"): its latest submitted LPI figures, its history
 * (one point per profile submission) and the current profile's transparency per component.
 */

export const analyticsKey = (...parts: (string | number | null | undefined)[]) => ['analytics', ...parts];

/** GET /api/organizations/{id}/lpi: the latest submission's LPI figures and badges. */
export function useOrganizationLpi(organizationId: number | null | undefined) {
  return useQuery({
    queryKey: analyticsKey('organization-lpi', organizationId),
    queryFn: () => api.get<TOrganizationLpi>(`/api/organizations/${organizationId}/lpi`),
    enabled: typeof organizationId === 'number',
  });
}

/** GET /api/organizations/me/historical-lpi, oldest first. */
export function useHistoricalLpi() {
  return useQuery({
    queryKey: analyticsKey('historical-lpi'),
    queryFn: () => api.get<THistoricalLpi>('/api/organizations/me/historical-lpi'),
  });
}

/** GET /api/organizations/me/historical-evenness, oldest first. */
export function useHistoricalEvenness(enabled: boolean) {
  return useQuery({
    queryKey: analyticsKey('historical-evenness'),
    queryFn: () => api.get<THistoricalEvenness>('/api/organizations/me/historical-evenness'),
    enabled,
  });
}

/** GET /api/organization/transparency: the caller's organization's profile, per component. */
export function useTransparency() {
  return useQuery({
    queryKey: analyticsKey('transparency'),
    queryFn: () => api.get<TTransparencyResponse>('/api/organization/transparency'),
  });
}

/** GET /api/surveys/invitations: the surveys the organization submitted (archived ones included). */
export function useSubmittedSurveys() {
  return useQuery({
    queryKey: analyticsKey('submitted-surveys'),
    queryFn: async () => {
      const body = await api.get<{ data: TSurveyInvitation[] }>('/api/surveys/invitations', undefined, {
        silent: true,
      });
      return body.data
        .filter((invitation) => invitation.submitted_at !== null)
        .sort((a, b) => (b.submitted_at ?? '').localeCompare(a.submitted_at ?? ''));
    },
  });
}

/** GET /api/analytics/survey/{id}/benchmark: the organization's percentile among the respondents. */
export function useBenchmark(surveyId: number | null) {
  return useQuery({
    queryKey: analyticsKey('benchmark', surveyId),
    queryFn: () =>
      api.get<TBenchmark>(`/api/analytics/survey/${surveyId}/benchmark`, undefined, { silent: true }),
    enabled: surveyId !== null,
  });
}
