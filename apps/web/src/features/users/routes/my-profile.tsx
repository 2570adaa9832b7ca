import { Group, Skeleton, Stack } from '@mantine/core';
import { displayName } from '@parity/domain/account';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import { NavLink, Outlet, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError } from '../../../components/query-state/query-state';
import { useUserAccount } from '../api/users';
import { ProfileCompletenessPrompt } from '../components/profile-completeness-prompt';
import { UserAvatar } from '../components/user-avatar';

/** The tabs of my profile: About and its subpages (spec 2: files, media, bookmarks, settings). */
export const MY_PROFILE_TABS = [
  { label: 'About', to: '/users/private', end: true },
  { label: 'Documents', to: '/users/private/files' },
  { label: 'Media', to: '/users/private/media' },
  { label: 'Bookmarks', to: '/users/private/bookmarks' },
  { label: 'Settings', to: '/users/private/settings' },
] as const;

/** /users/private: my profile's header (Edit Profile, a disabled Invite User) and its tabs. */
export function MyProfileRoute() {
  const account = useUserAccount();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  if (account.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <PageHeader title="My profile" />
        <Skeleton height={160} radius="lg" />
      </Stack>
    );
  }
  if (account.isError || !account.data) {
    return (
      <Stack gap="md">
        <PageHeader title="My profile" />
        <QueryError
          error={account.error}
          title="Your profile could not be loaded"
          onRetry={() => void account.refetch()}
        />
      </Stack>
    );
  }

  const data = account.data;
  const name = displayName(data.name, data.lastname) || data.email;
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        <UserAvatar src={data.image_url ?? null} name={name} size={72} />
        <div style={{ flex: 1 }}>
          <PageHeader
            title={name}
            description={[data.title, data.organization?.name].filter(Boolean).join(' · ') || data.email}
            actions={
              <>
                <Button
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => navigate('/users/private?edit=1')}
                >
                  Edit Profile
                </Button>
                {/* Inviting users arrives with the organization module. */}
                <Button kind="primary-outlined" leftSection={<IconUserPlus size={16} aria-hidden />} disabled>
                  Invite User
                </Button>
              </>
            }
          />
        </div>
      </Group>
      {/* The edit form is the fix: no link to it while it is open. */}
      <ProfileCompletenessPrompt withLink={searchParams.get('edit') !== '1'} />
      <Group component="nav" aria-label="Profile sections" gap={4}>
        {MY_PROFILE_TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={'end' in tab ? tab.end : false}>
            {({ isActive }) => (
              <Button component="span" kind={isActive ? 'secondary' : 'tertiary'} size="medium">
                {tab.label}
              </Button>
            )}
          </NavLink>
        ))}
      </Group>
      <Outlet context={data} />
    </Stack>
  );
}

export { MyProfileRoute as Component };
