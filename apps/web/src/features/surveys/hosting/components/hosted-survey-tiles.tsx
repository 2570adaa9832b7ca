import { Avatar, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { HOSTED_SURVEY_STATUSES, type THostedSurvey } from '@parity/domain/surveys';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/button/button';
import { formatDate } from '../../../../lib/dates';
import { NO_INFORMATION, STATUS_COLORS } from '../../components/survey-tile';
import { SurveyTileGrid } from '../../components/survey-tile-grid';
import { type HostedSurveysScope, useHostedSurveys } from '../api/hosting';

/**
 * A hosted survey's tile (spec 3 Survey tile, hosting): title, due date, status, host, the share of
 * invited organizations that submitted, and a link to the hosted survey page. Titled by an h2: the
 * lists sit right under their page's h1.
 */
export function HostedSurveyTile({ survey }: { survey: THostedSurvey }) {
  const hasInfo = Boolean(survey.due) || Boolean(survey.host?.name);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={survey.title}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={2} size="h5" lineClamp={2}>
              {survey.title}
            </Title>
            <Badge color={STATUS_COLORS[survey.status]} variant="light" style={{ flexShrink: 0 }}>
              {survey.status}
            </Badge>
          </Group>
          {hasInfo ? (
            <Stack gap={4}>
              {survey.due ? (
                <Text size="sm" c="dimmed">
                  Due <time dateTime={survey.due}>{formatDate(survey.due)}</time>
                </Text>
              ) : null}
              {survey.host?.name ? (
                <Group gap="xs" wrap="nowrap">
                  <Avatar
                    src={survey.host.logo || null}
                    alt={`${survey.host.name} logo`}
                    size="sm"
                    radius="sm"
                  >
                    {survey.host.name.slice(0, 1)}
                  </Avatar>
                  <Text size="sm">{survey.host.name}</Text>
                </Group>
              ) : null}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {NO_INFORMATION}
            </Text>
          )}
        </Stack>
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {survey.submitted} of {survey.invited} invited submitted
            </Text>
            <Text size="xs" fw={500}>
              {survey.progress_percent}%
            </Text>
          </Group>
          <Progress value={survey.progress_percent} size="sm" aria-label={`${survey.title} response rate`} />
          <Button
            component={Link}
            to={`/surveys/hosting/${survey.id}`}
            kind="secondary"
            fullWidth
            aria-label={`Open ${survey.title}`}
          >
            Open
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

const useHostingSurveys = (filter: string | null) => useHostedSurveys('hosting', filter);
const useAccessingSurveys = (filter: string | null) => useHostedSurveys('accessing', filter);

/** Hosted surveys as tiles (GET /api/surveys?filter&scope). */
export function HostedSurveyTiles({ scope, empty }: { scope: HostedSurveysScope; empty: ReactNode }) {
  return (
    <SurveyTileGrid
      useSurveys={scope === 'accessing' ? useAccessingSurveys : useHostingSurveys}
      statuses={HOSTED_SURVEY_STATUSES}
      renderTile={(survey) => <HostedSurveyTile key={survey.id} survey={survey} />}
      empty={empty}
    />
  );
}
