// Model-based testing of the flow machines with xstate/graph (DESIGN.md: every reachable state and
// every transition exercised). Used by the *.test.ts files beside the machines only.
//
// The model is the machine itself: xstate/graph walks it with sample events, including the done
// and error events of invoked actors and the `after` events of named delays. Each path is then
// replayed on a real actor whose invoked actors are fakes (a promise per call, settled by the
// path's done/error event) and whose clock is simulated (an `after` event advances it by the
// provided delay, so no test waits for a timer). After every step the real snapshot must equal the
// model's. Coverage is measured on the real actor (XState's inspection reports each microstep's
// transitions), so "every transition" is checked, not assumed.
import { isDeepStrictEqual } from 'node:util';
import {
  createActor,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  SimulatedClock,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type PromiseActorLogic,
  type StateValue,
} from 'xstate';
import {
  getAdjacencyMap,
  getShortestPaths,
  getStateNodes,
  type AdjacencyMap,
  type AdjacencyValue,
} from 'xstate/graph';

interface PendingCall {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Fake promise actors: each invocation waits until a path step settles it. */
export class PendingCalls {
  private pending = new Map<string, PendingCall[]>();
  /** Every input each actor was invoked with, in order (for assertions). */
  readonly inputs = new Map<string, unknown[]>();

  /** A promise actor standing in for `id` (the invoke id, equal to the src in these machines). */
  actor<TOutput, TInput>(id: string): PromiseActorLogic<TOutput, TInput> {
    return fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          const call: PendingCall = { input, resolve: (o) => resolve(o as TOutput), reject };
          this.inputs.set(id, [...(this.inputs.get(id) ?? []), input]);
          this.pending.set(id, [...(this.pending.get(id) ?? []), call]);
          // A cancelled invocation (its state was left) must not be settled by a later step.
          signal.addEventListener('abort', () => {
            this.pending.set(
              id,
              (this.pending.get(id) ?? []).filter((c) => c !== call),
            );
          });
        }),
    );
  }

  settle(id: string, outcome: { output: unknown } | { error: unknown }): void {
    const call = this.pending.get(id)?.shift();
    if (!call) throw new Error(`the model expects a call of "${id}" in progress, but none is`);
    if ('output' in outcome) call.resolve(outcome.output);
    else call.reject(outcome.error);
  }

  reset(): void {
    this.pending.clear();
    this.inputs.clear();
  }
}

export interface ModelStep {
  event: AnyEventObject;
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  description: string;
  steps: ModelStep[];
}

export interface ModelOptions {
  machine: AnyStateMachine;
  input?: unknown;
  /** Sample events; the ones the current state can take are tried. `after` events are added. */
  events: AnyEventObject[];
  /** The part of the context that tells states apart for the traversal (default: all of it). */
  project?: (context: AnyMachineSnapshot['context']) => unknown;
}

const nodesOf = (machine: AnyStateMachine): AnyStateNode[] => [machine.root, ...getStateNodes(machine.root)];

/** The `after` events of every state node: the model takes them like any other event. */
function delayedEvents(machine: AnyStateMachine): AnyEventObject[] {
  return nodesOf(machine).flatMap((node) => node.after.map((t) => ({ type: t.eventType })));
}

/**
 * Paths that together take every transition of the traversal: for each edge, the shortest path to
 * its source plus the edge. Paths that are a prefix of another path are dropped (replaying the
 * longer one checks every state on the way).
 */
export function transitionCoverPaths(options: ModelOptions): ModelPath[] {
  const { machine, input, project } = options;
  const samples = [...options.events, ...delayedEvents(machine)];
  const serializeState = (state: AnyMachineSnapshot) =>
    JSON.stringify({ value: state.value, context: project ? project(state.context) : state.context });
  const traversal = {
    input,
    serializeState,
    events: (state: AnyMachineSnapshot) => samples.filter((event) => state.can(event)),
  };
  const shortest = new Map<string, ModelStep[]>();
  for (const path of getShortestPaths(machine, traversal)) {
    shortest.set(serializeState(path.state), path.steps as ModelStep[]);
  }
  // The shortest path to every state (the initial one included), then one path per edge.
  const candidates: ModelStep[][] = [...shortest.values()].map((steps) =>
    rerun(
      machine,
      input,
      steps.map((s) => s.event),
    ),
  );
  const adjacency: AdjacencyMap<AnyMachineSnapshot, AnyEventObject> = getAdjacencyMap(machine, traversal);
  const entries = Object.entries(adjacency) as Array<
    [string, AdjacencyValue<AnyMachineSnapshot, AnyEventObject>]
  >;
  for (const [source, { transitions }] of entries) {
    const head = shortest.get(source);
    if (!head) continue;
    for (const { event } of Object.values(transitions)) {
      candidates.push(rerun(machine, input, [...head.map((s) => s.event), event]));
    }
  }
  const key = (steps: ModelStep[]) => steps.map((s) => JSON.stringify(s.event)).join(' → ');
  candidates.sort((a, b) => b.length - a.length);
  const covered = new Set<string>();
  const paths: ModelPath[] = [];
  for (const steps of candidates) {
    const description = key(steps);
    if (covered.has(description)) continue;
    for (let i = 1; i <= steps.length; i++) covered.add(key(steps.slice(0, i)));
    paths.push({ description, steps });
  }
  return paths;
}

/**
 * The model's snapshots along a sequence of events. The traversal merges states whose projected
 * context is equal, so the snapshots it stored may come from another route to the same state:
 * recomputing them keeps each path exactly what the machine does on that route.
 */
function rerun(machine: AnyStateMachine, input: unknown, events: AnyEventObject[]): ModelStep[] {
  let state = getInitialSnapshot(machine, input) as AnyMachineSnapshot;
  return events.map((event) => {
    if (event.type !== 'xstate.init') state = getNextSnapshot(machine, state, event) as AnyMachineSnapshot;
    return { event, state };
  });
}

/** Every transition of the machine, as a stable key (source node, event, index). */
export function transitionKeys(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const keys = new Map<AnyTransitionDefinition, string>();
  for (const node of nodesOf(machine)) {
    for (const [eventType, list] of node.transitions) {
      list.forEach((t, i) => keys.set(t, `${node.id} on ${eventType} #${i}`));
    }
    (node.always ?? []).forEach((t, i) => keys.set(t, `${node.id} always #${i}`));
  }
  return keys;
}

/** Every state node of the machine, as its dotted path ('' is the root). */
export const stateNodePaths = (machine: AnyStateMachine): string[] =>
  getStateNodes(machine.root).map((node) => node.path.join('.'));

function valuePaths(value: StateValue, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  return Object.entries(value).flatMap(([key, child]) => [
    [...prefix, key].join('.'),
    ...(child === undefined ? [] : valuePaths(child, [...prefix, key])),
  ]);
}

export interface Coverage {
  transitions: Set<string>;
  states: Set<string>;
}

export const emptyCoverage = (): Coverage => ({ transitions: new Set(), states: new Set() });

export interface ReplayOptions {
  machine: AnyStateMachine;
  input?: unknown;
  calls: PendingCalls;
  /** The delays the machine was provided with, to advance the simulated clock by. */
  delays: Record<string, number>;
  coverage: Coverage;
  /**
   * What the person sees, checked after every step (XState's model-based testing example): the
   * snapshot equals the model's by construction, so this is what makes a wrong target or a wrong
   * assignment fail. It gets the step's event and the real snapshots before and after it.
   */
  expectView?: (step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot) => void;
  /** Hears every event the machine emits (`emit`), as the app's `actor.on` would. */
  onEmitted?: (event: { type: string }) => void;
}

// A settled promise actor reports to its parent in microtasks; one macrotask turn lets them all run.
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Replays one path on a real actor; throws at the first step whose snapshot differs from the model. */
export async function replayPath(path: ModelPath, options: ReplayOptions): Promise<AnyMachineSnapshot> {
  const { machine, calls, delays, coverage } = options;
  const keys = transitionKeys(machine);
  const clock = new SimulatedClock();
  calls.reset();
  const actor = createActor(machine, {
    input: options.input,
    clock,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const t of inspection._transitions) {
        const key = keys.get(t);
        if (key) coverage.transitions.add(key);
        // A transient state (left by an eventless transition) is visited though never at rest.
        coverage.states.add(t.source.path.join('.'));
      }
    },
  });
  if (options.onEmitted) actor.on('*', options.onEmitted);
  actor.start();
  let previous = actor.getSnapshot() as AnyMachineSnapshot;
  try {
    for (const [index, step] of path.steps.entries()) {
      const { type } = step.event;
      if (type.startsWith('xstate.done.actor.')) {
        calls.settle(type.slice('xstate.done.actor.'.length), {
          output: (step.event as { output?: unknown }).output,
        });
      } else if (type.startsWith('xstate.error.actor.')) {
        calls.settle(type.slice('xstate.error.actor.'.length), {
          error: (step.event as { error?: unknown }).error,
        });
      } else if (type.startsWith('xstate.after.')) {
        const delay = type.split('.')[2] ?? '';
        const ms = delays[delay] ?? Number(delay);
        if (!Number.isFinite(ms)) throw new Error(`no delay "${delay}" was provided`);
        clock.increment(ms);
      } else if (type !== 'xstate.init') {
        actor.send(step.event);
      }
      await flush();
      const actual = actor.getSnapshot() as AnyMachineSnapshot;
      for (const statePath of valuePaths(actual.value)) coverage.states.add(statePath);
      if (
        !isDeepStrictEqual(actual.value, step.state.value) ||
        !isDeepStrictEqual(actual.context, step.state.context)
      ) {
        throw new Error(
          `step ${index} (${type}) of "${path.description}": expected ${JSON.stringify({
            value: step.state.value,
            context: step.state.context,
          })}, got ${JSON.stringify({ value: actual.value, context: actual.context })}`,
        );
      }
      try {
        options.expectView?.(step, actual, previous);
      } catch (error) {
        throw new Error(
          `step ${index} (${type}) of "${path.description}": the view is wrong: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      previous = actual;
    }
    return actor.getSnapshot() as AnyMachineSnapshot;
  } finally {
    actor.stop();
  }
}
