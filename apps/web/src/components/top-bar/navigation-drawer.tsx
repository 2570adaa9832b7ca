import { Divider, Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { NavItemContent } from './nav-item-content';
import type { NavItem } from './navigation';
import classes from './top-bar.module.css';

export interface NavigationDrawerProps {
  opened: boolean;
  onClose: () => void;
  navigation: readonly NavItem[];
  drawerContent?: (close: () => void) => ReactNode;
}

/**
 * The small screens' navigation behind the top bar's burger: the modules, then the layout's own
 * links. Loaded on the burger's first click (top-bar.tsx).
 */
export function NavigationDrawer({ opened, onClose, navigation, drawerContent }: NavigationDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Navigation"
      size="xs"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
    >
      <nav aria-label="Modules">
        <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
          {navigation.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={classes.drawerLink} onClick={onClose}>
                <NavItemContent item={item} />
              </NavLink>
            </li>
          ))}
        </Stack>
      </nav>
      {drawerContent ? (
        <>
          <Divider my="md" />
          {drawerContent(onClose)}
        </>
      ) : null}
    </Drawer>
  );
}
