import { Alert, Stack } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/page-header/page-header';
import { useInvitation } from '../../api/invitations';
import { DownloadButtons } from '../../export/components/download-buttons';
import { ResponseView } from '../../export/components/response-view';
import { usePrintResponse } from '../../export/components/use-print-response';
import { responseFileName } from '../../export/routes/export-survey';
import { formatDay } from '../../taking/components/survey-tile';
import { idParam, LoadingPage, PageError } from '../../taking/routes/taking-survey';
import { LegacyResponse } from '../components/legacy-response';

export const ARCHIVED_NOTICE = 'This survey is archived: its response is shown read only.';

/**
 * /surveys/archived/{surveyId}?organizationId (surveys.archived.survey): an archived survey's
 * response, read only; a legacy survey's (is_legacy) from GET /api/legacy-surveys/{id}.
 */
export function Component() {
  const surveyId = idParam(useParams().surveyId) ?? 0;
  const [params] = useSearchParams();
  const organizationId = idParam(params.get('organizationId'));
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
        eyebrow={`Hosted by ${data.host.name} · Due ${formatDay(data.due)} · ${data.status}`}
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
