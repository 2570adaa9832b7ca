import { Alert, Card, Group, Radio, Stack, Stepper, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TCurrentAccount } from '@parity/domain/auth';
import {
  MISCELLANEOUS_FORM_ID,
  PRACTICES_FORM_ID,
  RECEIVE_TYPES,
  SURVEY_CREATED_MESSAGE,
  SURVEY_REQUEST_TYPES,
  surveyDetailsFormSchema,
} from '@parity/domain/survey-request';
import { SUBMIT_STEP_ID, SURVEY_STEPS } from '@parity/domain/surveys';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showAlert } from '../../../../components/alerts/alert-store';
import { Button } from '../../../../components/button/button';
import { confirm } from '../../../../components/dialog/confirm';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { PageHeader } from '../../../../components/page-header/page-header';
import { useCurrentAccount } from '../../../../lib/account';
import { ApiError } from '../../../../lib/api-client';
import { sendAccountUsageEvent } from '../../../../lib/usage-events';
import { useCreateSurvey, useOrganizationMembers, useSettingsForm } from '../api/hosting';
import { CustomQuestionsEditor } from '../components/custom-questions-editor';
import { FormFieldsSettings } from '../components/form-fields-settings';
import { InsightTypesField } from '../components/insight-types';
import {
  localToday,
  SurveyDetailsFields,
  type SurveyDetailsValues,
} from '../components/survey-details-fields';
import { WizardReview } from '../components/wizard-review';
import {
  buildSurveyRequest,
  clearWizardState,
  defaultWizardState,
  loadWizardState,
  OPTIONAL_LPI_STEPS,
  REVIEW_STEP,
  REVIEW_STEP_LABEL,
  saveWizardState,
  WIZARD_STEPS,
  type WizardState,
} from '../lib/wizard-state';

export const NO_SURVEY_CREATION =
  'Creating survey requests needs survey hosting and survey creation rights: ask an organization admin.';

const DETAILS_STEP = 1;
/** Screens narrower than Mantine's lg breakpoint (75em): the wizard's steps stand in a column. */
export const NARROW_WIZARD = '(max-width: 75em)';
const fieldIdsOf = (form: { sections: { inputs: { id: number }[] }[] } | undefined) =>
  form?.sections.flatMap((section) => section.inputs.map((input) => input.id)) ?? [];

/**
 * /surveys/hosting/create (surveys.hosting.create): the request wizard of spec 2 in six parts:
 * overview (request type: score disabled, dei by default; how the responses are received), details
 * (spec 5 rules, checked here with the API's messages before moving on; the contact fields start
 * with the current user), LPI settings (the requested steps and insights), practices and
 * miscellaneous settings, custom questions; then a review of every value, where Create Request
 * posts the request, resets the wizard and goes to the new survey. The draft is kept for the session.
 */
export function HostingCreateRoute() {
  const account = useCurrentAccount();
  if (account.isPending) return <PageHeader title="Create Request" description="Loading…" />;
  const organizationId = account.data?.organization_id ?? null;
  const mayCreate = Boolean(account.data?.isSurveyHost && account.data.hasSurveyCreation && organizationId);
  if (!account.data || organizationId === null || !mayCreate) {
    return (
      <Stack gap="md">
        <PageHeader title="Create Request" />
        <Alert
          color="warning"
          icon={<IconAlertCircle aria-hidden />}
          title="You cannot create survey requests"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{NO_SURVEY_CREATION}</Text>
            <Button component={Link} to="/surveys/hosting" kind="blanc" size="small">
              Back to hosting
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return <HostingWizard account={account.data} organizationId={organizationId} />;
}

function HostingWizard({ account, organizationId }: { account: TCurrentAccount; organizationId: number }) {
  const navigate = useNavigate();
  // The seven steps take about 1000 px in a row: narrower screens (a phone, a tablet) get a column.
  const narrow = useMediaQuery(NARROW_WIZARD, false, { getInitialValueInEffect: false });
  const contact = { id: account.id, email: account.email };
  const [state, setState] = useState<WizardState>(() => loadWizardState(contact));
  // The details step's form; the wizard's draft follows its values. Its empty fields say nothing
  // until left or until Next; a message goes as soon as the value is valid (and the due date
  // follows the start).
  const details = useSchemaForm<SurveyDetailsValues>(
    surveyDetailsFormSchema({ today: localToday() }),
    {
      initialValues: state.details,
      onValuesChange: (next, previous) => {
        setState((current) => ({ ...current, details: next }));
        if (next.start !== previous.start && next.due) details.validateField('due');
      },
    },
    { validateOn: 'blur' },
  );
  const [serverError, setServerError] = useState<string | null>(null);
  const members = useOrganizationMembers(organizationId);
  const practices = useSettingsForm(PRACTICES_FORM_ID);
  const miscellaneous = useSettingsForm(MISCELLANEOUS_FORM_ID);
  const create = useCreateSurvey();

  useEffect(
    () => saveWizardState(state, { id: account.id, email: account.email }),
    [state, account.id, account.email],
  );

  const update = (patch: Partial<WizardState>) => setState((current) => ({ ...current, ...patch }));

  const detailsValid = () => !details.validate().hasErrors;

  /** A new wizard: the defaults, in the draft and in the details form. */
  const reset = () => {
    clearWizardState();
    const fresh = defaultWizardState(contact);
    setState(fresh);
    details.setValues(fresh.details);
  };

  /** Start over asks first: Cancel keeps everything entered. */
  const startOver = async () => {
    const confirmed = await confirm({
      title: 'Start over?',
      message: 'Everything entered in this request is cleared and the wizard starts again at the overview.',
      confirmLabel: 'Clear and start over',
      danger: true,
    });
    if (confirmed) reset();
  };

  const goTo = (step: number) => {
    // The details must be valid before any later part (and before Create Request).
    if (step > DETAILS_STEP && state.step <= DETAILS_STEP && !detailsValid()) {
      update({ step: DETAILS_STEP });
      return;
    }
    const next = Math.max(0, Math.min(REVIEW_STEP, step));
    setState((current) => ({ ...current, step: next, reached: Math.max(current.reached, next) }));
  };

  const submit = () => {
    if (!detailsValid()) {
      update({ step: DETAILS_STEP });
      return;
    }
    setServerError(null);
    const body = buildSurveyRequest(state, organizationId, {
      practices: fieldIdsOf(practices.data?.data),
      miscellaneous: fieldIdsOf(miscellaneous.data?.data),
    });
    create.mutate(body, {
      onSuccess: (survey) => {
        sendAccountUsageEvent('survey.created', account, survey.id);
        showAlert('success', SURVEY_CREATED_MESSAGE, state.details.title.trim());
        reset();
        // The host lands on the new survey, to invite organizations next.
        navigate(`/surveys/hosting/${survey.id}`);
      },
      onError: (error) => setServerError(error instanceof ApiError ? error.description : String(error)),
    });
  };

  /** Any step up to the furthest reached (not the current one): back to edit, then on to the review. */
  const selectable = (step: number) => step !== state.step && step <= state.reached;

  return (
    <Stack gap="md">
      <PageHeader
        title="Create Request"
        description="Ask organizations for their diversity, equity and inclusion data."
        actions={
          <Button kind="blanc" onClick={() => void startOver()}>
            Start over
          </Button>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        {/* One row of steps (never two), with narrow gaps between them; a column where it does not fit. */}
        <Stepper
          active={state.step}
          onStepClick={goTo}
          size="sm"
          wrap={false}
          orientation={narrow ? 'vertical' : 'horizontal'}
          styles={{ separator: { marginInline: 'var(--mantine-spacing-xs)' } }}
        >
          <Stepper.Step label={WIZARD_STEPS[0]} allowStepSelect={selectable(0)}>
            <Stack gap="md" mt="md">
              <Title order={2} size="h4">
                Request type
              </Title>
              <Radio.Group
                value={String(state.survey_type_id)}
                onChange={(value) => update({ survey_type_id: Number(value) })}
                label="What do you request?"
              >
                <Stack gap="sm" mt="xs">
                  {SURVEY_REQUEST_TYPES.map((type) => (
                    <Radio
                      key={type.id}
                      value={String(type.id)}
                      disabled={type.disabled}
                      label={type.disabled ? `${type.name} (not available)` : type.name}
                      description={type.description}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <Radio.Group
                value={String(state.receive_type_id)}
                onChange={(value) => update({ receive_type_id: Number(value) })}
                label="How do you receive the responses?"
              >
                <Stack gap="sm" mt="xs">
                  {RECEIVE_TYPES.map((type) => (
                    <Radio
                      key={type.id}
                      value={String(type.id)}
                      label={type.name}
                      description={type.description}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <Text size="sm" c="dimmed">
                Next: the request's details, then which LPI steps, practices and miscellaneous questions
                respondents answer, and questions of your own.
              </Text>
            </Stack>
          </Stepper.Step>

          <Stepper.Step label={WIZARD_STEPS[1]} allowStepSelect={selectable(1)}>
            <form
              id="survey-details"
              onSubmit={(event) => {
                event.preventDefault();
                goTo(DETAILS_STEP + 1);
              }}
              noValidate
              aria-label="Details"
            >
              <Stack gap="md" mt="md">
                <SurveyDetailsFields
                  form={details}
                  members={members.data?.data ?? []}
                  membersLoading={members.isPending}
                />
              </Stack>
            </form>
          </Stepper.Step>

          <Stepper.Step label={WIZARD_STEPS[2]} allowStepSelect={selectable(2)}>
            <Stack gap="sm" mt="md" component="fieldset" style={{ border: 0, padding: 0 }}>
              <Title order={2} size="h4" component="legend">
                Requested LPI steps
              </Title>
              {SURVEY_STEPS.map((step) => {
                const optional = OPTIONAL_LPI_STEPS.some((s) => s.id === step.id);
                return (
                  <Switch
                    key={step.id}
                    label={step.title}
                    description={optional ? step.description : `${step.description} Always requested.`}
                    checked={optional ? state.lpiTabs[step.id] !== false : true}
                    disabled={!optional}
                    onChange={(event) =>
                      update({ lpiTabs: { ...state.lpiTabs, [step.id]: event.currentTarget.checked } })
                    }
                  />
                );
              })}
              {state.lpiTabs[8] === false ? (
                <Text size="sm" c="dimmed">
                  The Practices step is off: its settings do not apply.
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                Steps {SURVEY_STEPS[0]?.title} and {SURVEY_STEPS.find((s) => s.id === SUBMIT_STEP_ID)?.title}{' '}
                are part of every survey.
              </Text>
            </Stack>
            <Stack mt="xl">
              <InsightTypesField
                value={state.insight_type_ids}
                onChange={(insight_type_ids) => update({ insight_type_ids })}
              />
            </Stack>
          </Stepper.Step>

          <Stepper.Step label={WIZARD_STEPS[3]} allowStepSelect={selectable(3)}>
            <Stack gap="md" mt="md">
              <Title order={2} size="h4">
                Practices questions
              </Title>
              <FormFieldsSettings
                label="Practices"
                form={practices.data?.data}
                loading={practices.isPending}
                failed={practices.isError}
                onRetry={() => void practices.refetch()}
                enabled={state.practices}
                onChange={(next) => update({ practices: next })}
              />
            </Stack>
          </Stepper.Step>

          <Stepper.Step label={WIZARD_STEPS[4]} allowStepSelect={selectable(4)}>
            <Stack gap="md" mt="md">
              <Title order={2} size="h4">
                Miscellaneous questions
              </Title>
              <FormFieldsSettings
                label="Miscellaneous"
                form={miscellaneous.data?.data}
                loading={miscellaneous.isPending}
                failed={miscellaneous.isError}
                onRetry={() => void miscellaneous.refetch()}
                enabled={state.miscellaneous}
                onChange={(next) => update({ miscellaneous: next })}
              />
            </Stack>
          </Stepper.Step>

          <Stepper.Step label={WIZARD_STEPS[5]} allowStepSelect={selectable(5)}>
            <Stack gap="md" mt="md">
              <Title order={2} size="h4">
                Custom miscellaneous questions
              </Title>
              <CustomQuestionsEditor
                questions={state.questions}
                onChange={(questions) => update({ questions })}
              />
            </Stack>
          </Stepper.Step>

          <Stepper.Step label={REVIEW_STEP_LABEL} allowStepSelect={selectable(REVIEW_STEP)}>
            <WizardReview
              state={state}
              members={members.data?.data ?? []}
              practices={practices.data?.data}
              miscellaneous={miscellaneous.data?.data}
              onEdit={goTo}
            />
          </Stepper.Step>
        </Stepper>

        {serverError ? (
          <Alert
            mt="md"
            color="danger"
            icon={<IconAlertCircle aria-hidden />}
            title="The request was not created"
          >
            {serverError}
          </Alert>
        ) : null}

        <Group justify="space-between" mt="xl">
          <Button
            kind="blanc"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            disabled={state.step === 0}
            onClick={() => goTo(state.step - 1)}
          >
            Back
          </Button>
          {state.step < REVIEW_STEP ? (
            state.step === DETAILS_STEP ? (
              // Its own key: the overview's Next, clicked, would otherwise become this submit button
              // as React draws the details, and the browser's default action would submit them empty.
              <Button
                key="details-next"
                type="submit"
                form="survey-details"
                rightSection={<IconArrowRight size={16} aria-hidden />}
              >
                Next
              </Button>
            ) : (
              <Button
                rightSection={<IconArrowRight size={16} aria-hidden />}
                onClick={() => goTo(state.step + 1)}
              >
                Next
              </Button>
            )
          ) : (
            <Button
              kind="success"
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={create.isPending}
              disabled={practices.isPending || miscellaneous.isPending}
              onClick={submit}
            >
              Create Request
            </Button>
          )}
        </Group>
      </Card>
    </Stack>
  );
}

export { HostingCreateRoute as Component };
