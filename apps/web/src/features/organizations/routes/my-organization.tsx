import { Group, Skeleton, Stack } from '@mantine/core';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Button } from '../../../components/button/button';
import { openDialog } from '../../../components/dialog/dialog-store';
import { PageHeader } from '../../../components/page-header/page-header';
import { ProtectedImage } from '../../../components/protected-image/protected-image';
import { QueryError } from '../../../components/query-state/query-state';
import { useIsOrganizationAdmin, useOrganizationSettings } from '../api/space';
import { InviteForm } from '../components/invite-form';
import { DEFAULT_LOGO } from '../components/organization-logo';

export const PRIVATE_PATH = '/organizations/private';

/** The subpages of my organization (spec 2); `admin` ones are shown to organization admins only. */
export const MY_ORGANIZATION_TABS = [
  { label: 'Activity feed', to: `${PRIVATE_PATH}/feed` },
  { label: 'Members', to: `${PRIVATE_PATH}/members` },
  { label: 'Permissions', to: `${PRIVATE_PATH}/permissions` },
  { label: 'Documents', to: `${PRIVATE_PATH}/files` },
  { label: 'Media', to: `${PRIVATE_PATH}/media` },
  { label: 'Settings', to: `${PRIVATE_PATH}/settings` },
  { label: 'Invitations', to: `${PRIVATE_PATH}/invitations` },
  { label: 'Contacts', to: `${PRIVATE_PATH}/contacts` },
  { label: 'Organization code', to: `${PRIVATE_PATH}/code`, admin: true },
  { label: 'Audit log', to: `${PRIVATE_PATH}/audit-log`, admin: true },
  { label: 'Reporting', to: `${PRIVATE_PATH}/lpi/overview` },
] as const;

export function openInviteDialog() {
  openDialog({
    title: 'Invite User',
    size: 'medium',
    content: (close) => <InviteForm onDone={close} />,
  });
}

/** /organizations/private: my organization's header (Edit Profile, Invite User) and its subpages. */
export function MyOrganizationRoute() {
  const settings = useOrganizationSettings();
  const isAdmin = useIsOrganizationAdmin();
  const navigate = useNavigate();

  if (settings.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading my organization">
        <PageHeader title="My organization" />
        <Skeleton height={160} radius="lg" />
      </Stack>
    );
  }
  if (settings.isError || !settings.data) {
    return (
      <Stack gap="md">
        <PageHeader title="My organization" />
        <QueryError
          error={settings.error}
          title="Your organization could not be loaded"
          onRetry={() => void settings.refetch()}
        />
      </Stack>
    );
  }

  const organization = settings.data;
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        <ProtectedImage
          src={organization.logo}
          alt={`${organization.name} logo`}
          fallback={DEFAULT_LOGO}
          w={72}
          h={72}
          fit="contain"
        />
        <div style={{ flex: 1 }}>
          <PageHeader
            title={organization.name}
            description={organization.is_public ? 'Public organization' : 'Private organization'}
            actions={
              isAdmin ? (
                <>
                  <Button
                    leftSection={<IconPencil size={16} aria-hidden />}
                    onClick={() => navigate(`${PRIVATE_PATH}/settings`)}
                  >
                    Edit Profile
                  </Button>
                  <Button
                    kind="primary-outlined"
                    leftSection={<IconUserPlus size={16} aria-hidden />}
                    onClick={openInviteDialog}
                  >
                    Invite User
                  </Button>
                </>
              ) : null
            }
          />
        </div>
      </Group>
      <Group component="nav" aria-label="My organization sections" gap={4}>
        {MY_ORGANIZATION_TABS.filter((tab) => !('admin' in tab) || isAdmin).map((tab) => (
          <NavLink key={tab.to} to={tab.to}>
            {({ isActive }) => (
              <Button component="span" kind={isActive ? 'secondary' : 'tertiary'} size="medium">
                {tab.label}
              </Button>
            )}
          </NavLink>
        ))}
      </Group>
      <Outlet context={organization} />
    </Stack>
  );
}

export { MyOrganizationRoute as Component };
