import { Stack, Text } from '@mantine/core';
import {
  DECLINE_CODE_LABELS,
  DECLINE_CODES,
  type TDeclineCode,
  ZDeclineForm,
} from '@parity/domain/survey-participants';
import { IconBan } from '@tabler/icons-react';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { closeDialog, openDialog } from '../../../../components/dialog/dialog-store';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { Select } from '../../../../components/select/select';
import { useDeclineSurvey } from '../api/hosting';

export const SURVEY_DECLINED_MESSAGE = 'The invitation was declined';

/**
 * An invited organization's 'Decline' (POST /api/surveys/{id}/decline-respondent): the reason is
 * asked in a dialog; the host then sees the decline in its participants and response rates.
 */
export function DeclineSurveyButton({
  surveyId,
  organizationId,
}: {
  surveyId: number;
  organizationId: number;
}) {
  const open = () => {
    const id = openDialog({
      title: 'Decline the survey',
      size: 'small',
      content: (
        <DeclineForm surveyId={surveyId} organizationId={organizationId} onDone={() => closeDialog(id)} />
      ),
    });
  };
  return (
    <Button kind="blanc" leftSection={<IconBan size={16} aria-hidden />} onClick={open}>
      Decline
    </Button>
  );
}

function DeclineForm({
  surveyId,
  organizationId,
  onDone,
}: {
  surveyId: number;
  organizationId: number;
  onDone: () => void;
}) {
  const decline = useDeclineSurvey(surveyId);
  const form = useSchemaForm<{ code: TDeclineCode | null }>(ZDeclineForm, { initialValues: { code: null } });
  const submit = async ({ code }: { code: TDeclineCode | null }) => {
    try {
      await decline.mutateAsync({ organization_id: organizationId, code: code as TDeclineCode });
      showAlert('success', SURVEY_DECLINED_MESSAGE);
      onDone();
    } catch {
      // The API client shows the error alert.
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          The host sees that your organization declined, and why. Nobody of your organization can answer this
          survey afterwards.
        </Text>
        <Select
          label="Reason"
          required
          data={DECLINE_CODES.map((value) => ({ value, label: DECLINE_CODE_LABELS[value] }))}
          {...form.getInputProps('code')}
        />
        <Button type="submit" kind="error" loading={decline.isPending}>
          Decline the survey
        </Button>
      </Stack>
    </form>
  );
}
