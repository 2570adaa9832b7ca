import type { TLegacySurvey } from '@parity/domain/survey-request';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * A legacy survey's response (GET /api/legacy-surveys/{id}?organization_id): imported from an
 * earlier cycle, its questions and answers by section.
 */
export function useLegacyResponse(
  surveyId: number,
  organizationId: number | null | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['surveys', 'legacy', surveyId, organizationId ?? null],
    queryFn: () =>
      api.get<TLegacySurvey>(
        `/api/legacy-surveys/${surveyId}`,
        { organization_id: organizationId ?? undefined },
        { silent: true },
      ),
    enabled,
    retry: false,
  });
}
