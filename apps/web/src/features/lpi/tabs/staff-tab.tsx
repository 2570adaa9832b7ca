import { Stack } from '@mantine/core';
import { checkStaffTotal } from '@parity/domain/lpi/checks';
import { type TGrid, toGridData, ZGridSave } from '@parity/domain/lpi/grids';
import { TAB_TITLES } from '@parity/domain/lpi/tabs';
import { gridKey, type SimpleGridTab, saveStaff, useStaffGrid, useTotalEmployees } from '../api/grids';
import { CheckAlert } from '../components/checks/check-alert';
import { GridSection } from '../components/grid/grid-section';
import { GridTable } from '../components/grid/grid-table';
import { applyChanges, useGridUnit } from '../components/grid/use-grid-unit';
import { type LpiScope, type LpiTabProps, surveyIdOf } from '../lib/scope';

function StaffUnit({
  tab,
  scope,
  readOnly,
  total,
}: {
  tab: SimpleGridTab;
  scope: LpiScope;
  readOnly: boolean;
  total?: number | null;
}) {
  const query = useStaffGrid(scope, tab);
  const unit = useGridUnit<TGrid>({
    tab,
    scope,
    queryKey: gridKey(tab, scope),
    query,
    readOnly,
    send: (updatedAt, draft) => {
      const body = ZGridSave.parse({
        survey_id: surveyIdOf(scope),
        updated_at: updatedAt,
        data: toGridData(draft.rows),
      });
      return saveStaff(scope, tab, body.updated_at, body.data);
    },
  });
  const data = unit.data;
  const entered = data ? data.rows.reduce((sum, row) => sum + row.total, 0) : null;
  // The staff grid against the Overview's total, as it is edited (the US-based grid is a part of it).
  const issues =
    tab === 'staff' && entered !== null && total !== null && total !== undefined
      ? checkStaffTotal(entered, total)
      : [];
  return (
    <GridSection title={TAB_TITLES[tab]} entered={entered} total={total} query={query}>
      {readOnly ? null : <CheckAlert issues={issues} />}
      {data ? (
        <GridTable
          caption={`${TAB_TITLES[tab]} by race/ethnicity and gender`}
          categories={data.categories}
          rows={data.rows}
          readOnly={readOnly}
          onChange={(changes) => unit.update((d) => ({ ...d, rows: applyChanges(d.rows, changes) }))}
        />
      ) : null}
    </GridSection>
  );
}

/**
 * Total Full-Time Employees (/lpi/fte): the staff grid, whose heading shows the entered sum over
 * the overview's total full-time employees, and the US-based grid, a save unit of its own.
 */
export default function StaffTab({ scope, readOnly }: LpiTabProps) {
  const total = useTotalEmployees(scope);
  return (
    <Stack gap="xl">
      <StaffUnit tab="staff" scope={scope} readOnly={readOnly} total={total.data ?? null} />
      <StaffUnit tab="us_staff" scope={scope} readOnly={readOnly} />
    </Stack>
  );
}
