import { Stack } from '@mantine/core';
import { PageHeader } from '../../../../components/page-header/page-header';
import { InvitationTiles } from '../../taking/components/invitation-tiles';
import { exportPath } from '../../taking/lib/survey-action';

export const NO_EXPORTS = 'Your organization has no survey responses to export yet.';

/** /surveys/export: every invitation, each with its response's printable page and downloads. */
export function Component() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Export responses"
        description="Your organization's survey responses as printable pages, PDF and .xlsx files."
      />
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
