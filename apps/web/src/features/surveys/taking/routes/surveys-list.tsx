import { Stack } from '@mantine/core';
import { PageHeader } from '../../../../components/page-header/page-header';
import { InvitationTiles } from '../../components/invitation-tiles';
import { SurveysSectionNav } from '../../components/surveys-section-nav';
import { surveyAction } from '../../lib/survey-action';

export const NO_SURVEYS = 'Your organization has no survey invitations yet.';

/** /surveys (named surveys) and /surveys/taking: the surveys the organization is invited to. */
export function Component() {
  return (
    <Stack gap="md">
      <PageHeader title="Surveys" description="The surveys your organization is invited to answer." />
      <SurveysSectionNav />
      <InvitationTiles actionOf={surveyAction} emptyMessage={NO_SURVEYS} />
    </Stack>
  );
}
