import { Anchor, Badge, Group, Stack, Tabs, Text } from '@mantine/core';
import {
  POD_MAIL_PREFERENCE_LABELS,
  POD_MAIL_PREFERENCES,
  type TPodDetail,
  type TPodMailPreference,
} from '@parity/domain/pods/pods';
import { IconDoorExit, IconTrash } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { useCrumbName } from '../../../components/breadcrumbs/crumb-names';
import { Button } from '../../../components/button/button';
import { confirm } from '../../../components/dialog/confirm';
import { openDialog } from '../../../components/dialog/dialog-store';
import { PageHeader } from '../../../components/page-header/page-header';
import { Select } from '../../../components/select/select';
import { useDeletePod, useJoinPod, useLeavePod, useMailPreference, usePod } from '../api/pods';
import { LeaveForm } from '../components/leave-form';
import { PageRead } from '../components/query-view';
import { VISIBILITY_NAMES } from '../lib/names';
import { ShownPodContext } from '../lib/shown-pod';
import { PodDescriptionRoute } from './pod-description';
import { PodEventsRoute } from './pod-events';
import { PodFeedRoute } from './pod-feed';
import { PodFilesRoute } from './pod-files';
import { PodMembersRoute } from './pod-members';

/**
 * The pod's tabs (spec 2): the feed is the pod's own address. Their routes only match paths and
 * name crumbs: the tabs are rendered here, in this lazy module, because every lazy module of the
 * router is named in every first load (e2e/first-load-budget.e2e.ts).
 */
const POD_TABS = [
  { value: 'feed', label: 'Activity Feed', Tab: PodFeedRoute },
  { value: 'events', label: 'Events', Tab: PodEventsRoute },
  { value: 'members', label: 'Members', Tab: PodMembersRoute },
  { value: 'files', label: 'Files', Tab: PodFilesRoute },
  { value: 'description', label: 'Description', Tab: PodDescriptionRoute },
] as const;

/**
 * A member's mail about the pod: every post, a daily digest, or none. It applies while the
 * notification preferences leave pod posts in-app; a mail or digest chosen there wins.
 */
function MailPreference({ pod }: { pod: TPodDetail }) {
  const save = useMailPreference(pod.id);
  return (
    <Select
      label="Mail me"
      description={
        <>
          Unless your{' '}
          <Anchor component={Link} to="/notifications?tab=preferences" size="xs" underline="always">
            notification preferences
          </Anchor>{' '}
          mail pod posts
        </>
      }
      w={240}
      allowDeselect={false}
      data={POD_MAIL_PREFERENCES.map((value) => ({ value, label: POD_MAIL_PREFERENCE_LABELS[value] }))}
      value={pod.myMailPreference ?? 'every'}
      onChange={(value) =>
        value &&
        save.mutate(value as TPodMailPreference, {
          onSuccess: () => showAlert('success', 'Saved', 'Your mail preference for this pod is saved.'),
        })
      }
    />
  );
}

function PodActions({ pod }: { pod: TPodDetail }) {
  const navigate = useNavigate();
  const leave = useLeavePod(pod.id);
  const remove = useDeletePod();
  const lastAdmin = pod.myRole === 'admin' && pod.admins.length <= 1;

  const leavePod = async () => {
    if (lastAdmin) {
      openDialog({
        title: 'Leave the pod',
        size: 'medium',
        content: (close) => <LeaveForm podId={pod.id} onDone={close} />,
      });
      return;
    }
    const sure = await confirm({
      title: 'Leave the pod',
      message: `Leave ${pod.name}? You will no longer see its feed, events, members and files.`,
      confirmLabel: 'Leave',
      danger: true,
    });
    if (sure) leave.mutate({}, { onSuccess: () => navigate('/pods') });
  };
  const deletePod = async () => {
    const sure = await confirm({
      title: 'Delete the pod',
      message: `Delete ${pod.name} with its feed, members and files? This cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (sure) remove.mutate(pod.id, { onSuccess: () => navigate('/pods', { replace: true }) });
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {pod.isMember ? <MailPreference pod={pod} /> : null}
      {pod.isMember ? (
        <Button kind="blanc" leftSection={<IconDoorExit size={16} aria-hidden />} onClick={leavePod}>
          Leave
        </Button>
      ) : null}
      {pod.canDelete ? (
        <Button kind="error" leftSection={<IconTrash size={16} aria-hidden />} onClick={deletePod}>
          Delete pod
        </Button>
      ) : null}
    </Group>
  );
}

/** An open pod seen by someone who may join: its name, description and Join. */
function PodPreview({ pod }: { pod: TPodDetail }) {
  const join = useJoinPod(pod.id);
  return (
    <Stack gap="md">
      <PageHeader
        title={pod.name}
        eyebrow={`${VISIBILITY_NAMES[pod.visibility]} pod · ${pod.memberCount} members`}
        actions={
          pod.requested ? (
            <Badge variant="light">Request sent</Badge>
          ) : (
            <Button loading={join.isPending} onClick={() => join.mutate()}>
              Join
            </Button>
          )
        }
      />
      <Text style={{ whiteSpace: 'pre-wrap' }}>{pod.description || 'No description.'}</Text>
      <Text size="sm" c="dimmed">
        Join the pod to read its feed, events, members and files.
      </Text>
    </Stack>
  );
}

/**
 * /pods/{podId}: the pod's header and tabs Activity Feed, Events, Members, Files, Description.
 * A pod the user may not see answers 404, shown as the app's not-found page.
 */
export function PodPageRoute() {
  const podId = Number(useParams().podId);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pod = usePod(podId);
  const base = `/pods/${podId}`;
  useCrumbName(base, pod.data?.name);

  const tab =
    POD_TABS.find((item) => item.value === pathname.slice(base.length).split('/')[1]) ?? POD_TABS[0];
  return (
    <PageRead read={pod} what="the pod" title="Pod">
      {(data) =>
        // Members and platform administrators (who may delete any pod, not manage it) read the pod;
        // anyone else here may only join it.
        !data.isMember && !data.canDelete ? (
          <PodPreview pod={data} />
        ) : (
          <Stack gap="md">
            <PageHeader
              title={data.name}
              eyebrow={`${VISIBILITY_NAMES[data.visibility]} pod · ${data.memberCount} ${data.memberCount === 1 ? 'member' : 'members'}`}
              actions={<PodActions pod={data} />}
            />
            <Tabs
              value={tab.value}
              onChange={(value) => navigate(value && value !== 'feed' ? `${base}/${value}` : base)}
              keepMounted={false}
            >
              <Tabs.List mb="md">
                {POD_TABS.map((item) => (
                  <Tabs.Tab key={item.value} value={item.value}>
                    {item.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value={tab.value}>
                <ShownPodContext.Provider value={data}>
                  <tab.Tab />
                </ShownPodContext.Provider>
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )
      }
    </PageRead>
  );
}
