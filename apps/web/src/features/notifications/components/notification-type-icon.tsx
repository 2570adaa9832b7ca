import { Center, VisuallyHidden } from '@mantine/core';
import type { TNotificationKind, TNotificationType } from '@parity/domain/notifications';
import {
  IconAlarm,
  IconArrowsExchange,
  IconAt,
  IconCalendarEvent,
  IconCalendarPlus,
  IconCalendarTime,
  IconClipboardCheck,
  IconClipboardList,
  IconFile,
  IconHeart,
  IconLifebuoy,
  IconMessage,
  IconShare,
  IconUserCheck,
  IconUserPlus,
  IconUserQuestion,
  IconUsersPlus,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ size?: number; color?: string; 'aria-hidden'?: boolean }>;

/**
 * Spec 9's notification types in the design page's colours: base informs (the brand colour),
 * alert asks for something (danger), guidance suggests (action).
 */
export const NOTIFICATION_TYPE_LOOK: Record<TNotificationType, { color: string; label: string }> = {
  base: { color: 'parity', label: 'Update' },
  alert: { color: 'danger', label: 'Alert' },
  guidance: { color: 'action', label: 'Tip' },
};

/**
 * What each kind is about, at a glance (issue 37: every alert showed the same warning sign): the
 * kind draws the icon, its type the colour.
 */
export const NOTIFICATION_KIND_ICONS: Record<TNotificationKind, Icon> = {
  survey_invitation: IconClipboardList,
  survey_reminder: IconAlarm,
  submission_received: IconClipboardCheck,
  approval_decision: IconUserCheck,
  member_awaiting_approval: IconUserQuestion,
  event_invitation: IconCalendarPlus,
  event_update: IconCalendarEvent,
  event_reminder: IconCalendarTime,
  pod_post: IconMessage,
  pod_mention: IconAt,
  pod_event: IconCalendarEvent,
  pod_file: IconFile,
  pod_invitation: IconUsersPlus,
  pod_join_request: IconUserPlus,
  pod_join_decision: IconUserCheck,
  support_answer: IconLifebuoy,
  community_follow: IconHeart,
  exchange_grant: IconShare,
  exchange_request: IconArrowsExchange,
  exchange_request_decision: IconArrowsExchange,
};

/** The kind's icon in its type's colour, with the type's name for screen readers ('Alert:'). */
export function NotificationTypeIcon({ kind, type }: { kind: TNotificationKind; type: TNotificationType }) {
  const { color, label } = NOTIFICATION_TYPE_LOOK[type];
  const Icon = NOTIFICATION_KIND_ICONS[kind];
  return (
    <>
      <Center
        w={28}
        h={28}
        bg={`${color}.0`}
        style={{ borderRadius: '50%', flexShrink: 0 }}
        data-type={type}
        data-kind={kind}
        aria-hidden
      >
        <Icon size={16} color={`var(--mantine-color-${color}-7)`} aria-hidden />
      </Center>
      <VisuallyHidden>{label}:</VisuallyHidden>
    </>
  );
}
