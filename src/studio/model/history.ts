// Undo and redo over whole-draft snapshots. Keystrokes in one field within a second are one step,
// so undo takes back a word typed, not a letter.

export interface HistoryOptions {
  /** Edits of the same field closer than this (ms) are one step. */
  coalesceMs?: number;
  /** Oldest steps are dropped beyond this many. */
  limit?: number;
  now?: () => number;
}

export interface EditInfo {
  /** The field edited (a JSON pointer); edits without one never merge. */
  field?: string;
}

export class History<T> {
  private past: T[] = [];
  private future: T[] = [];
  private last: { field: string; at: number } | undefined;
  private readonly coalesceMs: number;
  private readonly limit: number;
  private readonly now: () => number;

  constructor(
    private current: T,
    options: HistoryOptions = {},
  ) {
    this.coalesceMs = options.coalesceMs ?? 1000;
    this.limit = options.limit ?? 200;
    this.now = options.now ?? Date.now;
  }

  get present(): T {
    return this.current;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Records the draft after an edit. */
  push(next: T, info: EditInfo = {}): void {
    const at = this.now();
    const merge =
      info.field !== undefined &&
      this.last?.field === info.field &&
      at - this.last.at < this.coalesceMs &&
      this.past.length > 0;
    if (!merge) {
      this.past.push(this.current);
      if (this.past.length > this.limit) this.past.shift();
    }
    this.current = next;
    this.future = [];
    this.last = info.field === undefined ? undefined : { field: info.field, at };
  }

  /** The draft before the last step, or undefined when there is none. */
  undo(): T | undefined {
    const previous = this.past.pop();
    if (previous === undefined) return undefined;
    this.future.push(this.current);
    this.current = previous;
    this.last = undefined;
    return previous;
  }

  redo(): T | undefined {
    const next = this.future.pop();
    if (next === undefined) return undefined;
    this.past.push(this.current);
    this.current = next;
    this.last = undefined;
    return next;
  }

  /** Starts over from a draft (after publishing, or opening another file). */
  reset(present: T): void {
    this.past = [];
    this.future = [];
    this.current = present;
    this.last = undefined;
  }
}
