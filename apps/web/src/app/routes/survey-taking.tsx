import { TakingSurveyPage } from '../../features/surveys/taking/components/taking-survey-page';
import { renderLpiStep } from './lpi-survey-step';

/** /surveys/taking/{surveyId}?organizationId&step: the survey's stepper over the LPI profile. */
export function SurveyTakingRoute() {
  return <TakingSurveyPage renderStep={renderLpiStep} />;
}

export { SurveyTakingRoute as Component };
