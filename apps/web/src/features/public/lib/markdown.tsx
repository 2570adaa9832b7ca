import { Code, Table, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A renderer for the plain Markdown of our own documents (docs/scoring.md): headings (with ids to
 * link to), paragraphs, "- " lists, pipe tables, indented code blocks, **bold** and `code`. Enough
 * for the documents we write, so the page and the file cannot drift apart; not a general parser.
 */

export const headingId = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Items keyed by their place in the (static) document: the text never reorders. */
const keyed = <T,>(items: readonly T[], prefix: string) =>
  items.map((value, place) => ({ key: `${prefix}${place}`, value }));

function inline(text: string): ReactNode[] {
  return keyed(text.split(/(\*\*[^*]+\*\*|`[^`]+`)/), 'i').map(({ key, value: part }) => {
    if (part.startsWith('**') && part.endsWith('**')) return <strong key={key}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`')) return <Code key={key}>{part.slice(1, -1)}</Code>;
    return part;
  });
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

export function Markdown({ source }: { source: string }) {
  const lines = source.split('\n');
  const blocks: ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const key = blocks.length;
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (line.trim() === '') {
      i++;
    } else if (heading) {
      const order = Math.min(heading[1]!.length, 4) as 1 | 2 | 3 | 4;
      const text = heading[2]!;
      blocks.push(
        <Title key={key} order={order} id={headingId(text)} mt={order === 1 ? 0 : 'lg'}>
          {inline(text)}
        </Title>,
      );
      i++;
    } else if (line.startsWith('    ')) {
      const code: string[] = [];
      while (i < lines.length && (lines[i]!.startsWith('    ') || lines[i]!.trim() === '')) {
        code.push(lines[i]!.slice(4));
        i++;
      }
      blocks.push(
        <Code key={key} block>
          {code.join('\n').trimEnd()}
        </Code>,
      );
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) {
        if (!/^\|[\s|:-]+\|$/.test(lines[i]!.trim())) rows.push(cells(lines[i]!));
        i++;
      }
      const [head, ...body] = rows;
      blocks.push(
        <Table.ScrollContainer key={key} minWidth={480}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                {keyed(head ?? [], 'h').map(({ key, value }) => (
                  <Table.Th key={key}>{inline(value)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keyed(body, 'r').map((row) => (
                <Table.Tr key={row.key}>
                  {keyed(row.value, 'c').map(({ key, value }) => (
                    <Table.Td key={key}>{inline(value)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>,
      );
    } else if (line.startsWith('- ')) {
      const items: string[] = [];
      while (i < lines.length && (lines[i]!.startsWith('- ') || lines[i]!.startsWith('  '))) {
        if (lines[i]!.startsWith('- ')) items.push(lines[i]!.slice(2));
        else items[items.length - 1] += ` ${lines[i]!.trim()}`;
        i++;
      }
      blocks.push(
        <ul key={key}>
          {keyed(items, 'l').map(({ key, value }) => (
            <li key={key}>{inline(value)}</li>
          ))}
        </ul>,
      );
    } else {
      const text: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '' && !/^(#|\||- | {4})/.test(lines[i]!)) {
        text.push(lines[i]!.trim());
        i++;
      }
      blocks.push(<p key={key}>{inline(text.join(' '))}</p>);
    }
  }
  return <Typography>{blocks}</Typography>;
}
