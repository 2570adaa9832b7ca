import { ArchivedSurveyPage } from '../../features/surveys/archive/components/archived-survey-page';
import { renderLpiStep } from './lpi-survey-step';

/** /surveys/archived/{surveyId}?organizationId: an archived response, each step an LPI page. */
export function SurveyArchivedRoute() {
  return <ArchivedSurveyPage renderStep={renderLpiStep} />;
}

export { SurveyArchivedRoute as Component };
