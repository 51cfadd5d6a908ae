// Flow lint: rules every machine keeps, checked on its chart. Each problem names
// the state's path and the rule, so a failing test says where to look.
import { guardNames, type ChartNode, type MachineChart } from './machine-chart';

export type FlowRule =
  | 'reachable'
  | 'way-out'
  | 'invoke-error-path'
  | 'named-delay'
  | 'event-name'
  | 'guard-implemented'
  | 'action-implemented'
  | 'actor-implemented';

export interface FlowProblem {
  machine: string;
  /** The state's path from the root, e.g. `step1.verifying` (`(root)` for the machine itself). */
  state: string;
  rule: FlowRule;
  detail: string;
}

/** `domain.verb`: two lower-camel-case words joined by one dot (`otp.submit`, `payment.methodChange`). */
export const EVENT_NAME = /^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/;

const statePath = (node: ChartNode): string => (node.path.length ? node.path.join('.') : '(root)');

/** States entered along with `id`: its ancestors, and the initial descendants it enters by default. */
function entered(chart: MachineChart, id: string, into: Set<string>): void {
  const enter = (nodeId: string): void => {
    const node = chart.nodes[nodeId];
    if (!node || into.has(nodeId)) return;
    into.add(nodeId);
    if (node.type === 'parallel') node.children.forEach(enter);
    else if (node.type === 'compound' && node.initial) enter(node.initial);
  };
  for (let up = chart.nodes[id]?.parent; up; up = chart.nodes[up]?.parent) into.add(up);
  enter(id);
}

/** Every state some run can be in: from the root's initial states, following every transition. */
export function reachableStates(chart: MachineChart): Set<string> {
  const reached = new Set<string>();
  entered(chart, chart.root, reached);
  for (let grew = true; grew;) {
    grew = false;
    for (const edge of chart.edges) {
      if (!reached.has(edge.source)) continue;
      for (const target of edge.targets) {
        const before = reached.size;
        const next = new Set(reached);
        entered(chart, target, next);
        if (next.size > before) {
          next.forEach((id) => reached.add(id));
          grew = true;
        }
      }
    }
  }
  return reached;
}

const RESERVED_EVENT = /^xstate\./;

export function lintChart(chart: MachineChart): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const problem = (node: ChartNode, rule: FlowRule, detail: string): void => {
    problems.push({ machine: chart.name, state: statePath(node), rule, detail });
  };
  const nodes = Object.values(chart.nodes);
  const ancestry = (node: ChartNode): string[] => {
    const ids: string[] = [];
    for (let id: string | undefined = node.id; id; id = chart.nodes[id]?.parent) ids.push(id);
    return ids;
  };
  const reachable = reachableStates(chart);
  const { guards, actions, actors, delays } = chart.implementations;

  for (const node of nodes) {
    if (!reachable.has(node.id)) problem(node, 'reachable', 'no transition or initial state leads here');

    // A way out: a transition with a target on the state or an ancestor (a targetless one only
    // runs actions and leaves the flow where it is). History states are pseudo-states.
    if (node.type === 'atomic') {
      const line = new Set(ancestry(node));
      const out = chart.edges.some((e) => line.has(e.source) && e.targets.length > 0);
      if (!out) problem(node, 'way-out', 'not final, and no transition leaves it');
    }

    for (const invoke of node.invoke) {
      const line = new Set(ancestry(node));
      const handled = chart.edges.some(
        (e) => e.kind === 'invoke.error' && e.invokeId === invoke.id && line.has(e.source),
      );
      if (!handled) problem(node, 'invoke-error-path', `invoked actor "${invoke.id}" has no onError`);
      if (!actors.includes(invoke.src))
        problem(node, 'actor-implemented', `actor "${invoke.src}" is not in setup({ actors })`);
    }

    for (const action of [...node.entry, ...node.exit])
      if (!action.startsWith('xstate.') && !action.endsWith('()') && !actions.includes(action))
        problem(node, 'action-implemented', `action "${action}" is not in setup({ actions })`);
  }

  for (const edge of chart.edges) {
    const node = chart.nodes[edge.source];
    if (!node) continue;
    if (
      edge.kind === 'event' &&
      !RESERVED_EVENT.test(edge.event) &&
      edge.event !== '*' &&
      !EVENT_NAME.test(edge.event)
    )
      problem(node, 'event-name', `event "${edge.event}" is not domain.verb`);
    if (edge.kind === 'after') {
      const name = edge.delay?.name;
      if (!name)
        problem(
          node,
          'named-delay',
          `delay ${edge.delay?.ms ?? '?'} ms is a number: name it in setup({ delays })`,
        );
      else if (!(name in delays)) problem(node, 'named-delay', `delay "${name}" is not in setup({ delays })`);
    }
    for (const guard of guardNames(edge.guard))
      if (!guards.includes(guard))
        problem(node, 'guard-implemented', `guard "${guard}" is not in setup({ guards })`);
    for (const action of edge.actions)
      if (!action.startsWith('xstate.') && !action.endsWith('()') && !actions.includes(action))
        problem(node, 'action-implemented', `action "${action}" is not in setup({ actions })`);
  }
  return problems;
}

export const formatProblem = (p: FlowProblem): string => `${p.machine}: ${p.state}: ${p.rule}: ${p.detail}`;
