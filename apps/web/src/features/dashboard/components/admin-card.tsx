import { Avatar, Card, Group, Stack, Text } from '@mantine/core';
import type { OrganizationAdmin } from '../api/get-organization-admins';
import { DashboardTitle } from './dashboard-title';

export const NO_INFORMATION_TEXT = 'No Information';

function present(value: string | null | undefined): string | null {
  return value?.trim() ? value.trim() : null;
}

/** An admin of organization card (spec 3): name, email and image, 'No Information' when missing. */
export function AdminCard({ admin }: { admin: OrganizationAdmin }) {
  const name = [present(admin.name), present(admin.lastname)].filter(Boolean).join(' ') || null;
  const email = present(admin.email);
  const image = present(admin.image);
  return (
    <Card withBorder radius="md" padding="sm" component="li" data-testid="admin-card">
      <Group gap="sm" wrap="nowrap">
        {image ? (
          <Avatar src={image} alt={name ?? 'Admin'} radius="xl" />
        ) : (
          <Avatar radius="xl" aria-label={`Image: ${NO_INFORMATION_TEXT}`} role="img" />
        )}
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate>
            {name ? <DashboardTitle title={name} /> : NO_INFORMATION_TEXT}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {email ?? NO_INFORMATION_TEXT}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
