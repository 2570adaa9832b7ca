import { Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';

export interface UserStatusCardProps {
  /** The account's user status: approved, pending, or anything else (access denied). */
  status: string;
  organizationName: string | null;
}

export const AWAITING_APPROVAL_TITLE = 'Awaiting admin approval';
export const ACCESS_DENIED_TITLE = 'Access Denied';

export function pendingText(organization: string): string {
  return `Your request for access has been sent to all registered admins of ${organization}. Please complete your profile while you wait.`;
}

export function accessDeniedText(organization: string): string {
  return `You do not have permission to access ${organization}. Please contact admin of that organization.`;
}

/** The user-status card of the dashboard (spec section 2): approved, pending, or access denied. */
export function UserStatusCard({ status, organizationName }: UserStatusCardProps) {
  const organization = organizationName ?? 'your organization';
  const normalised = status.toLowerCase();

  if (normalised === 'approved') {
    return (
      <Card withBorder radius="lg" padding={0} component="section" aria-labelledby="user-status-title">
        <Image src="/dashboard-cover.svg" alt="" h={120} fit="cover" />
        <Stack gap={6} p="lg">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4" id="user-status-title">
              Your access
            </Title>
            <Badge color="success" variant="light">
              Approved
            </Badge>
          </Group>
          <Text size="sm">You are an approved member of {organization}.</Text>
        </Stack>
      </Card>
    );
  }

  const pending = normalised === 'pending';
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="user-status-title">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="user-status-title">
            {pending ? AWAITING_APPROVAL_TITLE : ACCESS_DENIED_TITLE}
          </Title>
          <Badge color={pending ? 'warning' : 'danger'} variant="light">
            {pending ? 'Pending' : 'No access'}
          </Badge>
        </Group>
        <Text size="sm">{pending ? pendingText(organization) : accessDeniedText(organization)}</Text>
      </Stack>
    </Card>
  );
}
