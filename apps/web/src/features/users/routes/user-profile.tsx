import { Anchor, Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { displayName, NO_INFORMATION, PRIVATE } from '@parity/domain/account';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError } from '../../../components/query-state/query-state';
import { ApiError } from '../../../lib/api-client';
import { useAccount } from '../api/users';
import { ProfileAbout } from '../components/profile-about';
import { UserAvatar } from '../components/user-avatar';

/** /users/{userId}: another user's public profile (private fields say 'Private'). Tabs About, Documents. */
export function UserProfileRoute() {
  const userId = Number(useParams().userId);
  const profile = useAccount(userId);

  if (profile.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <PageHeader title="Profile" />
        <Skeleton height={160} radius="lg" />
      </Stack>
    );
  }
  if (profile.isError || !profile.data) {
    // 404: no such person, or one the API does not show this caller (pending, hidden, a private
    // organization's member): the same answer, so the page says the same.
    const hidden = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <Stack gap="md">
        <PageHeader title="Profile" />
        <QueryError
          error={profile.error}
          title={hidden ? 'This profile is not available' : 'This profile could not be loaded'}
          onRetry={() => void profile.refetch()}
          action={
            <Anchor component={Link} to="/users" size="sm">
              Back to users
            </Anchor>
          }
        />
      </Stack>
    );
  }

  const data = profile.data;
  const name = displayName(data.name, data.lastname);
  const documents = Array.isArray(data.resumes) ? data.resumes : [];
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        <UserAvatar src={data.image_url ?? null} name={name} size={72} />
        <PageHeader
          title={name}
          description={
            [data.title || null, data.organization?.name ?? null].filter(Boolean).join(' · ') || undefined
          }
        />
      </Group>
      <Tabs defaultValue="about" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="about">About</Tabs.Tab>
          <Tabs.Tab value="documents">Documents</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="about" pt="md">
          {/* the email is given to colleagues and platform admins only: withheld, it reads 'Private' */}
          <ProfileAbout
            values={{ ...data, email: data.email ?? PRIVATE, organization: data.organization?.name ?? null }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <Card withBorder radius="lg" padding="lg">
            {data.resumes === PRIVATE ? (
              <Text size="sm">{PRIVATE}</Text>
            ) : documents.length === 0 ? (
              <Text size="sm" c="dimmed">
                {NO_INFORMATION}
              </Text>
            ) : (
              <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                {documents.map((document) => (
                  <li key={document.id}>{document.name}</li>
                ))}
              </Stack>
            )}
          </Card>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export { UserProfileRoute as Component };
