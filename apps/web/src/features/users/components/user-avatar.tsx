import { Avatar, type AvatarProps } from '@mantine/core';
import { useProtectedImage } from '../../../lib/protected-image';

export interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt'> {
  src: string | null | undefined;
  name: string;
}

/** A user's photo (API images fetched with the Bearer token); initials when there is none. */
export function UserAvatar({ src, name, ...props }: UserAvatarProps) {
  const { url } = useProtectedImage(src);
  // The palette colour keeps the initials at AA contrast (the generated "initials" colours do not).
  return <Avatar src={url} alt={name} name={name} color="parity" radius="xl" {...props} />;
}
