import type { TPolicyRecord } from '@parity/domain/lpi/policies';
import type { TabDefinition } from '../../engine/tabs';
import { copyRecordsToSurvey, listRecords } from './repo';

/**
 * A version's readable paths: each record under its policy's name ('Code of Conduct › status'),
 * numbered when the organization keeps several records of one policy.
 */
export function flattenPolicies(records: TPolicyRecord[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const seen = new Map<string, number>();
  for (const record of records) {
    const count = (seen.get(record.name) ?? 0) + 1;
    seen.set(record.name, count);
    const name = count === 1 ? record.name : `${record.name} (${count})`;
    out[`${name} › status`] = record.status;
    out[`${name} › current as of`] = record.current_as_of;
    out[`${name} › established`] = record.established_at;
    out[`${name} › last reviewed`] = record.last_reviewed_at;
    out[`${name} › revision`] = record.revision;
    out[`${name} › attachments`] = record.attachments.map((a) => a.name).join(', ');
  }
  return out;
}

export const policiesTab: TabDefinition<TPolicyRecord[]> = {
  tab: 'policies',
  read: (db, scope) => listRecords(db, scope),
  copyToSurvey: (tx, organizationId, surveyId) => copyRecordsToSurvey(tx, organizationId, surveyId),
  flatten: flattenPolicies,
};
