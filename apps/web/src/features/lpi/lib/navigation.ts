import { LPI_PAGE_TITLES, LPI_PAGES, type TLpiPage } from '@parity/domain/lpi/pages';
import type { RouteHandle } from '../../../components/breadcrumbs/route-handle';

/** The reporting page's URL name of a profile page when it differs (spec 2: its 'staff' is 'fte'). */
export const REPORTING_SLUGS: Partial<Record<TLpiPage, string>> = { fte: 'staff' };

type SideNavigation = NonNullable<RouteHandle['sideNavigation']>;

/**
 * The LPI tabs (and Analytics) as the drawer-with-top-bar layout's side navigation: in the drawer
 * behind the top bar's burger on small screens (the page's tab bar shows them at every width).
 */
function lpiSideNavigation(
  label: string,
  basePath: string,
  slugs: Partial<Record<TLpiPage, string>> = {},
): SideNavigation {
  return {
    label,
    smallScreensOnly: true,
    items: [
      ...LPI_PAGES.map((page) => ({
        label: LPI_PAGE_TITLES[page],
        to: `${basePath}/${slugs[page] ?? page}`,
      })),
      { label: 'Analytics', to: `${basePath}/analytics` },
    ],
  };
}

/** /lpi/{page}. */
export const LPI_SIDE_NAVIGATION = lpiSideNavigation('LPI profile tabs', '/lpi');
/** /organizations/private/lpi/{option}. */
export const REPORTING_SIDE_NAVIGATION = lpiSideNavigation(
  'Reporting tabs',
  '/organizations/private/lpi',
  REPORTING_SLUGS,
);
