import { useSyncExternalStore } from 'react';

/** Alerts of spec sections 3, 4 and 9: auto-dismissed after their timeout, paused on hover. */

export type AlertType = 'info' | 'success' | 'warning' | 'error';

export interface Alert {
  id: string;
  type: AlertType;
  title: string;
  description?: string;
  /** Milliseconds before removal; 0 or less keeps the alert until it is closed. */
  timeout: number;
}

export interface NewAlert {
  type: AlertType;
  title: string;
  description?: string;
  timeout?: number;
}

/** Timeout of alerts added through the store (the error path uses it). */
export const ALERT_STORE_TIMEOUT_MS = 6000;
/** Timeout of the generic showAlert helper. */
export const ALERT_HELPER_TIMEOUT_MS = 4000;

interface Timer {
  handle: ReturnType<typeof setTimeout> | undefined;
  remaining: number;
  startedAt: number;
}

let alerts: readonly Alert[] = [];
let sequence = 0;
const timers = new Map<string, Timer>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function startTimer(id: string, ms: number) {
  const timer: Timer = {
    handle: setTimeout(() => remove(id), ms),
    remaining: ms,
    startedAt: Date.now(),
  };
  timers.set(id, timer);
}

function add(alert: NewAlert): string {
  // The same message twice (three queries failing for one reason) shows once, its time renewed.
  const shown = alerts.find(
    (entry) =>
      entry.type === alert.type && entry.title === alert.title && entry.description === alert.description,
  );
  if (shown) {
    const timer = timers.get(shown.id);
    // A sticky alert has no timer; a hovered one stays paused with its full time back.
    if (timer) {
      clearTimeout(timer.handle);
      if (timer.handle === undefined) timer.remaining = shown.timeout;
      else startTimer(shown.id, shown.timeout);
    }
    return shown.id;
  }
  sequence += 1;
  const id = `alert-${sequence}`;
  const timeout = alert.timeout ?? ALERT_STORE_TIMEOUT_MS;
  const entry: Alert = { id, type: alert.type, title: alert.title, timeout };
  if (alert.description !== undefined) entry.description = alert.description;
  alerts = [...alerts, entry];
  if (timeout > 0) startTimer(id, timeout);
  emit();
  return id;
}

function remove(id: string): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer.handle);
  timers.delete(id);
  if (!alerts.some((alert) => alert.id === id)) return;
  alerts = alerts.filter((alert) => alert.id !== id);
  emit();
}

/** Stops the countdown of an alert (hover); the time already spent is kept. */
function pauseTimer(id: string): void {
  const timer = timers.get(id);
  if (!timer || timer.handle === undefined) return;
  clearTimeout(timer.handle);
  timer.handle = undefined;
  timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
}

/** Continues the countdown with the time that was left when it was paused. */
function resumeTimer(id: string): void {
  const timer = timers.get(id);
  if (!timer || timer.handle !== undefined) return;
  startTimer(id, timer.remaining);
}

function clear(): void {
  for (const timer of timers.values()) clearTimeout(timer.handle);
  timers.clear();
  alerts = [];
  emit();
}

function getAlerts(): readonly Alert[] {
  return alerts;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const alertStore = { add, remove, pauseTimer, resumeTimer, clear, getAlerts, subscribe };

export function useAlerts(): readonly Alert[] {
  return useSyncExternalStore(subscribe, getAlerts, getAlerts);
}

/** The generic helper: an alert that disappears after 4000 ms. */
export function showAlert(type: AlertType, title: string, description?: string): string {
  return add({
    type,
    title,
    ...(description === undefined ? {} : { description }),
    timeout: ALERT_HELPER_TIMEOUT_MS,
  });
}
