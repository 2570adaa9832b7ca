import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { alertStore } from '../components/alerts/alert-store';
import { staticCache } from './cache';
import {
  type DictionaryName,
  getDictionary,
  useDictionary,
  withEmptyOption,
  withOtherOption,
} from './dictionaries';

type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;
let fetchMock: FetchMock;

function answer(data: unknown, status = 200) {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL) => answer({ data: [{ id: 1, name: String(input) }] }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  staticCache.clear();
  alertStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const PATHS: [DictionaryName, string][] = [
  ['genders', '/api/genders'],
  ['genderCategories', '/api/genders/categories'],
  ['ethnicities', '/api/ethnicities'],
  ['colors', '/api/colors'],
  ['languages', '/api/languages'],
  ['tags', '/api/tags'],
  ['functionalTitles', '/api/functional-titles'],
  ['corporateTitles', '/api/corporate-titles'],
  ['interests', '/api/interests'],
  ['roles', '/api/roles'],
  ['globalReasonForChange', '/api/organization-name-change-reasons'],
  ['globalIndustryHierarchy', '/api/global-industry-hierarchy'],
  ['globalIndustryHierarchyTypes', '/api/global-industry-hierarchy-type'],
  ['legalStructures', '/api/organization-legal-structures'],
  ['attributeOptions', '/api/attributes/relations'],
];

describe('getDictionary', () => {
  it.each(PATHS)('loads %s from %s and unwraps data', async (name, path) => {
    await expect(getDictionary(name)).resolves.toEqual([{ id: 1, name: path }]);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(path);
  });

  it('serves a cached dictionary from the static cache for 24 hours', async () => {
    vi.useFakeTimers();
    await getDictionary('genders');
    await getDictionary('genders');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    await getDictionary('genders');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each(['tags', 'interests', 'roles'] as const)('never caches %s', async (name) => {
    await getDictionary(name);
    await getDictionary(name);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(staticCache.size).toBe(0);
  });

  it('shares one fetch between concurrent requests for the same dictionary', async () => {
    const results = await Promise.all([
      getDictionary('ethnicities'),
      getDictionary('ethnicities'),
      getDictionary('ethnicities'),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(results[0]).toBe(results[1]);
    await Promise.all([getDictionary('tags'), getDictionary('tags')]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('bypasses the cache when forced', async () => {
    await getDictionary('colors');
    fetchMock.mockImplementation(async () => answer({ data: [{ id: 2, name: 'Blue' }] }));
    await expect(getDictionary('colors', { force: true })).resolves.toEqual([{ id: 2, name: 'Blue' }]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(getDictionary('colors')).resolves.toEqual([{ id: 2, name: 'Blue' }]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('names an unknown dictionary', async () => {
    await expect(getDictionary('planets' as DictionaryName)).rejects.toThrow(
      'No endpoint configured for dictionary: planets',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs and re-raises a failed fetch, and does not cache it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(async () => answer({ message: 'Forbidden' }, 403));
    await expect(getDictionary('languages')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    expect(logged).toHaveBeenCalledWith('Failed to load dictionary: languages', expect.anything());
    fetchMock.mockImplementation(async () => answer({ data: [] }));
    await expect(getDictionary('languages')).resolves.toEqual([]);
  });
});

describe('useDictionary', () => {
  it('exposes the dictionary through TanStack Query', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useDictionary('legalStructures'), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual([{ id: 1, name: '/api/organization-legal-structures' }]);
  });
});

describe('option helpers', () => {
  const titles = [
    { id: 1, name: 'CEO' },
    { id: 2, name: 'CFO' },
  ];

  it('adds the Empty option with a null id in front', () => {
    expect(withEmptyOption(titles)).toEqual([{ id: null, name: 'Empty' }, ...titles]);
    expect(withEmptyOption(withEmptyOption(titles))).toHaveLength(3);
  });

  it('adds the Other option with id 99999999999 at the end', () => {
    expect(withOtherOption(titles)).toEqual([...titles, { id: 99999999999, name: 'Other' }]);
    expect(withOtherOption(withOtherOption(titles))).toHaveLength(3);
    expect(withEmptyOption(withOtherOption(titles)).map((option) => option.id)).toEqual([
      null,
      1,
      2,
      99999999999,
    ]);
  });
});
