import { Stack, Tabs } from '@mantine/core';
import { type THistoricalGrids, ZHistoricalSave } from '@parity/domain/lpi/grids';
import { TAB_TITLES } from '@parity/domain/lpi/tabs';
import { useState } from 'react';
import { gridKey, saveHistorical, useHistorical } from '../api/grids';
import { CheckAlert } from '../components/checks/check-alert';
import { GridSection } from '../components/grid/grid-section';
import { GridTable } from '../components/grid/grid-table';
import { applyChanges, useGridUnit } from '../components/grid/use-grid-unit';
import { type LpiTabProps, surveyIdOf } from '../lib/scope';

/** The save body's rows: one per (year, type, race/ethnicity). */
export const historicalRows = (data: THistoricalGrids) =>
  data.grids.flatMap((grid) =>
    grid.rows.map((row) => ({
      year: grid.year,
      type: grid.type as 1 | 2 | 3,
      data: {
        ethnicity_id: row.ethnicity_id,
        genders: row.genders.map((c) => ({ id: c.id, value: c.value })),
      },
    })),
  );

/**
 * Historical Insights (Past 3 Years): a tab per year, each with the Hires, Promotions and
 * Attrition grids; the whole tab is one save unit.
 */
export default function InsightsTab({ scope, readOnly }: LpiTabProps) {
  const query = useHistorical(scope);
  const unit = useGridUnit<THistoricalGrids>({
    tab: 'insights',
    scope,
    queryKey: gridKey('insights', scope),
    query,
    readOnly,
    send: (updatedAt, draft) => {
      const body = ZHistoricalSave.parse({
        survey_id: surveyIdOf(scope),
        updated_at: updatedAt,
        data: historicalRows(draft),
      });
      return saveHistorical(scope, body.updated_at, body.data);
    },
  });
  const data = unit.data;
  const [year, setYear] = useState<string | null>(null);
  const years = data?.years ?? [];
  const activeYear = year ?? (years.length ? String(years[years.length - 1]) : null);
  const entered = data
    ? data.grids.reduce((sum, grid) => sum + grid.rows.reduce((s, row) => s + row.total, 0), 0)
    : null;

  const grids = (y: number) =>
    (data?.grids ?? [])
      .filter((grid) => grid.year === y)
      .map((grid) => (
        <GridTable
          key={`${grid.year}-${grid.type}`}
          caption={`${grid.label} in ${grid.year}`}
          categories={data?.categories ?? []}
          rows={grid.rows}
          readOnly={readOnly}
          onChange={(changes) =>
            unit.update((d) => ({
              ...d,
              grids: d.grids.map((g) =>
                g.year === grid.year && g.type === grid.type
                  ? { ...g, rows: applyChanges(g.rows, changes) }
                  : g,
              ),
            }))
          }
        />
      ));

  return (
    <GridSection title={TAB_TITLES.insights} entered={entered} query={query}>
      {/* Hires minus attrition against the head counts only the server knows: as last saved. */}
      {readOnly ? null : <CheckAlert issues={query.data?.checks ?? []} />}
      {data ? (
        <Tabs value={activeYear} onChange={setYear} keepMounted={false}>
          <Tabs.List aria-label="Years">
            {years.map((y) => (
              <Tabs.Tab key={y} value={String(y)}>
                {y}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {years.map((y) => (
            <Tabs.Panel key={y} value={String(y)} pt="md">
              <Stack gap="lg">{grids(y)}</Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : null}
    </GridSection>
  );
}
