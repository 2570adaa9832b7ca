import { Anchor, Group, Text } from '@mantine/core';
import { Link, type UIMatch, useMatches } from 'react-router';
import { useCrumbNames } from './crumb-names';
import { crumbOf } from './route-handle';

export interface Crumb {
  label: string;
  to: string;
}

export const HOME_CRUMB: Crumb = { label: 'Dashboard', to: '/' };

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Breadcrumbs of spec section 2: built from the matched route segments that carry a crumb, always
 * starting with Dashboard. Matches that resolve to the same path (layout and index routes) give one
 * crumb; the dashboard itself stays "Dashboard".
 */
export function buildCrumbs(matches: readonly UIMatch<unknown, unknown>[]): Crumb[] {
  const crumbs: Crumb[] = [HOME_CRUMB];
  for (const match of matches) {
    const label = crumbOf(match);
    if (!label) continue;
    // A tab's path (/calendar/events/3/files) is its page's crumb: a tab is not a level of the trail.
    const tab = match.params.tab;
    const path =
      tab && match.pathname.endsWith(`/${tab}`) ? match.pathname.slice(0, -tab.length - 1) : match.pathname;
    const to = normalisePath(path);
    const last = crumbs[crumbs.length - 1];
    if (last && last.to === to) {
      if (to !== HOME_CRUMB.to) crumbs[crumbs.length - 1] = { label, to };
    } else {
      crumbs.push({ label, to });
    }
  }
  return crumbs;
}

export interface BreadcrumbsProps {
  /** Paths the user may not open (e.g. /users for a pending user): their crumbs are text, not links. */
  closed?: readonly string[];
}

/**
 * The trail of the current page; the last crumb is the page itself (not a link). A crumb a page
 * has named (`useCrumbName`: a pod's name) shows that name.
 */
export function Breadcrumbs({ closed = [] }: BreadcrumbsProps) {
  const names = useCrumbNames();
  const crumbs = buildCrumbs(useMatches()).map((crumb) => ({
    ...crumb,
    label: names.get(crumb.to) ?? crumb.label,
  }));
  return (
    <nav aria-label="Breadcrumb">
      <Group component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1;
          return (
            <Group component="li" key={crumb.to} gap={6} wrap="nowrap">
              {index > 0 ? (
                <Text span size="sm" c="dimmed" aria-hidden="true">
                  /
                </Text>
              ) : null}
              {current ? (
                <Text span size="sm" fw={600} aria-current="page">
                  {crumb.label}
                </Text>
              ) : closed.includes(crumb.to) ? (
                <Text span size="sm">
                  {crumb.label}
                </Text>
              ) : (
                <Anchor component={Link} to={crumb.to} size="sm">
                  {crumb.label}
                </Anchor>
              )}
            </Group>
          );
        })}
      </Group>
    </nav>
  );
}
