import type { KeyboardEvent } from 'react';
import { useEffect, useMemo } from 'react';

/** Spec 9: a menu's (or select's) type-ahead buffer empties 350 ms after the last key. */
export const TYPEAHEAD_RESET_MS = 350;

/** The letters typed so far; they add up until `resetMs` pass without a key. */
export interface TypeAheadBuffer {
  /** Adds a key and answers the whole buffer (lower case). */
  add(key: string): string;
  /** The buffer now ('' once reset). */
  readonly text: string;
  clear(): void;
}

export function createTypeAheadBuffer(resetMs: number = TYPEAHEAD_RESET_MS): TypeAheadBuffer {
  let text = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    clearTimeout(timer);
    timer = undefined;
    text = '';
  };
  return {
    add(key) {
      text += key.toLowerCase();
      clearTimeout(timer);
      timer = setTimeout(clear, resetMs);
      return text;
    },
    get text() {
      return text;
    },
    clear,
  };
}

/** One buffer for a component's life, emptied when it unmounts. */
export function useTypeAhead(resetMs: number = TYPEAHEAD_RESET_MS): TypeAheadBuffer {
  const buffer = useMemo(() => createTypeAheadBuffer(resetMs), [resetMs]);
  useEffect(() => () => buffer.clear(), [buffer]);
  return buffer;
}

/** A key that types: one printable character, no shortcut modifier. */
export function isTypeAheadKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/**
 * The index of the label the buffer picks, or -1: the first label starting with the buffer; one
 * letter (or the same letter repeated) cycles through the labels starting with it, after `current`.
 */
export function findTypeAheadMatch(labels: readonly string[], buffer: string, current: number): number {
  if (!buffer || !labels.length) return -1;
  const folded = labels.map((label) => label.trim().toLowerCase());
  const repeated = [...buffer].every((char) => char === buffer[0]);
  if (repeated) {
    const char = buffer.charAt(0);
    for (let step = 1; step <= folded.length; step += 1) {
      const index = (current + step + folded.length) % folded.length;
      if (folded[index]?.startsWith(char)) return index;
    }
    return -1;
  }
  return folded.findIndex((label) => label.startsWith(buffer));
}

const menuBuffers = new WeakMap<HTMLElement, TypeAheadBuffer>();

/**
 * Every menu's type-ahead (the theme's default `onKeyDown` of Menu.Dropdown): typed letters move
 * the focus to the first item whose label starts with them, with spec 9's 350 ms reset (Mantine's
 * own would wait 500 ms; handling the key here keeps it out).
 */
export function menuTypeAhead(event: KeyboardEvent<HTMLElement>): void {
  if (event.defaultPrevented || !isTypeAheadKey(event)) return;
  const target = event.target as HTMLElement;
  if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
  const dropdown = event.currentTarget;
  const items = Array.from(
    dropdown.querySelectorAll<HTMLElement>('[data-menu-item]:not([data-disabled]):not(:disabled)'),
  ).filter((item) => item.closest('[data-menu-dropdown]') === dropdown);
  if (!items.length) return;
  let buffer = menuBuffers.get(dropdown);
  if (!buffer) {
    buffer = createTypeAheadBuffer();
    menuBuffers.set(dropdown, buffer);
  }
  // Space activates the focused item, unless it continues a typed word.
  if (event.key === ' ' && !buffer.text) return;
  const text = buffer.add(event.key);
  const current = items.indexOf(document.activeElement as HTMLElement);
  const labelOf = (item: HTMLElement) =>
    (item.querySelector('[data-menu-item-label]') ?? item).textContent ?? '';
  const index = findTypeAheadMatch(items.map(labelOf), text, current);
  event.preventDefault();
  items[index]?.focus();
}
