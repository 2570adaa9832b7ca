import { Alert, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { LpiProfile } from '../../../lpi/components/profile/lpi-profile';
import { useSurveySteps } from '../../api/taking-steps';
import { stepView } from '../../taking/lib/steps';

/**
 * An organization's survey response, read only and printable: every requested step in order, each
 * LPI tab in export mode (no actions, no alerts). Reads with report=true, so nothing is copied.
 */
export function ResponseView({ surveyId, organizationId }: { surveyId: number; organizationId: number }) {
  const steps = useSurveySteps(surveyId, organizationId);
  if (steps.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the response">
        <Skeleton height={24} width="30%" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  }
  if (steps.isError) {
    return (
      <Alert color="danger" icon={<IconAlertCircle aria-hidden />} title="The response could not be loaded">
        Check your connection and reload the page.
      </Alert>
    );
  }
  const shown = steps.data.data.flatMap((step) => {
    const view = stepView(step.id);
    return view ? [{ step, view }] : [];
  });
  if (shown.length === 0) return <Text c="dimmed">This survey asks no steps.</Text>;
  return (
    <Stack gap="xl">
      {shown.map(({ step, view }, i) => (
        <Stack key={step.id} gap="sm" component="section" aria-labelledby={`response-step-${step.id}`}>
          {i > 0 ? <Divider /> : null}
          <Title order={2} id={`response-step-${step.id}`}>
            {step.title}
          </Title>
          <LpiProfile
            scope={{ kind: 'survey', organizationId, surveyId, report: true }}
            page={view.page}
            units={view.units}
            navigation={false}
            basePath={`/surveys/export/${surveyId}`}
            exportMode
          />
        </Stack>
      ))}
    </Stack>
  );
}
