import { ExportSurveyPage } from '../../features/surveys/export/components/export-survey-page';
import { renderLpiStep } from './lpi-survey-step';

/** /surveys/export/{surveyId}?organizationId: the printable response, each step an LPI page. */
export function SurveyExportRoute() {
  return <ExportSurveyPage renderStep={renderLpiStep} />;
}

export { SurveyExportRoute as Component };
