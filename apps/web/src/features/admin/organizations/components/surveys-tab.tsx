import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { QueryError, QueryLoader } from '../../../../components/query-state/query-state';
import { formatDate } from '../../../../lib/dates';
import { useAdminOrganizationSurveys } from '../api';

const STATUS_LABELS: Record<string, string> = {
  scheduled: 'Scheduled',
  open: 'Open',
  closed: 'Closed',
  archived: 'Archived',
  deleted: 'Deleted',
  invited: 'Invited',
  in_progress: 'In progress',
  submitted: 'Submitted',
  declined: 'Declined',
};
const label = (status: string) => STATUS_LABELS[status] ?? status;

/** The Surveys tab: what the organization hosts and what it was invited to, with statuses. */
export function SurveysTab({ organizationId }: { organizationId: number }) {
  const surveys = useAdminOrganizationSurveys(organizationId);
  if (surveys.isPending) return <QueryLoader label="Loading the surveys" />;
  if (surveys.isError) {
    return (
      <QueryError
        error={surveys.error}
        title="The surveys could not be loaded"
        onRetry={() => void surveys.refetch()}
      />
    );
  }
  const { hosted, invited } = surveys.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby="hosted-title">
        <Title order={3} size="h5" id="hosted-title">
          Hosted surveys
        </Title>
        {hosted.length === 0 ? (
          <Text c="dimmed">This organization hosts no surveys.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label="Hosted surveys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Survey</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Submitted / invited (organizations)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {hosted.map((survey) => (
                  <Table.Tr key={survey.id}>
                    <Table.Td>{survey.title}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{label(survey.status)}</Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(survey.due)}</Table.Td>
                    <Table.Td>
                      {survey.submitted} / {survey.invited}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="invited-title">
        <Title order={3} size="h5" id="invited-title">
          Invited to
        </Title>
        {invited.length === 0 ? (
          <Text c="dimmed">This organization was invited to no surveys.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label="Surveys invited to">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Survey</Table.Th>
                  <Table.Th>Host</Table.Th>
                  <Table.Th>Response</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Submitted on</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invited.map((survey) => (
                  <Table.Tr key={survey.id}>
                    <Table.Td>{survey.title}</Table.Td>
                    <Table.Td>{survey.host.name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{label(survey.status)}</Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(survey.due)}</Table.Td>
                    <Table.Td>{formatDate(survey.submitted_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
