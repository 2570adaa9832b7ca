import { Alert, Group, Pagination, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { SURVEY_STATUSES, type TSurveyInvitation } from '@parity/domain/surveys';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../../components/button/button';
import { useInvitations } from '../../api/invitations';
import type { SurveyAction } from '../lib/survey-action';
import { SurveyTile } from './survey-tile';

export const PAGE_SIZE = 9;

export interface InvitationTilesProps {
  /** The tile's action (the list's purpose: take, read an archive, export). */
  actionOf: (invitation: TSurveyInvitation) => SurveyAction;
  /** Which invitations the page lists (all by default). */
  include?: (invitation: TSurveyInvitation) => boolean;
  /** The statuses offered by the filter (all by default). */
  statuses?: readonly string[];
  emptyMessage: string;
}

/**
 * The invitations as tiles, with the spec's filter (a status or a due year, kept in the URL's
 * `filter` query and sent to GET /api/surveys/invitations?filter), loading, error, empty states and
 * pages of PAGE_SIZE.
 */
export function InvitationTiles({
  actionOf,
  include = () => true,
  statuses = SURVEY_STATUSES,
  emptyMessage,
}: InvitationTilesProps) {
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter');
  const all = useInvitations(null);
  const filtered = useInvitations(filter);
  const list = filter ? filtered : all;
  const [page, setPage] = useState(1);

  const years = useMemo(
    () =>
      [...new Set((all.data?.data ?? []).map((i) => i.due.slice(0, 4)))].sort((a, b) => b.localeCompare(a)),
    [all.data],
  );
  const shown = (list.data?.data ?? []).filter(include);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);

  const setFilter = (value: string | null) => {
    setPage(1);
    const next = new URLSearchParams(params);
    if (value) next.set('filter', value);
    else next.delete('filter');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <Select
          label="Filter"
          placeholder="All surveys"
          clearable
          value={filter}
          onChange={setFilter}
          data={[
            { group: 'Status', items: statuses.map((s) => ({ value: s, label: s })) },
            ...(years.length
              ? [{ group: 'Due year', items: years.map((y) => ({ value: y, label: y })) }]
              : []),
          ]}
          w={240}
        />
      </Group>
      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading surveys">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={190} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <Alert color="danger" icon={<IconAlertCircle aria-hidden />} title="The surveys could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button kind="blanc" size="small" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : shown.length === 0 ? (
        <Text c="dimmed" role="status">
          {emptyMessage}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((invitation) => (
              <SurveyTile key={invitation.id} invitation={invitation} action={actionOf(invitation)} />
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={current}
                onChange={setPage}
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
