import { Alert, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { AlertType } from '../../../components/alerts/alert-store';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button, type ButtonType } from '../../../components/button/button';

interface AlertSample {
  type: AlertType;
  color: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  title: string;
  description: string;
  button: ButtonType;
}

export const ALERT_SAMPLES: readonly AlertSample[] = [
  {
    type: 'info',
    color: 'parity',
    icon: IconInfoCircle,
    title: 'Survey opens on 1 April',
    description: 'You can prepare your answers in your organization profile before then.',
    button: 'secondary',
  },
  {
    type: 'success',
    color: 'success',
    icon: IconCircleCheck,
    title: 'Ownership is 100.00%',
    description: 'The owner percentages add up to exactly 100.',
    button: 'success',
  },
  {
    type: 'warning',
    color: 'warning',
    icon: IconAlertTriangle,
    title: 'Due in 3 days',
    description: 'Two steps of this survey are not complete yet.',
    button: 'warning',
  },
  {
    type: 'error',
    color: 'danger',
    icon: IconAlertCircle,
    title: 'Owner percentages add up to 92.50%; they must total 100.00%',
    description: 'Correct the ownership of the owners listed.',
    button: 'error',
  },
];

/** Inline alerts of the four types, and buttons that raise a live alert through the alert store. */
export function AlertSamples() {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {ALERT_SAMPLES.map(({ type, color, icon: Icon, title, description }) => (
          <Alert
            key={type}
            role="note"
            color={color}
            variant="light"
            title={title}
            icon={<Icon size={20} aria-hidden />}
            data-type={type}
          >
            {description}
          </Alert>
        ))}
      </SimpleGrid>
      <div>
        <Text size="sm" mb="xs">
          Live alerts appear in the top-right corner, close by themselves after 4 seconds and pause while the
          pointer is over them:
        </Text>
        <Group gap="sm">
          {ALERT_SAMPLES.map(({ type, title, description, button }) => (
            <Button key={type} kind={button} size="small" onClick={() => showAlert(type, title, description)}>
              Show {type} alert
            </Button>
          ))}
        </Group>
      </div>
    </Stack>
  );
}
