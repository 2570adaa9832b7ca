import {
  ANNOUNCEMENTS_PAGE_SIZE,
  COMMUNITY_PAGE_SIZE,
  type TAnnouncementCreate,
  type TAnnouncementPatch,
  type TCommunityListingUpdate,
  type TOrganizationTagsUpdate,
  ZAnnouncement,
  ZAnnouncementList,
  ZCommunityMe,
  ZCommunityOrganizations,
  ZCommunityPeople,
  ZFollowingList,
} from '@parity/domain/community';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';

/** The community's query keys, one family: a write refreshes the lists it may change. */
export const communityKeys = {
  all: ['community'] as const,
  me: ['community', 'me'] as const,
  people: (filter: DirectoryFilter) => ['community', 'people', filter] as const,
  organizations: (filter: DirectoryFilter) => ['community', 'organizations', filter] as const,
  following: (page: number) => ['community', 'following', page] as const,
  announcements: ['community', 'announcements'] as const,
  announcementPage: (page: number, includeExpired: boolean, limit: number) =>
    ['community', 'announcements', page, includeExpired, limit] as const,
};

/** A directory tab's filter: a name search, chosen dictionary ids (interests or tags) and a page. */
export interface DirectoryFilter {
  q: string;
  ids: number[];
  page: number;
}

const listQuery = (filter: DirectoryFilter, idsName: 'interests' | 'tags') => ({
  q: filter.q || undefined,
  [idsName]: filter.ids.length ? filter.ids.join(',') : undefined,
  page: filter.page,
  limit: COMMUNITY_PAGE_SIZE,
});

/** GET /api/community/me: my listing and my organization's. */
export function useCommunityMe() {
  return useQuery({
    queryKey: communityKeys.me,
    queryFn: async () =>
      parseAnswer(ZCommunityMe, await api.get<unknown>('/api/community/me'), { silent: true }),
  });
}

/** GET /api/community/people: listed people with any of the interests. */
export function usePeople(filter: DirectoryFilter) {
  return useQuery({
    queryKey: communityKeys.people(filter),
    queryFn: async () =>
      parseAnswer(
        ZCommunityPeople,
        await api.get<unknown>('/api/community/people', listQuery(filter, 'interests')),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/community/organizations: public organizations with any of the tags. */
export function useOrganizations(filter: DirectoryFilter) {
  return useQuery({
    queryKey: communityKeys.organizations(filter),
    queryFn: async () =>
      parseAnswer(
        ZCommunityOrganizations,
        await api.get<unknown>('/api/community/organizations', listQuery(filter, 'tags')),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/community/following: newest follow first. */
export function useFollowing(page: number) {
  return useQuery({
    queryKey: communityKeys.following(page),
    queryFn: async () =>
      parseAnswer(
        ZFollowingList,
        await api.get<unknown>('/api/community/following', { page, limit: COMMUNITY_PAGE_SIZE }),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** After a write: every community read again (lists, counts and my listing). */
function useRefreshCommunity() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: communityKeys.all });
}

export function useUpdateListing() {
  const refresh = useRefreshCommunity();
  return useMutation({
    mutationFn: async (body: TCommunityListingUpdate) =>
      parseAnswer(ZCommunityMe, await api.put<unknown>('/api/community/me', body, { retries: 0 })),
    onSuccess: refresh,
  });
}

export function useUpdateOrganizationTags(organizationId: number) {
  const refresh = useRefreshCommunity();
  return useMutation({
    mutationFn: async (body: TOrganizationTagsUpdate) =>
      parseAnswer(
        ZCommunityMe,
        await api.put<unknown>(`/api/community/organizations/${organizationId}/tags`, body, { retries: 0 }),
      ),
    onSuccess: refresh,
  });
}

/** PUT (follow) or DELETE (unfollow) a person's or an organization's follow. */
export function useFollow(kind: 'people' | 'organizations', id: number) {
  const refresh = useRefreshCommunity();
  return useMutation({
    mutationFn: (follow: boolean) => {
      const url = `/api/community/${kind}/${id}/follow`;
      return follow
        ? api.put<unknown>(url, undefined, { retries: 0 })
        : api.delete<unknown>(url, undefined, { retries: 0 });
    },
    onSuccess: refresh,
  });
}

/** GET /api/community/announcements: platform administrators may include the expired ones. */
export function useAnnouncements(page: number, includeExpired: boolean, limit = ANNOUNCEMENTS_PAGE_SIZE) {
  return useQuery({
    queryKey: communityKeys.announcementPage(page, includeExpired, limit),
    queryFn: async () =>
      parseAnswer(
        ZAnnouncementList,
        await api.get<unknown>('/api/community/announcements', {
          page,
          limit,
          include_expired: includeExpired ? 'true' : undefined,
        }),
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

function useRefreshAnnouncements() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: communityKeys.announcements });
}

export function useCreateAnnouncement() {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: async (body: TAnnouncementCreate) =>
      parseAnswer(
        ZAnnouncement,
        await api.post<unknown>('/api/community/announcements', body, { retries: 0 }),
      ),
    onSuccess: refresh,
  });
}

export function useUpdateAnnouncement(id: number) {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: async (body: TAnnouncementPatch) =>
      parseAnswer(
        ZAnnouncement,
        await api.patch<unknown>(`/api/community/announcements/${id}`, body, { retries: 0 }),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteAnnouncement(id: number) {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: () => api.delete<unknown>(`/api/community/announcements/${id}`, undefined, { retries: 0 }),
    onSuccess: refresh,
  });
}
