import { Group, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { COMMUNITY_EMPTY, COMMUNITY_PAGE_SIZE } from '@parity/domain/community';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeader } from '../../../components/page-header/page-header';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { useCurrentAccount } from '../../../lib/account';
import {
  type DirectoryFilter,
  useCommunityMe,
  useFollowing,
  useOrganizations,
  usePeople,
} from '../api/community';
import { AnnouncementsTab, LatestAnnouncement } from '../components/announcements';
import { OrganizationCard, PersonCard } from '../components/directory-cards';
import { ChoicePicker, MyListing } from '../components/my-listing';

const TABS = ['announcements', 'people', 'organizations', 'following'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  announcements: 'Announcements',
  people: 'People',
  organizations: 'Organizations',
  following: 'Following',
};

/** What CardList reads of a list's query. */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: { data: T[]; total: number } | undefined;
  refetch: () => unknown;
}

/** A list of cards with its loading, error, empty states and pager. */
function CardList<T>({
  query,
  label,
  empty,
  page,
  onPage,
  render,
}: {
  query: ListQuery<T>;
  label: string;
  empty: string;
  page: number;
  onPage: (page: number) => void;
  render: (item: T) => ReactNode;
}) {
  if (query.isPending) return <QueryLoader label={`Loading ${label.toLowerCase()}`} />;
  if (query.isError || !query.data)
    return (
      <QueryError
        error={query.error}
        title={`${label} could not be loaded`}
        onRetry={() => void query.refetch()}
      />
    );
  const { data, total } = query.data;
  if (!data.length)
    return (
      <Text c="dimmed" role="status">
        {empty}
      </Text>
    );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {total} {total === 1 ? 'result' : 'results'}
      </Text>
      <SimpleGrid
        component="ul"
        aria-label={label}
        cols={{ base: 1, sm: 2, lg: 3 }}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {data.map(render)}
      </SimpleGrid>
      <Pager pages={pageCount(total, COMMUNITY_PAGE_SIZE)} page={page} onChange={onPage} />
    </Stack>
  );
}

/** A name search and a multi-select of interests or tags above a directory tab. */
function DirectoryFilters({
  kind,
  filter,
  onChange,
}: {
  kind: 'people' | 'organizations';
  filter: DirectoryFilter;
  onChange: (next: DirectoryFilter) => void;
}) {
  const [text, setText] = useState(filter.q);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filter, q: text.trim(), page: 1 });
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <search aria-label={kind === 'people' ? 'People' : 'Organizations'}>
        <form onSubmit={search}>
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Search by name"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Button type="submit" kind="secondary">
              Search
            </Button>
          </Group>
        </form>
      </search>
      <div style={{ minWidth: 240, flex: 1, maxWidth: 480 }}>
        <ChoicePicker
          dictionary={kind === 'people' ? 'interests' : 'tags'}
          label={kind === 'people' ? 'Interests (any of them)' : 'Tags (any of them)'}
          value={filter.ids}
          onChange={(ids) => onChange({ ...filter, ids, page: 1 })}
        />
      </div>
    </Group>
  );
}

function PeopleTab({ selfId }: { selfId: number | undefined }) {
  const [filter, setFilter] = useState<DirectoryFilter>({ q: '', ids: [], page: 1 });
  const people = usePeople(filter);
  const filtered = filter.q !== '' || filter.ids.length > 0;
  return (
    <Stack gap="md">
      <DirectoryFilters kind="people" filter={filter} onChange={setFilter} />
      <CardList
        query={people}
        label="People"
        empty={filtered ? COMMUNITY_EMPTY.noMatch : COMMUNITY_EMPTY.people}
        page={filter.page}
        onPage={(page) => setFilter({ ...filter, page })}
        render={(person) => <PersonCard key={person.id} person={person} self={person.id === selfId} />}
      />
    </Stack>
  );
}

function OrganizationsTab() {
  const [filter, setFilter] = useState<DirectoryFilter>({ q: '', ids: [], page: 1 });
  const organizations = useOrganizations(filter);
  const filtered = filter.q !== '' || filter.ids.length > 0;
  return (
    <Stack gap="md">
      <DirectoryFilters kind="organizations" filter={filter} onChange={setFilter} />
      <CardList
        query={organizations}
        label="Organizations"
        empty={filtered ? COMMUNITY_EMPTY.noMatch : COMMUNITY_EMPTY.organizations}
        page={filter.page}
        onPage={(page) => setFilter({ ...filter, page })}
        render={(organization) => <OrganizationCard key={organization.id} organization={organization} />}
      />
    </Stack>
  );
}

function FollowingTab({ selfId }: { selfId: number | undefined }) {
  const [page, setPage] = useState(1);
  const following = useFollowing(page);
  return (
    <CardList
      query={following}
      label="Following"
      empty={COMMUNITY_EMPTY.following}
      page={page}
      onPage={setPage}
      render={(item) =>
        item.kind === 'person' ? (
          <PersonCard key={`p${item.person.id}`} person={item.person} self={item.person.id === selfId} />
        ) : (
          <OrganizationCard key={`o${item.organization.id}`} organization={item.organization} />
        )
      }
    />
  );
}

/** /community: announcements, the listed people and organizations, and those I follow. */
export function CommunityRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'announcements';
  const account = useCurrentAccount();
  const me = useCommunityMe();
  const selfId = account.data?.id;
  return (
    <Stack gap="md">
      <PageHeader
        title="Community"
        description="The people and organizations who chose to be listed, and the platform’s announcements."
      />
      {tab === 'announcements' ? null : <LatestAnnouncement />}
      {me.isError ? (
        <QueryError
          error={me.error}
          title="Your listing could not be loaded"
          onRetry={() => void me.refetch()}
        />
      ) : me.data ? (
        <MyListing me={me.data} />
      ) : null}
      <Tabs
        value={tab}
        onChange={(value) => setSearchParams(value && value !== 'announcements' ? { tab: value } : {})}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="announcements" pt="md">
          <AnnouncementsTab administering={account.data?.isAdministrator === true} />
        </Tabs.Panel>
        <Tabs.Panel value="people" pt="md">
          <PeopleTab selfId={selfId} />
        </Tabs.Panel>
        <Tabs.Panel value="organizations" pt="md">
          <OrganizationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="following" pt="md">
          <FollowingTab selfId={selfId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export { CommunityRoute as Component };
