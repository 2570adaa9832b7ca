import {
  Anchor,
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  EXCHANGE_PAGE_SIZE,
  GRANT_STATUS_LABELS,
  GRANT_STATUSES,
  REQUEST_STATUS_LABELS,
  type TExchangeRequest,
  type TGrant,
  type TGrantStatus,
  type TRequestStatus,
  tabsText,
} from '@parity/domain/exchange';
import { TAB_TITLES } from '@parity/domain/lpi/tabs';
import { IconPlus, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { confirm } from '../../../components/dialog/confirm';
import { openDialog } from '../../../components/dialog/dialog-store';
import { PageHeader } from '../../../components/page-header/page-header';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { WideTable } from '../../../components/table/wide-table';
import { useCurrentAccount } from '../../../lib/account';
import { formatDate, formatDateTime } from '../../../lib/dates';
import {
  useDeclineRequest,
  useGrants,
  useRequests,
  useRevokeGrant,
  useShared,
  useViews,
} from '../api/exchange';
import { AcceptForm, GrantForm, RequestForm } from '../components/share-forms';

const TABS = ['shared-with-us', 'shared-by-us'] as const;
type ExchangeTab = (typeof TABS)[number];

/** The theme's colours, whose light variants keep AA contrast. */
const GRANT_COLORS: Record<TGrantStatus, string> = { active: 'success', expired: 'gray', revoked: 'danger' };
const REQUEST_COLORS: Record<TRequestStatus, string> = {
  pending: 'warning',
  accepted: 'success',
  declined: 'danger',
  withdrawn: 'gray',
};

/** A paged block of the page: its heading, the loading / error / empty state, then its content. */
function Block<T>({
  title,
  query,
  empty,
  page,
  onPage,
  action,
  children,
}: {
  title: string;
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    data?: { data: T[]; total: number };
  };
  empty: string;
  page: number;
  onPage: (page: number) => void;
  action?: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        {query.isPending ? (
          <QueryLoader label={`Loading ${title.toLowerCase()}`} />
        ) : query.isError || !query.data ? (
          <QueryError
            error={query.error}
            title={`${title} could not be loaded`}
            onRetry={() => void query.refetch()}
          />
        ) : query.data.data.length === 0 ? (
          <Text c="dimmed" role="status">
            {empty}
          </Text>
        ) : (
          <>
            {children(query.data.data)}
            <Pager pages={pageCount(query.data.total, EXCHANGE_PAGE_SIZE)} page={page} onChange={onPage} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function SharedWithUs({ mayRequest }: { mayRequest: boolean }) {
  const [sharedPage, setSharedPage] = useState(1);
  const [requestPage, setRequestPage] = useState(1);
  const shared = useShared(sharedPage);
  const requests = useRequests('outgoing', requestPage);
  const requestAccess = () =>
    openDialog({
      title: 'Request access to a profile',
      size: 'medium',
      content: (close) => <RequestForm onDone={close} />,
    });
  return (
    <Stack gap="md">
      <Block
        title="Profiles shared with us"
        query={shared}
        empty="No organization shares its profile with yours at the moment."
        page={sharedPage}
        onPage={setSharedPage}
        action={
          mayRequest ? (
            <Button kind="secondary" leftSection={<IconSend size={16} aria-hidden />} onClick={requestAccess}>
              Request access
            </Button>
          ) : null
        }
      >
        {(rows) => (
          <WideTable label="Profiles shared with us">
            <Table miw={560} striped aria-label="Profiles shared with us">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Organization</Table.Th>
                  <Table.Th>Tabs</Table.Th>
                  <Table.Th>Access until</Table.Th>
                  <Table.Th>Profile submitted</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.grant_id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/exchange/shared/${row.owner.id}`}>
                        {row.owner.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{tabsText(row.tabs)}</Table.Td>
                    <Table.Td>{formatDate(row.expires_on)}</Table.Td>
                    <Table.Td>{row.submitted_at ? formatDate(row.submitted_at) : 'Not yet'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        )}
      </Block>
      <Block
        title="Our requests"
        query={requests}
        empty="Your organization has not asked for any profile."
        page={requestPage}
        onPage={setRequestPage}
      >
        {(rows) => <RequestsTable label="Our requests" rows={rows} side="investor" />}
      </Block>
    </Stack>
  );
}

function RequestsTable({
  label,
  rows,
  side,
  actions,
}: {
  label: string;
  rows: TExchangeRequest[];
  side: 'owner' | 'investor';
  actions?: (request: TExchangeRequest) => ReactNode;
}) {
  return (
    <WideTable label={label} actionsLast={Boolean(actions)}>
      <Table miw={640} striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{side === 'owner' ? 'From' : 'To'}</Table.Th>
            <Table.Th>Asked</Table.Th>
            <Table.Th>Tabs</Table.Th>
            <Table.Th>Status</Table.Th>
            {actions ? <Table.Th>Answer</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {side === 'owner' ? request.investor.name : request.owner.name}
                </Text>
                {request.message ? (
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                    {request.message}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {formatDate(request.created_at)}
                {request.requested_by ? ` by ${request.requested_by}` : ''}
              </Table.Td>
              <Table.Td>{tabsText(request.tabs)}</Table.Td>
              <Table.Td>
                <Badge color={REQUEST_COLORS[request.status]} variant="light">
                  {REQUEST_STATUS_LABELS[request.status]}
                </Badge>
              </Table.Td>
              {actions ? <Table.Td>{actions(request)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

function IncomingAnswer({ request }: { request: TExchangeRequest }) {
  const decline = useDeclineRequest();
  if (request.status !== 'pending') return <Text size="sm">{request.decided_by ?? '—'}</Text>;
  const accept = () =>
    openDialog({
      title: `Share with ${request.investor.name}`,
      size: 'medium',
      content: (close) => <AcceptForm requestId={request.id} asked={request.tabs} onDone={close} />,
    });
  const refuse = async () => {
    const sure = await confirm({
      title: 'Decline the request?',
      message: `${request.investor.name} is told that you declined its request.`,
      confirmLabel: 'Decline',
      danger: true,
    });
    if (!sure) return;
    decline.mutate(request.id, {
      onSuccess: () => showAlert('success', 'Request declined', `${request.investor.name} is told.`),
    });
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="small" onClick={accept} aria-label={`Accept the request of ${request.investor.name}`}>
        Accept
      </Button>
      <Button
        size="small"
        kind="blanc"
        loading={decline.isPending}
        onClick={() => void refuse()}
        aria-label={`Decline the request of ${request.investor.name}`}
      >
        Decline
      </Button>
    </Group>
  );
}

function RevokeButton({ grant }: { grant: TGrant }) {
  const revoke = useRevokeGrant();
  const run = async () => {
    const sure = await confirm({
      title: 'Revoke access?',
      message: `${grant.investor.name} can no longer read your profile from now on.`,
      confirmLabel: 'Revoke',
      danger: true,
    });
    if (!sure) return;
    revoke.mutate(grant.id, {
      onSuccess: () =>
        showAlert('success', 'Access revoked', `${grant.investor.name} can no longer read your profile.`),
    });
  };
  return (
    <Button
      size="small"
      kind="blanc"
      loading={revoke.isPending}
      onClick={() => void run()}
      aria-label={`Revoke the access of ${grant.investor.name}`}
    >
      Revoke
    </Button>
  );
}

function SharedByUs({ isAdmin }: { isAdmin: boolean }) {
  const [status, setStatus] = useState<TGrantStatus | 'all'>('all');
  const [grantPage, setGrantPage] = useState(1);
  const [viewPage, setViewPage] = useState(1);
  const [requestPage, setRequestPage] = useState(1);
  const grants = useGrants(status === 'all' ? undefined : status, grantPage);
  const views = useViews(viewPage);
  const requests = useRequests('incoming', requestPage);
  const share = () =>
    openDialog({
      title: 'Share our profile',
      size: 'medium',
      content: (close) => <GrantForm onDone={close} />,
    });
  return (
    <Stack gap="md">
      <Block
        title="Requests for our profile"
        query={requests}
        empty="No organization has asked for your profile."
        page={requestPage}
        onPage={setRequestPage}
      >
        {(rows) => (
          <RequestsTable
            label="Requests for our profile"
            rows={rows}
            side="owner"
            actions={isAdmin ? (request) => <IncomingAnswer request={request} /> : undefined}
          />
        )}
      </Block>
      <Block
        title="Our grants"
        query={grants}
        empty={
          status === 'all' ? 'Your organization shares its profile with no one.' : 'No grant has this status.'
        }
        page={grantPage}
        onPage={setGrantPage}
        action={
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label="Which grants"
              size="xs"
              data={[
                { value: 'all', label: 'All' },
                ...GRANT_STATUSES.map((value) => ({ value, label: GRANT_STATUS_LABELS[value] })),
              ]}
              value={status}
              onChange={(value) => {
                setStatus(value as TGrantStatus | 'all');
                setGrantPage(1);
              }}
            />
            {isAdmin ? (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={share}>
                Share profile
              </Button>
            ) : null}
          </Group>
        }
      >
        {(rows) => (
          <WideTable label="Our grants" actionsLast={isAdmin}>
            <Table miw={720} striped aria-label="Our grants">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Investor</Table.Th>
                  <Table.Th>Tabs</Table.Th>
                  <Table.Th>Access until</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Views (count)</Table.Th>
                  <Table.Th>Granted</Table.Th>
                  {isAdmin ? <Table.Th>Action</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((grant) => (
                  <Table.Tr key={grant.id}>
                    <Table.Td>{grant.investor.name}</Table.Td>
                    <Table.Td>{tabsText(grant.tabs)}</Table.Td>
                    <Table.Td>{formatDate(grant.expires_on)}</Table.Td>
                    <Table.Td>
                      <Badge color={GRANT_COLORS[grant.status]} variant="light">
                        {GRANT_STATUS_LABELS[grant.status]}
                      </Badge>
                      {grant.revoked_at ? (
                        <Text size="xs" c="dimmed">
                          {formatDate(grant.revoked_at)}
                          {grant.revoked_by ? ` by ${grant.revoked_by}` : ''}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{grant.views}</Table.Td>
                    <Table.Td>
                      {formatDate(grant.created_at)}
                      {grant.granted_by ? ` by ${grant.granted_by}` : ''}
                    </Table.Td>
                    {isAdmin ? (
                      <Table.Td>{grant.status === 'active' ? <RevokeButton grant={grant} /> : null}</Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        )}
      </Block>
      <Block
        title="Who viewed our profile"
        query={views}
        empty="No investor has viewed your profile yet."
        page={viewPage}
        onPage={setViewPage}
      >
        {(rows) => (
          <Stack
            component="ul"
            gap={6}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Who viewed our profile"
          >
            {rows.map((view) => (
              <Text component="li" size="sm" key={view.id}>
                <strong>{view.investor.name}</strong> viewed your profile
                {view.tab ? ` (${TAB_TITLES[view.tab]})` : ''} on {formatDateTime(view.viewed_at)}
                {view.viewer ? <Text span c="dimmed" size="sm">{` · ${view.viewer}`}</Text> : null}
              </Text>
            ))}
          </Stack>
        )}
      </Block>
    </Stack>
  );
}

/** /exchange: the profiles shared with my organization, and what my organization shares. */
export function ExchangeRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const account = useCurrentAccount();
  const tab: ExchangeTab = searchParams.get('tab') === 'shared-by-us' ? 'shared-by-us' : 'shared-with-us';
  const isAdmin = account.data?.isOrganizationAdministrator === true;
  const mayRequest = isAdmin || account.data?.isSurveyHost === true;
  return (
    <Stack gap="md">
      <PageHeader
        title="Exchange"
        description="Share your submitted LPI profile and scores with investors you choose, until a date you set, and read the profiles others share with you."
      />
      <Tabs
        value={tab}
        onChange={(value) => setSearchParams(value === 'shared-by-us' ? { tab: value } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="shared-with-us">Shared with us</Tabs.Tab>
          <Tabs.Tab value="shared-by-us">Shared by us</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="shared-with-us" pt="md">
          <SharedWithUs mayRequest={mayRequest} />
        </Tabs.Panel>
        <Tabs.Panel value="shared-by-us" pt="md">
          <SharedByUs isAdmin={isAdmin} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export { ExchangeRoute as Component };
