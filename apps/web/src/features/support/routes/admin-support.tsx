import { Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  SUPPORT_PAGE_SIZE,
  SUPPORT_STATUS_LABELS,
  SUPPORT_STATUSES,
  type TSupportStatus,
} from '@parity/domain/support';
import { Link, useSearchParams } from 'react-router';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { useSupportRequests } from '../api/support';
import { RequestTable } from '../components/request-table';

/** /admin/support: every support request by status; each opens its thread to answer or close. */
export function AdminSupportRoute() {
  const [params, setParams] = useSearchParams();
  const shown = params.get('status');
  const status = SUPPORT_STATUSES.find((s) => s === shown) ?? (shown === 'all' ? null : 'open');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const requests = useSupportRequests('all', status, page);
  const show = (next: { status?: TSupportStatus | null; page?: number }) => {
    const out = new URLSearchParams();
    const nextStatus = next.status === undefined ? status : next.status;
    if (nextStatus !== 'open') out.set('status', nextStatus ?? 'all');
    if ((next.page ?? 1) > 1) out.set('page', String(next.page));
    setParams(out);
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label="Status"
          data={[
            ...SUPPORT_STATUSES.map((s) => ({ value: s, label: SUPPORT_STATUS_LABELS[s] })),
            { value: 'all', label: 'All' },
          ]}
          value={status ?? 'all'}
          onChange={(value) => show({ status: value === 'all' ? null : (value as TSupportStatus), page: 1 })}
        />
        <Group gap="md">
          <Anchor component={Link} to="/admin/support/articles">
            Edit help articles
          </Anchor>
          <Anchor component={Link} to="/admin/faq">
            Edit the FAQ
          </Anchor>
        </Group>
      </Group>
      {requests.isPending ? (
        <QueryLoader label="Loading the support requests" />
      ) : requests.isError ? (
        <QueryError
          error={requests.error}
          title="The support requests could not be loaded"
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.data.length === 0 ? (
        <Text c="dimmed" role="status">
          {status ? `No ${SUPPORT_STATUS_LABELS[status].toLowerCase()} request.` : 'No support request yet.'}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {requests.data.total} {requests.data.total === 1 ? 'request' : 'requests'}
          </Text>
          <RequestTable rows={requests.data.data} withRequester />
          <Pager
            pages={pageCount(requests.data.total, SUPPORT_PAGE_SIZE)}
            page={page}
            onChange={(next) => show({ page: next })}
          />
        </>
      )}
    </Stack>
  );
}

export { AdminSupportRoute as Component };
