import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A legacy survey's response (GET /api/legacy-surveys/{id}?organization_id), imported from an earlier cycle. */
export interface LegacyResponse {
  survey: { id: number; title: string; [key: string]: unknown };
  organization: { id: number; name: string; [key: string]: unknown };
  sections: { section: string; questions: { question: string; answer: unknown }[] }[];
}

export function useLegacyResponse(
  surveyId: number,
  organizationId: number | null | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['surveys', 'legacy', surveyId, organizationId ?? null],
    queryFn: () =>
      api.get<LegacyResponse>(
        `/api/legacy-surveys/${surveyId}`,
        { organization_id: organizationId ?? undefined },
        { silent: true },
      ),
    enabled,
    retry: false,
  });
}
