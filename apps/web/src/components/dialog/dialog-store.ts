import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

/**
 * Dialogs of spec section 4: open, then closing for DIALOG_CLOSE_MS (the close animation),
 * then removed. Escape or a backdrop click closes only the top dialog unless it is persistent.
 */

export const DIALOG_CLOSE_MS = 300;

export type DialogSize = 'small' | 'medium' | 'large' | 'x-large';

export interface DialogOptions {
  title: ReactNode;
  size: DialogSize;
  /** Ignore Escape and backdrop clicks; only an explicit close (button, code) closes it. */
  persistent?: boolean;
  content: ReactNode | ((close: () => void) => ReactNode);
  /** Called once when the dialog starts closing. */
  onClose?: () => void;
}

export interface Dialog extends DialogOptions {
  id: string;
  state: 'open' | 'closing';
}

let dialogs: readonly Dialog[] = [];
let sequence = 0;
const removals = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function openDialog(options: DialogOptions): string {
  sequence += 1;
  const id = `dialog-${sequence}`;
  dialogs = [...dialogs, { ...options, id, state: 'open' }];
  emit();
  return id;
}

/** The dialog that Escape and backdrop clicks apply to: the last one still open. */
export function getTopDialog(): Dialog | undefined {
  for (let index = dialogs.length - 1; index >= 0; index -= 1) {
    const dialog = dialogs[index];
    if (dialog && dialog.state === 'open') return dialog;
  }
  return undefined;
}

/** Closes the dialog with this id, or the top one. Removal follows after DIALOG_CLOSE_MS. */
export function closeDialog(id?: string): void {
  const target = id === undefined ? getTopDialog() : dialogs.find((dialog) => dialog.id === id);
  if (target?.state !== 'open') return;
  dialogs = dialogs.map((dialog) => (dialog.id === target.id ? { ...dialog, state: 'closing' } : dialog));
  emit();
  removals.set(
    target.id,
    setTimeout(() => {
      removals.delete(target.id);
      dialogs = dialogs.filter((dialog) => dialog.id !== target.id);
      emit();
    }, DIALOG_CLOSE_MS),
  );
  try {
    target.onClose?.();
  } catch (error) {
    console.error('Dialog onClose failed', error);
  }
}

/** Escape or backdrop click: closes the top dialog unless it is persistent. */
export function dismissTopDialog(): void {
  const top = getTopDialog();
  if (top && !top.persistent) closeDialog(top.id);
}

/** Removes every dialog at once (logout, tests). */
export function closeAllDialogs(): void {
  for (const handle of removals.values()) clearTimeout(handle);
  removals.clear();
  dialogs = [];
  emit();
}

export function getDialogs(): readonly Dialog[] {
  return dialogs;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useDialogs(): readonly Dialog[] {
  return useSyncExternalStore(subscribe, getDialogs, getDialogs);
}
