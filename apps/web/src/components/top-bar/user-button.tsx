import { Avatar, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import type { TopBarUser } from './top-bar';
import classes from './top-bar.module.css';

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

/**
 * The user menu's button: the avatar, the name (from 'xl' up, where the top bar's row has room for it) and a chevron. The same button
 * stands in for the menu until its part has loaded (top-bar.tsx) and is then the menu's target.
 */
export function UserButton({
  user,
  className,
  ...props
}: { user: TopBarUser | null } & Omit<ComponentPropsWithRef<'button'>, 'children'>) {
  const name = user ? displayName(user) : 'Account';
  return (
    // The menu's target passes a className of its own: ours stays beside it (issue 37: the avatar
    // above a broken name).
    <UnstyledButton
      {...props}
      className={className ? `${classes.userButton} ${className}` : classes.userButton}
      aria-label={`Account menu for ${name}`}
    >
      <Avatar size={32} radius="xl" color="parity" aria-hidden="true">
        {user ? initials(user) : '?'}
      </Avatar>
      <Text size="sm" fw={500} visibleFrom="xl" component="span" className={classes.userName} title={name}>
        {name}
      </Text>
      <IconChevronDown size={16} aria-hidden />
    </UnstyledButton>
  );
}
