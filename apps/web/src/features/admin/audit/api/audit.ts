import type { TAdminAuditList } from '@parity/domain/admin-audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export const ADMIN_AUDIT_PAGE_SIZE = 30;

/** The audit view's filters (unset ones are left out of the query). */
export interface AuditFilters {
  actor?: string;
  organization_id?: number;
  entity?: string;
  action?: string;
  from?: string;
  to?: string;
}

export function useAdminAudit(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: () =>
      api.get<TAdminAuditList>('/api/admin/audit', {
        ...(Object.fromEntries(
          Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''),
        ) as Record<string, string | number>),
        limit: ADMIN_AUDIT_PAGE_SIZE,
        offset: (page - 1) * ADMIN_AUDIT_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}
