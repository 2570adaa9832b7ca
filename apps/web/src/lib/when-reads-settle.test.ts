import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenReadsSettle } from './when-reads-settle';

afterEach(() => {
  vi.useRealTimers();
});

/** A read the test answers when it wants. */
function pendingRead(client: QueryClient) {
  let answer: (value: string) => void = () => undefined;
  void client.fetchQuery({
    queryKey: ['page', 'read'],
    queryFn: () =>
      new Promise<string>((resolve) => {
        answer = resolve;
      }),
  });
  return (value: string) => answer(value);
}

/** Whether the wait has ended, as the timers move on. */
function watch(client: QueryClient, signal?: AbortSignal) {
  const state = { settled: false };
  void whenReadsSettle(client, signal).then(() => {
    state.settled = true;
  });
  return state;
}

describe('work started after the page', () => {
  it("waits for the page's reads to settle, then for a quiet moment", async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const answer = pendingRead(client);
    const wait = watch(client);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(wait.settled).toBe(false);

    answer('done');
    await vi.advanceTimersByTimeAsync(100);
    // Not at once: a page often sends its next reads as the first ones answer.
    expect(wait.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(wait.settled).toBe(true);
  });

  it('starts after 4 s at the latest, while the page keeps reading', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    pendingRead(client);
    const wait = watch(client);
    await vi.advanceTimersByTimeAsync(3_900);
    expect(wait.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(wait.settled).toBe(true);
  });

  it('never starts once its caller has gone', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const gone = new AbortController();
    const wait = watch(client, gone.signal);
    gone.abort();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(wait.settled).toBe(false);
  });
});
