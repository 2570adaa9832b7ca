import { Stack, Text } from '@mantine/core';
import { IconPlus, IconUserShield } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Button } from '../../../../components/button/button';
import { PageHeader } from '../../../../components/page-header/page-header';
import { useCurrentAccount } from '../../../../lib/account';
import { SurveysSectionNav } from '../../components/surveys-section-nav';
import { HostedSurveyTiles } from '../components/hosted-survey-tiles';

export const NO_HOSTED_SURVEYS = 'Your organization does not host any surveys yet.';
export const NOT_A_HOST = 'Only survey hosts see the surveys their organization hosts.';

/** /surveys/hosting (surveys.hosting): the surveys the user's organization hosts, as tiles. */
export function HostingListRoute() {
  const account = useCurrentAccount().data;
  const mayCreate = Boolean(account?.isSurveyHost && account.hasSurveyCreation);
  return (
    <Stack gap="md">
      <PageHeader
        title="Hosting"
        description="The surveys your organization requests from others, with their response rates."
        actions={
          <>
            <Button
              component={Link}
              to="/surveys/hosting/accessing"
              kind="blanc"
              leftSection={<IconUserShield size={16} aria-hidden />}
            >
              Accessing
            </Button>
            {mayCreate ? (
              <Button
                component={Link}
                to="/surveys/hosting/create"
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                Create Request
              </Button>
            ) : null}
          </>
        }
      />
      <SurveysSectionNav />
      <HostedSurveyTiles
        scope="hosting"
        empty={<Text c="dimmed">{account && !account.isSurveyHost ? NOT_A_HOST : NO_HOSTED_SURVEYS}</Text>}
      />
    </Stack>
  );
}

export { HostingListRoute as Component };
