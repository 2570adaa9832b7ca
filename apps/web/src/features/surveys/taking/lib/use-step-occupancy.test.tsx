import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../../../lib/token-storage';
import { json, stubFetch } from '../../../../testing/fetch-stub';
import { IDLE_MS, POLL_MS, RENEW_MS, useStepOccupancy } from './use-step-occupancy';

const ADA = { id: 4, name: 'Ada', lastname: 'Lovelace' };
const GRACE = { id: 9, name: 'Grace', lastname: 'Hopper' };

function stub(holder: () => typeof ADA) {
  return stubFetch(
    () => {
      const who = holder();
      return json({
        tab_id: 2,
        occupied_by: who,
        occupied_until: '2026-11-22T10:00:00.000Z',
        held_by_you: who.id === ADA.id,
      });
    },
    ({ method, path }) => ({ method, path }),
  );
}

type Call = ReturnType<typeof stub>[number];

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST').length;

/** Waits (on real timeouts: only intervals are faked) until the check holds. */
async function until(check: () => boolean) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
  throw new Error('condition not reached');
}

beforeEach(() => {
  setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
  // Only the hook's intervals and clock are faked; the API client's own timers stay real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useStepOccupancy', () => {
  it('asks again every 30 s while someone else holds the step, and takes it once free', async () => {
    let holder = GRACE;
    const calls = stub(() => holder);
    const { result } = renderHook(() => useStepOccupancy(5, 2, true));
    await until(() => result.current?.occupied_by?.name === 'Grace');
    expect(result.current?.held_by_you).toBe(false);
    holder = ADA;
    await act(async () => {
      vi.advanceTimersByTime(POLL_MS);
    });
    await until(() => result.current?.held_by_you === true);
    expect(posts(calls)).toBe(2);
  });

  it('renews its own hold every 2 minutes while the user is active, not when away, and releases it', async () => {
    const calls = stub(() => ADA);
    const { result, unmount } = renderHook(() => useStepOccupancy(5, 2, true));
    await until(() => result.current?.held_by_you === true);
    await act(async () => {
      vi.advanceTimersByTime(POLL_MS);
    });
    expect(posts(calls)).toBe(1);
    await act(async () => {
      window.dispatchEvent(new Event('keydown'));
      vi.advanceTimersByTime(RENEW_MS);
    });
    await until(() => posts(calls) === 2);
    // Then away (no key, pointer or scroll): renewed once more within IDLE_MS of the last activity,
    // then never again, so the hold expires for the next editor.
    await act(async () => {
      vi.advanceTimersByTime(4 * IDLE_MS);
    });
    await until(() => posts(calls) === 3);
    await act(async () => {
      vi.advanceTimersByTime(4 * IDLE_MS);
    });
    expect(posts(calls)).toBe(3);
    unmount();
    await until(() => calls.some((c) => c.method === 'DELETE' && c.path === '/api/surveys/5/occupy/2'));
  });

  it('holds nothing when the step may not be edited', async () => {
    const calls = stub(() => ADA);
    const { result } = renderHook(() => useStepOccupancy(5, 2, false));
    await act(async () => {
      vi.advanceTimersByTime(POLL_MS * 2);
    });
    expect(result.current).toBeNull();
    expect(calls).toEqual([]);
  });
});
