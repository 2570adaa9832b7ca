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

export function useLoading(): LoadingState {
  return useSyncExternalStore(subscribe, getLoadingState, getLoadingState);
}
