// The in-memory throttle counts like the database's (throttle.ts): the Nth hit of a window passes
// and locks the key for lockMs; other keys are untouched; a new window starts the count again.
import { describe, expect, it } from 'vitest';
import { memoryThrottle } from './memory-throttle';

describe('the in-memory throttle', () => {
  it('locks a key at its Nth hit of a window, for the lock time, and leaves other keys alone', () => {
    let now = 0;
    const throttle = memoryThrottle({ lockAfter: 3, windowMs: 60_000, lockMs: 120_000 }, () => now);
    expect([throttle.allow('a'), throttle.allow('a'), throttle.allow('a')]).toEqual([true, true, true]);
    expect(throttle.allow('a')).toBe(false);
    expect(throttle.allow('b')).toBe(true);
    now = 119_999;
    expect(throttle.allow('a')).toBe(false);
    now = 120_000;
    expect(throttle.allow('a')).toBe(true);
  });

  it('starts counting again in a new window', () => {
    let now = 0;
    const throttle = memoryThrottle({ lockAfter: 3, windowMs: 60_000, lockMs: 60_000 }, () => now);
    throttle.allow('a');
    throttle.allow('a');
    now = 60_000;
    expect([throttle.allow('a'), throttle.allow('a'), throttle.allow('a')]).toEqual([true, true, true]);
    expect(throttle.allow('a')).toBe(false);
  });
});
