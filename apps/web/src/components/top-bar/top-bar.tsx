import {
  Avatar,
  Box,
  Burger,
  Divider,
  Drawer,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { NavItem } from './navigation';
import { ParityLogo } from './parity-logo';
import classes from './top-bar.module.css';

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
}

export function displayName(user: Pick<TopBarUser, 'name' | 'lastname'>): string {
  const lastname = user.lastname?.trim();
  return lastname && lastname !== 'Private' ? `${user.name} ${lastname}` : user.name;
}

function initials(user: TopBarUser): string {
  const parts = [user.name, user.lastname && user.lastname !== 'Private' ? user.lastname : '']
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('');
  return parts.toUpperCase() || '?';
}

function NavItemContent({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <>
      {Icon ? <Icon size={18} stroke={1.75} aria-hidden /> : null}
      {item.label}
    </>
  );
}

function UserMenu({ user, onLogout }: { user: TopBarUser | null | undefined; onLogout: () => void }) {
  const location = useLocation();
  if (user === undefined) return <Skeleton height={32} width={140} radius="md" aria-hidden="true" />;
  const name = user ? displayName(user) : 'Account';
  return (
    // In the header (not a portal): the open menu stays inside the banner landmark. Focus goes to
    // the first item when it is opened from the keyboard.
    <Menu
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
      // The header is fixed, so its button is never scrolled away: nothing to hide the menu for.
      // (Floating UI's check of that, on a page without layout, could hide an open menu.)
      hideDetached={false}
    >
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={`Account menu for ${name}`}>
          <Avatar size={32} radius="xl" color="parity" aria-hidden="true">
            {user ? initials(user) : '?'}
          </Avatar>
          <Text size="sm" fw={500} visibleFrom="xs" component="span">
            {name}
          </Text>
          <IconChevronDown size={16} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user ? (
          <>
            <Box px="sm" py={6}>
              <Text size="sm" fw={600}>
                {name}
              </Text>
              {user.email ? (
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              ) : null}
              {user.organizationName ? (
                <Text size="xs" c="dimmed" truncate>
                  {user.organizationName}
                </Text>
              ) : null}
            </Box>
            <Menu.Divider />
            {user.links?.length ? (
              <>
                {user.links.map((link) => {
                  const Icon = link.icon;
                  return (
                    <Menu.Item
                      key={link.to}
                      component={Link}
                      to={link.to}
                      // Where the user came from: the support form files the page it was opened on.
                      state={{ from: `${location.pathname}${location.search}` }}
                      leftSection={Icon ? <Icon size={16} aria-hidden /> : null}
                    >
                      {link.label}
                    </Menu.Item>
                  );
                })}
                <Menu.Divider />
              </>
            ) : null}
          </>
        ) : null}
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The top bar of the top-bar and drawer-with-top-bar layouts: the Parity name linking home, the
 * modules' navigation (a drawer behind a burger on small screens) and the user menu.
 */
export function TopBar({ navigation, user, onLogout, drawerContent, actions }: TopBarProps) {
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <Group className={classes.bar} justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap">
        <Burger
          hiddenFrom="sm"
          size="sm"
          opened={opened}
          onClick={toggle}
          aria-label={opened ? 'Close navigation' : 'Open navigation'}
          aria-expanded={opened}
        />
        <Link to="/" className={classes.brand}>
          <ParityLogo />
          <span>Parity</span>
        </Link>
        <Box component="nav" aria-label="Modules" visibleFrom="sm" ml="md">
          <Group component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={classes.link}>
                  <NavItemContent item={item} />
                </NavLink>
              </li>
            ))}
          </Group>
        </Box>
      </Group>

      <Group gap="xs" wrap="nowrap">
        {actions}
        <UserMenu user={user} onLogout={onLogout} />
      </Group>

      <Drawer
        opened={opened}
        onClose={close}
        title="Navigation"
        size="xs"
        hiddenFrom="sm"
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
      >
        <nav aria-label="Modules">
          <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={classes.drawerLink} onClick={close}>
                  <NavItemContent item={item} />
                </NavLink>
              </li>
            ))}
          </Stack>
        </nav>
        {drawerContent ? (
          <>
            <Divider my="md" />
            {drawerContent(close)}
          </>
        ) : null}
      </Drawer>
    </Group>
  );
}
