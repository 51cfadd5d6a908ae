// The main-thread cost of keystrokes, read from a Chromium trace (bench:typing and bench:studio):
// for each key marked 'ef-key' at its keydown, the tasks from the one that dispatches it to the one
// that paints the first frame after it.
import type { CDPSession } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time inside the event, µs: time the thread waited for a core left out. */
  tdur?: number;
  tid: number;
}

export interface KeyCost {
  /** Main-thread time of the tasks from the key's keydown to its frame, ms. */
  busy: number;
  /** The same tasks' thread CPU time, ms: what a loaded machine changes least (unthrottled). */
  cpu: number;
  /** Wall time from the keydown task's start to the end of that frame, ms. */
  toFrame: number;
  /** Each of those tasks: its start after the keydown task's and its length, ms. */
  tasks: { at: number; ms: number }[];
}

/** A trace of what `run` makes the page do (the main thread's tasks and what ran inside them). */
export async function trace(cdp: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await run();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

/** Each key's cost and the longest main-thread task of the whole typing, from a trace. */
export function keyCosts(events: TraceEvent[]): { keys: KeyCost[]; longestTask: number } {
  const marks = events.filter((e) => e.name === 'ef-key').sort((a, b) => a.ts - b.ts);
  const main = marks[0]?.tid;
  const tasks = events
    .filter((e) => e.tid === main && e.name === 'RunTask' && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
  const paints = events.filter((e) => e.tid === main && e.name === 'Paint').map((e) => e.ts);
  const keys = marks.map((mark) => {
    const first = tasks.findIndex((task) => task.ts <= mark.ts && mark.ts <= end(task));
    const start = tasks[first];
    if (!start) throw new Error('no task holds a keydown: the trace is incomplete');
    // The key's frame: the first paint after its keydown task.
    const paint = paints.find((ts) => ts > end(start));
    const frame = tasks.find((task) => paint !== undefined && task.ts <= paint && paint <= end(task));
    const last = frame ? tasks.indexOf(frame) : first;
    const own = tasks.slice(first, last + 1);
    return {
      busy: own.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000,
      cpu: own.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000,
      toFrame: (end(own[own.length - 1] ?? start) - start.ts) / 1000,
      tasks: own.map((task) => ({ at: (task.ts - start.ts) / 1000, ms: (task.dur ?? 0) / 1000 })),
    };
  });
  // From the task that holds the first keydown.
  const from = tasks.find((task) => (marks[0]?.ts ?? 0) <= end(task))?.ts ?? 0;
  const longestTask =
    Math.max(0, ...tasks.filter((task) => task.ts >= from).map((task) => task.dur ?? 0)) / 1000;
  return { keys, longestTask };
}
