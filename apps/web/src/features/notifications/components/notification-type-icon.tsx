import { Center, VisuallyHidden } from '@mantine/core';
import type { TNotificationType } from '@parity/domain/notifications';
import { IconAlertTriangle, IconBulb, IconInfoCircle } from '@tabler/icons-react';
import type { ComponentType } from 'react';

/**
 * Spec 9's notification types in the design page's colours: base informs (the brand colour, an
 * information sign: the bell is the top bar's), alert asks for something (danger, a warning sign),
 * guidance suggests (action, a bulb).
 */
export const NOTIFICATION_TYPE_LOOK: Record<
  TNotificationType,
  {
    color: string;
    icon: ComponentType<{ size?: number; color?: string; 'aria-hidden'?: boolean }>;
    label: string;
  }
> = {
  base: { color: 'parity', icon: IconInfoCircle, label: 'Update' },
  alert: { color: 'danger', icon: IconAlertTriangle, label: 'Alert' },
  guidance: { color: 'action', icon: IconBulb, label: 'Tip' },
};

/** The type's icon in its colour, with its name for screen readers ('Alert:'). */
export function NotificationTypeIcon({ type }: { type: TNotificationType }) {
  const { color, icon: Icon, label } = NOTIFICATION_TYPE_LOOK[type];
  return (
    <>
      <Center
        w={28}
        h={28}
        bg={`${color}.0`}
        style={{ borderRadius: '50%', flexShrink: 0 }}
        data-type={type}
        aria-hidden
      >
        <Icon size={16} color={`var(--mantine-color-${color}-7)`} aria-hidden />
      </Center>
      <VisuallyHidden>{label}:</VisuallyHidden>
    </>
  );
}
