import { Alert, Stack } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { PageHeader } from '../../../../components/page-header/page-header';
import { formatDate } from '../../../../lib/dates';
import { useInvitation } from '../../api/invitations';
import { DownloadButtons, responseFileName } from '../../components/download-buttons';
import { LoadingPage, PageError } from '../../components/page-state';
import { ResponseView } from '../../components/response-view';
import { usePrintResponse } from '../../components/use-print-response';
import { useSurveyAddress } from '../../lib/survey-address';
import { LegacyResponse } from './legacy-response';

export const ARCHIVED_NOTICE = 'This survey is archived: its response is shown read only.';

/**
 * /surveys/archived/{surveyId}?organizationId (surveys.archived.survey): an archived survey's
 * response, read only; a legacy survey's (is_legacy) from GET /api/legacy-surveys/{id}.
 */
export function ArchivedSurveyPage() {
  const { surveyId, organizationId } = useSurveyAddress();
  const invitation = useInvitation(surveyId, organizationId);
  usePrintResponse();
  if (invitation.isError)
    return <PageError error={invitation.error} retry={() => void invitation.refetch()} />;
  if (!invitation.data) return <LoadingPage label="Loading the response" />;
  const data = invitation.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={data.title}
        eyebrow={`Hosted by ${data.host.name} · Due ${formatDate(data.due)} · ${data.status}`}
        actions={
          data.is_legacy ? null : (
            <DownloadButtons
              surveyId={surveyId}
              organizationId={data.organization_id}
              fileName={responseFileName(data.title)}
            />
          )
        }
      />
      <Alert color="gray" icon={<IconArchive aria-hidden />} role="status">
        {ARCHIVED_NOTICE}
      </Alert>
      {data.is_legacy ? (
        <LegacyResponse surveyId={surveyId} organizationId={data.organization_id} />
      ) : (
        <ResponseView surveyId={surveyId} organizationId={data.organization_id} />
      )}
    </Stack>
  );
}
