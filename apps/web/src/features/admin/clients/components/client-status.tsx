import { Badge } from '@mantine/core';
import type { TAdminClient } from '@parity/domain/admin-clients';

export function ClientStatus({ client }: { client: TAdminClient }) {
  return client.status === 'revoked' ? (
    <Badge color="gray" variant="light">
      Revoked
    </Badge>
  ) : (
    <Badge color="success" variant="light">
      Active
    </Badge>
  );
}
