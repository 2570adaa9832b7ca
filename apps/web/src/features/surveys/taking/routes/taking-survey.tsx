import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../../components/button/button';
import { ApiError } from '../../../../lib/api-client';
import { useInvitation, useSurveysAccount } from '../../api/invitations';
import { useSurveyProgress, useSurveySteps } from '../../api/taking-steps';
import { SurveyStepper } from '../components/survey-stepper';

/** A positive whole number from a URL part, else null. */
export function idParam(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export function LoadingPage({ label }: { label: string }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label={label}>
      <Skeleton height={36} width="50%" />
      <Skeleton height={12} />
      <Skeleton height={320} radius="md" />
    </Stack>
  );
}

export function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return (
    <Stack gap="md">
      <Title order={1}>Survey</Title>
      <Alert
        color="danger"
        icon={<IconAlertCircle aria-hidden />}
        title={missing ? 'Survey not found' : 'The survey could not be loaded'}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {missing
              ? 'This survey does not exist or your organization is not invited to it.'
              : 'Check your connection and try again.'}
          </Text>
          {missing ? (
            <Button component={Link} to="/surveys" kind="blanc" size="small">
              Back to surveys
            </Button>
          ) : (
            <Button kind="blanc" size="small" onClick={retry}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    </Stack>
  );
}

/** /surveys/taking/{surveyId}?organizationId&step (surveys.taking.survey): taking one survey. */
export function Component() {
  const surveyId = idParam(useParams().surveyId) ?? 0;
  const [params] = useSearchParams();
  const organizationId = idParam(params.get('organizationId'));
  const account = useSurveysAccount();
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
    />
  );
}
