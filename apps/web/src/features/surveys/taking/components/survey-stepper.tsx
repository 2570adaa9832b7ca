import { Alert, Box, Grid, Group, Menu, Progress, Stack, Stepper, Text, Title, Tooltip } from '@mantine/core';
import type { TCurrentAccount } from '@parity/domain/auth';
import type { TSurveyInvitation } from '@parity/domain/survey-invitation';
import { SUBMIT_STEP_ID, type TSurveyTab, type TSurveyTabProgress } from '@parity/domain/surveys';
import {
  IconAlertTriangle,
  IconCheck,
  IconChevronDown,
  IconDownload,
  IconInfoCircle,
  IconLock,
  IconUserPlus,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../../components/button/button';
import { PageHeader } from '../../../../components/page-header/page-header';
import { formatDate, formatTime } from '../../../../lib/dates';
import { INVITATIONS_KEY } from '../../api/invitations';
import { progressKey, recordStep } from '../../api/taking-steps';
import { stepView } from '../../lib/steps';
import { exportPath, resumeStep } from '../../lib/survey-action';
import type { RenderSurveyStep, SurveyStepController } from '../../lib/survey-step';
import { useStepOccupancy } from '../lib/use-step-occupancy';
import { ContributorsList } from './contributors-list';
import { SubmitStep } from './submit-step';

export const INVITE_USERS_PATH = '/organizations/private/invitations';
export const INVITE_ADMINS_ONLY = 'Only organization admins can invite users';

export const OTHER_ORGANIZATION_NOTICE =
  "You are reading an invited organization's response: only its members can change it.";

/** Why the response cannot be changed, as the page's banner says it (null: it can). */
export function closedNotice(invitation: TSurveyInvitation): string | null {
  if (invitation.status === 'Archived' || invitation.status === 'Not Submitted') {
    return 'This survey was archived by its host: the response can be viewed but no longer changed.';
  }
  if (invitation.submitted_at) {
    return 'This response was submitted: it can be read here but no longer changed.';
  }
  if (invitation.status === 'Scheduled') {
    return `This survey opens on ${formatDate(invitation.start)}: the response cannot be started before then.`;
  }
  if (invitation.status === 'Past Due') {
    return 'This survey is closed: its due date has passed. The response can be viewed but no longer changed.';
  }
  return null;
}

export interface SurveyStepperProps {
  invitation: TSurveyInvitation;
  steps: TSurveyTab[];
  progress: TSurveyTabProgress[];
  account: TCurrentAccount;
  /** The step's content (the route draws it with the LPI profile). */
  renderStep: RenderSurveyStep;
}

/**
 * surveys.taking.survey: the survey's steps in weight order as a stepper (on narrow screens, a
 * 'Step n of N' menu above the step). It opens at ?step or at the
 * survey's locked step, and the URL follows the current step. Moving to another step saves the
 * current one's changes (a stale save opens the conflict dialog and stays); going on then records the
 * step moved on from (PUT tabs). An open step is held for its editor; someone else's hold makes it
 * read only.
 */
export function SurveyStepper({ invitation, steps, progress, account, renderStep }: SurveyStepperProps) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const surveyId = invitation.survey_id;
  const organizationId = invitation.organization_id;
  const own = account.organization_id === organizationId;
  const closed = closedNotice(invitation);
  // The host (or a platform admin) reads an invited organization's response; only its members edit it.
  const notice = closed ?? (own ? null : OTHER_ORGANIZATION_NOTICE);
  const canEdit = own && account.hasLpiAccess && closed === null;

  const total = steps.length;
  const fromUrl = Number(params.get('step'));
  const position =
    Number.isInteger(fromUrl) && fromUrl >= 1 && fromUrl <= total ? fromUrl : resumeStep(invitation);
  const step = steps[position - 1]!;
  const view = stepView(step.id);

  // The URL's step follows the current step, so a reload resumes there.
  useEffect(() => {
    if (params.get('step') !== String(position) || params.get('organizationId') !== String(organizationId)) {
      const next = new URLSearchParams(params);
      next.set('step', String(position));
      next.set('organizationId', String(organizationId));
      setParams(next, { replace: true });
    }
  }, [params, position, organizationId, setParams]);

  const occupancy = useStepOccupancy(surveyId, view ? step.id : null, canEdit);
  const heldBy = occupancy && !occupancy.held_by_you ? occupancy.occupied_by : null;
  const readOnly = !canEdit || heldBy !== null;

  // A step someone else held was read from their latest save; once it frees, read it again.
  const wasHeld = useRef(false);
  useEffect(() => {
    if (wasHeld.current && heldBy === null) void queryClient.invalidateQueries({ queryKey: ['lpi'] });
    wasHeld.current = heldBy !== null;
  }, [heldBy, queryClient]);

  const refreshProgress = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: progressKey(surveyId, organizationId) });
    void queryClient.invalidateQueries({ queryKey: progressKey(surveyId, null) });
    void queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
  }, [queryClient, surveyId, organizationId]);

  const controller = useRef<SurveyStepController>(null);
  const [moving, setMoving] = useState(false);
  const goTo = async (target: number) => {
    if (target === position || target < 1 || target > total || moving) return;
    setMoving(true);
    try {
      if (!readOnly && controller.current?.dirty) {
        if (!(await controller.current.saveChanges())) return;
      }
      // Going on records the step moved on from: the survey's locked step (where Continue Response
      // opens) is the one after the furthest such step. Going back records nothing.
      if (canEdit && target > position) {
        try {
          await recordStep(surveyId, step.id);
        } catch {
          return; // The API client has shown the error.
        }
      }
      const next = new URLSearchParams(params);
      next.set('step', String(target));
      setParams(next);
      refreshProgress();
    } finally {
      setMoving(false);
    }
  };

  const completedIds = new Set(progress.filter((p) => p.completed).map((p) => p.tab_id));
  const completedSteps = steps.filter((s) => completedIds.has(s.id)).length;
  const percent = total ? Math.round((completedSteps / total) * 100) : invitation.survey_progress;
  const progressOf = (tabId: number) => progress.find((p) => p.tab_id === tabId);
  const current = progressOf(step.id);
  const holderOf = (tabId: number) => {
    const row = progressOf(tabId);
    return row?.occupied_by && row.occupied_by.id !== account.id ? row.occupied_by : null;
  };
  /** A step's state as both step lists say it: who holds it, complete or not, its failing checks. */
  const stateOf = (tabId: number) => {
    const holder = holderOf(tabId);
    const done = completedIds.has(tabId);
    const status = holder ? `Being edited by ${holder.name}` : done ? 'Complete' : 'Incomplete';
    const failing = (progressOf(tabId)?.checks.length ?? 0) > 0;
    const checks = failing ? (done ? 'Figures do not add up (note given)' : 'Figures do not add up') : null;
    return { done, status, checks };
  };
  const incomplete = steps
    .map((s, i) => ({ step: s, position: i + 1 }))
    .filter(({ step: s }) => s.id !== SUBMIT_STEP_ID && !completedIds.has(s.id));

  // Invite User invites to the caller's own organization: offered on its own response only.
  const inviteButton = !own ? null : account.isOrganizationAdministrator ? (
    <Button
      component={Link}
      to={INVITE_USERS_PATH}
      kind="blanc"
      leftSection={<IconUserPlus size={16} aria-hidden />}
    >
      Invite User
    </Button>
  ) : (
    <Tooltip label={INVITE_ADMINS_ONLY}>
      <Button
        kind="blanc"
        data-disabled
        leftSection={<IconUserPlus size={16} aria-hidden />}
        aria-disabled="true"
        onClick={(e) => e.preventDefault()}
      >
        Invite User
      </Button>
    </Tooltip>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={invitation.title}
        eyebrow={`Hosted by ${invitation.host.name} · Due ${formatDate(invitation.due)}`}
        actions={
          <>
            <Button
              component={Link}
              to={exportPath(surveyId, organizationId)}
              kind="secondary"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download
            </Button>
            {inviteButton}
          </>
        }
      />
      {notice ? (
        <Alert color="blue" icon={<IconLock aria-hidden />} role="status" title="Read only">
          {notice}
        </Alert>
      ) : null}
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm">
            {completedSteps} of {total} steps complete
          </Text>
          <Text size="sm" fw={600}>
            {percent}%
          </Text>
        </Group>
        <Progress value={percent} aria-label="Survey progress" />
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="lg">
            {/* Narrow screens show the steps in the 'Step n of N' menu above the step instead. */}
            <Box component="nav" aria-label="Survey steps" visibleFrom="md">
              <Stepper
                active={position - 1}
                onStepClick={(index) => void goTo(index + 1)}
                orientation="vertical"
                size="sm"
                allowNextStepsSelect
              >
                {steps.map((s, index) => {
                  const { done, status, checks } = stateOf(s.id);
                  const icon = done ? <IconCheck size={16} aria-hidden /> : undefined;
                  return (
                    <Stepper.Step
                      key={s.id}
                      label={s.title}
                      description={
                        checks ? (
                          <>
                            {status}
                            <Text component="span" display="block" size="xs" c="warning.9">
                              {checks}
                            </Text>
                          </>
                        ) : (
                          status
                        )
                      }
                      icon={icon}
                      completedIcon={icon ?? <span aria-hidden>{index + 1}</span>}
                      // Steps before the current one are drawn filled: only complete ones in green.
                      color={done ? 'green' : index === position - 1 ? undefined : 'gray'}
                      // Choosing a step goes to it (the URL's step): links in the steps' navigation,
                      // so that the page's own buttons (Next, Submit, Mark Complete) keep unique names.
                      role="link"
                      aria-current={index === position - 1 ? 'step' : undefined}
                    />
                  );
                })}
              </Stepper>
            </Box>
            <ContributorsList
              contributors={invitation.contributors}
              completedSteps={invitation.completed_steps}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            <Stack gap={2}>
              <Text size="sm" c="dimmed" visibleFrom="md">
                Step {position} of {total}
              </Text>
              <Box hiddenFrom="md">
                {/* Once opened the menu stays shown, even where nothing is laid out (jsdom). */}
                <Menu position="bottom-start" width={320} hideDetached={false}>
                  <Menu.Target>
                    <Button
                      kind="blanc"
                      size="small"
                      rightSection={<IconChevronDown size={16} aria-hidden />}
                    >
                      Step {position} of {total}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown aria-label="Survey steps">
                    {steps.map((s, index) => {
                      const { done, status, checks } = stateOf(s.id);
                      return (
                        <Menu.Item
                          key={s.id}
                          onClick={() => void goTo(index + 1)}
                          leftSection={
                            done ? (
                              <IconCheck size={16} aria-hidden />
                            ) : (
                              <Text component="span" size="sm" w={16} ta="center" aria-hidden>
                                {index + 1}
                              </Text>
                            )
                          }
                          aria-current={index === position - 1 ? 'step' : undefined}
                          fw={index === position - 1 ? 700 : undefined}
                        >
                          {s.title}
                          <Text component="span" display="block" size="xs" c="dimmed">
                            {checks ? `${status} · ${checks}` : status}
                          </Text>
                        </Menu.Item>
                      );
                    })}
                  </Menu.Dropdown>
                </Menu>
              </Box>
              <Title order={2}>{step.title}</Title>
              <Text c="dimmed">{step.description}</Text>
            </Stack>
            {heldBy && occupancy?.occupied_until ? (
              <Alert color="orange" icon={<IconInfoCircle aria-hidden />} role="status">
                Being edited by {heldBy.name} {heldBy.lastname} until{' '}
                <time dateTime={occupancy.occupied_until}>{formatTime(occupancy.occupied_until)}</time>. You
                can read this step; it opens for editing once they leave it.
              </Alert>
            ) : null}
            {current?.checks.length ? (
              <Alert
                color="warning"
                icon={<IconAlertTriangle aria-hidden />}
                title="The figures of this step do not add up"
                aria-label="Data checks of this step"
              >
                <Stack gap={4}>
                  {current.checks.map((check) => (
                    <Text key={check.code} size="sm">
                      {check.message}
                    </Text>
                  ))}
                  {current.note ? (
                    <Text size="sm" fs="italic">
                      Note for the host: {current.note}
                    </Text>
                  ) : (
                    <Text size="sm">
                      Fix them, or mark the step complete with a note for the survey's host.
                    </Text>
                  )}
                </Stack>
              </Alert>
            ) : current?.note ? (
              // The figures were fixed after the note was given: the host still reads it.
              <Alert color="parity" icon={<IconInfoCircle aria-hidden />} aria-label="Note of this step">
                <Text size="sm" fs="italic">
                  Note for the host: {current.note}
                </Text>
              </Alert>
            ) : null}
            {view ? (
              <Fragment key={step.id}>
                {renderStep({
                  surveyId,
                  organizationId,
                  report: !own,
                  view,
                  basePath: `/surveys/taking/${surveyId}`,
                  readOnly,
                  controller,
                  onChange: refreshProgress,
                })}
              </Fragment>
            ) : (
              <SubmitStep
                surveyId={surveyId}
                incomplete={incomplete}
                submittedAt={invitation.submitted_at}
                canSubmit={canEdit}
                onGoTo={(target) => void goTo(target)}
              />
            )}
            <Group justify="space-between">
              <Button
                kind="blanc"
                onClick={() => void goTo(position - 1)}
                disabled={position <= 1}
                loading={moving}
              >
                Previous
              </Button>
              {position < total ? (
                <Button onClick={() => void goTo(position + 1)} loading={moving}>
                  Next
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
