import { useSyncExternalStore } from 'react';

/**
 * The loading counter of spec section 4: on while above zero, never below zero. The loader is
 * visible only after LOADER_SHOW_DELAY_MS of continuous activity (no flicker on fast requests)
 * and flagged slow after LOADER_SLOW_MS.
 */

export const LOADER_SHOW_DELAY_MS = 200;
export const LOADER_SLOW_MS = 10_000;

export interface LoadingState {
  active: boolean;
  visible: boolean;
  slow: boolean;
}

const IDLE: LoadingState = { active: false, visible: false, slow: false };

let count = 0;
let state: LoadingState = IDLE;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let slowTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setState(next: Partial<LoadingState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function clearTimers() {
  clearTimeout(showTimer);
  clearTimeout(slowTimer);
  showTimer = undefined;
  slowTimer = undefined;
}

export function startLoading(): void {
  count += 1;
  if (count !== 1) return;
  clearTimers();
  showTimer = setTimeout(() => setState({ visible: true }), LOADER_SHOW_DELAY_MS);
  slowTimer = setTimeout(() => setState({ slow: true }), LOADER_SLOW_MS);
  setState({ active: true, visible: false, slow: false });
}

export function stopLoading(): void {
  if (count === 0) return;
  count -= 1;
  if (count > 0) return;
  clearTimers();
  setState(IDLE);
}

/** How many requests are running now. */
export function getLoadingCount(): number {
  return count;
}

export function getLoadingState(): LoadingState {
  return state;
}

/** Drops every pending count, e.g. between tests. */
export function resetLoading(): void {
  count = 0;
  clearTimers();
  setState(IDLE);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** What the indicator shows: one object per pair of values (indexed visible + 2 x slow). */
export type LoaderDisplay = Pick<LoadingState, 'visible' | 'slow'>;
const DISPLAYS: readonly [LoaderDisplay, LoaderDisplay, LoaderDisplay, LoaderDisplay] = [
  { visible: false, slow: false },
  { visible: true, slow: false },
  { visible: false, slow: true },
  { visible: true, slow: true },
];

function getLoaderDisplay(): LoaderDisplay {
  return DISPLAYS[(Number(state.visible) + 2 * Number(state.slow)) as 0 | 1 | 2 | 3];
}

/**
 * The indicator's state. A request that starts or ends re-renders nothing until the indicator
 * changes: an external store's change re-renders at once, without yielding, and each of a page's
 * first reads did so as the page committed (issue #20).
 */
export function useLoading(): LoaderDisplay {
  return useSyncExternalStore(subscribe, getLoaderDisplay, getLoaderDisplay);
}
