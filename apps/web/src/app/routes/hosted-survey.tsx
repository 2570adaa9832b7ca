import { OpenInBiTool } from '../../features/analytics/survey/open-in-bi-tool';
import { MANAGER_PARAM, SurveyAnalyticsPanel } from '../../features/analytics/survey/survey-analytics-panel';
import {
  type HostedSurveyAnalytics,
  HostedSurveyPage,
} from '../../features/surveys/hosting/survey-page/hosted-survey-page';

const analytics: HostedSurveyAnalytics = {
  panel: (surveyId) => <SurveyAnalyticsPanel surveyId={surveyId} />,
  respondentHref: (organizationId) => `?tab=analytics&${MANAGER_PARAM}=${organizationId}`,
  headerAction: <OpenInBiTool />,
};

/** /surveys/hosting/{surveyId}: the host's page of one survey, its Analytics tab and 'Open in BI tool' from the analytics feature. */
export function HostedSurveyRoute() {
  return <HostedSurveyPage analytics={analytics} />;
}

export { HostedSurveyRoute as Component };
