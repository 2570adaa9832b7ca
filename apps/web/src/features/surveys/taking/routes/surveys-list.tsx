import { Stack } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { PageHeader } from '../../../../components/page-header/page-header';
import { QueryLoader } from '../../../../components/query-state/query-state';
import { useCurrentAccount } from '../../../../lib/account';
import { useInvitations } from '../../api/invitations';
import { InvitationTiles } from '../../components/invitation-tiles';
import { SurveysSectionNav } from '../../components/surveys-section-nav';
import { useHostedSurveys } from '../../hosting/api/hosting';
import { surveyAction } from '../../lib/survey-action';

export const NO_SURVEYS = 'Your organization has no survey invitations yet.';

/**
 * Where the top bar's Surveys link (/surveys) lands: on Hosting for a survey host whose
 * organization hosts surveys and is invited to none (null while that is not known yet: a host
 * only); elsewhere on the surveys to answer. /surveys/taking always lists those.
 */
function useLandsOnHosting(): boolean | null {
  const { pathname } = useLocation();
  const host = useCurrentAccount().data?.isSurveyHost === true;
  const landing = host && pathname.replace(/\/+$/, '') === '/surveys';
  const invitations = useInvitations(null);
  const hosted = useHostedSurveys('hosting', null, landing);
  if (!landing) return false;
  if (invitations.isPending || hosted.isPending) return null;
  return invitations.data?.data.length === 0 && (hosted.data?.data.length ?? 0) > 0;
}

/** /surveys (named surveys) and /surveys/taking: the surveys the organization is invited to. */
export function Component() {
  const landsOnHosting = useLandsOnHosting();
  if (landsOnHosting) return <Navigate to="/surveys/hosting" replace />;
  if (landsOnHosting === null) return <QueryLoader label="Loading the surveys" />;
  return (
    <Stack gap="md">
      <PageHeader title="Surveys" description="The surveys your organization is invited to answer." />
      <SurveysSectionNav />
      <InvitationTiles actionOf={surveyAction} emptyMessage={NO_SURVEYS} />
    </Stack>
  );
}
