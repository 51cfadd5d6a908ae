// The tab's copy of the flows that outlive the page (decision 041; src/machines/kept-flows.ts):
// sessionStorage, one entry per flow, so a reload, a discarded tab or Back finds it and a new
// tab (or another person at a shared computer's next session) does not.
import { flowToResume, type FlowKeeping, type KeptFlow } from '../machines/kept-flows';
import type { Snapshot } from 'xstate';

const key = (page: string) => `examflow:flow:${page}`;

function read(page: string): KeptFlow | undefined {
  try {
    const raw = window.sessionStorage.getItem(key(page));
    return raw ? (JSON.parse(raw) as KeptFlow) : undefined;
  } catch {
    return undefined;
  }
}

export const keptFlows = {
  /** The flow to go on from at this address now, if the tab kept one. */
  resume: (page: string): Snapshot<unknown> | undefined =>
    flowToResume(read(page), { page, search: window.location.search, now: Date.now() }),
  keep: (page: string, keeping: FlowKeeping): void => {
    try {
      if (keeping === 'forget') window.sessionStorage.removeItem(key(page));
      else if (keeping !== 'leave') {
        const kept: KeptFlow = {
          page,
          search: window.location.search,
          savedAt: Date.now(),
          snapshot: keeping.store,
        };
        window.sessionStorage.setItem(key(page), JSON.stringify(kept));
      }
    } catch {
      // Storage blocked or full: a reload starts the flow again, as it did before.
    }
  },
};
