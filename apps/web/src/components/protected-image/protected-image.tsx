import { Image, type ImageProps, Skeleton } from '@mantine/core';
import { useState } from 'react';
import { useProtectedImage } from '../../lib/protected-image';

/**
 * An image served by the API (behind the Bearer token): a skeleton while it loads, the fallback
 * (or nothing) when it is missing or fails.
 */
export function ProtectedImage({
  src,
  alt,
  fallback = null,
  ...props
}: { src: string | null; alt: string; fallback?: string | null } & Omit<ImageProps, 'src'>) {
  const image = useProtectedImage(src);
  const [failed, setFailed] = useState(false);
  if (src && !image.url && !image.failed) return <Skeleton w={props.w} h={props.h} radius={props.radius} />;
  const shown = !image.url || image.failed || failed ? fallback : image.url;
  if (!shown) return null;
  return <Image {...props} src={shown} alt={alt} onError={() => setFailed(true)} />;
}
