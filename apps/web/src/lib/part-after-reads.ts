import { useQueryClient } from '@tanstack/react-query';
import { type RefCallback, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { whenReadsSettle } from './when-reads-settle';

/**
 * A control whose full part loads after the first paint (the top bar's user menu, the bell's
 * popover and live updates): `part` is null until `load` has resolved, once the page's reads have
 * settled (rendered in a transition) or at once through `loadNow` (a click). Until then a plain
 * button stands in; swapping them remounts the button, so put `standIn` on the plain one and
 * `control` on the loaded one: a keyboard focus on the stand-in moves to the control, unless it
 * went elsewhere meanwhile. `load` and `onError` must be stable (module-level functions).
 */
export function usePartAfterReads<T>(load: () => Promise<T>, onError: (error: unknown) => void) {
  const client = useQueryClient();
  const [part, setPart] = useState<T | null>(null);
  const standInNode = useRef<HTMLButtonElement | null>(null);
  const carryFocus = useRef(false);

  const swapIn = useCallback((loaded: T, quietly: boolean) => {
    carryFocus.current = standInNode.current !== null && standInNode.current === document.activeElement;
    if (quietly) startTransition(() => setPart(() => loaded));
    else setPart(() => loaded);
  }, []);

  useEffect(() => {
    if (part) return;
    const unmount = new AbortController();
    whenReadsSettle(client, unmount.signal)
      .then(load)
      .then((loaded) => {
        if (!unmount.signal.aborted) swapIn(loaded, true);
      })
      // A chunk that cannot load (offline, a deploy replaced it) leaves the stand-in as it is;
      // never an unhandled rejection.
      .catch(onError);
    return () => unmount.abort();
  }, [client, part, load, onError, swapIn]);

  const loadNow = useCallback(
    () =>
      load().then((loaded) => {
        swapIn(loaded, false);
        return loaded;
      }),
    [load, swapIn],
  );
  const standIn = useCallback<RefCallback<HTMLButtonElement>>((node) => {
    standInNode.current = node;
  }, []);
  const control = useCallback<RefCallback<HTMLButtonElement>>((node) => {
    if (!node || !carryFocus.current) return;
    carryFocus.current = false;
    if (document.activeElement === null || document.activeElement === document.body) node.focus();
  }, []);
  return { part, loadNow, standIn, control };
}
