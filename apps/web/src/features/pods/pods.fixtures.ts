import type { TEventDetail } from '@parity/domain/calendar/events';
import type { TPodDetail, TPodEntry, TPodMember, TPodSummary } from '@parity/domain/pods/pods';

/** A pod as GET /api/pods/{podId} answers it to its admin. */
export function podDetail(fields: Partial<TPodDetail> = {}): TPodDetail {
  return {
    id: 3,
    name: 'Emerging Managers',
    description: 'Managers of the programme.',
    rules: 'Be kind.',
    visibility: 'invite-only',
    memberCount: 2,
    admins: [{ id: 4, name: 'Ada Lovelace' }],
    createdAt: '2026-11-01T09:00:00.000Z',
    isMember: true,
    myRole: 'admin',
    myMailPreference: 'every',
    requested: false,
    canJoin: false,
    canManage: true,
    canDelete: true,
    ...fields,
  };
}

export function podSummary(fields: Partial<TPodSummary> = {}): TPodSummary {
  return {
    id: 3,
    name: 'Emerging Managers',
    description: 'Managers of the programme.',
    visibility: 'invite-only',
    memberCount: 2,
    myRole: 'admin',
    requested: false,
    createdAt: '2026-11-01T09:00:00.000Z',
    ...fields,
  };
}

export function post(fields: Partial<TPodEntry> = {}): TPodEntry {
  return {
    id: 11,
    kind: 'post',
    body: '<p>Hello <strong>pod</strong></p>',
    author: { id: 7, name: 'Eve Adams', organizationName: 'Cedar Equity' },
    mentions: [],
    attachments: [],
    event: null,
    file: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    editedAt: null,
    canEdit: false,
    canDelete: true,
    parentId: null,
    replies: [],
    ...fields,
  };
}

export const MEMBERS: TPodMember[] = [
  {
    userId: 4,
    name: 'Ada Lovelace',
    email: 'ada@acme.test',
    organizationName: 'Acme Capital Partners',
    role: 'admin',
    joinedAt: '2026-11-01T09:00:00.000Z',
  },
  {
    userId: 7,
    name: 'Eve Adams',
    email: 'eve@cedar.test',
    organizationName: 'Cedar Equity',
    role: 'member',
    joinedAt: '2026-11-02T09:00:00.000Z',
  },
];

export function podEvent(fields: Partial<TEventDetail> = {}): TEventDetail {
  return {
    id: 21,
    title: 'Programme call',
    description: '<p>Agenda</p>',
    start: '2026-12-03T09:00:00.000Z',
    end: '2026-12-03T10:00:00.000Z',
    allDay: false,
    timeZone: 'Europe/London',
    location: 'Video call',
    videoUrl: null,
    visibility: 'pod',
    organizationId: null,
    organizationName: null,
    podId: 3,
    organizer: { id: 4, name: 'Ada Lovelace', email: 'ada@acme.test' },
    recurrence: null,
    rrule: null,
    sequence: 0,
    canEdit: false,
    myAttendance: null,
    counts: { 'no-answer': 0, attending: 1, declined: 0, maybe: 0 },
    exceptions: [],
    ...fields,
  };
}
