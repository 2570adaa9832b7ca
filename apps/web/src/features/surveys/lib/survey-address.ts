import { useParams, useSearchParams } from 'react-router';

/** A positive whole number from a URL part, else null. */
export function idParam(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The survey of a /surveys/{list}/{surveyId}?organizationId page (taking, archive, export). */
export function useSurveyAddress() {
  const surveyId = idParam(useParams().surveyId) ?? 0;
  const [params] = useSearchParams();
  return { surveyId, organizationId: idParam(params.get('organizationId')) };
}
