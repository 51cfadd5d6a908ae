// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormAfterPreview, REDRAW_WITHIN_MS } from './form-after-preview';

afterEach(() => vi.useRealTimers());

describe('FormAfterPreview', () => {
  it('commits once the preview is drawn and painted, or within its limit', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const after = new FormAfterPreview();
    const commit = vi.fn();
    after.defer(commit);
    expect(commit).not.toHaveBeenCalled();
    after.drawn();
    expect(commit).not.toHaveBeenCalled(); // not before the frame is painted
    vi.advanceTimersByTime(20); // a frame at 60 Hz, then the task after it
    expect(commit).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(commit).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    after.defer(late);
    vi.advanceTimersByTime(REDRAW_WITHIN_MS - 1);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it("commits before the page's own handlers see the person's next input, and at once during one", () => {
    vi.useFakeTimers();
    const after = new FormAfterPreview();
    const unwatch = after.watch(window);
    const order: string[] = [];
    after.defer(() => order.push('commit'));
    const onKey = () => {
      order.push('handler');
      // A send made while the key is handled (HeldTyping's Ctrl+Z) is not held back.
      after.defer(() => order.push('sent during the key'));
    };
    window.addEventListener('keydown', onKey);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true }));
    expect(order).toEqual(['commit', 'handler', 'sent during the key']);
    window.removeEventListener('keydown', onKey);
    // Once the input is handled, a pause's send waits for the preview again; leaving commits it.
    vi.runAllTimers();
    const waiting = vi.fn();
    after.defer(waiting);
    expect(waiting).not.toHaveBeenCalled();
    unwatch();
    expect(waiting).toHaveBeenCalledTimes(1);
  });
});
