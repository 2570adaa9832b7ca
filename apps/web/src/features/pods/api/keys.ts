/** The pods' query keys, one family under 'pods': a write refreshes the pod it changed. */
export type PodScope = 'mine' | 'discover' | 'all';

export const podKeys = {
  lists: ['pods', 'list'] as const,
  list: (scope: PodScope, q: string, page: number) => ['pods', 'list', scope, q, page] as const,
  pod: (podId: number) => ['pods', podId] as const,
  detail: (podId: number) => ['pods', podId, 'detail'] as const,
  feed: (podId: number) => ['pods', podId, 'feed'] as const,
  members: (podId: number, q: string, page: number) => ['pods', podId, 'members', q, page] as const,
  requests: (podId: number) => ['pods', podId, 'requests'] as const,
  invitations: (podId: number) => ['pods', podId, 'invitations'] as const,
  files: (podId: number, params: FileListParams) => ['pods', podId, 'files', params] as const,
  events: (podId: number, when: 'upcoming' | 'past', page: number) =>
    ['pods', podId, 'events', when, page] as const,
  event: (eventId: number) => ['pods', 'event', eventId] as const,
  attendees: (eventId: number, page: number) => ['pods', 'event', eventId, 'attendees', page] as const,
  eventFiles: (eventId: number) => ['pods', 'event', eventId, 'files'] as const,
  invitation: (token: string) => ['pods', 'invitation', token] as const,
};

export interface FileListParams {
  q: string;
  sort: 'name' | 'size' | 'createdAt';
  dir: 'asc' | 'desc';
  page: number;
}

export const PODS_PAGE_SIZE = 25;
export const MEMBERS_PAGE_SIZE = 50;
export const FILES_PAGE_SIZE = 25;
export const EVENTS_PAGE_SIZE = 25;
export const ATTENDEES_PAGE_SIZE = 50;
