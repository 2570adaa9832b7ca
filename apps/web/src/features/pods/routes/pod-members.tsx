import { ActionIcon, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { TPodMember } from '@parity/domain/pods/pods';
import { IconCheck, IconShieldDown, IconShieldUp, IconUserMinus, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { confirm } from '../../../components/dialog/confirm';
import { Pager, pageCount } from '../../../components/pager/pager';
import { formatDateTime } from '../../../lib/dates';
import { MEMBERS_PAGE_SIZE } from '../api/keys';
import {
  useApproveRequest,
  useDeclineRequest,
  useInvitations,
  useJoinRequests,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
  useSetRole,
} from '../api/members';
import { InviteForm } from '../components/invite-form';
import { ListRead, ScrollTable, SearchBox, useSearchedPages } from '../components/query-view';
import { useShownPod } from '../lib/shown-pod';

function Action({
  label,
  onClick,
  danger,
  icon,
}: {
  label: string;
  onClick: () => void;
  danger?: boolean;
  icon: typeof IconCheck;
}) {
  const Icon = icon;
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={danger ? 'red' : undefined} aria-label={label} onClick={onClick}>
        <Icon size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** Pod admins: promote or demote, remove. */
function MemberActions({ podId, member }: { podId: number; member: TPodMember }) {
  const setRole = useSetRole(podId);
  const remove = useRemoveMember(podId);
  const removeMember = async () => {
    const sure = await confirm({
      title: 'Remove member',
      message: `Remove ${member.name} from the pod?`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (sure) remove.mutate(member.userId);
  };
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {member.role === 'member' ? (
        <Action
          label={`Make ${member.name} an admin`}
          icon={IconShieldUp}
          onClick={() => setRole.mutate({ userId: member.userId, role: 'admin' })}
        />
      ) : (
        <Action
          label={`Make ${member.name} a member`}
          icon={IconShieldDown}
          onClick={() => setRole.mutate({ userId: member.userId, role: 'member' })}
        />
      )}
      <Action
        label={`Remove ${member.name}`}
        icon={IconUserMinus}
        danger
        onClick={() => void removeMember()}
      />
    </Group>
  );
}

/** A short list of people waiting: join requests, or invitations not yet accepted. */
function Waiting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

/** Join requests to an invite-only pod and invitations not yet accepted, for its admins. */
function Pending({ podId }: { podId: number }) {
  const requests = useJoinRequests(podId, true);
  const invitations = useInvitations(podId, true);
  const approve = useApproveRequest(podId);
  const decline = useDeclineRequest(podId);
  const revoke = useRevokeInvitation(podId);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Join requests
        </Title>
        <ListRead read={requests} what="the join requests" empty="No one asks to join.">
          {(list) => (
            <Waiting label="Join requests">
              {list.data.map((request) => (
                <Group component="li" key={request.userId} justify="space-between" gap="xs">
                  <Text size="sm">
                    {request.name} · {request.organizationName ?? request.email}
                  </Text>
                  <Group gap={4}>
                    <Action
                      label={`Approve ${request.name}`}
                      icon={IconCheck}
                      onClick={() => approve.mutate(request.userId)}
                    />
                    <Action
                      label={`Decline ${request.name}`}
                      icon={IconX}
                      danger
                      onClick={() => decline.mutate(request.userId)}
                    />
                  </Group>
                </Group>
              ))}
            </Waiting>
          )}
        </ListRead>
        <Title order={2} size="h5">
          Invitations sent
        </Title>
        <ListRead read={invitations} what="the invitations" empty="No invitation waits for an answer.">
          {(list) => (
            <Waiting label="Invitations sent">
              {list.data.map((invitation) => (
                <Group component="li" key={invitation.id} justify="space-between" gap="xs">
                  <Text size="sm">
                    {invitation.name} ({invitation.email}) · by {invitation.invitedBy.name}
                  </Text>
                  <Action
                    label={`Revoke the invitation of ${invitation.name}`}
                    icon={IconX}
                    danger
                    onClick={() => revoke.mutate(invitation.id)}
                  />
                </Group>
              ))}
            </Waiting>
          )}
        </ListRead>
      </Stack>
    </Paper>
  );
}

/** /pods/{podId}/members: the members; pod admins invite, approve, promote and remove. */
export function PodMembersRoute() {
  const pod = useShownPod();
  const searched = useSearchedPages();
  const { q, page, setPage } = searched;
  const members = useMembers(pod.id, q, page);

  return (
    <Stack gap="md">
      {pod.canManage ? (
        <>
          <InviteForm podId={pod.id} />
          <Pending podId={pod.id} />
        </>
      ) : null}
      <SearchBox label="Search members" placeholder="Name or email" state={searched} />
      <ListRead
        read={members}
        what="the members"
        empty={q ? 'No member matches.' : 'The pod has no members.'}
      >
        {(list) => (
          <>
            <ScrollTable label="Members" minWidth={560}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Organization</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Joined</Table.Th>
                  {pod.canManage ? <Table.Th scope="col">Actions</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((member) => (
                  <Table.Tr key={member.userId}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {member.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {member.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{member.organizationName ?? '—'}</Table.Td>
                    <Table.Td>{member.role === 'admin' ? 'Admin' : 'Member'}</Table.Td>
                    <Table.Td>{formatDateTime(member.joinedAt)}</Table.Td>
                    {pod.canManage ? (
                      <Table.Td>
                        <MemberActions podId={pod.id} member={member} />
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
            <Pager pages={pageCount(list.total, MEMBERS_PAGE_SIZE)} page={page} onChange={setPage} />
          </>
        )}
      </ListRead>
    </Stack>
  );
}
