import { startTransition, useEffect, useState } from 'react';

/**
 * False until `ready` content has been painted, then true in a later, interruptible render: the
 * parts of a page rendered only then (and the reads they start) no longer hold back its content's
 * first paint (issue #20: on a phone, requests queue six at a time and the main thread is slow).
 * For work to start once the page's reads are done, see when-reads-settle.ts.
 */
export function useAfterFirstPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs just before the paint; the timer after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return painted;
}
