import { Stack, Tabs } from '@mantine/core';
import { NOTIFICATION_KINDS, type TNotificationKind } from '@parity/domain/notifications';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header/page-header';
import { type NotificationFilters, NotificationList } from '../components/notification-list';
import { NotificationPreferences } from '../components/notification-preferences-form';

const PREFERENCES_TAB = 'preferences';

function readFilters(params: URLSearchParams): NotificationFilters {
  const kind = params.get('kind');
  return {
    kind: NOTIFICATION_KINDS.includes(kind as TNotificationKind) ? (kind as TNotificationKind) : undefined,
    unread: params.get('unread') === '1',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/**
 * /notifications: the user's notifications (filters and page kept in the address) and, on the
 * Preferences tab (/notifications?tab=preferences), how each kind reaches them.
 */
export function NotificationsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === PREFERENCES_TAB ? PREFERENCES_TAB : 'all';
  const filters = readFilters(searchParams);

  const showFilters = (next: NotificationFilters) => {
    const params = new URLSearchParams();
    if (next.kind) params.set('kind', next.kind);
    if (next.unread) params.set('unread', '1');
    if (next.page > 1) params.set('page', String(next.page));
    setSearchParams(params);
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Notifications"
        description="Invitations, reminders, decisions and answers about your work on Parity."
      />
      <Tabs
        value={tab}
        onChange={(value) => setSearchParams(value === PREFERENCES_TAB ? { tab: PREFERENCES_TAB } : {})}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="all">All notifications</Tabs.Tab>
          <Tabs.Tab value={PREFERENCES_TAB}>Preferences</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all">
          <NotificationList filters={filters} onChange={showFilters} />
        </Tabs.Panel>
        <Tabs.Panel value={PREFERENCES_TAB}>
          <NotificationPreferences />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export { NotificationsRoute as Component };
