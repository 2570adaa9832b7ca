import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TForm } from '@parity/domain/lpi/forms';
import { LPI_TAB_IDS } from '@parity/domain/lpi/tabs';
import type { TMember } from '@parity/domain/signup';
import {
  insightTypeName,
  SURVEY_DETAILS_LABELS as LABELS,
  QUESTION_TYPES,
  receiveTypeName,
  SURVEY_REQUEST_TYPES,
} from '@parity/domain/survey-request';
import { SURVEY_STEPS } from '@parity/domain/surveys';
import type { ReactNode } from 'react';
import { formatDate } from '../../../../lib/dates';
import { OPTIONAL_LPI_STEPS, WIZARD_STEPS, type WizardState } from '../lib/wizard-state';

const NONE = 'None';
/** Names read back one a line (a question may hold commas), or None. */
function Names({ names }: { names: readonly string[] }) {
  if (!names.length) return NONE;
  return (
    <List size="sm" spacing={2}>
      {names.map((name) => (
        <List.Item key={name}>{name}</List.Item>
      ))}
    </List>
  );
}
const questionTypeName = (id: number) => QUESTION_TYPES.find((type) => type.id === id)?.name ?? `Type ${id}`;

/** One value read back: its label and the value as text. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** A part of the wizard read back, with the link that goes back to edit it. */
function Part({
  step,
  onEdit,
  children,
}: {
  step: number;
  onEdit: (step: number) => void;
  children: ReactNode;
}) {
  const name = WIZARD_STEPS[step];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} size="h5">
            {name}
          </Title>
          <Anchor
            component="button"
            type="button"
            size="sm"
            aria-label={`Edit ${name}`}
            onClick={() => onEdit(step)}
          >
            Edit
          </Anchor>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
          {children}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The fields of a settings form the host requests and those it does not, by label. */
function FieldChoices({ form, enabled }: { form: TForm | undefined; enabled: Record<number, boolean> }) {
  const inputs = form?.sections.flatMap((section) => section.inputs) ?? [];
  const requested = inputs.filter((input) => enabled[input.id] !== false);
  const left = inputs.filter((input) => enabled[input.id] === false);
  return (
    <>
      <Item label={`Requested questions (${requested.length} of ${inputs.length})`}>
        <Names names={requested.map((input) => input.label)} />
      </Item>
      <Item label="Not requested">
        <Names names={left.map((input) => input.label)} />
      </Item>
    </>
  );
}

/**
 * The wizard's last step (issue #19): every value entered, read back as text, each part with an
 * Edit link back to its step. Create Request follows it.
 */
export function WizardReview({
  state,
  members,
  practices,
  miscellaneous,
  onEdit,
}: {
  state: WizardState;
  /** the host organization's members: the primary contact's name */
  members: readonly TMember[];
  practices: TForm | undefined;
  miscellaneous: TForm | undefined;
  onEdit: (step: number) => void;
}) {
  const { details } = state;
  const contact = members.find((member) => member.id === details.primary_contact_id);
  const requestedSteps = SURVEY_STEPS.filter(
    (step) =>
      !OPTIONAL_LPI_STEPS.some((optional) => optional.id === step.id) || state.lpiTabs[step.id] !== false,
  );
  const leftSteps = OPTIONAL_LPI_STEPS.filter((step) => state.lpiTabs[step.id] === false);
  const insights = state.insight_type_ids
    .map(insightTypeName)
    .filter((name): name is string => name !== null);
  const practicesAsked = state.lpiTabs[LPI_TAB_IDS.PRACTICES] !== false;

  return (
    <Stack gap="md" mt="md">
      <Title order={2} size="h4">
        Review your request
      </Title>
      <Text size="sm" c="dimmed">
        Check every value before you create the request; Edit goes back to a part.
      </Text>
      <Part step={0} onEdit={onEdit}>
        <Item label="Request type">
          {SURVEY_REQUEST_TYPES.find((type) => type.id === state.survey_type_id)?.name ?? NONE}
        </Item>
        <Item label="Responses">{receiveTypeName(state.receive_type_id) ?? NONE}</Item>
      </Part>
      <Part step={1} onEdit={onEdit}>
        <Item label={LABELS.title}>{details.title.trim() || NONE}</Item>
        <Item label={LABELS.description}>{details.description.trim() || NONE}</Item>
        <Item label={LABELS.start}>{details.start ? formatDate(details.start) : NONE}</Item>
        <Item label={LABELS.due}>{details.due ? formatDate(details.due) : NONE}</Item>
        <Item label={LABELS.primary_contact_id}>
          {contact ? `${contact.name} ${contact.lastname}`.trim() : NONE}
        </Item>
        <Item label={LABELS.contact_email}>{details.contact_email.trim() || NONE}</Item>
        <Item label={LABELS.support_email}>{details.support_email.trim() || NONE}</Item>
      </Part>
      <Part step={2} onEdit={onEdit}>
        <Item label="Requested LPI steps">
          <Names names={requestedSteps.map((step) => step.title)} />
        </Item>
        <Item label="Steps not requested">
          <Names names={leftSteps.map((step) => step.title)} />
        </Item>
        <Item label="Requested insights">
          <Names names={insights} />
        </Item>
      </Part>
      <Part step={3} onEdit={onEdit}>
        {practicesAsked ? (
          <FieldChoices form={practices} enabled={state.practices} />
        ) : (
          <Item label="Practices">The Practices step is off: its settings do not apply.</Item>
        )}
      </Part>
      <Part step={4} onEdit={onEdit}>
        <FieldChoices form={miscellaneous} enabled={state.miscellaneous} />
      </Part>
      <Part step={5} onEdit={onEdit}>
        {state.questions.length ? (
          state.questions.map((question, index) => (
            <Item
              key={question.key}
              label={`Question ${index + 1} · ${questionTypeName(question.question_type_id)}`}
            >
              {question.display}
              {question.section.trim() ? ` (section: ${question.section.trim()})` : ''}
              {question.options.length ? ` · Options: ${question.options.join(', ')}` : ''}
            </Item>
          ))
        ) : (
          <Item label="Custom questions">{NONE}</Item>
        )}
      </Part>
    </Stack>
  );
}
