import { Image } from '@mantine/core';
import { useState } from 'react';

export const DEFAULT_LOGO = '/default-logo.svg';

/** An organization's logo; the default image when there is none or it fails to load. */
export function OrganizationLogo({
  src,
  name,
  size = 48,
}: {
  src: string | null;
  name: string;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <Image
      src={!src || failed ? DEFAULT_LOGO : src}
      alt={`${name} logo`}
      w={size}
      h={size}
      fit="contain"
      radius="sm"
      onError={() => setFailed(true)}
    />
  );
}
