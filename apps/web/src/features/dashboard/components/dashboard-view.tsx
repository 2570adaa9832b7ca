import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import { Greeting } from '../../../components/greeting/greeting';
import { UserStatusCard } from './user-status-card';

/** The part of the current account the dashboard shows. */
export interface DashboardAccount {
  name: string;
  organization_name: string | null;
  organization_logo: string | null;
  status: string;
}

export interface DashboardViewProps {
  account: DashboardAccount | undefined;
  isError?: boolean;
  now?: Date;
}

/** The dashboard: the greeting (the page's h1) and the user-status card. */
export function DashboardView({ account, isError, now }: DashboardViewProps) {
  if (!account) {
    if (isError) {
      return (
        <Stack gap="lg">
          <Title order={1}>Dashboard</Title>
          <Alert color="danger" variant="light" title="Your account could not be loaded">
            Please reload the page. If this keeps happening, sign out and in again.
          </Alert>
        </Stack>
      );
    }
    return (
      <Stack gap="lg" aria-busy="true">
        <Title order={1}>Dashboard</Title>
        <Skeleton height={120} radius="lg" />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Greeting
        name={account.name}
        organizationName={account.organization_name}
        organizationLogo={account.organization_logo}
        now={now}
      />
      <UserStatusCard status={account.status} organizationName={account.organization_name} />
    </Stack>
  );
}
