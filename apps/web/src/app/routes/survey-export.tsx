import { ExportSurveyPage } from '../../features/surveys/export/components/export-survey-page';

/** /surveys/export/{surveyId}?organizationId: the printable response, a document of values. */
export function SurveyExportRoute() {
  return <ExportSurveyPage />;
}

export { SurveyExportRoute as Component };
