import { Badge } from '@mantine/core';
import type { TAdminClient } from '@parity/domain/admin-clients';

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A date as `12 Mar 2026` (UTC). */
export const formatDay = (iso: string) => day.format(new Date(iso));
/** A date and time as `12 Mar 2026, 14:05 UTC`. */
export const formatMoment = (iso: string) => `${moment.format(new Date(iso))} UTC`;

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
