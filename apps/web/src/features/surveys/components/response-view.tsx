import { Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { cellText } from '@parity/domain/survey-response-document';
import { QueryError } from '../../../components/query-state/query-state';
import { ResponseBlock } from '../../../components/response-document/response-block';
import classes from '../../../components/response-document/response-document.module.css';
import { useResponseDocument } from '../api/export-files';

/**
 * An organization's survey response as a document of values, read only and printable: the same
 * document the PDF and the .xlsx print (GET /api/surveys/{id}/export.json), every requested step
 * under its heading with its fields, tables and notes; an empty value is an em dash, as in the PDF.
 */
export function ResponseView({ surveyId, organizationId }: { surveyId: number; organizationId: number }) {
  const response = useResponseDocument(surveyId, organizationId);
  if (response.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the response">
        <Skeleton height={24} width="30%" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  }
  if (response.isError) {
    return (
      <QueryError
        error={response.error}
        title="The response could not be loaded"
        onRetry={() => void response.refetch()}
      />
    );
  }
  const { heading, sections } = response.data;
  return (
    <Stack gap="xl">
      <dl className={classes.fields}>
        {heading.map(([label, value]) => (
          <div key={label} className={classes.field}>
            <dt>{label}</dt>
            <dd>{cellText(value)}</dd>
          </div>
        ))}
      </dl>
      {sections.length === 0 ? <Text c="dimmed">This survey asks no steps.</Text> : null}
      {sections.map((section, i) => (
        <Stack key={section.id} gap="md" component="section" aria-labelledby={`response-step-${section.id}`}>
          {i > 0 ? <Divider /> : null}
          <Title order={2} id={`response-step-${section.id}`}>
            {section.title}
          </Title>
          {section.blocks.map((block, b) => (
            // A block of the document has no id: its place in the step is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks never move
            <ResponseBlock key={b} block={block} id={`response-step-${section.id}-${b}`} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
