import { Divider, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type Block, type Cell, cellText } from '@parity/domain/survey-response-document';
import { QueryError } from '../../../components/query-state/query-state';
import { useResponseDocument } from '../api/export-files';
import classes from './response-view.module.css';

const numeric = (cell: Cell) => typeof cell === 'number';

/** A block of a step: label/value fields, a table with its totals, or a note. */
function ResponseBlock({ block, id }: { block: Block; id: string }) {
  const titleId = `${id}-title`;
  const title = 'title' in block && block.title ? block.title : null;
  const heading = title ? (
    <Title order={3} size="h5" id={titleId}>
      {title}
    </Title>
  ) : null;
  if (block.kind === 'note') return <Text fs="italic">{block.text}</Text>;
  if (block.kind === 'fields') {
    return (
      <Stack gap="xs">
        {heading}
        <dl className={classes.fields}>
          {block.rows.map(([label, value]) => (
            <div key={label} className={classes.field}>
              <dt>{label}</dt>
              <dd>{cellText(value)}</dd>
            </div>
          ))}
        </dl>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {heading}
      {/* A wide table scrolls sideways on its own on a narrow screen, by keyboard too (axe). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus */}
      <div className={classes.tableScroll} tabIndex={0}>
        <Table
          miw={Math.max(320, block.columns.length * 96)}
          withTableBorder
          withColumnBorders
          {...(title ? { 'aria-labelledby': titleId } : {})}
        >
          <Table.Thead>
            <Table.Tr>
              {block.columns.map((column) => (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {block.rows.map((row, r) => (
              // A row of the document has no id: its place in the table is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows never move
              <Table.Tr key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <Table.Th key={block.columns[c]} scope="row" className={classes.rowHeader}>
                      {cellText(cell)}
                    </Table.Th>
                  ) : (
                    <Table.Td key={block.columns[c]} ta={numeric(cell) ? 'right' : undefined}>
                      {cellText(cell)}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {block.totals ? (
            <Table.Tfoot>
              <Table.Tr className={classes.totals}>
                {block.totals.map((cell, c) => (
                  <Table.Td key={block.columns[c]} ta={numeric(cell) ? 'right' : undefined}>
                    {cellText(cell)}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </div>
    </Stack>
  );
}

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
