import { Anchor, Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { TCommunityOrganization, TCommunityPerson } from '@parity/domain/community';
import { Link } from 'react-router';
import { showAlert } from '../../../components/alerts/alert-store';
import { Button } from '../../../components/button/button';
import { type DictionaryOption, useDictionary } from '../../../lib/dictionaries';
import { useProtectedImage } from '../../../lib/protected-image';
import { useFollow } from '../api/community';

/** A photo or logo behind the Bearer token; initials when there is none. */
function Picture({ src, name }: { src: string | null; name: string }) {
  const { url } = useProtectedImage(src);
  return <Avatar src={url} alt={name} name={name} color="parity" radius="xl" size="lg" />;
}

/** Dictionary ids as chips, by name (ids the dictionary lacks are left out). */
function Chips({
  ids,
  options,
  label,
}: {
  ids: number[];
  options: readonly DictionaryOption[] | undefined;
  label: string;
}) {
  const names = ids.flatMap((id) => options?.find((o) => o.id === id)?.name ?? []);
  if (!names.length) return null;
  return (
    <Group gap={4} role="list" aria-label={label}>
      {names.map((name) => (
        <Badge key={name} role="listitem" variant="light" tt="none" fw={500}>
          {name}
        </Badge>
      ))}
    </Group>
  );
}

const followersText = (n: number) => `${n} ${n === 1 ? 'follower' : 'followers'}`;

function FollowButton({
  kind,
  id,
  name,
  followed,
}: {
  kind: 'people' | 'organizations';
  id: number;
  name: string;
  followed: boolean;
}) {
  const follow = useFollow(kind, id);
  return (
    <Button
      size="small"
      kind={followed ? 'blanc' : 'primary'}
      loading={follow.isPending}
      aria-label={`${followed ? 'Unfollow' : 'Follow'} ${name}`}
      onClick={() =>
        follow.mutate(!followed, {
          onSuccess: () =>
            showAlert(
              'success',
              followed ? 'Unfollowed' : 'Following',
              `${followed ? 'You no longer follow' : 'You follow'} ${name}.`,
            ),
        })
      }
    >
      {followed ? 'Unfollow' : 'Follow'}
    </Button>
  );
}

function CardFrame({ children }: { children: React.ReactNode }) {
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap="xs" h="100%">
        {children}
      </Stack>
    </Card>
  );
}

/** A listed person: photo, name (their profile), title, organization, interests, follow. */
export function PersonCard({ person, self }: { person: TCommunityPerson; self: boolean }) {
  const interests = useDictionary('interests');
  return (
    <CardFrame>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Picture src={person.image_url} name={person.display_name} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/users/${person.id}`} fw={600}>
            {person.display_name}
          </Anchor>
          {person.title ? (
            <Text size="sm" c="dimmed">
              {person.title}
            </Text>
          ) : null}
          {person.organization ? <Text size="sm">{person.organization.name}</Text> : null}
        </Stack>
      </Group>
      <Chips ids={person.interests} options={interests.data} label={`Interests of ${person.display_name}`} />
      <Group justify="space-between" gap="xs" mt="auto">
        <Text size="xs" c="dimmed">
          {followersText(person.followers)}
          {self ? ' · you' : ''}
        </Text>
        {self ? null : (
          <FollowButton kind="people" id={person.id} name={person.display_name} followed={person.followed} />
        )}
      </Group>
    </CardFrame>
  );
}

/** A public organization: logo, name (its page), about, tags, listed members, follow. */
export function OrganizationCard({ organization }: { organization: TCommunityOrganization }) {
  const tags = useDictionary('tags');
  return (
    <CardFrame>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Picture src={organization.logo} name={organization.name} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/organizations/${organization.id}`} fw={600}>
            {organization.name}
          </Anchor>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {organization.about || 'No description.'}
          </Text>
        </Stack>
      </Group>
      <Chips ids={organization.tags} options={tags.data} label={`Tags of ${organization.name}`} />
      <Group justify="space-between" gap="xs" mt="auto">
        <Text size="xs" c="dimmed">
          {followersText(organization.followers)} · {organization.listed_members} listed{' '}
          {organization.listed_members === 1 ? 'member' : 'members'}
        </Text>
        <FollowButton
          kind="organizations"
          id={organization.id}
          name={organization.name}
          followed={organization.followed}
        />
      </Group>
    </CardFrame>
  );
}
