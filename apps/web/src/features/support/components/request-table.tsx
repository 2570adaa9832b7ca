import { Anchor, Table, Text } from '@mantine/core';
import type { TSupportRequestSummary } from '@parity/domain/support';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { StatusBadge } from './status-badge';

/** Support requests as a table: subject (a link to the thread), status, last activity; the requester for administrators. */
export function RequestTable({
  rows,
  withRequester,
}: {
  rows: TSupportRequestSummary[];
  withRequester: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Subject</Table.Th>
            {withRequester ? <Table.Th>Requester</Table.Th> : null}
            <Table.Th>Status</Table.Th>
            <Table.Th>Last activity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={`/support/requests/${r.id}`}>
                  {r.subject}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {r.reply_count} {r.reply_count === 1 ? 'reply' : 'replies'}
                </Text>
              </Table.Td>
              {withRequester ? (
                <Table.Td>
                  <Text size="sm">{r.requester.name}</Text>
                  <Text size="xs" c="dimmed">
                    {r.organization?.name ?? r.requester.email}
                  </Text>
                </Table.Td>
              ) : null}
              <Table.Td>
                <StatusBadge status={r.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(r.updated_at)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
