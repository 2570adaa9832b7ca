import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** An option of the invitation pickers: a user or an organization by name. */
export interface PickerOption {
  value: string;
  label: string;
}

interface NamedPage {
  data: { id: number; name: string; lastname?: string | null; organization?: { name: string } | null }[];
}

/** GET /api/users?search_query: the users directory, the first 20 matches. */
export function useUserSearch(search: string) {
  return useQuery({
    queryKey: ['calendar', 'user-search', search],
    queryFn: async (): Promise<PickerOption[]> => {
      const page = await api.get<NamedPage>('/api/users', {
        search_query: search || undefined,
        limit: 20,
        offset: 0,
      });
      return page.data.map((user) => ({
        value: String(user.id),
        label:
          [user.name, user.lastname].filter(Boolean).join(' ') +
          (user.organization ? ` (${user.organization.name})` : ''),
      }));
    },
    enabled: search.trim().length > 0,
    staleTime: 30_000,
  });
}

/** GET /api/organizations?search_query: the organizations directory, the first 20 matches. */
export function useOrganizationSearch(search: string) {
  return useQuery({
    queryKey: ['calendar', 'organization-search', search],
    queryFn: async (): Promise<PickerOption[]> => {
      const page = await api.get<NamedPage>('/api/organizations', {
        search_query: search || undefined,
        limit: 20,
        offset: 0,
      });
      return page.data.map((organization) => ({ value: String(organization.id), label: organization.name }));
    },
    staleTime: 30_000,
  });
}
