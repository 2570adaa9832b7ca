import { Stack } from '@mantine/core';
import { PageHeader } from '../../../../components/page-header/page-header';
import { InvitationTiles } from '../../components/invitation-tiles';
import { SurveysSectionNav } from '../../components/surveys-section-nav';
import { isArchived, surveyAction } from '../../lib/survey-action';

export const NO_ARCHIVED = 'No archived surveys.';

/** /surveys/archived: the surveys their hosts closed (Archived when submitted, else Not Submitted). */
export function Component() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Archived surveys"
        description="Surveys closed by their hosts, with your responses."
      />
      <SurveysSectionNav />
      <InvitationTiles
        actionOf={surveyAction}
        include={isArchived}
        statuses={['Archived', 'Not Submitted']}
        emptyMessage={NO_ARCHIVED}
      />
    </Stack>
  );
}
