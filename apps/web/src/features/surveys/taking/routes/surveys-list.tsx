import { Stack } from '@mantine/core';
import { IconArchive, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Button } from '../../../../components/button/button';
import { PageHeader } from '../../../../components/page-header/page-header';
import { InvitationTiles } from '../components/invitation-tiles';
import { surveyAction } from '../lib/survey-action';

export const NO_SURVEYS = 'Your organization has no survey invitations yet.';

/** /surveys (named surveys) and /surveys/taking: the surveys the organization is invited to. */
export function Component() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Surveys"
        description="The surveys your organization is invited to answer."
        actions={
          <>
            <Button
              component={Link}
              to="/surveys/archived"
              kind="blanc"
              leftSection={<IconArchive size={16} aria-hidden />}
            >
              Archived
            </Button>
            <Button
              component={Link}
              to="/surveys/export"
              kind="blanc"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Export
            </Button>
          </>
        }
      />
      <InvitationTiles actionOf={surveyAction} emptyMessage={NO_SURVEYS} />
    </Stack>
  );
}
