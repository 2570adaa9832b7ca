import { Alert, Group, Stack } from '@mantine/core';
import { NavLink, Outlet } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { useCurrentAccount } from '../../../lib/account';
import { ADMIN_SECTIONS } from '../lib/sections';

export const NOT_AN_ADMINISTRATOR = 'Only platform administrators may open the admin console.';

/**
 * /admin: the platform administrators' console (spec 2 Admin) with its sections. The API refuses
 * every /api/admin route to anyone else (403); the page says so instead of showing empty sections.
 */
export function AdminLayoutRoute() {
  const account = useCurrentAccount();
  if (account.isPending) return <QueryLoader label="Loading the admin console" />;
  if (account.isError) {
    return (
      <QueryError
        error={account.error}
        title="Your account could not be loaded"
        onRetry={() => void account.refetch()}
      />
    );
  }
  if (!account.data.isAdministrator) {
    return (
      <Stack gap="md">
        <PageHeader title="Admin" />
        <Alert color="red" role="alert" title="Access Denied">
          {NOT_AN_ADMINISTRATOR}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <PageHeader title="Admin" description="The platform's organizations, people, codes and reports." />
      <Group component="nav" aria-label="Admin sections" gap={4}>
        {ADMIN_SECTIONS.map((section) => (
          <NavLink key={section.to} to={section.to} end={section.end}>
            {({ isActive }) => (
              <Button component="span" kind={isActive ? 'secondary' : 'tertiary'} size="medium">
                {section.label}
              </Button>
            )}
          </NavLink>
        ))}
      </Group>
      <Outlet />
    </Stack>
  );
}

export { AdminLayoutRoute as Component };
