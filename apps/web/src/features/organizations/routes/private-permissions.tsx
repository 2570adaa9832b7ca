import { Card, Skeleton, Switch, Table, Text } from '@mantine/core';
import { displayName } from '@parity/domain/account';
import {
  ADMIN_ACCESS_GRANTED_MESSAGE,
  PERMISSIONS_UPDATED_MESSAGE,
  type TMemberPermissions,
} from '@parity/domain/organization-members';
import { PERMISSION_FLAGS, PERMISSION_LABELS, type TPermissionFlag } from '@parity/domain/permissions';
import { showAlert } from '../../../components/alerts/alert-store';
import { QueryError } from '../../../components/query-state/query-state';
import { useIsOrganizationAdmin, usePermissions, useUpdatePermissions } from '../api/space';

/** Spec 8 success alert when a member is made an admin. */

/**
 * /organizations/private/permissions: approved members and their four flags. Admins switch them
 * (one PUT per change); members read. Demoting the last admin is refused with the API's message.
 */
export function PrivatePermissionsRoute() {
  const isAdmin = useIsOrganizationAdmin();
  const permissions = usePermissions();
  const update = useUpdatePermissions();
  const rows = permissions.data?.data ?? [];

  const toggle = (member: TMemberPermissions, flag: TPermissionFlag, value: boolean) => {
    update.mutate(
      { userId: member.id, flags: { [flag]: value } },
      {
        onSuccess: () =>
          flag === 'manage_settings' && value
            ? showAlert('success', ADMIN_ACCESS_GRANTED_MESSAGE)
            : showAlert('success', 'Success!', PERMISSIONS_UPDATED_MESSAGE),
      },
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Permissions">
      {permissions.isPending ? (
        <Skeleton height={80} aria-busy="true" />
      ) : permissions.isError ? (
        <QueryError
          error={permissions.error}
          title="The permissions could not be loaded"
          onRetry={() => void permissions.refetch()}
        />
      ) : (
        <>
          {isAdmin ? null : (
            <Text size="sm" c="dimmed" mb="sm">
              Only the organization's admins change permissions.
            </Text>
          )}
          <Table.ScrollContainer minWidth={720}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Member</Table.Th>
                  {PERMISSION_FLAGS.map((flag) => (
                    <Table.Th key={flag}>{PERMISSION_LABELS[flag]}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((member) => {
                  const name = displayName(member.name, member.lastname) || member.email;
                  return (
                    <Table.Tr key={member.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {member.email}
                        </Text>
                      </Table.Td>
                      {PERMISSION_FLAGS.map((flag) => (
                        <Table.Td key={flag}>
                          <Switch
                            aria-label={`${PERMISSION_LABELS[flag]}: ${name}`}
                            checked={member.permissions[flag]}
                            disabled={!isAdmin || update.isPending}
                            onChange={(event) => toggle(member, flag, event.currentTarget.checked)}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Card>
  );
}

export { PrivatePermissionsRoute as Component };
