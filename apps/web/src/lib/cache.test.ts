import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Cache, cache, initCache, staticCache } from './cache';

const DAY = 24 * 60 * 60 * 1000;

/** A localStorage stand-in that refuses writes beyond a number of items, like a full quota. */
class LimitedStorage implements Storage {
  private readonly items = new Map<string, string>();
  constructor(private readonly limit: number) {}
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (!this.items.has(key) && this.items.size >= this.limit) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
});

afterEach(() => {
  cache.clear();
  staticCache.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('cache', () => {
  it('keeps entries for 24 hours by default', () => {
    cache.set('a', { n: 1 });
    vi.advanceTimersByTime(DAY - 1);
    expect(cache.get('a')).toEqual({ n: 1 });
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
    expect(window.localStorage.getItem('parity:cache:a')).toBeNull();
  });

  it('accepts a TTL per entry', () => {
    cache.set('short', 'x', 1000);
    vi.advanceTimersByTime(1000);
    expect(cache.has('short')).toBe(false);
  });

  it('persists in localStorage under its prefix and survives a reload', async () => {
    cache.set('user', { id: 3 });
    expect(JSON.parse(window.localStorage.getItem('parity:cache:user') ?? '{}')).toMatchObject({
      value: { id: 3 },
    });
    const reloaded = new Cache({ prefix: 'parity:cache:', maxEntries: 100 });
    await reloaded.init();
    expect(reloaded.size).toBe(1);
    expect(reloaded.get('user')).toEqual({ id: 3 });
  });

  it('drops expired and unreadable entries on init', async () => {
    cache.set('old', 1, 1000);
    cache.set('fresh', 2);
    window.localStorage.setItem('parity:cache:broken', '{not json');
    vi.advanceTimersByTime(2000);
    await initCache();
    expect(cache.size).toBe(1);
    expect(cache.get('fresh')).toBe(2);
    expect(window.localStorage.getItem('parity:cache:old')).toBeNull();
    expect(window.localStorage.getItem('parity:cache:broken')).toBeNull();
  });

  it('holds at most 100 entries, evicting the least recently used', () => {
    for (let index = 0; index < 100; index += 1) cache.set(`k${index}`, index);
    expect(cache.get('k0')).toBe(0); // k0 is now the most recently used
    cache.set('k100', 100);
    expect(cache.size).toBe(100);
    expect(cache.get('k1')).toBeUndefined();
    expect(window.localStorage.getItem('parity:cache:k1')).toBeNull();
    expect(cache.get('k0')).toBe(0);
    expect(cache.get('k100')).toBe(100);
  });

  it('holds at most 50 static entries', () => {
    for (let index = 0; index < 60; index += 1) staticCache.set(`s${index}`, index);
    expect(staticCache.size).toBe(50);
    expect(staticCache.get('s9')).toBeUndefined();
    expect(staticCache.get('s10')).toBe(10);
    expect(staticCache.ttlMs).toBe(DAY);
  });

  it('clears only its own prefix', () => {
    cache.set('a', 1);
    staticCache.set('b', 2);
    window.localStorage.setItem('other', 'keep');
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(staticCache.get('b')).toBe(2);
    expect(window.localStorage.getItem('other')).toBe('keep');
    cache.set('c', 3);
    cache.remove('c');
    expect(cache.get('c')).toBeUndefined();
  });

  it('purges the oldest 25% of its entries when storage is full, then stores the new one', () => {
    const storage = new LimitedStorage(8);
    const limited = new Cache({ prefix: 'p:', maxEntries: 100, storage: () => storage });
    for (let index = 0; index < 8; index += 1) {
      limited.set(`k${index}`, index);
      vi.advanceTimersByTime(10);
    }
    expect(storage.length).toBe(8);
    limited.set('new', 'value');
    expect(storage.getItem('p:k0')).toBeNull();
    expect(storage.getItem('p:k1')).toBeNull();
    expect(storage.getItem('p:k2')).not.toBeNull();
    expect(storage.getItem('p:new')).not.toBeNull();
    expect(storage.length).toBe(7);
    expect(limited.get('k0')).toBeUndefined();
    expect(limited.get('new')).toBe('value');
  });

  it('keeps an entry in memory when storage stays full', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = new LimitedStorage(0);
    const limited = new Cache({ prefix: 'p:', maxEntries: 10, storage: () => storage });
    limited.set('a', 1);
    expect(limited.get('a')).toBe(1);
    expect(warn).toHaveBeenCalled();
  });

  it('rejects init when storage cannot be used, and still works from memory', async () => {
    const broken = {
      get length() {
        return 0;
      },
      key: () => null,
      getItem: () => null,
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => {},
      clear: () => {},
    } as Storage;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const blocked = new Cache({ prefix: 'p:', maxEntries: 10, storage: () => broken });
    await expect(blocked.init()).rejects.toThrow('denied');
    blocked.set('a', 1);
    expect(blocked.get('a')).toBe(1);
  });
});
