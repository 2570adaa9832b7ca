import {
  Box,
  Center,
  CloseButton,
  Combobox,
  Group,
  Loader,
  Modal,
  Text,
  TextInput,
  useCombobox,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { SEARCH_KIND_LABELS, type TSearchHit } from '@parity/domain/search';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../components/query-state/query-state';
import { useSearchResults } from '../api/get-search-results';
import { resultCount, searchPath } from '../lib/search-path';
import classes from './search.module.css';
import { SearchHitContent } from './search-hit';

/** Typing settles this long before the box asks: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 200;
const SEE_ALL = 'see-all';

const optionValue = (hit: TSearchHit) => `${hit.kind}:${hit.id}`;

/**
 * The search dialog the top bar's box opens: an ARIA combobox whose listbox shows the hits of
 * the latest query, grouped by kind, as one types. Arrows move through every hit across the
 * groups, Enter opens the selected one (or, with none selected, all results on /search), Escape
 * closes.
 */
export function SearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const small = useMediaQuery('(max-width: 48em)');
  const [value, setValue] = useState('');
  const [q] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const results = useSearchResults({ q });
  // Always expanded: the listbox is the dialog's body, not a popup of its own.
  const combobox = useCombobox({ opened: true });
  const data = q ? results.data : undefined;
  const groups = useMemo(() => data?.groups.filter((group) => group.items.length > 0) ?? [], [data]);
  const total = data?.groups.reduce((sum, group) => sum + group.total, 0) ?? 0;

  // A new answer is a new list: nothing selected until the arrows say so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new answer
  useEffect(() => {
    combobox.resetSelectedOption();
  }, [data, combobox.resetSelectedOption]);

  const close = () => {
    setValue('');
    onClose();
  };

  const go = (path: string) => {
    close();
    void navigate(path);
  };

  const showAll = () => {
    const typed = value.trim();
    if (typed) go(searchPath(typed));
  };

  const submit = (selected: string) => {
    if (selected === SEE_ALL) return showAll();
    const hit = groups.flatMap((group) => group.items).find((item) => optionValue(item) === selected);
    if (hit) go(hit.link);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
      event.preventDefault();
      showAll();
    }
  };

  let body: ReactNode;
  if (!value.trim()) {
    body = (
      <Text size="sm" c="dimmed" px="xs" py="md">
        Type a name or a few words to search organizations, people, surveys, documents and policies.
      </Text>
    );
  } else if (results.isError) {
    body = (
      <QueryError error={results.error} title="The search failed" onRetry={() => void results.refetch()} />
    );
  } else if (!data) {
    body = (
      <Center py="lg">
        <Loader size="sm" aria-label="Searching" />
      </Center>
    );
  } else if (groups.length === 0) {
    body = (
      <Text size="sm" c="dimmed" px="xs" py="md">
        No results for '{data.q}'
      </Text>
    );
  } else {
    body = (
      <Combobox.Options
        aria-label="Search results"
        className={results.isPlaceholderData ? classes.stale : undefined}
      >
        {groups.map((group) => (
          <Combobox.Group
            key={group.kind}
            label={
              <span className={classes.groupLabel}>
                <span>{SEARCH_KIND_LABELS[group.kind]}</span> <span>{group.total}</span>
              </span>
            }
          >
            {group.items.map((hit) => (
              <Combobox.Option key={optionValue(hit)} value={optionValue(hit)}>
                <SearchHitContent hit={hit} />
              </Combobox.Option>
            ))}
          </Combobox.Group>
        ))}
        <Combobox.Option value={SEE_ALL}>
          <Text size="sm" fw={500} c="parity" component="span" style={{ display: 'inline-flex', gap: 6 }}>
            See all results for '{data.q}'
            <IconArrowRight size={16} aria-hidden />
          </Text>
        </Combobox.Option>
      </Combobox.Options>
    );
  }

  return (
    <Modal.Root opened={opened} onClose={close} size="lg" fullScreen={small} yOffset="8vh">
      <Modal.Overlay />
      <Modal.Content aria-label="Search Parity">
        <Box p="sm">
          <Combobox store={combobox} onOptionSubmit={submit} classNames={{ option: classes.option }}>
            <Group gap="xs" wrap="nowrap">
              <Combobox.Target withExpandedAttribute>
                <TextInput
                  data-autofocus
                  aria-label="Search Parity"
                  placeholder="Search Parity"
                  enterKeyHint="search"
                  autoComplete="off"
                  spellCheck={false}
                  value={value}
                  onChange={(event) => setValue(event.currentTarget.value)}
                  onKeyDown={onKeyDown}
                  leftSection={<IconSearch size={18} aria-hidden />}
                  rightSection={
                    data && results.isFetching ? <Loader size="xs" aria-label="Searching" /> : null
                  }
                  size="md"
                  style={{ flex: 1 }}
                />
              </Combobox.Target>
              {/* Full screen on a phone, where there is no Escape key to leave by. */}
              {small ? <CloseButton size="lg" onClick={close} aria-label="Close search" /> : null}
            </Group>
            <Box className={classes.results} mt="xs">
              {body}
            </Box>
          </Combobox>
          <VisuallyHidden role="status" aria-live="polite">
            {data && !results.isPlaceholderData ? resultCount(total) : ''}
          </VisuallyHidden>
        </Box>
      </Modal.Content>
    </Modal.Root>
  );
}
