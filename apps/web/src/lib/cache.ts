/**
 * Client cache of spec section 9: entries live for 24 h by default, at most 100 of them (the
 * static cache, which holds the dictionaries, 50), kept in memory and persisted in localStorage
 * under a prefix. The count limit covers the whole cache: evicting the least recently used entry
 * drops it from storage too. When storage is full, the oldest 25% of this cache's stored entries
 * are purged and the write is tried once more; if that fails the entry stays in memory only.
 */

export const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
export const CACHE_MAX_ENTRIES = 100;
export const STATIC_CACHE_MAX_ENTRIES = 50;
export const QUOTA_PURGE_RATIO = 0.25;

interface Entry {
  value: unknown;
  /** Epoch ms after which the entry is gone. */
  expiresAt: number;
  /** Epoch ms of the write; the quota purge drops the oldest first. */
  storedAt: number;
}

export interface CacheOptions {
  prefix: string;
  maxEntries: number;
  ttlMs?: number;
  /** The backing store; null for memory only. Defaults to window.localStorage when present. */
  storage?: () => Storage | null;
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error) && !(typeof DOMException !== 'undefined' && error instanceof DOMException)) {
    return false;
  }
  const { name, code } = error as DOMException;
  return (
    name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014
  );
}

function isEntry(value: unknown): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return 'value' in entry && typeof entry.expiresAt === 'number' && typeof entry.storedAt === 'number';
}

export class Cache {
  readonly prefix: string;
  readonly maxEntries: number;
  readonly ttlMs: number;
  private readonly storage: () => Storage | null;
  /** Insertion order is recency order: the first key is the least recently used. */
  private readonly memory = new Map<string, Entry>();

  constructor(options: CacheOptions) {
    this.prefix = options.prefix;
    this.maxEntries = options.maxEntries;
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.storage = options.storage ?? defaultStorage;
  }

  /** Number of live entries held in memory. */
  get size(): number {
    return this.memory.size;
  }

  get<T>(key: string): T | undefined {
    let entry = this.memory.get(key);
    if (!entry) {
      entry = this.readStored(key);
      if (!entry) return undefined;
    }
    if (entry.expiresAt <= Date.now()) {
      this.remove(key);
      return undefined;
    }
    this.touch(key, entry);
    return entry.value as T;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set<T>(key: string, value: T, ttlMs: number = this.ttlMs): void {
    const now = Date.now();
    const entry: Entry = { value, expiresAt: now + ttlMs, storedAt: now };
    this.touch(key, entry);
    this.write(key, entry);
  }

  remove(key: string): void {
    this.memory.delete(key);
    const store = this.safeStorage();
    try {
      store?.removeItem(this.prefix + key);
    } catch {
      // Storage refused: memory is already clean.
    }
  }

  /** Drops every entry of this cache (other prefixes in storage are left alone). */
  clear(): void {
    this.memory.clear();
    const store = this.safeStorage();
    if (!store) return;
    try {
      for (const storageKey of this.storedKeys(store)) store.removeItem(storageKey);
    } catch {
      // Storage refused: nothing more to do.
    }
  }

  /**
   * Loads the persisted entries into memory, dropping expired and unreadable ones. Rejects when
   * storage exists but cannot be used; the cache then works from memory only.
   */
  async init(): Promise<void> {
    this.memory.clear();
    const store = this.storage();
    if (!store) return;
    const probe = `${this.prefix}__probe__`;
    store.setItem(probe, '1');
    store.removeItem(probe);
    const now = Date.now();
    const live: [string, Entry][] = [];
    for (const storageKey of this.storedKeys(store)) {
      const key = storageKey.slice(this.prefix.length);
      const entry = this.parse(store.getItem(storageKey));
      if (!entry || entry.expiresAt <= now) store.removeItem(storageKey);
      else live.push([key, entry]);
    }
    live.sort(([, a], [, b]) => a.storedAt - b.storedAt);
    const excess = Math.max(0, live.length - this.maxEntries);
    for (const [key] of live.slice(0, excess)) store.removeItem(this.prefix + key);
    for (const [key, entry] of live.slice(excess)) this.memory.set(key, entry);
  }

  /** Marks the entry most recently used and enforces the count limit. */
  private touch(key: string, entry: Entry) {
    this.memory.delete(key);
    this.memory.set(key, entry);
    while (this.memory.size > this.maxEntries) {
      const oldest = this.memory.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  private write(key: string, entry: Entry) {
    const store = this.safeStorage();
    if (!store) return;
    const serialised = JSON.stringify(entry);
    try {
      store.setItem(this.prefix + key, serialised);
    } catch (error) {
      if (!isQuotaError(error)) {
        console.warn(`Cache: could not persist ${key}`, error);
        return;
      }
      this.purgeOldest(store);
      try {
        store.setItem(this.prefix + key, serialised);
      } catch (retryError) {
        console.warn(`Cache: storage full, keeping ${key} in memory only`, retryError);
      }
    }
  }

  /** Removes the oldest QUOTA_PURGE_RATIO of this cache's stored entries (at least one). */
  private purgeOldest(store: Storage) {
    const stored: { storageKey: string; storedAt: number }[] = [];
    for (const storageKey of this.storedKeys(store)) {
      const entry = this.parse(store.getItem(storageKey));
      stored.push({ storageKey, storedAt: entry ? entry.storedAt : 0 });
    }
    if (stored.length === 0) return;
    stored.sort((a, b) => a.storedAt - b.storedAt);
    const count = Math.max(1, Math.ceil(stored.length * QUOTA_PURGE_RATIO));
    for (const { storageKey } of stored.slice(0, count)) {
      store.removeItem(storageKey);
      this.memory.delete(storageKey.slice(this.prefix.length));
    }
  }

  private readStored(key: string): Entry | undefined {
    const store = this.safeStorage();
    if (!store) return undefined;
    try {
      return this.parse(store.getItem(this.prefix + key));
    } catch {
      return undefined;
    }
  }

  private parse(raw: string | null): Entry | undefined {
    if (raw === null) return undefined;
    try {
      const parsed: unknown = JSON.parse(raw);
      return isEntry(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  private storedKeys(store: Storage): string[] {
    const keys: string[] = [];
    for (let index = 0; index < store.length; index += 1) {
      const storageKey = store.key(index);
      if (storageKey?.startsWith(this.prefix)) keys.push(storageKey);
    }
    return keys;
  }

  private safeStorage(): Storage | null {
    try {
      return this.storage();
    } catch {
      return null;
    }
  }
}

/** General purpose cache (API responses, view state). */
export const cache = new Cache({ prefix: 'parity:cache:', maxEntries: CACHE_MAX_ENTRIES });

/** Static reference data (the dictionaries), 24 h. */
export const staticCache = new Cache({ prefix: 'parity:static:', maxEntries: STATIC_CACHE_MAX_ENTRIES });

/** Loads the general cache from storage. May reject (storage blocked); callers log and go on. */
export function initCache(): Promise<void> {
  return cache.init();
}
