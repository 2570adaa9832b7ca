import type {
  TAdminFeedbackFilters,
  TAdminFeedbackList,
  TAdminFeedbackOverTime,
} from '@parity/domain/admin-feedback';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { downloadFile } from '../../../../lib/download';

export const ADMIN_FEEDBACK_PAGE_SIZE = 30;

/** The filters as query parameters: unset ones left out. */
function paramsOf(filters: TAdminFeedbackFilters): Record<string, string | number> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Record<
    string,
    string | number
  >;
}

export function useAdminFeedback(filters: TAdminFeedbackFilters, page: number) {
  return useQuery({
    queryKey: ['admin', 'feedback', filters, page],
    queryFn: () =>
      api.get<TAdminFeedbackList>('/api/admin/feedback', {
        ...paramsOf(filters),
        limit: ADMIN_FEEDBACK_PAGE_SIZE,
        offset: (page - 1) * ADMIN_FEEDBACK_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminFeedbackOverTime(filters: TAdminFeedbackFilters) {
  return useQuery({
    queryKey: ['admin', 'feedback', 'over-time', filters],
    queryFn: () => api.get<TAdminFeedbackOverTime>('/api/admin/feedback/over-time', paramsOf(filters)),
  });
}

/** The filtered list as a CSV file (behind the Bearer token: fetched, then saved). */
export function downloadAdminFeedbackCsv(filters: TAdminFeedbackFilters) {
  return downloadFile('/api/admin/feedback.csv', 'feedback.csv', paramsOf(filters));
}
