import { Alert, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { QueryError, QueryLoader } from '../../components/query-state/query-state';
import {
  type DiversityOption,
  OrganizationPage,
} from '../../features/admin/organizations/routes/organization-page';
import { useOrganizationLpi } from '../../features/analytics/api/analytics';
import { Breakdowns } from '../../features/analytics/components/breakdowns';
import { ScoreSummary } from '../../features/analytics/components/score-summary';
import { useBoard } from '../../features/lpi/api/board';
import { useStaffGrid } from '../../features/lpi/api/grids';
import { useOwnership } from '../../features/lpi/api/ownership';
import type { LpiScope } from '../../features/lpi/lib/scope';

// The admin organization page's Diversity tab: the organization's own LPI profile, read only,
// through the LPI pages' tab components and the analytics page's summary and breakdowns (the
// scoped LPI reads with organization_id, which platform administrators may call).

const OwnershipTab = lazy(() => import('../../features/lpi/tabs/ownership-tab'));
const StaffTab = lazy(() => import('../../features/lpi/tabs/staff-tab'));
const PoliciesTab = lazy(() => import('../../features/lpi/tabs/policies-tab'));

function LpiScores({ organizationId }: { organizationId: number }) {
  const latest = useOrganizationLpi(organizationId);
  if (latest.isPending) return <QueryLoader label="Loading the scores" />;
  if (latest.isError) return <QueryError error={latest.error} title="The scores could not be loaded" />;
  if (latest.data.submission_id === null || latest.data.scores === null) {
    return (
      <Alert color="blue" title="No scores yet" role="status">
        <Text size="sm">This organization has not submitted its LPI profile.</Text>
      </Alert>
    );
  }
  return (
    <ScoreSummary
      latest={{ ...latest.data, scores: latest.data.scores }}
      pageHref={(page) =>
        `/admin/organizations/${organizationId}/diversity?option=${page === 'fte' ? 'staffing' : 'ownership'}`
      }
    />
  );
}

function LpiBreakdowns({ scope }: { scope: LpiScope }) {
  const staff = useStaffGrid(scope, 'staff');
  const ownership = useOwnership(scope);
  const board = useBoard(scope);
  return <Breakdowns staff={staff} ownership={ownership} board={board} />;
}

export function diversityOf(organizationId: number, option: DiversityOption) {
  const scope: LpiScope = { kind: 'other', organizationId };
  const content =
    option === 'ownership' ? (
      <OwnershipTab scope={scope} readOnly />
    ) : option === 'staffing' ? (
      <StaffTab scope={scope} readOnly />
    ) : option === 'policies' ? (
      <PoliciesTab scope={scope} readOnly />
    ) : option === 'lpi' ? (
      <LpiScores organizationId={organizationId} />
    ) : (
      <LpiBreakdowns scope={scope} />
    );
  return <Suspense fallback={<QueryLoader label="Loading the diversity data" />}>{content}</Suspense>;
}

/** /admin/organizations/{organizationId} */
export function AdminOrganizationRoute() {
  return <OrganizationPage diversity={diversityOf} />;
}

export { AdminOrganizationRoute as Component };
