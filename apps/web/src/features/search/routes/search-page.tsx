import { Anchor, Badge, Center, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  type TSearchHit,
  type TSearchKind,
  type TSearchResponse,
} from '@parity/domain/search';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeader } from '../../../components/page-header/page-header';
import { Pager, pageCount } from '../../../components/pager/pager';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { useSearchResults } from '../api/get-search-results';
import classes from '../components/search.module.css';
import { SearchHitContent } from '../components/search-hit';
import { resultCount, searchParamsOf, searchPath } from '../lib/search-path';

/** Hits per page when one kind is shown. */
export const SEARCH_PAGE_SIZE = 20;
const ALL = 'all';

function kindOf(value: string | null): TSearchKind | null {
  return (SEARCH_KINDS as readonly string[]).includes(value ?? '') ? (value as TSearchKind) : null;
}

/** Up and Down (Home, End) move between the result links, across the groups. */
function moveBetweenResults(event: KeyboardEvent<HTMLElement>) {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a[data-search-result]')];
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (index === -1) return;
  event.preventDefault();
  const next = {
    ArrowDown: Math.min(index + 1, links.length - 1),
    ArrowUp: Math.max(index - 1, 0),
    Home: 0,
    End: links.length - 1,
  }[event.key as 'ArrowDown' | 'ArrowUp' | 'Home' | 'End'];
  links[next]?.focus();
}

function ResultList({ hits, label }: { hits: readonly TSearchHit[]; label: string }) {
  return (
    <ul className={classes.resultList} aria-label={label}>
      {hits.map((hit) => (
        <li key={`${hit.kind}:${hit.id}`}>
          <Link to={hit.link} className={classes.resultLink} data-search-result>
            <SearchHitContent hit={hit} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function NoResults({ q }: { q: string }) {
  return (
    <Center py="xl">
      <Text c="dimmed">No results for '{q}'</Text>
    </Center>
  );
}

/** Every kind's best hits, each group with its count and a way to all of that kind. */
function AllKinds({ q, answer }: { q: string; answer: TSearchResponse }) {
  const groups = answer.groups.filter((group) => group.total > 0);
  const headingId = useId();
  if (groups.length === 0) return <NoResults q={answer.q} />;
  return (
    <Stack gap="lg">
      {groups.map((group) => {
        const label = SEARCH_KIND_LABELS[group.kind];
        return (
          <section key={group.kind} aria-labelledby={`${headingId}-${group.kind}`}>
            <Group justify="space-between" align="baseline" mb={4}>
              <Title order={2} size="h4" id={`${headingId}-${group.kind}`}>
                {label}
              </Title>
              <Text size="sm" c="dimmed">
                {resultCount(group.total)}
              </Text>
            </Group>
            <ResultList hits={group.items} label={label} />
            {group.total > group.items.length ? (
              <Anchor component={Link} to={searchPath(q, group.kind)} size="sm" ml={10}>
                Show all {group.total} {label.toLowerCase()}
              </Anchor>
            ) : null}
          </section>
        );
      })}
    </Stack>
  );
}

/** One kind's hits, a page at a time. */
function OneKind({ q, kind, page }: { q: string; kind: TSearchKind; page: number }) {
  const [, setSearchParams] = useSearchParams();
  const results = useSearchResults({
    q,
    kinds: [kind],
    limit: SEARCH_PAGE_SIZE,
    offset: (page - 1) * SEARCH_PAGE_SIZE,
  });
  if (results.isPending) return <QueryLoader label="Searching" />;
  if (results.isError)
    return (
      <QueryError error={results.error} title="The search failed" onRetry={() => void results.refetch()} />
    );
  const group = results.data.groups.find((item) => item.kind === kind);
  if (!group || group.items.length === 0) return <NoResults q={results.data.q} />;
  const pages = pageCount(group.total, SEARCH_PAGE_SIZE);
  const goTo = (next: number) => setSearchParams(searchParamsOf(q, kind, next));
  return (
    <Stack gap="md" className={results.isPlaceholderData ? classes.stale : undefined}>
      <ResultList hits={group.items} label={SEARCH_KIND_LABELS[kind]} />
      <Pager pages={pages} page={Math.min(page, pages)} onChange={goTo} />
    </Stack>
  );
}

function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [draft, setDraft] = useState(q);
  return (
    <search aria-label="Search Parity">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(draft.trim());
        }}
      >
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            label="Search for"
            placeholder="A name or words of a document"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            enterKeyHint="search"
            style={{ flex: 1 }}
            maw={560}
          />
          <Button type="submit" kind="secondary">
            Search
          </Button>
        </Group>
      </form>
    </search>
  );
}

/**
 * /search?q=&kind=&page= (issue 17): the caller's readable matches for a query, every kind's best
 * (All) or one kind a page at a time; a tab per kind with its count.
 */
export function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const kind = kindOf(searchParams.get('kind'));
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  // All kinds' first hits: the All tab, and every tab's count.
  const overview = useSearchResults({ q });
  const totals = overview.data && !overview.isPlaceholderData ? overview.data.groups : undefined;
  const totalOf = (value: TSearchKind | typeof ALL) =>
    totals
      ?.filter((group) => value === ALL || group.kind === value)
      .reduce((sum, group) => sum + group.total, 0);

  const show = (next: { q?: string; kind?: TSearchKind | null }) =>
    setSearchParams(searchParamsOf(next.q ?? q, next.kind === undefined ? kind : next.kind));

  let content: ReactNode;
  if (!q) {
    content = (
      <Center py="xl">
        <Text c="dimmed">Type something to search for</Text>
      </Center>
    );
  } else if (kind) {
    content = <OneKind q={q} kind={kind} page={page} />;
  } else if (overview.isPending) {
    content = <QueryLoader label="Searching" />;
  } else if (overview.isError) {
    content = (
      <QueryError error={overview.error} title="The search failed" onRetry={() => void overview.refetch()} />
    );
  } else {
    content = (
      <div className={overview.isPlaceholderData ? classes.stale : undefined}>
        <AllKinds q={q} answer={overview.data} />
      </div>
    );
  }

  const tab = (value: TSearchKind | typeof ALL, label: string) => {
    const count = totalOf(value);
    return (
      <Tabs.Tab
        key={value}
        value={value}
        disabled={!q}
        rightSection={
          count === undefined ? null : (
            <Badge size="sm" variant="light" color={count ? 'parity' : 'gray'}>
              {count}
            </Badge>
          )
        }
        aria-label={count === undefined ? label : `${label} (${count})`}
      >
        {label}
      </Tabs.Tab>
    );
  };

  return (
    <Stack gap="md">
      <PageHeader title="Search" description={q ? `Results for '${q}'` : undefined} />
      <SearchForm key={q} q={q} onSearch={(next) => show({ q: next })} />
      <Tabs
        value={kind ?? ALL}
        onChange={(value) => show({ kind: kindOf(value) })}
        activateTabWithKeyboard={false}
        keepMounted={false}
      >
        <Tabs.List aria-label="Kinds of results">
          {tab(ALL, 'All')}
          {SEARCH_KINDS.map((value) => tab(value, SEARCH_KIND_LABELS[value]))}
        </Tabs.List>
        {[ALL, ...SEARCH_KINDS].map((value) => (
          <Tabs.Panel key={value} value={value} pt="md" onKeyDown={moveBetweenResults}>
            {content}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

export { SearchPage as Component };
