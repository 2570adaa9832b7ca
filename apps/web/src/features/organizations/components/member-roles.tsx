import { Badge, Group, Text } from '@mantine/core';
import { PERMISSION_FLAGS, type TPermissionFlag } from '@parity/domain/permissions';

/** The short role names shown as badges. */
export const ROLE_BADGES: Record<TPermissionFlag, string> = {
  manage_settings: 'Admin',
  user_manage_surveys: 'Survey host',
  survey_creation: 'Survey creator',
  average_lpi_score_access: 'LPI access',
};

/** A member's permission flags as badges ('Member' when none). */
export function MemberRoles({ flags }: { flags: Record<TPermissionFlag, boolean> }) {
  const roles = PERMISSION_FLAGS.filter((flag) => flags[flag]);
  if (roles.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Member
      </Text>
    );
  return (
    <Group gap={4}>
      {roles.map((flag) => (
        <Badge key={flag} variant="light" size="sm">
          {ROLE_BADGES[flag]}
        </Badge>
      ))}
    </Group>
  );
}
