import { Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { displayName } from '@parity/domain/account';
import { listAction, listItem } from '@parity/domain/list-item';
import type { TPendingInvitation } from '@parity/domain/organization-invitations';
import { showAlert } from '../../../components/alerts/alert-store';
import { confirm } from '../../../components/dialog/confirm';
import { QueryError } from '../../../components/query-state/query-state';
import { RowActions } from '../../../components/row-actions/row-actions';
import { formatDateTime } from '../../../lib/dates';
import {
  useInvitations,
  useIsOrganizationAdmin,
  useResendInvitation,
  useRevokeInvitation,
} from '../api/space';
import { InviteForm } from '../components/invite-form';

export const NO_INVITATIONS = 'No pending invitations';

/** A pending invitation: resend it (the row stays, so it says it was sent) or revoke it. */
const invitationItem = (invitation: TPendingInvitation) =>
  listItem(invitation.id, [
    listAction({ id: 'resend', title: 'Resend', icon: 'send', primary: true }),
    listAction({ id: 'revoke', title: 'Revoke', icon: 'revoke', type: 'danger' }),
  ]);

/** /organizations/private/invitations: invite by email; pending invitations with expiry, resend, revoke. */
export function PrivateInvitationsRoute() {
  const isAdmin = useIsOrganizationAdmin();
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const rows = invitations.data?.data ?? [];

  const onResend = async (invitation: TPendingInvitation) => {
    const sent = await resend.mutateAsync(invitation.id);
    showAlert(
      'success',
      'Email sent',
      `A new invitation was sent to ${sent.email}; it expires ${formatDateTime(sent.expires_at)}.`,
    );
  };

  const onRevoke = async (invitation: TPendingInvitation) => {
    const confirmed = await confirm({
      danger: true,
      title: 'Revoke invitation',
      message: `Revoke the invitation of ${invitation.email}? Its link will stop working.`,
      confirmLabel: 'Revoke',
    });
    if (!confirmed) return false;
    const answer = await revoke.mutateAsync(invitation.id);
    showAlert('success', 'Success!', answer.message);
  };

  return (
    <Stack gap="md">
      {isAdmin ? (
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="invite-title">
          <Title order={2} size="h4" id="invite-title" mb="sm">
            Invite a person
          </Title>
          <InviteForm />
        </Card>
      ) : null}
      <Card
        withBorder
        radius="lg"
        padding="lg"
        component="section"
        aria-labelledby="pending-invitations-title"
      >
        <Title order={2} size="h4" id="pending-invitations-title" mb="sm">
          Pending invitations
        </Title>
        {invitations.isPending ? (
          <Skeleton height={80} aria-busy="true" />
        ) : invitations.isError ? (
          <QueryError
            error={invitations.error}
            title="The invitations could not be loaded"
            onRetry={() => void invitations.refetch()}
          />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {NO_INVITATIONS}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-labelledby="pending-invitations-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Invited by</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  {isAdmin ? <Table.Th>Actions</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((invitation) => (
                  <Table.Tr key={invitation.id}>
                    <Table.Td>{invitation.email}</Table.Td>
                    <Table.Td>
                      {invitation.invited_by
                        ? displayName(invitation.invited_by.name, invitation.invited_by.lastname)
                        : 'No information'}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <time dateTime={invitation.expires_at}>{formatDateTime(invitation.expires_at)}</time>
                        {invitation.expired ? (
                          <Badge color="danger" variant="light" size="sm">
                            Expired
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    {isAdmin ? (
                      <Table.Td>
                        <RowActions
                          item={invitationItem(invitation)}
                          label={`the invitation of ${invitation.email}`}
                          onAction={(action) =>
                            action === 'resend' ? onResend(invitation) : onRevoke(invitation)
                          }
                        />
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}

export { PrivateInvitationsRoute as Component };
