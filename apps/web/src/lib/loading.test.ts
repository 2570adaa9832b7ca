import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getLoadingCount,
  getLoadingState,
  resetLoading,
  startLoading,
  stopLoading,
  useLoading,
} from './loading';

beforeEach(() => {
  vi.useFakeTimers();
  resetLoading();
});

afterEach(() => {
  resetLoading();
  vi.useRealTimers();
});

describe('loading counter', () => {
  it('is active while above zero and never goes below zero', () => {
    stopLoading();
    expect(getLoadingCount()).toBe(0);
    startLoading();
    startLoading();
    expect(getLoadingCount()).toBe(2);
    stopLoading();
    expect(getLoadingState().active).toBe(true);
    stopLoading();
    stopLoading();
    stopLoading();
    expect(getLoadingCount()).toBe(0);
    expect(getLoadingState().active).toBe(false);
    startLoading();
    expect(getLoadingCount()).toBe(1);
  });

  it('becomes visible after 200 ms and slow after 10 000 ms of activity', () => {
    const { result } = renderHook(() => useLoading());
    act(() => startLoading());
    expect(result.current).toEqual({ visible: false, slow: false });
    act(() => vi.advanceTimersByTime(199));
    expect(result.current.visible).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ visible: true, slow: false });
    act(() => vi.advanceTimersByTime(10_000 - 201));
    expect(result.current.slow).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ visible: true, slow: true });
    act(() => stopLoading());
    expect(result.current).toEqual({ visible: false, slow: false });
  });

  it('re-renders the indicator only when what it shows changes, not as each request starts or ends', () => {
    let renders = 0;
    renderHook(() => {
      renders += 1;
      return useLoading();
    });
    act(() => startLoading());
    act(() => startLoading());
    act(() => stopLoading());
    act(() => stopLoading());
    expect(renders).toBe(1);
    act(() => startLoading());
    act(() => vi.advanceTimersByTime(200));
    expect(renders).toBe(2);
  });

  it('never shows the loader for work shorter than the delay', () => {
    const { result } = renderHook(() => useLoading());
    act(() => startLoading());
    act(() => vi.advanceTimersByTime(150));
    act(() => stopLoading());
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.visible).toBe(false);
  });

  it('keeps the timers running while overlapping requests hand over', () => {
    const { result } = renderHook(() => useLoading());
    act(() => startLoading());
    act(() => vi.advanceTimersByTime(150));
    act(() => startLoading());
    act(() => stopLoading());
    act(() => vi.advanceTimersByTime(50));
    expect(result.current.visible).toBe(true);
  });
});
