import { Image } from '@mantine/core';
import { useState } from 'react';
import { useProtectedImage } from '../../../lib/protected-image';

export const DEFAULT_LOGO = '/default-logo.svg';

/**
 * An organization's logo; the default image when there is none or it fails to load. Logos the
 * API serves (behind the Bearer token) are fetched first.
 */
export function OrganizationLogo({
  src,
  name,
  size = 48,
}: {
  src: string | null;
  name: string;
  size?: number;
}) {
  const image = useProtectedImage(src);
  const [failed, setFailed] = useState(false);
  return (
    <Image
      src={!image.url || image.failed || failed ? DEFAULT_LOGO : image.url}
      alt={`${name} logo`}
      w={size}
      h={size}
      fit="contain"
      radius="sm"
      onError={() => setFailed(true)}
    />
  );
}
