import { Card, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { displayName } from '@parity/domain/account';
import { listAction, listItem } from '@parity/domain/list-item';
import type { TMember } from '@parity/domain/signup';
import { showAlert } from '../../../components/alerts/alert-store';
import { confirm } from '../../../components/dialog/confirm';
import { QueryError } from '../../../components/query-state/query-state';
import { RowActions } from '../../../components/row-actions/row-actions';
import { useCurrentAccount } from '../../../lib/account';
import { formatDate } from '../../../lib/dates';
import { useMembers } from '../../../lib/members';
import { type Decision, useAdmins, useDecide, useRemoveMember } from '../api/space';
import { AdminCard } from '../components/admin-card';
import { MemberRoles } from '../components/member-roles';

export const APPROVED_ALERT = 'User Account Approved';
export const DECLINED_ALERT = 'User Account Decline';
export const NO_MEMBERS = 'No members yet';
export const NO_PENDING = 'Nobody is waiting for approval';

const nameOf = (m: Pick<TMember, 'name' | 'lastname' | 'email'>) =>
  displayName(m.name, m.lastname) || m.email;
/** A request to join: approve or decline it (the row leaves the list either way). */
const pendingItem = (member: TMember) =>
  listItem(
    member.id,
    [
      listAction({ id: 'approve', title: 'Approve', icon: 'approve', type: 'success', primary: true }),
      listAction({ id: 'decline', title: 'Decline', icon: 'decline', type: 'danger', primary: true }),
    ],
    { show_success: false },
  );

/** An approved member: an admin may remove anyone but themself (the row then leaves the list). */
const memberItem = (member: TMember, selfId: number | undefined) =>
  listItem(
    member.id,
    [member.id !== selfId && listAction({ id: 'remove', title: 'Remove', icon: 'remove', type: 'danger' })],
    { show_success: false },
  );

/** /organizations/private/members: admins, approved members with roles, pending requests. */
export function PrivateMembersRoute() {
  const account = useCurrentAccount();
  const isAdmin = account.data?.isOrganizationAdministrator === true;
  const members = useMembers();
  const admins = useAdmins();
  const decide = useDecide();
  const remove = useRemoveMember();

  const all = members.data?.data ?? [];
  const approved = all.filter((m) => m.status === 'approved');
  const pending = all.filter((m) => m.status === 'pending');

  const onDecide = async (member: TMember, decision: Decision) => {
    const organizationId = account.data?.organization_id;
    if (!organizationId) return false;
    await decide.mutateAsync({ organizationId, userId: member.id, decision });
    showAlert('success', decision === 'approve' ? APPROVED_ALERT : DECLINED_ALERT, nameOf(member));
  };

  const onRemove = async (member: TMember) => {
    const confirmed = await confirm({
      danger: true,
      title: 'Remove member',
      message: `Remove ${nameOf(member)} from the organization? They will have to join again.`,
      confirmLabel: 'Remove',
    });
    if (!confirmed) return false;
    const answer = await remove.mutateAsync(member.id);
    showAlert('success', 'Success!', answer.message);
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="admins-title">
        <Title order={2} size="h4" id="admins-title" mb="sm">
          Admins
        </Title>
        {admins.isPending ? (
          <Skeleton height={60} />
        ) : (
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2, md: 3 }}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {(admins.data?.data ?? []).map((admin) => (
              <AdminCard key={admin.id} admin={admin} />
            ))}
          </SimpleGrid>
        )}
      </Card>

      {isAdmin ? (
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="pending-title">
          <Title order={2} size="h4" id="pending-title" mb="sm">
            Awaiting approval
          </Title>
          {members.isPending ? (
            <Skeleton height={60} />
          ) : pending.length === 0 ? (
            <Text size="sm" c="dimmed">
              {NO_PENDING}
            </Text>
          ) : (
            <Table aria-labelledby="pending-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Asked on</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pending.map((member) => (
                  <Table.Tr key={member.id}>
                    <Table.Td>{nameOf(member)}</Table.Td>
                    <Table.Td>{member.email}</Table.Td>
                    <Table.Td>{formatDate(member.created_at)}</Table.Td>
                    <Table.Td>
                      <RowActions
                        item={pendingItem(member)}
                        label={nameOf(member)}
                        onAction={(action) => onDecide(member, action as Decision)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      ) : null}

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="members-title">
        <Title order={2} size="h4" id="members-title" mb="sm">
          Members
        </Title>
        {members.isPending ? (
          <Skeleton height={80} aria-busy="true" />
        ) : members.isError ? (
          <QueryError
            error={members.error}
            title="The members could not be loaded"
            onRetry={() => void members.refetch()}
          />
        ) : approved.length === 0 ? (
          <Text size="sm" c="dimmed">
            {NO_MEMBERS}
          </Text>
        ) : (
          <Table aria-labelledby="members-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Roles</Table.Th>
                {isAdmin ? <Table.Th>Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {approved.map((member) => (
                <Table.Tr key={member.id}>
                  <Table.Td>{nameOf(member)}</Table.Td>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td>
                    <MemberRoles flags={member} />
                  </Table.Td>
                  {isAdmin ? (
                    <Table.Td>
                      <RowActions
                        item={memberItem(member, account.data?.id)}
                        label={nameOf(member)}
                        onAction={() => onRemove(member)}
                      />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}

export { PrivateMembersRoute as Component };
