import { Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { displayName, NO_INFORMATION, PRIVATE } from '@parity/domain/account';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError } from '../../../components/query-state/query-state';
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
    return (
      <Stack gap="md">
        <PageHeader title="Profile" />
        <QueryError
          error={profile.error}
          title="This profile could not be loaded"
          onRetry={() => void profile.refetch()}
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
          <ProfileAbout values={{ ...data, organization: data.organization?.name ?? null }} />
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
