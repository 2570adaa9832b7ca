import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  QUESTION_TYPES,
  receiveTypeName,
  SURVEY_REQUEST_TYPES,
  type TSurveyOverview,
} from '@parity/domain/survey-request';
import { IconAlertCircle, IconArrowRight, IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../../components/button/button';
import { PageHeader } from '../../../../components/page-header/page-header';
import { QueryError } from '../../../../components/query-state/query-state';
import { useCurrentAccount } from '../../../../lib/account';
import { ApiError } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/dates';
import { STATUS_COLORS } from '../../components/survey-tile';
import { surveyAction, takingPath } from '../../lib/survey-action';
import { useSurveyOverview } from '../api/hosting';
import { DeclineSurveyButton } from '../components/decline-survey-button';
import { RequestedInsights } from '../components/insight-types';
import { SurveyHostActions } from '../survey-host-actions';

export const SURVEY_NOT_FOUND = 'This survey does not exist, or your organization is not invited to it.';
export const DECLINED_MESSAGE = 'Your organization declined this survey.';

const typeName = (id: number) => SURVEY_REQUEST_TYPES.find((type) => type.id === id)?.name ?? 'Survey';
const questionTypeName = (id: number) => QUESTION_TYPES.find((type) => type.id === id)?.name ?? 'Question';

/** The button to the taking page, by the spec's survey action rule (Continue Response opens where it was left). */
function invitationAction(survey: TSurveyOverview) {
  const invitation = survey.invitation;
  if (!invitation || invitation.state === 'declined') return null;
  const action = surveyAction({
    survey_id: survey.id,
    organization_id: invitation.organization_id,
    status: invitation.status,
    submitted_at: invitation.submitted_at,
    survey_locked_step: 1,
  });
  return action.label === 'Continue Response'
    ? { ...action, to: takingPath(survey.id, invitation.organization_id) }
    : action;
}

function Contact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** An open invitation that the caller may still decline for its organization (admins and LPI editors). */
function canDecline(survey: TSurveyOverview, account: ReturnType<typeof useCurrentAccount>['data']) {
  const invitation = survey.invitation;
  if (!invitation || !account || account.organization_id !== invitation.organization_id) return false;
  const open = invitation.status === 'Active' || invitation.status === 'Scheduled';
  if (invitation.state === 'declined' || invitation.submitted_at || !open) return false;
  return account.isOrganizationAdministrator || account.hasLpiAccess;
}

function Overview({ survey }: { survey: TSurveyOverview }) {
  const action = invitationAction(survey);
  const account = useCurrentAccount().data;
  return (
    <Stack gap="lg">
      <PageHeader
        eyebrow={`${typeName(survey.survey_type_id)} survey${survey.is_legacy ? ' · imported from an earlier cycle' : ''}`}
        title={survey.title}
        description={survey.description || undefined}
        actions={
          <>
            {survey.can_manage ? (
              <Button
                component={Link}
                to={`/surveys/hosting/${survey.id}`}
                kind="blanc"
                leftSection={<IconSettings size={16} aria-hidden />}
              >
                Hosted survey
              </Button>
            ) : null}
            {action ? (
              action.to ? (
                <Button
                  component={Link}
                  to={action.to}
                  rightSection={<IconArrowRight size={16} aria-hidden />}
                >
                  {action.label}
                </Button>
              ) : (
                <Button kind="blanc" disabled>
                  {action.label}
                </Button>
              )
            ) : null}
            {survey.invitation && canDecline(survey, account) ? (
              <DeclineSurveyButton surveyId={survey.id} organizationId={survey.invitation.organization_id} />
            ) : null}
          </>
        }
      />
      {survey.can_manage ? <SurveyHostActions survey={survey} /> : null}
      {survey.invitation?.state === 'declined' ? (
        <Alert color="gray" icon={<IconAlertCircle aria-hidden />}>
          {DECLINED_MESSAGE}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="survey-about">
          <Stack gap="md">
            <Title order={2} size="h4" id="survey-about">
              About
            </Title>
            <Group gap="sm" wrap="nowrap">
              <Avatar src={survey.host.logo || null} alt={`${survey.host.name} logo`} radius="sm">
                {survey.host.name.slice(0, 1)}
              </Avatar>
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  Hosted by
                </Text>
                <Anchor component={Link} to={`/organizations/${survey.host.id}`} fw={600}>
                  {survey.host.name}
                </Anchor>
              </Stack>
            </Group>
            <Group gap="xl">
              <Contact label="Start">
                <time dateTime={survey.start}>{formatDate(survey.start)}</time>
              </Contact>
              <Contact label="Due">
                <time dateTime={survey.due}>{formatDate(survey.due)}</time>
              </Contact>
              <Contact label="Status">
                <Badge color={STATUS_COLORS[survey.status]} variant="light">
                  {survey.status}
                </Badge>
              </Contact>
              {survey.invitation ? (
                <Contact label="Your organization">
                  <Badge color={STATUS_COLORS[survey.invitation.status]} variant="light">
                    {survey.invitation.state === 'declined' ? 'Declined' : survey.invitation.status}
                  </Badge>
                </Contact>
              ) : null}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Contact label="Primary contact">
                {survey.primary_contact ? (
                  <Text size="sm">
                    {`${survey.primary_contact.name} ${survey.primary_contact.lastname}`.trim()}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    No information
                  </Text>
                )}
              </Contact>
              <Contact label="Contact email">
                {survey.contact_email ? (
                  <Anchor href={`mailto:${survey.contact_email}`} size="sm">
                    {survey.contact_email}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    No information
                  </Text>
                )}
              </Contact>
              <Contact label="Support email">
                {survey.support_email ? (
                  <Anchor href={`mailto:${survey.support_email}`} size="sm">
                    {survey.support_email}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    No information
                  </Text>
                )}
              </Contact>
              <Contact label="Responses received">
                <Text size="sm">{receiveTypeName(survey.receive_type_id) ?? 'No information'}</Text>
              </Contact>
              {survey.can_manage ? (
                <Contact label="Responses">
                  <Text size="sm">
                    {survey.submitted} of {survey.invited} invited organizations submitted
                  </Text>
                </Contact>
              ) : null}
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="survey-steps">
          <Stack gap="md">
            <Title order={2} size="h4" id="survey-steps">
              Requested steps
            </Title>
            {survey.steps.length ? (
              <List type="ordered" spacing={4}>
                {survey.steps.map((step) => (
                  <List.Item key={step.id}>{step.title}</List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" c="dimmed">
                This survey is not taken step by step.
              </Text>
            )}
            {survey.questions.length ? (
              <>
                <Title order={3} size="h5">
                  The host’s own questions
                </Title>
                <List spacing={4}>
                  {survey.questions.map((question) => (
                    <List.Item key={question.id}>
                      {question.display}{' '}
                      <Text span size="xs" c="dimmed">
                        ({questionTypeName(question.question_type_id)})
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </>
            ) : null}
            <Title order={3} size="h5">
              Requested insights
            </Title>
            <RequestedInsights ids={survey.insight_type_ids} />
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** /surveys/{surveyId}?organizationId (surveys.survey): a survey's overview for invited members and the host. */
export function SurveyOverviewRoute() {
  const { surveyId } = useParams();
  const [params] = useSearchParams();
  const organizationParam = params.get('organizationId');
  const organizationId =
    organizationParam && /^\d+$/.test(organizationParam) ? Number(organizationParam) : undefined;
  const survey = useSurveyOverview(Number(surveyId), organizationId);

  if (survey.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading survey">
        <Skeleton height={48} width="60%" />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton height={240} radius="lg" />
          <Skeleton height={240} radius="lg" />
        </SimpleGrid>
      </Stack>
    );
  }
  if (survey.isError) {
    const notFound = survey.error instanceof ApiError && survey.error.status === 404;
    const back = (
      <Button component={Link} to="/surveys" kind="blanc" size="small">
        Back to surveys
      </Button>
    );
    return (
      <Stack gap="md">
        <PageHeader title="Survey" />
        {notFound ? (
          <Alert color="gray" icon={<IconAlertCircle aria-hidden />} title="Survey not found">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{SURVEY_NOT_FOUND}</Text>
              {back}
            </Stack>
          </Alert>
        ) : (
          // Any other failure says the API's reason (no right, awaiting approval, no connection).
          <QueryError
            error={survey.error}
            title="The survey could not be loaded"
            onRetry={() => void survey.refetch()}
            action={back}
          />
        )}
      </Stack>
    );
  }
  return <Overview survey={survey.data} />;
}

export { SurveyOverviewRoute as Component };
