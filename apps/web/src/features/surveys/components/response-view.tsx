import { Alert, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useSurveySteps } from '../api/taking-steps';
import { stepView } from '../lib/steps';
import type { RenderSurveyStep } from '../lib/survey-step';

/**
 * An organization's survey response, read only and printable: every requested step in order, each
 * LPI tab in export mode (no actions, no alerts). Reads with report=true, so nothing is copied.
 */
export function ResponseView({
  surveyId,
  organizationId,
  renderStep,
}: {
  surveyId: number;
  organizationId: number;
  /** A step's content (the route draws it with the LPI profile). */
  renderStep: RenderSurveyStep;
}) {
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
          {renderStep({
            surveyId,
            organizationId,
            report: true,
            view,
            basePath: `/surveys/export/${surveyId}`,
            exportMode: true,
          })}
        </Stack>
      ))}
    </Stack>
  );
}
