import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { ProtectedImage } from '../../../components/protected-image/protected-image';
import { QueryError } from '../../../components/query-state/query-state';
import { useAttachments } from '../api/users';

export const NO_MEDIA = 'No media yet';

/** /users/private/media: my uploaded images. */
export function MyMediaRoute() {
  const files = useAttachments();
  const images = (files.data?.data ?? []).filter((file) => file.content_type.startsWith('image/'));
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Media">
      {files.isPending ? (
        <Skeleton height={80} aria-busy="true" />
      ) : files.isError ? (
        <QueryError
          error={files.error}
          title="Your media could not be loaded"
          onRetry={() => void files.refetch()}
        />
      ) : images.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_MEDIA}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {images.map((image) => (
            <ProtectedImage key={image.id} src={image.url} alt={image.name} radius="md" h={120} fit="cover" />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}

export { MyMediaRoute as Component };
