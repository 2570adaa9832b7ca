import {
  Anchor,
  Badge,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { TPodSummary } from '@parity/domain/pods/pods';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { openDialog } from '../../../components/dialog/dialog-store';
import { PageHeader } from '../../../components/page-header/page-header';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { useCurrentAccount } from '../../../lib/account';
import { PODS_PAGE_SIZE, type PodScope } from '../api/keys';
import { useJoinPod, usePods, useWithdrawJoinRequest } from '../api/pods';
import { CreatePodForm } from '../components/pod-form';
import { VISIBILITY_NAMES } from '../lib/names';

const EMPTY: Record<PodScope, string> = {
  mine: 'You are in no pod yet. Create one, or join one under "Pods to join".',
  discover: 'No pod to join matches.',
  all: 'No pod matches.',
};

/** A sent request to join, which its sender may withdraw until the pod's admins answer it. */
function SentRequest({ pod }: { pod: TPodSummary }) {
  const withdraw = useWithdrawJoinRequest(pod.id);
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge variant="light">Request sent</Badge>
      <Button
        size="small"
        kind="blanc"
        loading={withdraw.isPending}
        aria-label={`Withdraw the request to join ${pod.name}`}
        onClick={() =>
          withdraw.mutate(undefined, {
            onSuccess: () =>
              showAlert('success', 'Request withdrawn', `Your request to join ${pod.name} is withdrawn.`),
          })
        }
      >
        Withdraw
      </Button>
    </Group>
  );
}

/** Join (open pod) or Request to join (invite-only pod), for a pod the caller is not in. */
function JoinButton({ pod }: { pod: TPodSummary }) {
  const navigate = useNavigate();
  const join = useJoinPod(pod.id);
  if (pod.requested) return <SentRequest pod={pod} />;
  const open = pod.visibility === 'open';
  return (
    <Button
      size="small"
      kind={open ? 'primary' : 'secondary'}
      loading={join.isPending}
      aria-label={`${open ? 'Join' : 'Request to join'} ${pod.name}`}
      onClick={() =>
        join.mutate(undefined, {
          onSuccess: () => {
            if (open) navigate(`/pods/${pod.id}`);
            else showAlert('success', 'Request sent', `The admins of ${pod.name} are asked to approve it.`);
          },
        })
      }
    >
      {open ? 'Join' : 'Request to join'}
    </Button>
  );
}

function PodCard({ pod, administering }: { pod: TPodSummary; administering: boolean }) {
  // Open pods show their preview to those who may join; invite-only ones stay closed until approved.
  // Platform administrators read every pod.
  const linked = administering || pod.myRole !== null || pod.visibility === 'open';
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap={6} h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          {linked ? (
            <Anchor component={Link} to={`/pods/${pod.id}`} fw={600}>
              {pod.name}
            </Anchor>
          ) : (
            <Text fw={600}>{pod.name}</Text>
          )}
          <Badge variant="light" color="gray">
            {VISIBILITY_NAMES[pod.visibility]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ flex: 1 }}>
          {pod.description || 'No description.'}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {pod.memberCount} {pod.memberCount === 1 ? 'member' : 'members'}
            {pod.myRole === 'admin' ? ' · you are an admin' : ''}
          </Text>
          {pod.myRole === null && !administering ? <JoinButton pod={pod} /> : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** /pods (My PODs): the pods I belong to, the open and invite-only ones I could join, Create POD. */
export function PodsListRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const account = useCurrentAccount();
  const isAdministrator = account.data?.isAdministrator === true;
  const shown = searchParams.get('show');
  const scope: PodScope =
    shown === 'discover' ? 'discover' : shown === 'all' && isAdministrator ? 'all' : 'mine';
  const q = searchParams.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [text, setText] = useState(q);
  const pods = usePods(scope, q, page, !(shown === 'all' && account.isPending));

  const show = (next: { scope?: PodScope; q?: string; page?: number }) => {
    const out = new URLSearchParams();
    const nextScope = next.scope ?? scope;
    if (nextScope !== 'mine') out.set('show', nextScope);
    const nextQ = next.q ?? q;
    if (nextQ) out.set('q', nextQ);
    if ((next.page ?? 1) > 1) out.set('page', String(next.page));
    setSearchParams(out);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    show({ q: text.trim() });
  };
  const createPod = () =>
    openDialog({
      title: 'Create POD',
      size: 'medium',
      content: (close) => <CreatePodForm onDone={close} />,
    });

  return (
    <Stack gap="md">
      <PageHeader
        title="My PODs"
        description="Peer groups across organizations that meet, share documents and talk."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createPod}>
            Create POD
          </Button>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Which pods"
          data={[
            { value: 'mine', label: 'My PODs' },
            { value: 'discover', label: 'Pods to join' },
            ...(isAdministrator ? [{ value: 'all', label: 'All pods' }] : []),
          ]}
          value={scope}
          onChange={(value) => show({ scope: value as PodScope, page: 1 })}
        />
        <search aria-label="Pods">
          <form onSubmit={search}>
            <Group gap="xs" align="flex-end">
              <TextInput
                label="Search pods"
                placeholder="Name or description"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
              />
              <Button type="submit" kind="secondary">
                Search
              </Button>
            </Group>
          </form>
        </search>
      </Group>
      {pods.isPending ? (
        <QueryLoader label="Loading the pods" />
      ) : pods.isError ? (
        <QueryError
          error={pods.error}
          title="The pods could not be loaded"
          onRetry={() => void pods.refetch()}
        />
      ) : pods.data.data.length === 0 ? (
        <Text c="dimmed" role="status">
          {q ? 'No pod matches your search.' : EMPTY[scope]}
        </Text>
      ) : (
        <>
          <SimpleGrid
            component="ul"
            aria-label={scope === 'mine' ? 'My PODs' : scope === 'discover' ? 'Pods to join' : 'All pods'}
            cols={{ base: 1, sm: 2, lg: 3 }}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {pods.data.data.map((pod) => (
              <PodCard key={pod.id} pod={pod} administering={scope === 'all'} />
            ))}
          </SimpleGrid>
          <Pager
            pages={pageCount(pods.data.total, PODS_PAGE_SIZE)}
            page={page}
            onChange={(next) => show({ page: next })}
          />
        </>
      )}
    </Stack>
  );
}

export { PodsListRoute as Component };
