import { Skeleton, Stack, Title } from '@mantine/core';
import { isDemoAccount } from '@parity/domain/demo';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Greeting } from '../../../components/greeting/greeting';
import { QueryError } from '../../../components/query-state/query-state';
import { useAfterFirstPaint } from '../../../lib/after-first-paint';
import {
  GETTING_STARTED,
  hasAcknowledged,
  useAccountAcknowledgements,
  useAcknowledge,
} from '../api/acknowledge';
import { activeHostedSurveysQueryOptions, activeInvitationsQueryOptions } from '../api/get-active-surveys';
import { dashboardLpiQueryOptions } from '../api/get-lpi-scores';
import { useOrganizationAdmins } from '../api/get-organization-admins';
import { userInvitationsQueryOptions } from '../api/get-user-invitations';
import { ActiveSurveysWidget } from './active-surveys-widget';
import { AdministratorCard } from './administrator-card';
import { InvitationsWidget } from './invitations-widget';
import { LpiCard } from './lpi-card';
import { TrainingBanner } from './training-banner';
import { UserStatusCard } from './user-status-card';
import { WelcomeCard } from './welcome-card';

/** The part of the current account the dashboard shows. */
export interface DashboardAccount {
  id: number;
  name: string;
  /** A demo account's (a .test address) LPI card adds the sample figures. */
  email: string;
  organization_id?: number | null;
  organization_name: string | null;
  organization_logo: string | null;
  status: string;
  isOrganizationAdministrator?: boolean;
  /** Survey hosts see the active-surveys widget first, open on their surveys' response rates. */
  isSurveyHost?: boolean;
  /** A platform administrator of no organization sees what the role can open, not 'Access Denied'. */
  isAdministrator?: boolean;
}

export interface DashboardViewProps {
  account: DashboardAccount | undefined;
  /** the failure of the account's query, shown with the API's reason */
  error?: unknown;
  now?: Date;
  /** The profile-completeness prompt, from the users feature (composed by the route). */
  profilePrompt?: ReactNode;
}

/**
 * The dashboard (spec sections 1 and 2), one for each role (issue #19): the greeting (the page's
 * h1), the training banner, the profile-completeness prompt while the profile misses something,
 * and then
 * - an approved member: the welcome card until 'Getting started' is acknowledged, the user-status
 *   card, the LPI card, the active-surveys widget and the invitations widget; a survey host sees
 *   the active-surveys widget first, open on the response rates of the surveys it hosts;
 * - a pending user: the user-status card first, with what happens next;
 * - a platform administrator of no organization: what an administrator can open today;
 * - a declined user: the user-status card's 'Access Denied'.
 */
export function DashboardView({ account, error, now, profilePrompt }: DashboardViewProps) {
  const hasOrganization = Boolean(account?.organization_id ?? account?.organization_name);
  const admins = useOrganizationAdmins(Boolean(account) && hasOrganization);
  const acknowledgements = useAccountAcknowledgements();
  const acknowledge = useAcknowledge();
  // The cards under the greeting, banners and status are rendered (and send their reads) once
  // those are painted: on a phone they held the page's first paint back by a second.
  const restPainted = useAfterFirstPaint(account !== undefined && !acknowledgements.isPending);
  const queryClient = useQueryClient();
  // An approved member's cards' reads start before the cards mount, each in a task of its own: a
  // read that starts as its component mounts re-renders that component at once, without yielding,
  // in the task that commits the page (React Query's store; on a phone, a long task; issue #20).
  useEffect(() => {
    if (account?.status !== 'approved') return;
    const organizationId = account.organization_id;
    const reads = [
      () => queryClient.prefetchQuery(activeInvitationsQueryOptions()),
      () => queryClient.prefetchQuery(userInvitationsQueryOptions(account.id)),
      ...(typeof organizationId === 'number'
        ? [() => queryClient.prefetchQuery(dashboardLpiQueryOptions(organizationId))]
        : []),
      ...(account.isSurveyHost ? [() => queryClient.prefetchQuery(activeHostedSurveysQueryOptions())] : []),
    ];
    const timers = reads.map((read) => setTimeout(() => void read(), 0));
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [account, queryClient]);

  // Painted once the acknowledgements are known too: the welcome card never pushes the cards down.
  if (!account || acknowledgements.isPending) {
    if (error && !account) {
      return (
        <Stack gap="lg">
          <Title order={1}>Dashboard</Title>
          <QueryError error={error} title="Your account could not be loaded" />
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

  const approved = account.status === 'approved';
  const hostingFirst = account.isSurveyHost === true;
  // Hidden once acknowledged: from the account, or at once after a successful acknowledgement.
  // Its first steps are an approved member's; others are told theirs by their status card.
  const showWelcome =
    approved && !acknowledge.isSuccess && !hasAcknowledged(acknowledgements.data, GETTING_STARTED);
  const administrator = account.isAdministrator === true && !approved && account.status !== 'pending';
  const status = administrator ? (
    <AdministratorCard />
  ) : (
    <UserStatusCard
      status={account.status}
      organizationName={account.organization_name}
      admins={admins.data ?? []}
    />
  );
  const activeSurveys =
    approved && (hostingFirst || restPainted) ? (
      <ActiveSurveysWidget accountName={account.name} isSurveyHost={hostingFirst} />
    ) : null;

  return (
    <Stack gap="lg">
      {/* The greeting links the organization to /organizations/private (organizations.private),
          for the members who may open it. */}
      <Greeting
        name={account.name}
        organizationName={account.organization_name}
        organizationLogo={account.organization_logo}
        now={now}
        renderOrganization={approved ? undefined : (organization) => organization}
      />
      {hostingFirst ? activeSurveys : null}
      {approved ? null : status}
      <TrainingBanner />
      {profilePrompt}
      {showWelcome ? (
        <WelcomeCard
          onAcknowledge={() => acknowledge.mutate(GETTING_STARTED)}
          pending={acknowledge.isPending}
        />
      ) : null}
      {approved ? status : null}
      {approved && restPainted && typeof account.organization_id === 'number' ? (
        <LpiCard
          organizationId={account.organization_id}
          isOrganizationAdministrator={account.isOrganizationAdministrator === true}
          demo={isDemoAccount(account.email)}
        />
      ) : null}
      {hostingFirst ? null : activeSurveys}
      {approved && restPainted ? <InvitationsWidget userId={account.id} /> : null}
    </Stack>
  );
}
