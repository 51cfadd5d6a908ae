// A machine as data the inspector, the exporter and the flow lint can read: every state node,
// every transition (events, `always`, `after`, invoke done/error, state done), initial markers,
// guards by name (and/or/not/stateIn kept as a tree) and the names setup() implements. Read from
// the machine object itself (`machine.root`), so nothing is drawn by hand and nothing drifts.
// (xstate/graph's toDirectedGraph leaves out `always` transitions and initial markers.)
// Plain JSON: it crosses to the layout worker and into the static inspector unchanged.
import { and, not, or, stateIn, type AnyStateMachine, type AnyStateNode } from 'xstate';

export type ChartNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartNode {
  /** The state node's id, e.g. `registration.step1.enteringMobile` (or a `#custom` id). */
  id: string;
  key: string;
  /** Keys from the root's child down to this node; empty for the root. */
  path: string[];
  parent?: string;
  type: ChartNodeType;
  history?: 'shallow' | 'deep';
  /** The id of the child entered first (compound states). */
  initial?: string;
  children: string[];
  entry: string[];
  exit: string[];
  tags: string[];
  invoke: { id: string; src: string }[];
  description?: string;
}

export type GuardRef =
  | { kind: 'named'; name: string; params?: unknown }
  | { kind: 'and' | 'or'; guards: GuardRef[] }
  | { kind: 'not'; guard: GuardRef }
  | { kind: 'stateIn'; state: string }
  | { kind: 'inline'; name?: string };

export type EdgeKind = 'event' | 'always' | 'after' | 'invoke.done' | 'invoke.error' | 'state.done';

export interface ChartEdge {
  id: string;
  source: string;
  /** Empty for a targetless transition (actions only: the state is not left). */
  targets: string[];
  kind: EdgeKind;
  /** The event as sent (`otp.submit`), or the internal one (`xstate.after.…`, `xstate.done.actor.…`). */
  event: string;
  guard?: GuardRef;
  /** Named delays (`after: { focusCheckDelay }`) keep their name; `ms` when setup() gives a number. */
  delay?: { name?: string; ms?: number };
  /** The invoke id behind invoke.done / invoke.error. */
  invokeId?: string;
  actions: string[];
  reenter: boolean;
}

export interface MachineChart {
  /** The registry's name for the machine (kebab-case, unique). */
  name: string;
  title: string;
  /** The root node's id. */
  root: string;
  nodes: Record<string, ChartNode>;
  edges: ChartEdge[];
  /** What setup() implements, by name. */
  implementations: {
    guards: string[];
    actions: string[];
    actors: string[];
    delays: Record<string, number | null>;
  };
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

// XState's higher-order guards are functions that carry `guards` (or `stateValue`) and a `check`
// shared by every guard of their kind. The `check` tells and from or; the functions' names
// (and, or, not) would too, but a minified build (`npm run inspect`) renames them to `t`.
const checkOf = (guard: unknown): unknown => (guard as unknown as Loose).check;
const COMBINATORS = new Map<unknown, 'and' | 'or' | 'not' | 'stateIn'>([
  [checkOf(and([])), 'and'],
  [checkOf(or([])), 'or'],
  [checkOf(not('x')), 'not'],
  [checkOf(stateIn('x')), 'stateIn'],
]);

/** A guard as XState keeps it: a name, `{ type, params }`, or a function (inline or and/or/not/stateIn). */
export function readGuard(guard: unknown): GuardRef | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return { kind: 'named', name: guard };
  if (typeof guard === 'function') {
    const fn = guard as unknown as Loose & { name: string };
    const kind = COMBINATORS.get(fn.check);
    if (kind === 'stateIn' || (!kind && 'stateValue' in fn))
      return { kind: 'stateIn', state: stateValueText(fn.stateValue) };
    if (kind && Array.isArray(fn.guards)) {
      const inner = fn.guards.map(readGuard).filter((g): g is GuardRef => g !== undefined);
      if (kind === 'not' && inner[0]) return { kind: 'not', guard: inner[0] };
      if (kind === 'and' || kind === 'or') return { kind, guards: inner };
    }
    return { kind: 'inline', name: fn.name || undefined };
  }
  if (isObject(guard) && typeof guard.type === 'string') {
    // Params computed from the event at run time have no value to show: the name says enough.
    return guard.params === undefined || typeof guard.params === 'function'
      ? { kind: 'named', name: guard.type }
      : { kind: 'named', name: guard.type, params: guard.params };
  }
  return { kind: 'inline' };
}

function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isObject(value))
    return Object.entries(value)
      .map(([k, v]) => `${k}.${stateValueText(v)}`)
      .join(',');
  return String(value);
}

/** `a && !(b || c)` style text for a guard, as the chart labels it. */
export function guardText(guard: GuardRef): string {
  switch (guard.kind) {
    case 'named':
      return guard.params === undefined ? guard.name : `${guard.name}(${paramText(guard.params)})`;
    case 'and':
    case 'or':
      return guard.guards
        .map((g) => (g.kind === 'and' || g.kind === 'or' ? `(${guardText(g)})` : guardText(g)))
        .join(guard.kind === 'and' ? ' && ' : ' || ');
    case 'not': {
      const inner = guardText(guard.guard);
      return guard.guard.kind === 'and' || guard.guard.kind === 'or' ? `!(${inner})` : `!${inner}`;
    }
    case 'stateIn':
      return `in(${guard.state})`;
    case 'inline':
      return guard.name ? `${guard.name}()` : 'inline guard';
  }
}

function paramText(params: unknown): string {
  if (isObject(params))
    return Object.entries(params)
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(', ');
  return JSON.stringify(params) ?? '';
}

/** Every guard name a guard tree refers to (so the lint can check setup() has each). */
export function guardNames(guard: GuardRef | undefined): string[] {
  if (!guard) return [];
  switch (guard.kind) {
    case 'named':
      return [guard.name];
    case 'and':
    case 'or':
      return guard.guards.flatMap(guardNames);
    case 'not':
      return guardNames(guard.guard);
    default:
      return [];
  }
}

/** An action's name: its type for named and built-in actions (`xstate.assign`), or the function's name. */
function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const fn = action as unknown as Loose & { name: string };
    return typeof fn.type === 'string' ? fn.type : fn.name ? `${fn.name}()` : 'inline action';
  }
  if (isObject(action) && typeof action.type === 'string') return action.type;
  return 'inline action';
}

const AFTER = /^xstate\.after\./;
const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';

interface TransitionLike {
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: unknown;
  actions: readonly unknown[];
  reenter?: boolean;
  delay?: number | string;
}

function nodeType(node: AnyStateNode): ChartNodeType {
  return node.type as ChartNodeType;
}

/** Reads a machine into a chart. `name` and `title` are the registry's. */
export function readMachine(machine: AnyStateMachine, name: string, title = name): MachineChart {
  const nodes: Record<string, ChartNode> = {};
  const edges: ChartEdge[] = [];
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;

  const visit = (node: AnyStateNode, parent: AnyStateNode | undefined): void => {
    const children = Object.values(node.states) as AnyStateNode[];
    const initialTarget = (node.initial as { target?: readonly AnyStateNode[] } | undefined)?.target?.[0];
    const chartNode: ChartNode = {
      id: node.id,
      key: node.key,
      path: [...node.path],
      type: nodeType(node),
      children: children.map((c) => c.id),
      entry: node.entry.map(actionName),
      exit: node.exit.map(actionName),
      tags: [...node.tags],
      invoke: node.invoke.map((i: { id: string; src: unknown }) => ({
        id: i.id,
        src: typeof i.src === 'string' ? i.src : i.id,
      })),
    };
    if (parent) chartNode.parent = parent.id;
    if (node.type === 'history') chartNode.history = node.history === 'deep' ? 'deep' : 'shallow';
    if (node.type === 'compound' && initialTarget) chartNode.initial = initialTarget.id;
    if (node.description) chartNode.description = node.description;
    nodes[node.id] = chartNode;

    const push = (t: TransitionLike, kind: EdgeKind, extra: Partial<ChartEdge> = {}): void => {
      const edge: ChartEdge = {
        id: `${node.id}#${edges.length}`,
        source: node.id,
        targets: (t.target ?? []).map((n) => n.id),
        kind,
        event: t.eventType,
        actions: t.actions.map(actionName),
        reenter: Boolean(t.reenter),
        ...extra,
      };
      const guard = readGuard(t.guard);
      if (guard) edge.guard = guard;
      edges.push(edge);
    };

    for (const [event, list] of node.transitions as Map<string, TransitionLike[]>) {
      for (const t of list) {
        if (AFTER.test(event)) {
          const delay = t.delay;
          const named = typeof delay === 'string';
          const ms = named ? delays[delay] : delay;
          push(t, 'after', {
            delay: {
              ...(named ? { name: delay } : {}),
              ...(typeof ms === 'number' ? { ms } : {}),
            },
          });
        } else if (event.startsWith(DONE_ACTOR)) {
          push(t, 'invoke.done', { invokeId: event.slice(DONE_ACTOR.length) });
        } else if (event.startsWith(ERROR_ACTOR)) {
          push(t, 'invoke.error', { invokeId: event.slice(ERROR_ACTOR.length) });
        } else if (event.startsWith(DONE_STATE)) {
          push(t, 'state.done');
        } else {
          push(t, 'event');
        }
      }
    }
    for (const t of (node.always ?? []) as TransitionLike[]) push({ ...t, eventType: '' }, 'always');
    // A history state's default target is drawn as its own arrow.
    const historyTarget = (node as unknown as { config: { target?: unknown } }).config.target;
    if (node.type === 'history' && historyTarget !== undefined) {
      const resolved = (node as unknown as { parent?: AnyStateNode }).parent?.states[String(historyTarget)];
      if (resolved) push({ eventType: '', target: [resolved], actions: [] }, 'always');
    }
    for (const child of children) visit(child, node);
  };
  visit(machine.root, undefined);

  return {
    name,
    title,
    root: machine.root.id,
    nodes,
    edges,
    implementations: {
      guards: Object.keys(machine.implementations.guards ?? {}),
      actions: Object.keys(machine.implementations.actions ?? {}),
      actors: Object.keys(machine.implementations.actors ?? {}),
      delays: Object.fromEntries(
        Object.entries(delays).map(([k, v]) => [k, typeof v === 'number' ? v : null]),
      ),
    },
  };
}

/** The text on a transition's arrow: event (or always / after …), guard, as people read a statechart. */
export function edgeLabel(edge: ChartEdge): string {
  const guard = edge.guard ? ` [${guardText(edge.guard)}]` : '';
  switch (edge.kind) {
    case 'event':
      return `${edge.event}${guard}`;
    case 'always':
      return `always${guard}`;
    case 'after':
      return `after ${delayText(edge.delay)}${guard}`;
    case 'invoke.done':
      return `done: ${edge.invokeId}${guard}`;
    case 'invoke.error':
      return `error: ${edge.invokeId}${guard}`;
    case 'state.done':
      return `done${guard}`;
  }
}

export function delayText(delay: ChartEdge['delay']): string {
  if (!delay) return '?';
  const ms = delay.ms === undefined ? '' : delay.ms >= 1000 ? `${delay.ms / 1000} s` : `${delay.ms} ms`;
  if (delay.name) return ms ? `${delay.name} (${ms})` : delay.name;
  return ms || '?';
}

/** The events a state accepts: its own and its ancestors' (what `state.can` could say yes to). */
export function acceptedEvents(chart: MachineChart, nodeId: string): string[] {
  const events = new Set<string>();
  for (let id: string | undefined = nodeId; id; id = chart.nodes[id]?.parent)
    for (const edge of chart.edges) if (edge.source === id && edge.kind === 'event') events.add(edge.event);
  return [...events].sort();
}
