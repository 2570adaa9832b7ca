import { LpiProfile } from '../../features/lpi/components/profile/lpi-profile';
import type { SurveyStepProps } from '../../features/surveys/lib/survey-step';

/** A survey step drawn with the LPI profile: the step's page alone, on the survey's copy of the data. */
export function renderLpiStep({ surveyId, organizationId, report, view, ...props }: SurveyStepProps) {
  return (
    <LpiProfile
      scope={{ kind: 'survey', organizationId, surveyId, ...(report ? { report: true } : {}) }}
      page={view.page}
      units={view.units}
      navigation={false}
      {...props}
    />
  );
}
