import { Alert, Anchor, Checkbox, List, Stack, Text } from '@mantine/core';
import { ACCEPT_TERMS_MESSAGE, type TSurveyTab } from '@parity/domain/surveys';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { alertStore } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { ApiError } from '../../../../lib/api-client';
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
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const submit = useSubmitSurvey(surveyId);

  if (submittedAt) {
    return (
      <Alert color="green" icon={<IconCircleCheck aria-hidden />} title="Submitted">
        This response was submitted on{' '}
        <time dateTime={submittedAt}>
          {new Date(submittedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
        </time>
        .
      </Alert>
    );
  }

  const onSubmit = async () => {
    setTermsError(false);
    try {
      await submit.mutateAsync(accepted);
      alertStore.add({ type: 'success', title: 'Success!', description: SUBMITTED_MESSAGE });
    } catch (error) {
      if (error instanceof ApiError && error.message === ACCEPT_TERMS_MESSAGE) setTermsError(true);
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
        checked={accepted}
        onChange={(event) => {
          setAccepted(event.currentTarget.checked);
          setTermsError(false);
        }}
        error={termsError ? ACCEPT_TERMS_MESSAGE : undefined}
        disabled={!canSubmit}
      />
      <div>
        <Button onClick={() => void onSubmit()} loading={submit.isPending} disabled={!canSubmit}>
          Submit
        </Button>
      </div>
    </Stack>
  );
}
