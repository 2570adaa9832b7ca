import type { UIMatch } from 'react-router';
import type { NavItem } from '../top-bar/navigation';

/** The five layouts of spec section 2. */
export type LayoutName = 'centered' | 'custom' | 'divided' | 'drawer-with-top-bar' | 'top-bar';

/**
 * What every route of the router carries in `handle`: the breadcrumb label (text, or built from
 * the match for routes with params), the layout it renders in, and an optional document title
 * (defaults to the crumb).
 */
export interface RouteHandle {
  crumb?: string | ((match: UIMatch<unknown, RouteHandle>) => string);
  layout?: LayoutName;
  title?: string;
  /**
   * A module's side navigation, shown by the drawer-with-top-bar layout (the deepest one wins): a
   * fixed column on wide screens, in the top bar's drawer on small ones. `smallScreensOnly`: wide
   * screens show none, the page has its own (the LPI tab bar).
   */
  sideNavigation?: { label: string; items: readonly NavItem[]; smallScreensOnly?: boolean };
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null;
}

export function crumbOf(match: UIMatch<unknown, unknown>): string | undefined {
  const handle = match.handle;
  if (!isRouteHandle(handle) || handle.crumb === undefined) return undefined;
  return typeof handle.crumb === 'function'
    ? handle.crumb(match as UIMatch<unknown, RouteHandle>)
    : handle.crumb;
}

/** The page title of the deepest match that names one (its title, else its crumb). */
export function titleOf(matches: readonly UIMatch<unknown, unknown>[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    if (!match) continue;
    const handle = match.handle;
    if (isRouteHandle(handle) && handle.title) return handle.title;
    const crumb = crumbOf(match);
    if (crumb) return crumb;
  }
  return undefined;
}

/** The side navigation of the deepest match that declares one. */
export function sideNavigationOf(
  matches: readonly UIMatch<unknown, unknown>[],
): RouteHandle['sideNavigation'] | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle) && handle.sideNavigation) return handle.sideNavigation;
  }
  return undefined;
}
