import { Avatar, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { TSurveyInvitation, TSurveyStatus } from '@parity/domain/survey-invitation';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button';
import { formatDate } from '../../../lib/dates';
import type { SurveyAction } from '../lib/survey-action';

export const NO_INFORMATION = 'No information';

/** The badge colour of each survey status: the theme's colours, whose light variants keep AA contrast. */
export const STATUS_COLORS: Record<TSurveyStatus, string> = {
  Active: 'parity',
  Scheduled: 'action',
  'Past Due': 'warning',
  'Not Submitted': 'gray',
  Submitted: 'success',
  Archived: 'gray',
};

export interface SurveyTileProps {
  invitation: Pick<
    TSurveyInvitation,
    'title' | 'start' | 'due' | 'host' | 'status' | 'survey_progress' | 'completed_steps' | 'total_step'
  >;
  action: SurveyAction;
  /** the tile's heading level (3 under a page's h2 sections) */
  headingOrder?: 2 | 3 | 4;
  compact?: boolean;
}

/**
 * A survey tile (spec 3 Survey tile): title, due date, the host with its logo, the progress and the
 * action button; 'No information' when there is neither a due date nor a host. A scheduled survey
 * says when it opens.
 */
export function SurveyTile({ invitation, action, headingOrder = 3, compact = false }: SurveyTileProps) {
  const { title, start, due, host, status, survey_progress: progress } = invitation;
  const hasInfo = Boolean(due) || Boolean(host?.name);
  return (
    <Card withBorder radius="md" padding={compact ? 'sm' : 'md'} component="article" aria-label={title}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={headingOrder} size="h5" lineClamp={2}>
              {title}
            </Title>
            <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
              {status}
            </Badge>
          </Group>
          {hasInfo ? (
            <Stack gap={4}>
              {status === 'Scheduled' && start ? (
                <Text size="sm" fw={500}>
                  Opens <time dateTime={start}>{formatDate(start)}</time>
                </Text>
              ) : null}
              {due ? (
                <Text size="sm" c="dimmed">
                  Due <time dateTime={due}>{formatDate(due)}</time>
                </Text>
              ) : null}
              {host?.name ? (
                <Group gap="xs" wrap="nowrap">
                  <Avatar src={host.logo || null} alt={`${host.name} logo`} size="sm" radius="sm">
                    {host.name.slice(0, 1)}
                  </Avatar>
                  <Text size="sm">{host.name}</Text>
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
              {invitation.completed_steps} of {invitation.total_step} steps
            </Text>
            <Text size="xs" fw={500}>
              {progress}%
            </Text>
          </Group>
          <Progress value={progress} size="sm" aria-label={`${title} progress`} />
          {action.to ? (
            <Button
              component={Link}
              to={action.to}
              kind={action.label === 'Continue Response' ? 'primary' : 'secondary'}
              fullWidth
            >
              {action.label}
            </Button>
          ) : (
            <Button kind="blanc" disabled fullWidth>
              {action.label}
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
