import { Notification, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconBulb } from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** The notification types of spec section 9. */
export const NOTIFICATION_TYPES = ['base', 'alert', 'guidance'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const LOOK: Record<
  NotificationType,
  {
    color: string;
    icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
    title: string;
    text: string;
    use: string;
  }
> = {
  base: {
    color: 'parity',
    icon: IconBell,
    title: 'Northwind Pension Fund invited you',
    text: '2026 DEI Survey, due 30 June 2026.',
    use: 'Something happened: an invitation, a new member, a comment.',
  },
  alert: {
    color: 'danger',
    icon: IconAlertTriangle,
    title: 'Survey past due',
    text: 'The 2026 DEI Survey was due yesterday. Ask the host for more time.',
    use: 'Something needs attention soon.',
  },
  guidance: {
    color: 'action',
    icon: IconBulb,
    title: 'Tip: start from your profile',
    text: "Survey steps copy your organization's current data the first time you open them.",
    use: 'Help with the next step; can be dismissed.',
  },
};

export function NotificationSamples() {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      {NOTIFICATION_TYPES.map((type) => {
        const { color, icon: Icon, title, text, use } = LOOK[type];
        return (
          <div key={type}>
            <Text size="sm" fw={600} mb={4}>
              <code>{type}</code>: {use}
            </Text>
            <Notification
              role="note"
              color={color}
              icon={<Icon size={18} aria-hidden />}
              title={title}
              withCloseButton={false}
              withBorder
              data-type={type}
            >
              {text}
            </Notification>
          </div>
        );
      })}
    </SimpleGrid>
  );
}
