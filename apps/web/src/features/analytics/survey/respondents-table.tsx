import { Group, Pagination, Table, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TRespondentDistribution, TSurveyScoreKey } from '@parity/domain/analytics';
import { IconArrowDown, IconArrowUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/button/button';
import { FIGURE_LABELS, formatFigure, formatPercentile } from './figures';

type Respondent = TRespondentDistribution['values'][number];
type SortKey = 'organization' | 'value' | 'percentile';
type Direction = 'ascending' | 'descending';

export const RESPONDENTS_PAGE_SIZE = 25;

function nullsLast(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a - b;
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortKey;
  sort: { key: SortKey; direction: Direction };
  onSort: (key: SortKey) => void;
}) {
  const active = sort.key === column;
  const Icon = !active ? IconSelector : sort.direction === 'ascending' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th scope="col" aria-sort={active ? sort.direction : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} aria-label={`Sort by ${label}`}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
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
  const [sort, setSort] = useState<{ key: SortKey; direction: Direction }>({
    key: 'value',
    direction: 'descending',
  });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const found = needle
      ? respondents.filter((r) => r.organization_name.toLowerCase().includes(needle))
      : [...respondents];
    const sign = sort.direction === 'ascending' ? 1 : -1;
    // null values stay last whichever the direction
    return found.sort((a, b) => {
      if (sort.key === 'organization') return sign * a.organization_name.localeCompare(b.organization_name);
      const [x, y] = [a[sort.key], b[sort.key]];
      return x === null || y === null ? nullsLast(x, y) : sign * (x - y);
    });
  }, [respondents, search, sort]);

  const pages = Math.max(1, Math.ceil(rows.length / RESPONDENTS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shownRows = rows.slice((current - 1) * RESPONDENTS_PAGE_SIZE, current * RESPONDENTS_PAGE_SIZE);
  const onSort = (key: SortKey) => {
    setSort((s) =>
      s.key === key
        ? { key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: key === 'organization' ? 'ascending' : 'descending' },
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
              <SortHeader label="Organization" column="organization" sort={sort} onSort={onSort} />
              <SortHeader label={label} column="value" sort={sort} onSort={onSort} />
              <SortHeader label="Percentile" column="percentile" sort={sort} onSort={onSort} />
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
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      ) : null}
    </>
  );
}
