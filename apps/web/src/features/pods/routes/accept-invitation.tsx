import { Card, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeader } from '../../../components/page-header/page-header';
import { formatDateTime } from '../../../lib/dates';
import { useAcceptInvitation, useInvitationView } from '../api/members';
import { PageRead } from '../components/query-view';

/**
 * /pods/invitations/{token}, the link of the invitation mail: the pod and who invites, and Accept.
 * Only the invited user may read it; anyone else, or a used or revoked link, gets the API's 404.
 */
export function AcceptInvitationRoute() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const invitation = useInvitationView(token);
  const accept = useAcceptInvitation(token);

  return (
    <PageRead
      read={invitation}
      what="the invitation"
      title="Pod invitation"
      notFound={false}
      actions={
        <Button component={Link} to="/pods" kind="blanc">
          My PODs
        </Button>
      }
    >
      {(view) => (
        <Stack gap="md">
          <PageHeader title={`Join ${view.podName}`} eyebrow="Pod invitation" />
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Text>
                {view.invitedBy.name} invited you to the pod <strong>{view.podName}</strong> on{' '}
                {formatDateTime(view.createdAt)}.
              </Text>
              {view.podDescription ? (
                <Text style={{ whiteSpace: 'pre-wrap' }}>{view.podDescription}</Text>
              ) : null}
              <Button
                style={{ alignSelf: 'flex-start' }}
                loading={accept.isPending}
                onClick={() => accept.mutate(undefined, { onSuccess: (pod) => navigate(`/pods/${pod.id}`) })}
              >
                Accept the invitation
              </Button>
            </Stack>
          </Card>
        </Stack>
      )}
    </PageRead>
  );
}

export { AcceptInvitationRoute as Component };
