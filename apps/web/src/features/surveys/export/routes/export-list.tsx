import { Stack } from '@mantine/core';
import { PageHeader } from '../../../../components/page-header/page-header';
import { InvitationTiles } from '../../components/invitation-tiles';
import { SurveysSectionNav } from '../../components/surveys-section-nav';
import { exportPath } from '../../lib/survey-action';

export const NO_EXPORTS = 'Your organization has no survey responses to export yet.';

/** /surveys/export: every invitation, each with its response's printable page and downloads. */
export function Component() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Export responses"
        description="Your organization's survey responses as printable pages, PDF and .xlsx files."
      />
      <SurveysSectionNav />
      <InvitationTiles
        actionOf={(invitation) => ({
          label: 'Export Response',
          to: exportPath(invitation.survey_id, invitation.organization_id),
        })}
        emptyMessage={NO_EXPORTS}
      />
    </Stack>
  );
}
