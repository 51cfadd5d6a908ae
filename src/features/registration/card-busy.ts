// Whether the registration card waits for data (the modal loader's cue), read from the running
// calls rather than from state names, so it holds when a flow moves into a child machine.
import type { AnyActorRef } from 'xstate';

/** Calls that wait on the student or on another app, not on data: no loader over the card. */
const NOT_DATA = new Set(['startCallerIdentity', 'checkCallerIdentity', 'copyText']);

interface WithChildren {
  children: Record<string, AnyActorRef | undefined>;
}

/** A call (promise actor) of the machine, or of a machine it runs, is in flight. */
export function loadingData(snapshot: WithChildren): boolean {
  return Object.values(snapshot.children).some((child) => {
    if (!child) return false;
    const inner = child.getSnapshot() as { status?: string; value?: unknown; children?: unknown };
    if (inner.status !== 'active') return false;
    // A child machine: look at its own calls.
    if ('value' in inner) return typeof inner.children === 'object' && loadingData(inner as WithChildren);
    return !(typeof child.src === 'string' && NOT_DATA.has(child.src));
  });
}
