// A flow that outlives the page (decision 041): `useMachine` started from a persisted snapshot when
// there is one, and told to the app after every move of the machine or any of its children (one
// call per task), and at once when the page is left (a reload, a tab the phone discards, the
// gateway). What is kept, and where, is the app's (a flow's keeping rule, the tab's storage).
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom, AnyStateMachine, InspectionEvent, Snapshot, SnapshotFrom } from 'xstate';

export interface KeptMachineOptions<TMachine extends AnyStateMachine> {
  input?: unknown;
  /** The app's inspector (development only). */
  inspect?: (event: InspectionEvent) => void;
  /** A persisted snapshot to go on from. */
  resume?: Snapshot<unknown>;
  /** Told that the flow moved: the app keeps it (or forgets it) for a reload. */
  onMoved?: (actor: ActorRefFrom<TMachine>) => void;
  /** Runs once on a resumed flow, as it starts: what XState does not start again (timers). */
  onResumed?: (actor: ActorRefFrom<TMachine>) => void;
}

export function useKeptMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  { input, inspect, resume, onMoved, onResumed }: KeptMachineOptions<TMachine>,
) {
  const moved = useRef<() => void>(undefined);
  // useMachine's own typing needs the concrete machine; this hook is generic over it.
  const result = useMachine(machine as AnyStateMachine, {
    ...(input === undefined ? {} : { input }),
    ...(resume ? { snapshot: resume } : {}),
    inspect: (event: InspectionEvent) => {
      inspect?.(event);
      if (event.type === '@xstate.snapshot') moved.current?.();
    },
  }) as unknown as [SnapshotFrom<TMachine>, ActorRefFrom<TMachine>['send'], ActorRefFrom<TMachine>];
  const actorRef = result[2];
  useEffect(() => {
    if (!onMoved) return undefined;
    let pending: number | undefined;
    moved.current = () => {
      pending ??= window.setTimeout(() => {
        pending = undefined;
        onMoved(actorRef);
      }, 0);
    };
    moved.current();
    const leaving = () => {
      window.clearTimeout(pending);
      pending = undefined;
      onMoved(actorRef);
    };
    window.addEventListener('pagehide', leaving);
    return () => {
      moved.current = undefined;
      window.clearTimeout(pending);
      window.removeEventListener('pagehide', leaving);
    };
  }, [actorRef, onMoved]);
  useEffect(() => {
    if (resume) onResumed?.(actorRef);
    // Once, as the restored flow starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return result;
}
