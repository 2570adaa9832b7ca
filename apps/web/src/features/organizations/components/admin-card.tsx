import { Avatar, Card, Group, Stack, Text } from '@mantine/core';
import type { TOrganizationAdmin } from '@parity/domain/signup';
import { ProtectedImage } from '../../../components/protected-image/protected-image';

export const ADMIN_NO_INFORMATION = 'No Information';

function present(value: string | null | undefined): string | null {
  return value?.trim() ? value.trim() : null;
}

/** Admin of organization card (spec 3): name, email and image, 'No Information' for each one missing. */
export function AdminCard({ admin }: { admin: TOrganizationAdmin }) {
  const name = [present(admin.name), present(admin.lastname)].filter(Boolean).join(' ') || null;
  const email = present(admin.email);
  const image = present(admin.image);
  return (
    <Card withBorder radius="md" padding="sm" component="li" data-testid="admin-card">
      <Group gap="sm" wrap="nowrap">
        {image ? (
          <ProtectedImage src={image} alt={name ?? 'Admin'} w={38} h={38} radius="xl" fallback={null} />
        ) : (
          <Avatar radius="xl" aria-label={`Image: ${ADMIN_NO_INFORMATION}`} role="img" />
        )}
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate>
            {name ?? ADMIN_NO_INFORMATION}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {email ?? ADMIN_NO_INFORMATION}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
