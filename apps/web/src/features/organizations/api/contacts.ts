import type { TContact, TContactInput, TContactList } from '@parity/domain/organization-contacts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The organization's external contacts (spec 9: 30 a page). */
export const CONTACTS_PAGE_SIZE = 30;
const KEY = ['organization-space', 'contacts'] as const;

/** GET /api/organizations/me/contacts?search&limit&offset (sorted by name). */
export function useContacts(search: string, page: number) {
  return useQuery({
    queryKey: [...KEY, { search, page }],
    queryFn: () =>
      api.get<TContactList>('/api/organizations/me/contacts', {
        search: search || undefined,
        limit: CONTACTS_PAGE_SIZE,
        offset: (page - 1) * CONTACTS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/organizations/me/contacts, or PUT .../contacts/{id} when an id is given (admins). */
export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TContactInput }) =>
      id === null
        ? api.post<TContact>('/api/organizations/me/contacts', body)
        : api.put<TContact>(`/api/organizations/me/contacts/${id}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['organization-space'] }),
  });
}

/** DELETE /api/organizations/me/contacts/{id} (admins). */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/organizations/me/contacts/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['organization-space'] }),
  });
}
