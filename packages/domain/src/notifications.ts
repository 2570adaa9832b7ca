import { z } from 'zod';

/**
 * Notifications (issue 17): what a user is told, in which of the spec's notification types
 * (base, alert, guidance), and how each kind reaches them. One list for the API, the centre's
 * filters and the preferences form.
 */
export const NOTIFICATION_KINDS = [
  'survey_invitation',
  'survey_reminder',
  'submission_received',
  'approval_decision',
  'member_awaiting_approval',
  'event_invitation',
  'event_update',
  'event_reminder',
  'pod_post',
  'pod_mention',
  'pod_event',
  'pod_file',
  'pod_invitation',
  'pod_join_request',
  'pod_join_decision',
  'support_answer',
  'community_follow',
  'exchange_grant',
  'exchange_request',
  'exchange_request_decision',
] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS, {
  error: `Unknown notification kind; expected one of ${NOTIFICATION_KINDS.join(', ')}`,
});
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

/** The label of each kind, as the filter and the preferences form show it. */
export const NOTIFICATION_KIND_LABELS: Record<TNotificationKind, string> = {
  survey_invitation: 'Survey invitations',
  survey_reminder: 'Survey reminders',
  submission_received: 'Submissions received',
  approval_decision: 'Approval decisions',
  member_awaiting_approval: 'Members awaiting approval',
  event_invitation: 'Event invitations',
  event_update: 'Event updates',
  event_reminder: 'Event reminders',
  pod_post: 'Pod posts',
  pod_mention: 'Pod mentions',
  pod_event: 'Pod events',
  pod_file: 'Pod files',
  pod_invitation: 'Pod invitations',
  pod_join_request: 'Pod join requests',
  pod_join_decision: 'Pod join request answers',
  support_answer: 'Support answers',
  community_follow: 'New community followers',
  exchange_grant: 'Profiles shared with us',
  exchange_request: 'Requests for our profile',
  exchange_request_decision: 'Answers to our profile requests',
};

/** Spec 9's notification types: how a notification looks. */
export const NOTIFICATION_TYPES = ['base', 'alert', 'guidance'] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/** The type each kind is shown as: alerts ask for something, guidance suggests, base informs. */
export const NOTIFICATION_KIND_TYPES: Record<TNotificationKind, TNotificationType> = {
  survey_invitation: 'alert',
  survey_reminder: 'alert',
  submission_received: 'base',
  approval_decision: 'base',
  member_awaiting_approval: 'alert',
  event_invitation: 'alert',
  event_update: 'base',
  event_reminder: 'guidance',
  pod_post: 'base',
  pod_mention: 'alert',
  pod_event: 'base',
  pod_file: 'base',
  pod_invitation: 'alert',
  pod_join_request: 'alert',
  pod_join_decision: 'base',
  support_answer: 'base',
  community_follow: 'base',
  exchange_grant: 'base',
  exchange_request: 'alert',
  exchange_request_decision: 'base',
};

/** How one kind reaches the user. */
export const NOTIFICATION_DELIVERIES = ['in_app', 'mail', 'digest', 'off'] as const;
export const ZNotificationDelivery = z.enum(NOTIFICATION_DELIVERIES, {
  error: `Unknown delivery; expected one of ${NOTIFICATION_DELIVERIES.join(', ')}`,
});
export type TNotificationDelivery = z.infer<typeof ZNotificationDelivery>;
export const NOTIFICATION_DELIVERY_LABELS: Record<TNotificationDelivery, string> = {
  in_app: 'In-app only',
  mail: 'In-app and mail at once',
  digest: 'In-app and daily mail digest',
  off: 'Off',
};
/**
 * Every kind starts in-app only: its cause already mails what must reach someone by mail (a
 * survey invitation to its contacts, an approval decision to the applicant), so a second mail
 * would repeat it. A user chooses mail or a digest per kind.
 */
export const NOTIFICATION_DEFAULT_DELIVERY: TNotificationDelivery = 'in_app';

/** One notification as the API answers it. `link` is the app path it opens. */
export const ZNotification = z.object({
  id: z.number().int(),
  kind: ZNotificationKind,
  type: ZNotificationType,
  title: z.string(),
  body: z.string(),
  link: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;

/** GET /api/notifications: unread first, then newest first. */
export const ZNotificationListQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, `limit must be at most ${NOTIFICATIONS_MAX_PAGE_SIZE}`)
    .default(NOTIFICATIONS_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
  kind: ZNotificationKind.optional(),
  unread: z.enum(['true', 'false'], { error: 'unread must be true or false' }).optional(),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  /** the items matching the filter */
  total: z.number().int(),
  /** all the user's unread notifications, whatever the filter */
  unread: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** GET /api/notifications/unread-count */
export const ZUnreadCount = z.object({ unread: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

/** GET and PUT /api/notifications/preferences: one delivery per kind (all kinds in a GET). */
export const ZNotificationPreference = z.strictObject({
  kind: ZNotificationKind,
  delivery: ZNotificationDelivery,
});
export const ZNotificationPreferences = z.strictObject({
  preferences: z
    .array(ZNotificationPreference)
    .max(NOTIFICATION_KINDS.length, 'One preference per kind')
    .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, 'One preference per kind'),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/**
 * GET /api/notifications/stream (server-sent events). Each event carries an `id:` (the
 * notification id; a reconnect sends it back as Last-Event-ID and gets what it missed).
 * - `notification`: a new notification, with the user's unread count after it;
 * - `unread`: the unread count changed (read on another tab), no id;
 * - `account`: the user's account changed (approved, rights, roles, organization), data `{}`, no
 *   id: the page reads GET /api/user/status again.
 * Comment lines (`: ping`) keep an idle stream open and carry no event.
 */
export const NOTIFICATION_STREAM_EVENTS = {
  notification: 'notification',
  unread: 'unread',
  account: 'account',
} as const;
export const ZNotificationStreamNotification = z.object({
  notification: ZNotification,
  unread: z.number().int(),
});
export const ZNotificationStreamUnread = ZUnreadCount;
