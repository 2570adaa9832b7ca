import { ArchivedSurveyPage } from '../../features/surveys/archive/components/archived-survey-page';

/** /surveys/archived/{surveyId}?organizationId: an archived response, a document of values. */
export function SurveyArchivedRoute() {
  return <ArchivedSurveyPage />;
}

export { SurveyArchivedRoute as Component };
