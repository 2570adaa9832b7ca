import { LPI_PAGE_TABS, type TLpiPage, type TTabKey } from '@parity/domain/lpi/tabs';
import { SUBMIT_STEP_ID, stepTabKeys } from '@parity/domain/surveys';

/** The LPI profile page (and its save units) a survey step shows. */
export interface StepView {
  page: TLpiPage;
  units: readonly TTabKey[];
}

const PAGES = Object.entries(LPI_PAGE_TABS) as [TLpiPage, readonly TTabKey[]][];

/** A step's page and units: its save units (tab and US-based variant), on the page that holds them. */
export function stepView(stepId: number): StepView | null {
  if (stepId === SUBMIT_STEP_ID) return null;
  const units = stepTabKeys(stepId);
  const page = PAGES.find(([, tabs]) => units.length > 0 && tabs.includes(units[0]!))?.[0];
  return page ? { page, units } : null;
}
