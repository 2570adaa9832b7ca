import { type RefCallback, useCallback, useRef } from 'react';

/**
 * For a control whose full part loads after the first paint (the user menu, the bell): a plain
 * button stands in for it until then, and swapping them remounts the button. `standIn` goes on
 * the plain button, `control` on the loaded one; call `beforeSwap` just before the state change
 * that swaps them, and a stand-in that had the keyboard focus hands it to the control.
 */
export function useStandInFocus<T extends HTMLElement = HTMLButtonElement>() {
  const standInNode = useRef<T | null>(null);
  const carry = useRef(false);
  const standIn = useCallback<RefCallback<T>>((node) => {
    standInNode.current = node;
  }, []);
  const beforeSwap = useCallback(() => {
    carry.current = standInNode.current !== null && standInNode.current === document.activeElement;
  }, []);
  const control = useCallback<RefCallback<T>>((node) => {
    if (!node || !carry.current) return;
    carry.current = false;
    // Unless the focus went elsewhere between the two (the swap may render in a transition).
    if (document.activeElement === null || document.activeElement === document.body) node.focus();
  }, []);
  return { standIn, beforeSwap, control };
}
