import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../../components/page-header/page-header';
import { HostedSurveyTiles } from '../components/hosted-survey-tiles';

export const NO_ACCESSING_SURVEYS = 'You have not been granted administrator access to any survey.';

/** /surveys/hosting/accessing (surveys.hosting.accessing): surveys the user administers for the host. */
export function HostingAccessingRoute() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Accessing"
        description="Surveys of your organization you were granted administrator access to."
      />
      <HostedSurveyTiles scope="accessing" empty={<Text c="dimmed">{NO_ACCESSING_SURVEYS}</Text>} />
    </Stack>
  );
}

export { HostingAccessingRoute as Component };
