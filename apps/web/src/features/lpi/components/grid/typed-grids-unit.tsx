import { Stack } from '@mantine/core';
import { type TTypedGrids, ZTypedGridSave } from '@parity/domain/lpi/grids';
import { TAB_TITLES } from '@parity/domain/lpi/tabs';
import { gridKey, saveTyped, type TypedGridTab, useTypedGrids } from '../../api/grids';
import { type LpiScope, surveyIdOf } from '../../lib/scope';
import { GridSection } from './grid-section';
import { GridTable } from './grid-table';
import { applyChanges, useGridUnit } from './use-grid-unit';

/** The save body's rows of senior and junior grids. */
export const typedRows = (data: TTypedGrids) =>
  data.grids.flatMap((grid) =>
    grid.rows.map((row) => ({
      type_id: grid.type as 1 | 2,
      ethnicity_id: row.ethnicity_id,
      genders: row.genders.map((cell) => ({ id: cell.id, value: cell.value })),
    })),
  );

/**
 * One save unit of investment staff or investment committee (or their US-based variants): a
 * Senior Investment Professional grid and a Junior one, saved together.
 */
export function TypedGridsUnit({
  tab,
  scope,
  readOnly,
}: {
  tab: TypedGridTab;
  scope: LpiScope;
  readOnly: boolean;
}) {
  const query = useTypedGrids(scope, tab);
  const unit = useGridUnit<TTypedGrids>({
    tab,
    scope,
    queryKey: gridKey(tab, scope),
    query,
    readOnly,
    send: (updatedAt, draft) => {
      const body = ZTypedGridSave.parse({
        survey_id: surveyIdOf(scope),
        updated_at: updatedAt,
        data: typedRows(draft),
      });
      return saveTyped(scope, tab, body.updated_at, body.data);
    },
  });
  const data = unit.data;
  const entered = data
    ? data.grids.reduce((sum, grid) => sum + grid.rows.reduce((s, row) => s + row.total, 0), 0)
    : null;
  return (
    <GridSection title={TAB_TITLES[tab]} entered={entered} query={query}>
      {data ? (
        <Stack gap="lg">
          {data.grids.map((grid) => (
            <GridTable
              key={grid.type}
              caption={tab.startsWith('us_') ? `${grid.label} (US-based)` : grid.label}
              categories={data.categories}
              rows={grid.rows}
              readOnly={readOnly}
              onChange={(changes) =>
                unit.update((d) => ({
                  ...d,
                  grids: d.grids.map((g) =>
                    g.type === grid.type ? { ...g, rows: applyChanges(g.rows, changes) } : g,
                  ),
                }))
              }
            />
          ))}
        </Stack>
      ) : null}
    </GridSection>
  );
}
