import { Box, Menu, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { Ref } from 'react';
import { Link, useLocation } from 'react-router';
import type { TopBarUser } from './top-bar';
import { displayName, UserButton } from './user-button';

export interface UserMenuProps {
  user: TopBarUser | null;
  onLogout: () => void;
  /** Opened at once: the stand-in button was clicked while this part loaded. */
  defaultOpened?: boolean;
  /** The button's ref (the stand-in's focus moves to it, lib/part-after-reads.ts). */
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * The user menu's full part, loaded after the first paint (top-bar.tsx): Mantine's menu, with
 * Floating UI, stays out of every page's first load.
 */
export function UserMenu({ user, onLogout, defaultOpened = false, buttonRef }: UserMenuProps) {
  const location = useLocation();
  return (
    // In the header (not a portal): the open menu stays inside the banner landmark. Focus goes to
    // the first item when it is opened from the keyboard.
    <Menu
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
      defaultOpened={defaultOpened}
      // The header is fixed, so its button is never scrolled away: nothing to hide the menu for.
      // (Floating UI's check of that, on a page without layout, could hide an open menu.)
      hideDetached={false}
    >
      <Menu.Target>
        <UserButton user={user} ref={buttonRef} />
      </Menu.Target>
      <Menu.Dropdown>
        {user ? (
          <>
            <Box px="sm" py={6}>
              <Text size="sm" fw={600}>
                {displayName(user)}
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
