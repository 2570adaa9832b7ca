import { AppShell, Container, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs/breadcrumbs';
import { TopBar } from '../../components/top-bar/top-bar';
import { FeedbackTab } from '../../features/feedback/components/feedback-tab';
import { logout } from '../../lib/session';
import { HEADER_HEIGHT, MAIN_CONTENT_ID } from './constants';
import { DeferredMaintenanceBanner } from './deferred-maintenance-banner';
import classes from './layouts.module.css';
import { SkipLink } from './skip-link';
import { TopBarActions } from './top-bar-actions';
import { useShellAccount } from './use-shell-account';

/** top-bar layout (spec section 2): the top bar over the page, e.g. the dashboard. */
export function TopBarLayout() {
  const { user, navigation, closed } = useShellAccount();
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <SkipLink />
      <AppShell.Header>
        <TopBar navigation={navigation} user={user} onLogout={logout} actions={<TopBarActions />} />
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main} bg="gray.0">
        <Container size="lg" py="md">
          <Stack gap="lg">
            <DeferredMaintenanceBanner />
            <Breadcrumbs closed={closed} />
            <Outlet />
          </Stack>
        </Container>
      </AppShell.Main>
      <FeedbackTab />
    </AppShell>
  );
}

export { TopBarLayout as Component };
