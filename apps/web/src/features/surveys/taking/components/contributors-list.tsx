import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import type { TSurveyInvitation } from '@parity/domain/survey-invitation';
import { formatDateTime } from '../../../../lib/dates';

/**
 * Who worked on the response (spec 3 Survey invitation contributors): submitted flag, last update.
 * Steps completed with nobody on record (data imported for the organization) do not read as untouched.
 */
export function ContributorsList({
  contributors,
  completedSteps,
}: {
  contributors: TSurveyInvitation['contributors'];
  completedSteps: number;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="contributors-title">
      <Title order={2} size="h5" id="contributors-title">
        Contributors
      </Title>
      {contributors.length === 0 ? (
        <Text size="sm" c="dimmed">
          {completedSteps > 0
            ? 'No member is on record for the completed steps.'
            : 'Nobody has saved a step yet.'}
        </Text>
      ) : (
        <List listStyleType="none" spacing="xs" aria-label="Contributors">
          {contributors.map((person) => (
            <List.Item key={person.id}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500}>
                  {[person.name, person.lastname].filter(Boolean).join(' ')}
                </Text>
                {person.submitted ? (
                  <Badge size="xs" color="green" variant="light">
                    Submitted
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {person.last_updated_at ? (
                  <>
                    Last update{' '}
                    <time dateTime={person.last_updated_at}>{formatDateTime(person.last_updated_at)}</time>
                  </>
                ) : (
                  'No update yet'
                )}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
