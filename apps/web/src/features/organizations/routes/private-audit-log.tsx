import { Card, List, Skeleton, Stack, Table, Text } from '@mantine/core';
import { displayName } from '@parity/domain/account';
import { AUDIT_PAGE_SIZE } from '@parity/domain/organization-audit';
import { useState } from 'react';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError } from '../../../components/query-state/query-state';
import { useCurrentAccount } from '../../../lib/account';
import { formatDateTime } from '../../../lib/dates';
import { useAuditLog } from '../api/space';
import { auditChanges } from '../lib/audit-changes';

export const NO_AUDIT_ENTRIES = 'Nothing was changed yet';

/** /organizations/private/audit-log (admins): who changed what and when, with old and new values. */
export function PrivateAuditLogRoute() {
  const account = useCurrentAccount();
  const isAdmin = account.data?.isOrganizationAdministrator === true;
  const [page, setPage] = useState(1);
  const log = useAuditLog(page, isAdmin);
  const rows = log.data?.data ?? [];

  if (account.isPending) return <Skeleton height={120} radius="lg" aria-busy="true" />;
  if (!isAdmin) {
    return (
      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Audit log">
        <Text size="sm">Only the organization's admins read its audit log.</Text>
      </Card>
    );
  }
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Audit log">
      {log.isPending ? (
        <Skeleton height={120} aria-busy="true" />
      ) : log.isError ? (
        <QueryError
          error={log.error}
          title="The audit log could not be loaded"
          onRetry={() => void log.refetch()}
        />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_AUDIT_ENTRIES}
        </Text>
      ) : (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Changes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((entry) => {
                  const changes = auditChanges(entry.before, entry.after);
                  return (
                    <Table.Tr key={entry.id}>
                      <Table.Td>
                        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                      </Table.Td>
                      <Table.Td>
                        {entry.actor ? displayName(entry.actor.name, entry.actor.lastname) : 'No information'}
                      </Table.Td>
                      <Table.Td>
                        {entry.entity.replace(/_/g, ' ')} {entry.action}
                        {entry.entity_name
                          ? `: ${entry.entity_name}`
                          : entry.entity_id
                            ? ` #${entry.entity_id}`
                            : ''}
                      </Table.Td>
                      <Table.Td>
                        {changes.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            No values recorded
                          </Text>
                        ) : (
                          <List size="sm" spacing={2}>
                            {changes.map((change) => (
                              <List.Item key={change.field}>
                                <Text span fw={600} size="sm">
                                  {change.field.replace(/_/g, ' ')}
                                </Text>
                                : {change.before} → {change.after}
                              </List.Item>
                            ))}
                          </List>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager pages={pageCount(log.data?.total ?? 0, AUDIT_PAGE_SIZE)} page={page} onChange={setPage} />
        </Stack>
      )}
    </Card>
  );
}

export { PrivateAuditLogRoute as Component };
