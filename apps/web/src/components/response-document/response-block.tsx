import { Stack, Table, Text, Title } from '@mantine/core';
import { type Block, type Cell, cellText } from '@parity/domain/survey-response-document';
import classes from './response-document.module.css';

// A block of a response document (domain survey-response-document): the hosts' printable survey
// response and a profile shared through the exchange show their tabs with it.

const numeric = (cell: Cell) => typeof cell === 'number';

/** A block of a step or tab: label/value fields, a table with its totals, or a note. */
export function ResponseBlock({ block, id }: { block: Block; id: string }) {
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
