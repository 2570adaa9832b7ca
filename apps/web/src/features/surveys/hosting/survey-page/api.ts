import type { TOrganizationDirectory } from '@parity/domain/organization';
import type {
  TContactsPage,
  TInviteMembersBody,
  TInviteResult,
  TLabelRef,
  TNewContact,
  TParticipantSort,
  TParticipantStatus,
  TParticipantsPage,
  TRemindersResult,
  TResponseRates,
} from '@parity/domain/survey-participants';
import type { TOrganizationLabel } from '@parity/domain/surveys';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { downloadFile } from '../../../../lib/download';

/**
 * The calls of the hosted survey page (spec 7 Surveys): participants, response rates, labels,
 * reminders, contacts and invitations, and the responses report.
 */
const key = (surveyId: number) => ['surveys', 'hosted', surveyId] as const;

export interface ParticipantsFilter {
  limit: number;
  offset: number;
  sortBy: TParticipantSort;
  sortOrder: 'asc' | 'desc';
  search: string;
  status: TParticipantStatus | null;
  labelIds: number[];
}

/** GET /api/surveys/{id}/participants */
export function useParticipants(surveyId: number, filter: ParticipantsFilter) {
  return useQuery({
    queryKey: [...key(surveyId), 'participants', filter],
    queryFn: () =>
      api.get<TParticipantsPage>(`/api/surveys/${surveyId}/participants`, {
        limit: filter.limit,
        offset: filter.offset,
        sort_by: filter.sortBy,
        sort_order: filter.sortOrder,
        search_query: filter.search || undefined,
        status: filter.status ?? undefined,
        label_ids: filter.labelIds.length ? filter.labelIds.join(',') : undefined,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/surveys/{id}/response-rates */
export function useResponseRates(surveyId: number) {
  return useQuery({
    queryKey: [...key(surveyId), 'response-rates'],
    queryFn: () => api.get<TResponseRates>(`/api/surveys/${surveyId}/response-rates`),
  });
}

/** GET /api/organization-labels?survey_id: the host's labels. */
export function useHostLabels(surveyId: number) {
  return useQuery({
    queryKey: [...key(surveyId), 'labels'],
    queryFn: () =>
      api.get<{ data: TOrganizationLabel[] }>('/api/organization-labels', { survey_id: surveyId }),
  });
}

/** Everything the page shows changes together after a write: refresh it all. */
function useRefresh(surveyId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key(surveyId) });
}

/** POST /api/organization-labels/surveys/{surveyId}: a participant's labels become these. */
export function useSyncLabels(surveyId: number) {
  const refresh = useRefresh(surveyId);
  return useMutation({
    mutationFn: (body: { organization_id: number; label_ids: number[] }) =>
      api.post<{ message: string; labels: TLabelRef[] }>(
        `/api/organization-labels/surveys/${surveyId}`,
        body,
        {
          retries: 0,
        },
      ),
    onSuccess: refresh,
  });
}

/**
 * POST /api/surveys/{id}/reminders: every participant that has neither submitted nor declined, or
 * the organizations given.
 */
export function useSendReminders(surveyId: number) {
  const refresh = useRefresh(surveyId);
  return useMutation({
    mutationFn: (organizationIds?: number[]) =>
      api.post<TRemindersResult>(
        `/api/surveys/${surveyId}/reminders`,
        organizationIds ? { organization_ids: organizationIds } : {},
        { retries: 0 },
      ),
    onSuccess: refresh,
  });
}

/** GET /api/surveys/{id}/contacts */
export function useContacts(surveyId: number, page: { limit: number; offset: number; search: string }) {
  return useQuery({
    queryKey: [...key(surveyId), 'contacts', page],
    queryFn: () =>
      api.get<TContactsPage>(`/api/surveys/${surveyId}/contacts`, {
        limit: page.limit,
        offset: page.offset,
        search: page.search || undefined,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/surveys/{id}/contacts */
export function useAddContact(surveyId: number) {
  const refresh = useRefresh(surveyId);
  return useMutation({
    mutationFn: (contact: TNewContact) =>
      api.post<{ message: string; ids: number[] }>(`/api/surveys/${surveyId}/contacts`, contact, {
        retries: 0,
      }),
    onSuccess: refresh,
  });
}

/** DELETE /api/surveys/{id}/contacts/{contactId} */
export function useDeleteContact(surveyId: number) {
  const refresh = useRefresh(surveyId);
  return useMutation({
    mutationFn: (contactId: number) =>
      api.delete<{ message: string }>(`/api/surveys/${surveyId}/contacts/${contactId}`, undefined, {
        retries: 0,
      }),
    onSuccess: refresh,
  });
}

/** POST /api/surveys/{id}/contacts/invite */
export function useInviteContacts(surveyId: number) {
  const refresh = useRefresh(surveyId);
  return useMutation({
    mutationFn: (contactIds: number[]) =>
      api.post<TInviteResult>(
        `/api/surveys/${surveyId}/contacts/invite`,
        { contact_ids: contactIds },
        { retries: 0 },
      ),
    onSuccess: refresh,
  });
}

/** POST /api/surveys/{id}/contacts/member/invite: public organizations by id, any by email or code. */
export function useInviteMembers(surveyId: number) {
  const refresh = useRefresh(surveyId);
  return useMutation({
    mutationFn: (body: TInviteMembersBody) =>
      api.post<TInviteResult>(`/api/surveys/${surveyId}/contacts/member/invite`, body, { retries: 0 }),
    onSuccess: refresh,
  });
}

/** GET /api/organizations?search_query: organizations of the platform to invite or attach a contact to. */
export function useOrganizationSearch(search: string) {
  return useQuery({
    queryKey: ['surveys', 'organization-search', search],
    queryFn: () =>
      api.get<TOrganizationDirectory>('/api/organizations', { search_query: search || undefined, limit: 20 }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/surveys/{id}/reports: every submitted response as .xlsx, saved through a temporary link. */
export async function downloadReport(surveyId: number, fileName: string) {
  await downloadFile(`/api/surveys/${surveyId}/reports`, `${fileName}.xlsx`);
}
