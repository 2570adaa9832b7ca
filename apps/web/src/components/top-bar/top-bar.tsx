import { Box, Burger, Group, Skeleton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { usePartAfterReads } from '../../lib/part-after-reads';
import { inRowFrom, type ModulesShown, MoreModules } from './more-modules';
import { NavItemContent } from './nav-item-content';
import type { NavItem } from './navigation';
import { ParityLogo } from './parity-logo';
import classes from './top-bar.module.css';
import { UserButton } from './user-button';

// The user menu and the drawer are Mantine overlays on Floating UI (about 39 KB): they load after
// the first paint, so no page's first load waits for them (issue #20).
const loadUserMenu = () => import('./user-menu');
const NavigationDrawer = lazy(() =>
  import('./navigation-drawer').then((module) => ({ default: module.NavigationDrawer })),
);

function warnMenuNotLoaded(error: unknown) {
  console.warn('The user menu could not be loaded', error);
}

export interface TopBarUser {
  name: string;
  lastname?: string | null;
  email?: string | null;
  organizationName?: string | null;
  /** The user menu's pages (own profile, settings, organization), above Log out. */
  links?: readonly NavItem[];
}

export interface TopBarProps {
  /** The modules the user may open, in order. */
  navigation: readonly NavItem[];
  /** The signed-in user; undefined while loading, null when unknown. */
  user: TopBarUser | null | undefined;
  onLogout: () => void;
  /**
   * Extra navigation for the small-screen drawer, under the modules (e.g. a module's side
   * navigation); gets the function that closes the drawer, for its links.
   */
  drawerContent?: (close: () => void) => ReactNode;
  /** Controls beside the user menu (the search box, the notification bell), composed by the layout. */
  actions?: ReactNode;
  /** How many modules the row shows from each breakpoint up (the rest are under More). */
  shown?: ModulesShown;
}

/**
 * Measured in Chromium with an organization admin's ten modules, the search box, the bell and the
 * user button (its name from xl, 120 px at most): the row stays one line from 48em up (issue 37).
 */
export const MODULES_SHOWN: ModulesShown = { sm: 1, md: 3, lg: 5, xl: 6 };

/**
 * The user menu. Until its part has loaded (once the page's reads have settled, or on a click) the
 * same button stands in: a click on it opens the menu as soon as it is there, and a keyboard
 * focus on it moves to the menu's button. (Not loaded on hover or focus: a swap between a press
 * and its release would lose the click.)
 */
function UserMenu({ user, onLogout }: { user: TopBarUser | null | undefined; onLogout: () => void }) {
  const { part: menu, loadNow, standIn, control } = usePartAfterReads(loadUserMenu, warnMenuNotLoaded);
  const [openOnLoad, setOpenOnLoad] = useState(false);

  if (user === undefined) return <Skeleton height={32} width={140} radius="md" aria-hidden="true" />;
  if (menu) {
    return <menu.UserMenu user={user} onLogout={onLogout} defaultOpened={openOnLoad} buttonRef={control} />;
  }
  return (
    <UserButton
      user={user}
      ref={standIn}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setOpenOnLoad(true);
        loadNow().catch(warnMenuNotLoaded);
      }}
    />
  );
}

/**
 * The top bar of the top-bar and drawer-with-top-bar layouts: the Parity name linking home, the
 * modules' navigation (a drawer behind a burger on small screens) and the user menu.
 */
export function TopBar({
  navigation,
  user,
  onLogout,
  drawerContent,
  actions,
  shown = MODULES_SHOWN,
}: TopBarProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's part loads on the burger's first click, and then stays (its closing transition).
  const [drawerWanted, setDrawerWanted] = useState(false);
  const rows = navigation.map((item, index) => ({ item, inRowFrom: inRowFrom(index, shown) }));
  const more = rows.filter((row) => row.inRowFrom !== 'sm');

  return (
    <Group className={classes.bar} justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap">
        <Burger
          hiddenFrom="sm"
          size="sm"
          opened={opened}
          onClick={() => {
            setDrawerWanted(true);
            toggle();
          }}
          aria-label={opened ? 'Close navigation' : 'Open navigation'}
          aria-expanded={opened}
        />
        <Link to="/" className={classes.brand}>
          <ParityLogo />
          <span>Parity</span>
        </Link>
        <Box component="nav" aria-label="Modules" visibleFrom="sm" ml="md">
          <Group component="ul" gap={4} m={0} p={0} wrap="nowrap" style={{ listStyle: 'none' }}>
            {rows.map(({ item, inRowFrom: from }) =>
              from ? (
                <Box component="li" key={item.to} visibleFrom={from === 'sm' ? undefined : from}>
                  <NavLink to={item.to} end={item.end} className={classes.link}>
                    <NavItemContent item={item} />
                  </NavLink>
                </Box>
              ) : null,
            )}
            {more.length ? <MoreModules items={more} hiddenFrom={rows.at(-1)?.inRowFrom ?? null} /> : null}
          </Group>
        </Box>
      </Group>

      <Group gap="xs" wrap="nowrap">
        {actions}
        <UserMenu user={user} onLogout={onLogout} />
      </Group>

      {drawerWanted ? (
        <Suspense fallback={null}>
          <NavigationDrawer
            opened={opened}
            onClose={close}
            navigation={navigation}
            drawerContent={drawerContent}
          />
        </Suspense>
      ) : null}
    </Group>
  );
}
