import { Stack, Text, Title } from '@mantine/core';
import { useCurrentAccount } from '../../../../lib/account';
import { useInvitation } from '../../api/invitations';
import { useSurveyProgress, useSurveySteps } from '../../api/taking-steps';
import { LoadingPage, PageError } from '../../components/page-state';
import { useSurveyAddress } from '../../lib/survey-address';
import type { RenderSurveyStep } from '../../lib/survey-step';
import { SurveyStepper } from './survey-stepper';

/** /surveys/taking/{surveyId}?organizationId&step (surveys.taking.survey): taking one survey. */
export function TakingSurveyPage({ renderStep }: { renderStep: RenderSurveyStep }) {
  const { surveyId, organizationId } = useSurveyAddress();
  const account = useCurrentAccount();
  const invitation = useInvitation(surveyId, organizationId);
  const steps = useSurveySteps(surveyId, organizationId);
  const progress = useSurveyProgress(surveyId, organizationId);

  const failed = [invitation, steps, progress, account].find((q) => q.isError);
  if (failed) {
    return (
      <PageError
        error={failed.error}
        retry={() => {
          for (const q of [invitation, steps, progress, account]) if (q.isError) void q.refetch();
        }}
      />
    );
  }
  if (!invitation.data || !steps.data || !progress.data || !account.data) {
    return <LoadingPage label="Loading the survey" />;
  }
  if (steps.data.data.length === 0) {
    return (
      <Stack gap="md">
        <Title order={1}>{invitation.data.title}</Title>
        <Text c="dimmed">This survey has no steps to fill in.</Text>
      </Stack>
    );
  }
  return (
    <SurveyStepper
      invitation={invitation.data}
      steps={steps.data.data}
      progress={progress.data.data}
      account={account.data}
      renderStep={renderStep}
    />
  );
}
