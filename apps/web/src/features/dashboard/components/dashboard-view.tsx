import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Greeting } from '../../../components/greeting/greeting';
import {
  GETTING_STARTED,
  hasAcknowledged,
  useAccountAcknowledgements,
  useAcknowledge,
} from '../api/acknowledge';
import { useOrganizationAdmins } from '../api/get-organization-admins';
import { ActiveSurveysWidget } from './active-surveys-widget';
import { InvitationsWidget } from './invitations-widget';
import { LpiCard } from './lpi-card';
import { TrainingBanner } from './training-banner';
import { UserStatusCard } from './user-status-card';
import { WelcomeCard } from './welcome-card';

/** The part of the current account the dashboard shows. */
export interface DashboardAccount {
  id: number;
  name: string;
  organization_id?: number | null;
  organization_name: string | null;
  organization_logo: string | null;
  status: string;
  isOrganizationAdministrator?: boolean;
  /** Survey hosts see their active surveys in the active-surveys widget's Hosting tab. */
  isSurveyHost?: boolean;
}

export interface DashboardViewProps {
  account: DashboardAccount | undefined;
  isError?: boolean;
  now?: Date;
  /** The profile-completeness prompt, from the users feature (composed by the route). */
  profilePrompt?: ReactNode;
}

/**
 * The dashboard (spec sections 1 and 2): the greeting (the page's h1), the training banner, the
 * profile-completeness prompt while the profile misses something, the welcome card until
 * 'Getting started' is acknowledged, the user-status card and, for approved members, the LPI
 * card, the active-surveys widget and the invitations widget.
 */
export function DashboardView({ account, isError, now, profilePrompt }: DashboardViewProps) {
  const hasOrganization = Boolean(account?.organization_id ?? account?.organization_name);
  const admins = useOrganizationAdmins(Boolean(account) && hasOrganization);
  const acknowledgements = useAccountAcknowledgements();
  const acknowledge = useAcknowledge();

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

  // Hidden once acknowledged: from the account, or at once after a successful acknowledgement.
  const showWelcome =
    !acknowledge.isSuccess &&
    !acknowledgements.isPending &&
    !hasAcknowledged(acknowledgements.data, GETTING_STARTED);

  return (
    <Stack gap="lg">
      {/* The greeting links the organization to /organizations/private (organizations.private). */}
      <Greeting
        name={account.name}
        organizationName={account.organization_name}
        organizationLogo={account.organization_logo}
        now={now}
      />
      <TrainingBanner />
      {profilePrompt}
      {showWelcome ? (
        <WelcomeCard
          onAcknowledge={() => acknowledge.mutate(GETTING_STARTED)}
          pending={acknowledge.isPending}
        />
      ) : null}
      <UserStatusCard
        status={account.status}
        organizationName={account.organization_name}
        admins={admins.data ?? []}
      />
      {account.status === 'approved' && typeof account.organization_id === 'number' ? (
        <LpiCard
          organizationId={account.organization_id}
          isOrganizationAdministrator={account.isOrganizationAdministrator === true}
        />
      ) : null}
      {account.status === 'approved' ? (
        <>
          <ActiveSurveysWidget accountName={account.name} isSurveyHost={account.isSurveyHost === true} />
          <InvitationsWidget userId={account.id} />
        </>
      ) : null}
    </Stack>
  );
}
