import { AppShell, Container, Stack, Text } from '@mantine/core';
import { NavLink, Outlet, useMatches } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs/breadcrumbs';
import { type RouteHandle, sideNavigationOf } from '../../components/breadcrumbs/route-handle';
import { TopBar } from '../../components/top-bar/top-bar';
import { FeedbackTab } from '../../features/feedback/components/feedback-tab';
import { logout } from '../../lib/session';
import { HEADER_HEIGHT, MAIN_CONTENT_ID } from './constants';
import { DeferredMaintenanceBanner } from './deferred-maintenance-banner';
import classes from './layouts.module.css';
import { SkipLink } from './skip-link';
import { TopBarActions } from './top-bar-actions';
import { useShellAccount } from './use-shell-account';

type SideNavigation = NonNullable<RouteHandle['sideNavigation']>;

function SideNavigationList({ section, onNavigate }: { section: SideNavigation; onNavigate?: () => void }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm">
        {section.label}
      </Text>
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {section.items.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={classes.sideLink} onClick={onNavigate}>
                {Icon ? <Icon size={18} stroke={1.75} aria-hidden /> : null}
                {item.label}
              </NavLink>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}

/**
 * drawer-with-top-bar layout (spec section 2): the top bar, and the module's side navigation
 * (from the route handle's `sideNavigation`) as a drawer: fixed on wide screens, behind the
 * burger on small ones. A side navigation for small screens only (the LPI tabs, whose page has
 * its own tab bar) leaves wide screens as the top-bar layout.
 */
export function DrawerWithTopBarLayout() {
  const { user, navigation, closed } = useShellAccount();
  const section = sideNavigationOf(useMatches());
  const fixed = section && !section.smallScreensOnly ? section : undefined;
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={fixed ? { width: 260, breakpoint: 'sm', collapsed: { mobile: true } } : undefined}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <TopBar
          navigation={navigation}
          user={user}
          onLogout={logout}
          actions={<TopBarActions />}
          drawerContent={
            section
              ? (close) => (
                  <nav aria-label={section.label}>
                    <SideNavigationList section={section} onNavigate={close} />
                  </nav>
                )
              : undefined
          }
        />
      </AppShell.Header>
      {fixed ? (
        <AppShell.Navbar p="sm" visibleFrom="sm" aria-label={fixed.label}>
          <SideNavigationList section={fixed} />
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main} bg="gray.0">
        <Container size={fixed ? 'xl' : 'lg'} py="md">
          <Stack gap="lg">
            <DeferredMaintenanceBanner />
            <Breadcrumbs closed={closed} />
            <Outlet />
          </Stack>
        </Container>
      </AppShell.Main>
      <FeedbackTab />
    </AppShell>
  );
}

export { DrawerWithTopBarLayout as Component };
