import { startTransition, useEffect, useState } from 'react';

/**
 * Work a page does not need to show its content is started after that content (issue #20): on a
 * phone, requests queue six at a time and the main thread is slow, so anything started during the
 * first render delays the content a visitor came for.
 */

/**
 * False until `ready` content has been painted, then true in a later, interruptible render: the
 * parts of a page rendered only then (and the reads they start) no longer hold back its content's
 * first paint.
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
