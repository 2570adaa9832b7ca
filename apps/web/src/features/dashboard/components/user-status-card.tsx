import { Badge, Card, Group, Image, List, Stack, Text, Title } from '@mantine/core';
import { accessDeniedText, pendingAccessText } from '@parity/domain/permissions';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button';
import type { OrganizationAdmin } from '../api/get-organization-admins';
import { AdminCard } from './admin-card';

export interface UserStatusCardProps {
  /** The account's user status: approved, pending, or anything else (access denied). */
  status: string;
  organizationName: string | null;
  /** The organization's cover image; the default cover when missing or failing. */
  coverSrc?: string | null;
  /** The organization's admins; the card shows the first 3 and '+ N more'. */
  admins?: readonly OrganizationAdmin[];
}

export const AWAITING_APPROVAL_TITLE = 'Awaiting admin approval';
export const ACCESS_DENIED_TITLE = 'Access Denied';
export const COMPLETE_PROFILE_LABEL = 'Complete your profile';
export const DEFAULT_COVER_SRC = '/dashboard-cover.svg';
export const ADMINS_SHOWN = 3;
export const NEXT_STEPS_TITLE = 'What happens next';

function AdminList({ admins }: { admins: readonly OrganizationAdmin[] }) {
  if (admins.length === 0) return null;
  const more = admins.length - ADMINS_SHOWN;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} id="user-status-admins">
        Admins of your organization
      </Text>
      <Stack
        component="ul"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-labelledby="user-status-admins"
      >
        {admins.slice(0, ADMINS_SHOWN).map((admin) => (
          <AdminCard key={admin.id} admin={admin} />
        ))}
      </Stack>
      {more > 0 ? (
        <Text size="sm" c="dimmed">
          + {more} more
        </Text>
      ) : null}
    </Stack>
  );
}

/** The user-status card of the dashboard (spec section 2): approved, pending, or access denied. */
export function UserStatusCard({ status, organizationName, coverSrc, admins = [] }: UserStatusCardProps) {
  const organization = organizationName ?? 'your organization';
  const normalised = status.toLowerCase();

  if (normalised === 'approved') {
    return (
      <Card withBorder radius="lg" padding={0} component="section" aria-labelledby="user-status-title">
        <Image
          src={coverSrc?.trim() ? coverSrc : DEFAULT_COVER_SRC}
          fallbackSrc={DEFAULT_COVER_SRC}
          alt={`${organization} cover`}
          h={120}
          fit="cover"
        />
        <Stack gap="sm" p="lg">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4" id="user-status-title">
              Your access
            </Title>
            <Badge color="success" variant="light">
              Approved
            </Badge>
          </Group>
          <Text size="sm">You are an approved member of {organization}.</Text>
          <AdminList admins={admins} />
        </Stack>
      </Card>
    );
  }

  const pending = normalised === 'pending';
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="user-status-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="user-status-title">
            {pending ? AWAITING_APPROVAL_TITLE : ACCESS_DENIED_TITLE}
          </Title>
          <Badge color={pending ? 'warning' : 'danger'} variant="light">
            {pending ? 'Pending' : 'No access'}
          </Badge>
        </Group>
        <Text size="sm">{pending ? pendingAccessText(organization) : accessDeniedText(organization)}</Text>
        {pending ? (
          <>
            <Text size="sm" fw={600} id="user-status-next">
              {NEXT_STEPS_TITLE}
            </Text>
            <List type="ordered" size="sm" spacing={4} aria-labelledby="user-status-next">
              <List.Item>Complete your profile, so the admins know who is asking.</List.Item>
              <List.Item>
                An admin of {organization} approves your request: Parity emails you when they do.
              </List.Item>
              <List.Item>
                Once you are approved, your organization, its LPI profile and its surveys open here.
              </List.Item>
              {admins.length > 0 ? (
                <List.Item>
                  Questions in the meantime? Write to an admin of your organization below.
                </List.Item>
              ) : null}
            </List>
            <div>
              <Button component={Link} to="/users/private">
                {COMPLETE_PROFILE_LABEL}
              </Button>
            </div>
          </>
        ) : null}
        <AdminList admins={admins} />
      </Stack>
    </Card>
  );
}
