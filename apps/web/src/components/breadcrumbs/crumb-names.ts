import { useEffect, useSyncExternalStore } from 'react';

/**
 * The names pages give their crumbs (a pod's name instead of "POD"): a route's crumb is fixed
 * text, known before the page has read what it shows; the page names it once it has.
 */
let names: ReadonlyMap<string, string> = new Map();
const listeners = new Set<() => void>();

function update(change: (next: Map<string, string>) => void) {
  const next = new Map(names);
  change(next);
  names = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the crumb of `path` (a matched route's path, e.g. /pods/3) while the caller is shown. */
export function useCrumbName(path: string, name: string | undefined) {
  useEffect(() => {
    if (!name) return;
    update((next) => next.set(path, name));
    return () => update((next) => next.get(path) === name && next.delete(path));
  }, [path, name]);
}

/** The crumbs' names by path, for the breadcrumbs. */
export function useCrumbNames(): ReadonlyMap<string, string> {
  return useSyncExternalStore(subscribe, () => names);
}
