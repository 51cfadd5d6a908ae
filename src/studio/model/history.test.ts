import { describe, expect, it } from 'vitest';
import { History } from './history';

function clock() {
  let t = 0;
  return { now: () => t, tick: (ms: number) => void (t += ms) };
}

describe('History (undo and redo across the whole draft)', () => {
  it('undoes and redoes each step, and an edit after an undo drops the redo', () => {
    const c = clock();
    const h = new History({ title: 'a' }, { now: c.now });
    expect(h.canUndo).toBe(false);
    h.push({ title: 'b' });
    h.push({ title: 'c' });
    expect(h.undo()).toEqual({ title: 'b' });
    expect(h.undo()).toEqual({ title: 'a' });
    expect(h.undo()).toBeUndefined();
    expect(h.redo()).toEqual({ title: 'b' });
    h.push({ title: 'd' });
    expect(h.canRedo).toBe(false);
    expect(h.present).toEqual({ title: 'd' });
  });

  it('merges keystrokes in one field within a second into one step', () => {
    const c = clock();
    const h = new History('', { now: c.now });
    for (const text of ['H', 'He', 'Hel', 'Hell', 'Hello']) {
      h.push(text, { field: '/blocks/1/heading' });
      c.tick(200);
    }
    c.tick(1500);
    h.push('Hello!', { field: '/blocks/1/heading' }); // a pause: a new step
    h.push('x', { field: '/title' }); // another field: a new step
    expect(h.undo()).toBe('Hello!');
    expect(h.undo()).toBe('Hello');
    expect(h.undo()).toBe('');
    expect(h.canUndo).toBe(false);
  });

  it('never merges across an undo, nor edits without a field', () => {
    const c = clock();
    const h = new History(0, { now: c.now });
    h.push(1, { field: '/a' });
    h.undo();
    h.push(2, { field: '/a' });
    expect(h.undo()).toBe(0);
    h.push(3);
    h.push(4);
    expect(h.undo()).toBe(3);
  });

  it('keeps at most `limit` steps and starts over on reset', () => {
    const h = new History(0, { limit: 3 });
    for (let i = 1; i <= 10; i++) h.push(i);
    expect([h.undo(), h.undo(), h.undo(), h.undo()]).toEqual([9, 8, 7, undefined]);
    h.reset(42);
    expect(h.present).toBe(42);
    expect(h.canUndo || h.canRedo).toBe(false);
  });
});
