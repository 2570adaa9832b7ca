import { Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { alertStore } from '../alerts/alert-store';
import { Button } from '../button/button';
import { type Cell, downloadCsv, downloadSvgAsPng } from './chart-export';

export interface ChartPanelProps {
  title: string;
  description?: ReactNode;
  /** The file name of the downloads, without extension. */
  fileName: string;
  /** The table view's columns and rows; the CSV download holds the same. */
  columns: readonly string[];
  rows: readonly (readonly Cell[])[];
  /** Controls shown next to the title (an option switch). */
  controls?: ReactNode;
  /** The chart (an SVG); the PNG download draws it. */
  children: ReactNode;
  /** The title's heading level: 2 where the panel sits right under the page's h1. */
  headingOrder?: 2 | 3;
}

const display = (value: Cell) => (value === null ? 'N/A' : String(value));

/** A chart with its table view (toggle), and downloads of its data (CSV) and its image (PNG). */
export function ChartPanel({
  title,
  description,
  fileName,
  columns,
  rows,
  controls,
  children,
  headingOrder = 3,
}: ChartPanelProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const chartRef = useRef<HTMLDivElement>(null);

  const downloadPng = async () => {
    const svg = chartRef.current?.querySelector('svg');
    if (!svg) return;
    try {
      await downloadSvgAsPng(svg, fileName);
    } catch (error) {
      alertStore.add({
        type: 'error',
        title: 'Error',
        description: error instanceof Error ? error.message : 'The chart could not be downloaded.',
      });
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={headingOrder} size="h4">
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
          <Group gap="xs" wrap="wrap">
            {controls}
            <SegmentedControl
              size="xs"
              aria-label={`View of ${title}`}
              value={view}
              onChange={(value) => setView(value as 'chart' | 'table')}
              data={[
                { value: 'chart', label: 'Chart' },
                { value: 'table', label: 'Table' },
              ]}
            />
            <Button
              kind="blanc"
              size="small"
              leftSection={<IconDownload size={14} aria-hidden />}
              aria-label={`Download ${title} as CSV`}
              onClick={() => downloadCsv(fileName, columns, rows)}
            >
              CSV
            </Button>
            <Button
              kind="blanc"
              size="small"
              leftSection={<IconDownload size={14} aria-hidden />}
              aria-label={`Download ${title} as PNG`}
              onClick={() => void downloadPng()}
              disabled={view !== 'chart'}
              title={view !== 'chart' ? 'Show the chart to download it as an image' : undefined}
            >
              PNG
            </Button>
          </Group>
        </Group>
        {view === 'chart' ? (
          // The chart never draws narrower than its own width (ChartSvg: text stays 11 px or more), so
          // on a narrow screen it scrolls sideways, by keyboard too.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (axe)
          <div ref={chartRef} tabIndex={0} style={{ overflowX: 'auto' }}>
            {children}
          </div>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table striped withTableBorder captionSide="top">
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is fixed
                  <Table.Tr key={i}>
                    {row.map((cell, j) =>
                      j === 0 ? (
                        <Table.Th key={columns[j]} scope="row">
                          {display(cell)}
                        </Table.Th>
                      ) : (
                        <Table.Td key={columns[j]}>{display(cell)}</Table.Td>
                      ),
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
