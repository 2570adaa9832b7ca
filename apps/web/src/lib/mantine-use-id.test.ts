import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id';

describe("Mantine's useId as the build provides it", () => {
  it('gives a stable id from the first render on, without a second render as it mounts', () => {
    let renders = 0;
    const { result, rerender } = renderHook(() => {
      renders += 1;
      return useId();
    });
    const first = result.current;
    expect(first).toMatch(/^mantine-/);
    expect(renders).toBe(1);
    rerender();
    expect(result.current).toBe(first);
  });

  it('keeps an id given to the component', () => {
    const { result } = renderHook(() => useId('lpi-card-title'));
    expect(result.current).toBe('lpi-card-title');
  });

  it('gives two components two ids', () => {
    const a = renderHook(() => useId());
    const b = renderHook(() => useId());
    expect(a.result.current).not.toBe(b.result.current);
  });
});
