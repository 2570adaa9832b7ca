import { OCCUPY_MINUTES, type TOccupancy } from '@parity/domain/surveys';
import { useEffect, useState } from 'react';
import { occupyStep, releaseStep } from '../../api/taking-steps';

/** How often a held step is renewed while its editor is active (the hold lasts OCCUPY_MINUTES). */
export const RENEW_MS = 2 * 60_000;
/** How often a step someone else holds is asked for again, until it is free. */
export const POLL_MS = 30_000;
/** Without a key, pointer or scroll event for this long the editor counts as away (no renewal). */
export const IDLE_MS = (OCCUPY_MINUTES / 2) * 60_000;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Holds a survey step while it is open (POST occupy), renews the hold every RENEW_MS while the page
 * is visible and the user active, asks again every POLL_MS while someone else holds it, and releases
 * it (DELETE) on leaving the step or the page. Answers the latest occupancy (null before the first).
 */
export function useStepOccupancy(
  surveyId: number,
  tabId: number | null,
  enabled: boolean,
): TOccupancy | null {
  const [state, setState] = useState<TOccupancy | null>(null);

  useEffect(() => {
    setState(null);
    if (!enabled || tabId === null) return;
    let cancelled = false;
    let held = false;
    let lastTaken = 0;
    let lastActive = Date.now();
    const onActivity = () => {
      lastActive = Date.now();
    };

    const take = async () => {
      lastTaken = Date.now();
      try {
        const answer = await occupyStep(surveyId, tabId);
        if (cancelled) {
          if (answer.held_by_you) void releaseStep(surveyId, tabId).catch(() => undefined);
          return;
        }
        held = answer.held_by_you;
        setState(answer);
      } catch {
        // Not held (no right to edit, the survey closed): the step stays as the server allows.
      }
    };

    const tick = () => {
      if (document.visibilityState === 'hidden') return;
      const now = Date.now();
      if (!held) {
        void take();
      } else if (now - lastTaken >= RENEW_MS && now - lastActive < IDLE_MS) {
        void take();
      }
    };

    void take();
    const timer = window.setInterval(tick, POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      if (held) void releaseStep(surveyId, tabId).catch(() => undefined);
    };
  }, [surveyId, tabId, enabled]);

  return state;
}
