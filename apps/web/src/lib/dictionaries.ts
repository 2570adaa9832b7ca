import { OTHER_OPTION_ID } from '@parity/domain/constants';
import type { TDictionaries, TDictionaryName } from '@parity/domain/dictionaries';
import { DICTIONARY_ENDPOINTS } from '@parity/domain/dictionary-endpoints';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { DEFAULT_TTL_MS, staticCache } from './cache';

/**
 * Client-side reference data of spec sections 3, 4 and 7 (names, paths and shapes come from
 * @parity/domain/dictionaries): served from the 24 h static cache when
 * present, else fetched (responses are `{ data }`) and cached; tags, interests and roles are never
 * cached; concurrent requests for one dictionary share a single fetch; `force` bypasses the cache.
 */

export type DictionaryName = TDictionaryName;
export type Dictionaries = TDictionaries;

/** A plain option (id and name); gender options also carry an order. */
export interface DictionaryOption {
  id: number;
  name: string;
}

/** The dictionaries the client does not cache (they change with user activity). */
export const UNCACHED_DICTIONARIES: ReadonlySet<DictionaryName> = new Set(
  (Object.keys(DICTIONARY_ENDPOINTS) as DictionaryName[]).filter(
    (name) => !DICTIONARY_ENDPOINTS[name].cacheable,
  ),
);

export const DICTIONARY_TTL_MS = DEFAULT_TTL_MS;
const CACHE_KEY_PREFIX = 'dictionary:';

const inFlight = new Map<string, Promise<unknown>>();

function isDictionaryName(name: string): name is DictionaryName {
  return Object.hasOwn(DICTIONARY_ENDPOINTS, name);
}

function unwrap(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && 'data' in body) return (body as { data: unknown }).data;
  return body;
}

async function fetchDictionary(name: DictionaryName): Promise<unknown> {
  try {
    const data = unwrap(await api.get<unknown>(DICTIONARY_ENDPOINTS[name].path));
    if (!UNCACHED_DICTIONARIES.has(name)) staticCache.set(CACHE_KEY_PREFIX + name, data, DICTIONARY_TTL_MS);
    return data;
  } catch (error) {
    console.error(`Failed to load dictionary: ${name}`, error);
    throw error;
  }
}

export function getDictionary<N extends DictionaryName>(
  name: N,
  options?: { force?: boolean },
): Promise<Dictionaries[N]>;
export async function getDictionary(
  name: string,
  { force = false }: { force?: boolean } = {},
): Promise<unknown> {
  if (!isDictionaryName(name)) throw new Error(`No endpoint configured for dictionary: ${name}`);
  if (!force && !UNCACHED_DICTIONARIES.has(name)) {
    const cached = staticCache.get<unknown>(CACHE_KEY_PREFIX + name);
    if (cached !== undefined) return cached;
  }
  // A forced refresh starts its own fetch (an older one may predate the change it wants to see);
  // later callers then share the forced one.
  const pending = force ? undefined : inFlight.get(name);
  if (pending) return pending;
  const request = fetchDictionary(name).finally(() => {
    if (inFlight.get(name) === request) inFlight.delete(name);
  });
  inFlight.set(name, request);
  return request;
}

/** Loads the dictionary cache (the static cache) from storage. May reject; callers log it. */
export function initDictionaryCache(): Promise<void> {
  return staticCache.init();
}

/** Forgets cached dictionaries (logout clears the whole static cache the same way). */
export function clearDictionaryCache(): void {
  for (const name of Object.keys(DICTIONARY_ENDPOINTS)) staticCache.remove(CACHE_KEY_PREFIX + name);
}

export function dictionaryQueryKey(name: DictionaryName) {
  return ['dictionary', name] as const;
}

export function useDictionary<N extends DictionaryName>(name: N): UseQueryResult<Dictionaries[N]> {
  const cached = !UNCACHED_DICTIONARIES.has(name);
  return useQuery({
    queryKey: dictionaryQueryKey(name),
    queryFn: () => getDictionary(name),
    staleTime: cached ? DICTIONARY_TTL_MS : 0,
    gcTime: cached ? DICTIONARY_TTL_MS : undefined,
    retry: false, // the API client already retries
  });
}

export interface EmptyOption {
  id: null;
  name: string;
}

export const EMPTY_OPTION: Readonly<EmptyOption> = { id: null, name: 'Empty' };
export const OTHER_OPTION: Readonly<DictionaryOption> = { id: OTHER_OPTION_ID, name: 'Other' };

interface OptionLike {
  id: number | null;
  name: string;
}

/** Adds the Empty option (null id) in front: gender, ethnicity and title lists. */
export function withEmptyOption<T extends OptionLike>(list: readonly T[]): (T | EmptyOption)[] {
  if (list.some((option) => option.id === null)) return [...list];
  return [{ ...EMPTY_OPTION }, ...list];
}

/** Adds the Other option (id 99999999999) at the end: title lists. */
export function withOtherOption<T extends OptionLike>(list: readonly T[]): (T | DictionaryOption)[] {
  if (list.some((option) => option.id === OTHER_OPTION_ID)) return [...list];
  return [...list, { ...OTHER_OPTION }];
}
