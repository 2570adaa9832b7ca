import { Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryError, QueryLoader } from '../../../components/query-state/query-state';
import { ApiError } from '../../../lib/api-client';

interface Read<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A page's main read: a skeleton while it loads, the app's not-found page for a 404 (`notFound`),
 * else the page title with the failure; the page itself once the data is in.
 */
export function PageRead<T>({
  read,
  what,
  title,
  actions,
  notFound = true,
  children,
}: {
  read: Read<T>;
  /** 'the pod', 'the event' */
  what: string;
  title: string;
  actions?: ReactNode;
  notFound?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (notFound && read.isError && read.error instanceof ApiError && read.error.status === 404) {
    return <Navigate to="/404" replace />;
  }
  if (read.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={`Loading ${what}`}>
        <Skeleton height={36} width="50%" />
        <Skeleton height={200} radius="md" />
      </Stack>
    );
  }
  if (read.isError || read.data === undefined) {
    return (
      <Stack gap="md">
        <PageHeader title={title} actions={actions} />
        <QueryError
          error={read.error}
          title={`${what[0]?.toUpperCase()}${what.slice(1)} could not be loaded`}
          onRetry={() => void read.refetch()}
        />
      </Stack>
    );
  }
  return <>{children(read.data)}</>;
}

/**
 * A list's read inside a tab: loading, failure (with Try again), an empty message, or the list.
 * `what` names the list ('the members'); `empty` says why there is nothing.
 */
export function ListRead<T extends { data: unknown[] }>({
  read,
  what,
  empty,
  children,
}: {
  read: Read<T>;
  what: string;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  if (read.isPending) return <QueryLoader label={`Loading ${what}`} />;
  if (read.isError || read.data === undefined)
    return (
      <QueryError
        error={read.error}
        title={`${what[0]?.toUpperCase()}${what.slice(1)} could not be loaded`}
        onRetry={() => void read.refetch()}
      />
    );
  if (read.data.data.length === 0)
    return (
      <Text c="dimmed" role="status">
        {empty}
      </Text>
    );
  return <>{children(read.data)}</>;
}

/** A searched, paged list's state: the text typed, the search sent (debounced) and the page. */
export function useSearchedPages() {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  // Each change of the search starts again from the first page.
  const search = (value: string) => {
    setText(value);
    setPage(1);
  };
  return { text, q, page, setPage, search };
}

/** A list's search box. */
export function SearchBox({
  label,
  placeholder,
  state,
}: {
  label: string;
  placeholder: string;
  state: ReturnType<typeof useSearchedPages>;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={state.text}
      onChange={(event) => state.search(event.currentTarget.value)}
      w={{ base: '100%', sm: 320 }}
    />
  );
}

/** A table that scrolls sideways on a phone, by keyboard too (it may hold no button: axe). */
export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (axe)
    <div tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table striped aria-label={label} miw={minWidth}>
        {children}
      </Table>
    </div>
  );
}
