import { Stack } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/page-header/page-header';
import { useInvitation } from '../../api/invitations';
import { formatDay } from '../../taking/components/survey-tile';
import { idParam, LoadingPage, PageError } from '../../taking/routes/taking-survey';
import { DownloadButtons } from '../components/download-buttons';
import { ResponseView } from '../components/response-view';
import { usePrintResponse } from '../components/use-print-response';

/** A file name for the response: the survey's title, safe for any file system. */
export const responseFileName = (title: string) =>
  title
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-') || 'survey-response';

/** /surveys/export/{surveyId}?organizationId: the response as a printable page, with its downloads. */
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
