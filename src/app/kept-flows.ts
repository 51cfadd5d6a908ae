// The tab's copy of the flows that outlive the page (decision 041; src/machines/kept-flows.ts):
// sessionStorage, one entry per flow, so a reload, a discarded tab or Back finds it and a new
// tab (or another person at a shared computer's next session) does not.
import { flowToResume, type FlowKeeping, type KeptFlow } from '../machines/kept-flows';
import { createActor, type AnyStateMachine, type Snapshot } from 'xstate';

const key = (page: string) => `examflow:flow:${page}`;

function read(page: string): KeptFlow | undefined {
  try {
    const raw = window.sessionStorage.getItem(key(page));
    return raw ? (JSON.parse(raw) as KeptFlow) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the machine restores the snapshot (creating the actor restores it; nothing starts). */
function restorable(machine: AnyStateMachine, snapshot: Snapshot<unknown>): boolean {
  try {
    createActor(machine, { snapshot });
    return true;
  } catch {
    return false;
  }
}

export const keptFlows = {
  /**
   * The flow to go on from at this address now: the tab kept one, under the same fingerprint, and
   * this build's machine restores it (a state renamed since would throw as the page renders).
   */
  resume: (page: string, machine: AnyStateMachine, fingerprint?: string): Snapshot<unknown> | undefined => {
    const kept = flowToResume(read(page), {
      page,
      search: window.location.search,
      now: Date.now(),
      fingerprint,
    });
    return kept && restorable(machine, kept) ? kept : undefined;
  },
  keep: (page: string, keeping: FlowKeeping, fingerprint?: string): void => {
    try {
      if (keeping === 'forget') window.sessionStorage.removeItem(key(page));
      else if (keeping !== 'leave') {
        const kept: KeptFlow = {
          page,
          search: window.location.search,
          savedAt: Date.now(),
          ...(fingerprint === undefined ? {} : { fingerprint }),
          snapshot: keeping.store,
        };
        window.sessionStorage.setItem(key(page), JSON.stringify(kept));
      }
    } catch {
      // Storage blocked or full: a reload starts the flow again, as it did before.
    }
  },
};
