import { Stack } from '@mantine/core';
import { PageHeader } from '../../../../components/page-header/page-header';
import { formatDate } from '../../../../lib/dates';
import { useInvitation } from '../../api/invitations';
import { DownloadButtons, responseFileName } from '../../components/download-buttons';
import { LoadingPage, PageError } from '../../components/page-state';
import { ResponseView } from '../../components/response-view';
import { usePrintResponse } from '../../components/use-print-response';
import { useSurveyAddress } from '../../lib/survey-address';

/** /surveys/export/{surveyId}?organizationId: the response as a printable page, with its downloads. */
export function ExportSurveyPage() {
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
        description="The organization's response, read only."
        actions={
          <DownloadButtons
            surveyId={surveyId}
            organizationId={data.organization_id}
            fileName={responseFileName(data.title)}
          />
        }
      />
      <ResponseView surveyId={surveyId} organizationId={data.organization_id} />
    </Stack>
  );
}
