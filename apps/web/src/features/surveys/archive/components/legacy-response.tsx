import { Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { QueryError } from '../../../../components/query-state/query-state';
import { useLegacyResponse } from '../../api/taking-legacy';

/** A legacy answer as text (lists joined, yes/no for booleans, 'No information' when empty). */
export function legacyAnswer(answer: unknown): string {
  if (answer === null || answer === undefined || answer === '') return 'No information';
  if (typeof answer === 'boolean') return answer ? 'Yes' : 'No';
  if (Array.isArray(answer)) return answer.map(legacyAnswer).join(', ') || 'No information';
  if (typeof answer === 'object') return JSON.stringify(answer);
  return String(answer);
}

/** A legacy survey's response (GET /api/legacy-surveys/{id}), read only: questions and answers by section. */
export function LegacyResponse({ surveyId, organizationId }: { surveyId: number; organizationId: number }) {
  const legacy = useLegacyResponse(surveyId, organizationId, true);
  if (legacy.isPending) {
    return (
      <Skeleton
        height={240}
        radius="md"
        role="status"
        aria-busy="true"
        aria-label="Loading the legacy response"
      />
    );
  }
  if (legacy.isError) {
    return (
      <QueryError
        error={legacy.error}
        title="The legacy response could not be loaded"
        onRetry={() => void legacy.refetch()}
      />
    );
  }
  // A legacy response never changes order: its position identifies a section or a question.
  const sections = legacy.data.sections.map((section, i) => ({
    ...section,
    id: `legacy-${i}`,
    questions: section.questions.map((q, j) => ({ ...q, id: `legacy-${i}-${j}` })),
  }));
  if (!sections.length) return <Text c="dimmed">This legacy response holds no answers.</Text>;
  return (
    <Stack gap="xl">
      {sections.map((section) => (
        <Stack key={section.id} gap="xs" component="section" aria-labelledby={section.id}>
          <Title order={2} size="h4" id={section.id}>
            {section.section}
          </Title>
          <Table withTableBorder striped aria-labelledby={section.id}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="50%">Question</Table.Th>
                <Table.Th>Answer</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {section.questions.map((q) => (
                <Table.Tr key={q.id}>
                  <Table.Td>{q.question}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{legacyAnswer(q.answer)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </Stack>
  );
}
