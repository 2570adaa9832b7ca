import { Group, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { TRespondentDistribution, TSurveyScoreKey } from '@parity/domain/analytics';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/button/button';
import { Pager, pageCount } from '../../../components/pager/pager';
import { SortableTh, type SortOrder } from '../../../components/table/sortable-th';
import { FIGURE_LABELS, formatFigure, formatPercentile } from './figures';

type Respondent = TRespondentDistribution['values'][number];
type SortKey = 'organization' | 'value' | 'percentile';

export const RESPONDENTS_PAGE_SIZE = 25;

function nullsLast(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a - b;
}

/**
 * Each respondent's position (spec 5 "each respondent's position"): organization, value,
 * percentile among the others and quartile, sortable, searchable and paged; each row opens the
 * respondent's manager view.
 */
export function RespondentsTable({
  scoreKey,
  respondents,
  onOpen,
}: {
  scoreKey: TSurveyScoreKey;
  respondents: readonly Respondent[];
  onOpen: (respondent: Respondent) => void;
}) {
  const [sort, setSort] = useState<{ key: SortKey; order: SortOrder }>({
    key: 'value',
    order: 'desc',
  });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const found = needle
      ? respondents.filter((r) => r.organization_name.toLowerCase().includes(needle))
      : [...respondents];
    const sign = sort.order === 'asc' ? 1 : -1;
    // null values stay last whichever the direction
    return found.sort((a, b) => {
      if (sort.key === 'organization') return sign * a.organization_name.localeCompare(b.organization_name);
      const [x, y] = [a[sort.key], b[sort.key]];
      return x === null || y === null ? nullsLast(x, y) : sign * (x - y);
    });
  }, [respondents, search, sort]);

  const pages = pageCount(rows.length, RESPONDENTS_PAGE_SIZE);
  const current = Math.min(page, pages);
  const shownRows = rows.slice((current - 1) * RESPONDENTS_PAGE_SIZE, current * RESPONDENTS_PAGE_SIZE);
  const onSort = (key: SortKey) => {
    setSort((s) =>
      s.key === key
        ? { key, order: s.order === 'asc' ? 'desc' : 'asc' }
        : { key, order: key === 'organization' ? 'asc' : 'desc' },
    );
    setPage(1);
  };
  const label = FIGURE_LABELS[scoreKey];

  return (
    <>
      <TextInput
        label="Find a respondent"
        placeholder="Organization name"
        leftSection={<IconSearch size={14} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover withTableBorder captionSide="top">
          <Table.Caption>Respondents by {label}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <SortableTh
                label={'Organization'}
                sorted={sort.key === 'organization' ? sort.order : null}
                onSort={() => onSort('organization')}
              />
              <SortableTh
                label={label}
                sorted={sort.key === 'value' ? sort.order : null}
                onSort={() => onSort('value')}
              />
              <SortableTh
                label={'Percentile'}
                sorted={sort.key === 'percentile' ? sort.order : null}
                onSort={() => onSort('percentile')}
              />
              <Table.Th scope="col">Quartile</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Manager view</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shownRows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    {search ? 'No respondent matches this name.' : 'No respondent to list.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              shownRows.map((r) => (
                <Table.Tr key={r.organization_id}>
                  <Table.Th scope="row" fw={500}>
                    {r.organization_name}
                  </Table.Th>
                  <Table.Td>{formatFigure(scoreKey, r.value)}</Table.Td>
                  <Table.Td>{formatPercentile(r.percentile)}</Table.Td>
                  <Table.Td>{r.quartile === null ? 'N/A' : `Q${r.quartile}`}</Table.Td>
                  <Table.Td>
                    <Button
                      kind="tertiary"
                      size="small"
                      onClick={() => onOpen(r)}
                      aria-label={`Open the manager view of ${r.organization_name}`}
                    >
                      Manager view
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {rows.length} respondents · page {current} of {pages}
          </Text>
          <Pager pages={pages} page={current} onChange={setPage} />
        </Group>
      ) : null}
    </>
  );
}
