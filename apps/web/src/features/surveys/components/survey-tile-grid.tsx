import { Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError } from '../../../components/query-state/query-state';
import { Select } from '../../../components/select/select';

/** Tiles per page of every survey list (invitations, archive, export, hosting). */
export const TILES_PAGE_SIZE = 9;

export interface SurveyTileGridProps<T extends { id: number; due: string }> {
  /** The list's query for a filter (null: everything); called for the filter and for null (the years). */
  useSurveys: (filter: string | null) => UseQueryResult<{ data: T[] }>;
  /** The statuses offered by the filter. */
  statuses: readonly string[];
  /** Which surveys the page lists (all by default). */
  include?: (survey: T) => boolean;
  renderTile: (survey: T) => ReactNode;
  /** What an empty list says. */
  empty: ReactNode;
}

const includeAll = () => true;

/**
 * Surveys as tiles with the spec's filter (a status or a due year, kept in the URL's `filter`
 * query and sent to the API), loading, error and empty states, and pages of TILES_PAGE_SIZE.
 */
export function SurveyTileGrid<T extends { id: number; due: string }>({
  useSurveys,
  statuses,
  include = includeAll,
  renderTile,
  empty,
}: SurveyTileGridProps<T>) {
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter');
  const all = useSurveys(null);
  const filtered = useSurveys(filter);
  const list = filter ? filtered : all;
  const [page, setPage] = useState(1);

  const years = useMemo(
    () =>
      [...new Set((all.data?.data ?? []).map((s) => s.due.slice(0, 4)))].sort((a, b) => b.localeCompare(a)),
    [all.data],
  );
  const shown = (list.data?.data ?? []).filter(include);
  const pages = pageCount(shown.length, TILES_PAGE_SIZE);
  const current = Math.min(page, pages);

  const setFilter = (value: string | null) => {
    setPage(1);
    const next = new URLSearchParams(params);
    if (value) next.set('filter', value);
    else next.delete('filter');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <Select
          label="Filter"
          placeholder="All surveys"
          clearable
          value={filter}
          onChange={setFilter}
          data={[
            { group: 'Status', items: statuses.map((s) => ({ value: s, label: s })) },
            ...(years.length
              ? [{ group: 'Due year', items: years.map((y) => ({ value: y, label: y })) }]
              : []),
          ]}
          w={240}
        />
      </Group>
      {list.isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          role="status"
          aria-busy="true"
          aria-label="Loading surveys"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={190} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <QueryError
          error={list.error}
          title="The surveys could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : shown.length === 0 ? (
        <div role="status">{empty}</div>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {shown.slice((current - 1) * TILES_PAGE_SIZE, current * TILES_PAGE_SIZE).map(renderTile)}
          </SimpleGrid>
          <Pager pages={pages} page={current} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
