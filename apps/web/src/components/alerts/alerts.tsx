import { Notification, Stack } from '@mantine/core';
import { type Alert, type AlertType, alertStore, useAlerts } from './alert-store';

const COLORS: Record<AlertType, string> = {
  info: 'blue',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};

function AlertItem({ alert }: { alert: Alert }) {
  const urgent = alert.type === 'error' || alert.type === 'warning';
  return (
    <Notification
      role={urgent ? 'alert' : 'status'}
      color={COLORS[alert.type]}
      title={alert.title}
      data-type={alert.type}
      withBorder
      onMouseEnter={() => alertStore.pauseTimer(alert.id)}
      onMouseLeave={() => alertStore.resumeTimer(alert.id)}
      onFocus={() => alertStore.pauseTimer(alert.id)}
      onBlur={() => alertStore.resumeTimer(alert.id)}
      onClose={() => alertStore.remove(alert.id)}
      closeButtonProps={{ 'aria-label': 'Close alert' }}
    >
      {alert.description}
    </Notification>
  );
}

/** Renders the alert store: newest at the bottom, top-right corner, announced politely. */
export function Alerts() {
  const alerts = useAlerts();
  return (
    <Stack
      aria-live="polite"
      aria-label="Alerts"
      role="region"
      gap="sm"
      style={{ position: 'fixed', top: 16, right: 16, zIndex: 1100, width: 'min(400px, calc(100vw - 32px))' }}
    >
      {alerts.map((alert) => (
        <AlertItem key={alert.id} alert={alert} />
      ))}
    </Stack>
  );
}
