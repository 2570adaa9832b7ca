import { Alert, Anchor, Checkbox, List, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCEPT_TERMS_MESSAGE, type TSurveyTab } from '@parity/domain/surveys';
import { IconCircleCheck } from '@tabler/icons-react';
import { alertStore } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { useCurrentAccount } from '../../../../lib/account';
import { ApiError } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/dates';
import { sendAccountUsageEvent } from '../../../../lib/usage-events';
import { useSubmitSurvey } from '../../api/taking-steps';

export const SUBMITTED_MESSAGE = 'The survey response was submitted.';

export interface SubmitStepProps {
  surveyId: number;
  /** the steps before submit that are not complete, with their 1-based positions */
  incomplete: { step: TSurveyTab; position: number }[];
  submittedAt: string | null;
  /** false: read only (no right to submit, closed, or someone else's response) */
  canSubmit: boolean;
  onGoTo: (position: number) => void;
}

/**
 * The submit step (spec 4 Survey taking): what is left, the terms, Submit. The server decides: 400
 * 'Please, accept terms and conditions' and 409 'Not all steps are completed' are shown as alerts by
 * the API client; on success the invitation reads submitted and the page becomes read only.
 */
export function SubmitStep({ surveyId, incomplete, submittedAt, canSubmit, onGoTo }: SubmitStepProps) {
  // The server decides whether the terms are accepted; its refusal shows on the checkbox.
  const form = useForm({ initialValues: { accepted: false } });
  const submit = useSubmitSurvey(surveyId);
  const account = useCurrentAccount();

  if (submittedAt) {
    return (
      <Alert color="green" icon={<IconCircleCheck aria-hidden />} title="Submitted">
        This response was submitted on <time dateTime={submittedAt}>{formatDate(submittedAt)}</time>.
      </Alert>
    );
  }

  const onSubmit = async ({ accepted }: { accepted: boolean }) => {
    try {
      await submit.mutateAsync(accepted);
      sendAccountUsageEvent('survey.submitted', account.data, surveyId);
      alertStore.add({ type: 'success', title: 'Success!', description: SUBMITTED_MESSAGE });
    } catch (error) {
      if (error instanceof ApiError && error.message === ACCEPT_TERMS_MESSAGE)
        form.setFieldError('accepted', ACCEPT_TERMS_MESSAGE);
    }
  };

  return (
    <Stack gap="md">
      {incomplete.length ? (
        <Stack gap="xs">
          <Text>These steps are not complete yet:</Text>
          <List aria-label="Incomplete steps">
            {incomplete.map(({ step, position }) => (
              <List.Item key={step.id}>
                <Anchor component="button" type="button" onClick={() => onGoTo(position)}>
                  {position}. {step.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : (
        <Text>Every step is complete. Accept the terms to submit the response.</Text>
      )}
      <Checkbox
        label={
          <>
            I accept the{' '}
            <Anchor href="/terms" target="_blank" rel="noreferrer">
              terms and conditions
            </Anchor>
          </>
        }
        {...form.getInputProps('accepted', { type: 'checkbox' })}
        disabled={!canSubmit}
      />
      <div>
        <Button onClick={() => form.onSubmit(onSubmit)()} loading={submit.isPending} disabled={!canSubmit}>
          Submit
        </Button>
      </div>
    </Stack>
  );
}
