import { Group, Stack, Text } from '@mantine/core';
import {
  ADMINISTRATOR_ACCESS_GRANTED_MESSAGE,
  SURVEY_DELETED_MESSAGE,
  SURVEY_DETAILS_UPDATED_MESSAGE,
  surveyDetailsFormSchema,
  type TSurveyOverview,
  ZGrantAdministratorAccessForm,
} from '@parity/domain/survey-request';
import { IconEdit, IconTrash, IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { confirm } from '../../../components/dialog/confirm';
import { openDialog } from '../../../components/dialog/dialog-store';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { QueryError } from '../../../components/query-state/query-state';
import { Select } from '../../../components/select/select';
import {
  useDeleteSurvey,
  useEditSurveyOverview,
  useGrantAdministratorAccess,
  useOrganizationMembers,
} from './api/hosting';
import { InsightTypesField } from './components/insight-types';
import {
  detailsBody,
  localToday,
  SurveyDetailsFields,
  type SurveyDetailsValues,
} from './components/survey-details-fields';

/**
 * The host's actions on one survey (spec 8 alerts): Edit overview, Grant administrator access and
 * Delete. Shown only when the caller may manage the survey (`survey.can_manage`); the hosted
 * survey page renders it in its header.
 */
export function SurveyHostActions({ survey }: { survey: TSurveyOverview }) {
  const navigate = useNavigate();
  const remove = useDeleteSurvey(survey.id);
  if (!survey.can_manage) return null;
  const archived = survey.archived_at !== null;

  const onDelete = async () => {
    const confirmed = await confirm({
      title: 'Delete survey',
      message: `Delete the survey “${survey.title}”? Invited organizations will no longer see it.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        showAlert('success', SURVEY_DELETED_MESSAGE);
        navigate('/surveys/hosting');
      },
    });
  };

  return (
    <Group gap="sm">
      <Button
        kind="secondary"
        leftSection={<IconEdit size={16} aria-hidden />}
        disabled={archived}
        title={archived ? 'An archived survey cannot be edited' : undefined}
        onClick={() =>
          openDialog({
            title: 'Edit overview',
            size: 'medium',
            content: (close) => <EditOverviewForm survey={survey} onDone={close} />,
          })
        }
      >
        Edit overview
      </Button>
      <Button
        kind="secondary"
        leftSection={<IconUserShield size={16} aria-hidden />}
        onClick={() =>
          openDialog({
            title: 'Grant administrator access',
            size: 'small',
            content: (close) => <GrantAccessForm survey={survey} onDone={close} />,
          })
        }
      >
        Grant administrator access
      </Button>
      <Button
        kind="error"
        leftSection={<IconTrash size={16} aria-hidden />}
        loading={remove.isPending}
        onClick={() => void onDelete()}
      >
        Delete
      </Button>
    </Group>
  );
}

function EditOverviewForm({ survey, onDone }: { survey: TSurveyOverview; onDone: () => void }) {
  const save = useEditSurveyOverview(survey.id);
  const members = useOrganizationMembers(survey.host.id);
  const [insights, setInsights] = useState<number[]>(survey.insight_type_ids);
  // A start already in the past may stay as it is (spec 5 applies to a changed start).
  const form = useSchemaForm<SurveyDetailsValues>(
    surveyDetailsFormSchema({ today: localToday(), originalStart: survey.start }),
    {
      initialValues: {
        title: survey.title,
        description: survey.description ?? '',
        start: survey.start,
        due: survey.due,
        primary_contact_id: survey.primary_contact?.id ?? null,
        contact_email: survey.contact_email ?? '',
        support_email: survey.support_email ?? '',
      },
    },
  );

  const submit = (values: SurveyDetailsValues) =>
    save.mutate(
      { ...detailsBody(values), insight_type_ids: insights },
      {
        onSuccess: () => {
          showAlert('success', SURVEY_DETAILS_UPDATED_MESSAGE);
          onDone();
        },
      },
    );

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Edit overview">
      <Stack gap="md">
        <SurveyDetailsFields
          form={form}
          members={members.data?.data ?? []}
          membersLoading={members.isPending}
        />
        <InsightTypesField value={insights} onChange={setInsights} />
        <Group justify="flex-end" gap="sm">
          <Button kind="blanc" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function GrantAccessForm({ survey, onDone }: { survey: TSurveyOverview; onDone: () => void }) {
  const grant = useGrantAdministratorAccess(survey.id);
  const members = useOrganizationMembers(survey.host.id);
  const form = useSchemaForm<{ user_id: string | null }>(ZGrantAdministratorAccessForm, {
    initialValues: { user_id: null },
  });
  const granted = new Set(survey.administrators.map((admin) => admin.id));
  const options = (members.data?.data ?? [])
    .filter((member) => member.status === 'approved')
    .map((member) => ({
      value: String(member.id),
      label: `${member.name} ${member.lastname}`.trim() + (granted.has(member.id) ? ' (has access)' : ''),
    }));

  const submit = ({ user_id }: { user_id: string | null }) =>
    grant.mutate(Number(user_id), {
      onSuccess: () => {
        showAlert('success', ADMINISTRATOR_ACCESS_GRANTED_MESSAGE);
        onDone();
      },
    });

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Grant administrator access">
      <Stack gap="md">
        <Text size="sm">
          A member of {survey.host.name} given administrator access manages this survey as its host does.
        </Text>
        {members.isError ? (
          <QueryError error={members.error} title="The members could not be loaded" />
        ) : null}
        <Select
          label="Member"
          required
          searchable
          placeholder={members.isPending ? 'Loading members…' : 'Choose a member'}
          data={options}
          {...form.getInputProps('user_id')}
          nothingFoundMessage="No members found"
        />
        <Group justify="flex-end" gap="sm">
          <Button kind="blanc" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={grant.isPending}>
            Grant access
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
