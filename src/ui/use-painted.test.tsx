// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { usePainted } from './use-painted';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('is false until two frames and a task have passed, then true, and tells once', async () => {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const painted = vi.fn();
  const { result, rerender } = renderHook(() => usePainted(painted));
  expect(result.current).toBe(false);
  act(() => frames.shift()?.(0));
  act(() => vi.advanceTimersByTime(10));
  expect(result.current).toBe(false); // one frame is not yet the paint
  act(() => frames.shift()?.(16));
  act(() => vi.advanceTimersByTime(0));
  expect(result.current).toBe(true);
  rerender();
  act(() => vi.advanceTimersByTime(2_000));
  expect(painted).toHaveBeenCalledTimes(1);
});

it('moves on after a second in a tab that paints nothing (hidden)', () => {
  vi.stubGlobal('requestAnimationFrame', () => 0);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const { result } = renderHook(() => usePainted());
  act(() => vi.advanceTimersByTime(999));
  expect(result.current).toBe(false);
  act(() => vi.advanceTimersByTime(1));
  expect(result.current).toBe(true);
});
