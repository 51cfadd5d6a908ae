// A chart laid out by elkjs's layered algorithm, each compound state on its own (decision 010):
// states as boxes in boxes, every transition an edge from its source to each target, an initial
// marker inside each compound state; the stretches of arrows that cross levels are drawn here. The
// layout engine is passed in (an ELK instance, or chart-layered.ts's LAYERED), so the same code runs
// in Node (the exporter), in the inspector's web worker and on its page.
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import { edgeLabel, type ChartEdge, type ChartNode, type MachineChart } from './machine-chart';

export interface LaidNode {
  id: string;
  node: ChartNode;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The dot marking the initial child of this compound state, when it has one. */
  initialMarker?: { x: number; y: number };
}

export interface LaidEdge {
  id: string;
  edge?: ChartEdge;
  /** For the initial marker's arrow. */
  initialOf?: string;
  target: string;
  label: string;
  /** The label broken into lines that fit beside an arrow. */
  lines: string[];
  points: { x: number; y: number }[];
  labelBox?: { x: number; y: number; width: number; height: number };
}

export interface ChartLayout {
  name: string;
  width: number;
  height: number;
  nodes: LaidNode[];
  edges: LaidEdge[];
}

export const CHAR_WIDTH = 6.6;
export const LINE_HEIGHT = 15;
const HEADER = 26;
const MARKER = 10;
export const LABEL_LINE = 13;

const textWidth = (text: string): number => Math.ceil(text.length * CHAR_WIDTH);
const LABEL_CHARS = 30;

/** A long label (an event with a guard of several parts) over lines, broken before && and ||. */
export function labelLines(label: string, max = LABEL_CHARS): string[] {
  const words = label.split(/ (?=\[|&&|\|\|)/);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + word.length + 1 <= max)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Lines inside a state's box under its name: invoked actors, tags. */
export function nodeLines(node: ChartNode): string[] {
  return [
    ...node.invoke.map((i) => `invoke ${i.src}`),
    ...(node.tags.length ? [`tags: ${node.tags.join(', ')}`] : []),
  ];
}

export function nodeTitle(node: ChartNode): string {
  if (node.type === 'history') return node.history === 'deep' ? 'H*' : 'H';
  return node.key;
}

/**
 * The ELK constructor's options: only the layered algorithm is registered (an ELK registers all
 * nine of its algorithms otherwise, which a first layout pays for: about a third of it, decision 010).
 */
export const ELK_SETUP = { algorithms: ['layered'] };

const markerId = (id: string): string => `${id}::initial`;

/**
 * ELK reads a compound node's options for the layout of its own children (they are not
 * inherited), so every compound state gets these.
 */
const LAYOUT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.nodeNode': '24',
  'elk.spacing.edgeLabel': '2',
  'elk.edgeLabels.inline': 'false',
  'elk.layered.edgeLabels.sideSelection': 'ALWAYS_DOWN',
  // Speed (the < 500 ms target, decision 010): one crossing-minimisation pass, no greedy switch,
  // simple node placement. On the registration chart about 2.5× faster than ELK's defaults and
  // 15 % narrower.
  'elk.layered.thoroughness': '1',
  'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
  'elk.layered.nodePlacement.strategy': 'SIMPLE',
};

/** elkjs, or examflow's own layered layout (chart-layered.ts), which takes the same graph. */
export interface LayoutEngine {
  layout(graph: ElkNode): Promise<ElkNode>;
}

export async function layoutChart(
  chart: MachineChart,
  elk: LayoutEngine,
  extra: Record<string, string> = {},
): Promise<ChartLayout> {
  const options = { ...LAYOUT_OPTIONS, ...extra };
  const laidEdges = new Map<string, Omit<LaidEdge, 'points'>>();
  const elkNodes = new Map<string, ElkNode>();
  const edgesOf = (id: string): ElkExtendedEdge[] => {
    const node = elkNodes.get(id);
    if (!node) throw new Error(`chart ${chart.name}: no node ${id}`);
    return (node.edges ??= []) as ElkExtendedEdge[];
  };

  const build = (id: string): ElkNode => {
    const node = chart.nodes[id];
    if (!node) throw new Error(`chart ${chart.name}: no node ${id}`);
    const lines = nodeLines(node);
    const title = nodeTitle(node);
    const minWidth = Math.max(textWidth(title), ...lines.map(textWidth)) + 24;
    if (node.children.length === 0) {
      const leaf: ElkNode =
        node.type === 'history'
          ? { id, width: 30, height: 30 }
          : { id, width: Math.max(minWidth, 60), height: 28 + lines.length * LINE_HEIGHT };
      elkNodes.set(id, leaf);
      return leaf;
    }
    const children = node.children.map(build);
    const top = HEADER + lines.length * LINE_HEIGHT;
    const compound: ElkNode = {
      id,
      children,
      edges: [],
      layoutOptions: {
        ...options,
        'elk.padding': `[top=${top},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${minWidth}, ${top + 20})`,
        // Regions of a parallel state side by side; a compound state's steps top to bottom.
        'elk.direction': node.type === 'parallel' ? 'RIGHT' : 'DOWN',
      },
    };
    elkNodes.set(id, compound);
    if (node.initial) {
      children.unshift({ id: markerId(id), width: MARKER, height: MARKER });
      const edgeId = `${id}::initialEdge`;
      compound.edges?.push({ id: edgeId, sources: [markerId(id)], targets: [node.initial] });
      laidEdges.set(edgeId, { id: edgeId, initialOf: id, target: node.initial, label: '', lines: [] });
    }
    return compound;
  };
  const root = build(chart.root);

  // Each compound state is laid out on its own (SEPARATE_CHILDREN, decision 010): ELK routes the
  // transitions between siblings (and self-loops); a transition that crosses levels is routed here
  // after the layout, and ELK gets it as an undrawn edge between the two siblings that hold its
  // ends, so the order of the steps still follows it.
  const chain = (id: string): string[] => {
    const ids: string[] = [];
    for (let at: string | undefined = id; at; at = chart.nodes[at]?.parent) ids.unshift(at);
    return ids;
  };
  const crossing: { id: string; source: string; target: string }[] = [];
  const lifted = new Map<
    string,
    { source: string; target: string; outerSource: string; outerTarget: string }
  >();
  for (const edge of chart.edges) {
    const label = edgeLabel(edge);
    edge.targets.forEach((target, index) => {
      const id = `${edge.id}>${index}`;
      const lines = labelLines(label);
      laidEdges.set(id, { id, edge, target, label, lines });
      const from = chain(edge.source);
      const to = chain(target);
      let common = 0;
      while (common < from.length && common < to.length && from[common] === to[common]) common++;
      if (edge.source === target) {
        const parent = chart.nodes[target]?.parent;
        if (parent) {
          edgesOut(parent, id, edge.source, target, label, lines);
          return;
        }
      }
      const source = from[common];
      const dest = to[common];
      const container = from[common - 1];
      if (source === edge.source && dest === target && container) {
        edgesOut(container, id, source, dest, label, lines);
        return;
      }
      if (!source || !dest || !container) {
        crossing.push({ id, source: edge.source, target });
        return;
      }
      // ELK routes (and labels) the arrow between the two siblings that hold its ends; the
      // stretches inside them are drawn here.
      edgesOut(container, id, source, dest, label, lines);
      if (source !== edge.source || dest !== target)
        lifted.set(id, { source: edge.source, target, outerSource: source, outerTarget: dest });
    });
  }
  function edgesOut(
    container: string,
    id: string,
    source: string,
    target: string,
    label: string,
    lines: string[],
  ): void {
    const labels: ElkLabel[] = [
      {
        id: `${id}::label`,
        text: label,
        width: Math.max(...lines.map(textWidth)) + 8,
        height: LABEL_LINE * lines.length + 4,
      },
    ];
    edgesOf(container).push({ id, sources: [source], targets: [target], labels });
  }

  const graph: ElkNode = {
    id: '::graph',
    layoutOptions: {
      ...options,
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [root],
  };
  const out = await elk.layout(graph);

  const nodes: LaidNode[] = [];
  const collect = (elkNode: ElkNode): void => {
    for (const child of elkNode.children ?? []) {
      const node = chart.nodes[child.id];
      if (node) {
        const laid: LaidNode = {
          id: child.id,
          node,
          x: child.x ?? 0,
          y: child.y ?? 0,
          width: child.width ?? 0,
          height: child.height ?? 0,
        };
        const marker = child.children?.find((c) => c.id === markerId(child.id));
        if (marker) laid.initialMarker = { x: (marker.x ?? 0) + MARKER / 2, y: (marker.y ?? 0) + MARKER / 2 };
        nodes.push(laid);
      }
      collect(child);
    }
  };
  collect(out);

  const edges: LaidEdge[] = [];
  const collectEdges = (elkNode: ElkNode): void => {
    for (const e of (elkNode.edges ?? []) as ElkExtendedEdge[]) {
      const meta = laidEdges.get(e.id);
      const section = e.sections?.[0];
      if (!meta || !section) continue;
      const laid: LaidEdge = {
        ...meta,
        points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => ({
          x: p.x,
          y: p.y,
        })),
      };
      const label = e.labels?.[0];
      if (label && meta.label)
        laid.labelBox = {
          x: label.x ?? 0,
          y: label.y ?? 0,
          width: label.width ?? 0,
          height: label.height ?? 0,
        };
      edges.push(laid);
    }
    for (const child of elkNode.children ?? []) collectEdges(child);
  };
  collectEdges(out);

  const boxes = new Map(nodes.map((n) => [n.id, n]));
  const within = (id: string, outer: string): boolean => {
    for (let at = chart.nodes[id]?.parent; at; at = chart.nodes[at]?.parent) if (at === outer) return true;
    return false;
  };
  /** The stretch from a nested state to a point on the border of `outer`, its ancestor. */
  const inside = (id: string, outer: string, point: Point): Point[] => {
    const box = boxes.get(id);
    const around = boxes.get(outer);
    if (!box || !around) return [point];
    const obstacles = nodes.filter((n) => n.id !== id && within(n.id, outer) && !within(id, n.id));
    return insideRoute(box, point, around, obstacles);
  };
  for (const laid of edges) {
    const ends = lifted.get(laid.id);
    const first = laid.points[0];
    const last = laid.points.at(-1);
    if (!ends || !first || !last) continue;
    const from = boxes.get(ends.source);
    const to = boxes.get(ends.target);
    const head = from ? inside(ends.source, ends.outerSource, first) : [first];
    const tail = to ? inside(ends.target, ends.outerTarget, last).reverse() : [last];
    laid.points = [...head, ...laid.points.slice(1, -1), ...tail];
  }
  // Several transitions between one state and its descendant share the line: their labels stack
  // upwards instead of lying on one another.
  const stacked = new Map<string, number>();
  for (const cross of crossing) {
    const meta = laidEdges.get(cross.id);
    const from = boxes.get(cross.source);
    const to = boxes.get(cross.target);
    if (!meta || !from || !to) continue;
    const points = nestedRoute(from, to);
    const laid: LaidEdge = { ...meta, points };
    if (meta.label) {
      const box = labelAt(points, meta.lines);
      const pair = `${cross.source}>${cross.target}`;
      const above = stacked.get(pair) ?? 0;
      laid.labelBox = { ...box, y: box.y - above };
      stacked.set(pair, above + box.height + 2);
    }
    edges.push(laid);
  }

  return {
    name: chart.name,
    width: Math.ceil(out.width ?? 0),
    height: Math.ceil(out.height ?? 0),
    nodes,
    edges,
  };
}

type Box = { x: number; y: number; width: number; height: number };
type Point = { x: number; y: number };

/**
 * A transition between a state and one of its own descendants: out of the nested state to its
 * ancestor's right border, or from the ancestor's left border into the nested state.
 */
export function nestedRoute(from: Box, to: Box): Point[] {
  const outward = from.x >= to.x && from.x + from.width <= to.x + to.width && from.y >= to.y;
  const inner = outward ? from : to;
  const y = Math.min(inner.y + inner.height / 2, inner.y + 14);
  return outward
    ? [
        { x: from.x + from.width, y },
        { x: to.x + to.width, y },
      ]
    : [
        { x: from.x, y },
        { x: to.x, y },
      ];
}

/** Whether a polyline runs through the inside of any of the boxes. */
function crosses(points: Point[], boxes: Box[]): boolean {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    const [x1, x2] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
    const [y1, y2] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
    if (boxes.some((o) => x2 > o.x + 1 && x1 < o.x + o.width - 1 && y2 > o.y + 1 && y1 < o.y + o.height - 1))
      return true;
  }
  return false;
}

/**
 * From a nested state to a point on its ancestor's border: the short way when no other state is
 * in it, else out of the state's side and along the ancestor's padding (which no state is in).
 */
export function insideRoute(box: Box, point: Point, around: Box, obstacles: Box[]): Point[] {
  const direct = connector(box, point);
  if (!crosses(direct, obstacles)) return direct;
  const right = point.x >= box.x + box.width / 2;
  const start = { x: right ? box.x + box.width : box.x, y: box.y + box.height / 2 };
  const lane = right ? around.x + around.width - 7 : around.x + 7;
  const onTopOrBottom = Math.abs(point.y - around.y) < 2 || Math.abs(point.y - around.y - around.height) < 2;
  if (!onTopOrBottom) return [start, { x: lane, y: start.y }, { x: lane, y: point.y }, point];
  const y = point.y > around.y + around.height / 2 ? around.y + around.height - 7 : around.y + 7;
  return [start, { x: lane, y: start.y }, { x: lane, y }, { x: point.x, y }, point];
}

/**
 * From a state's border to a point on the border of the sibling-level box around it (where ELK's
 * arrow starts or ends): straight when the point is in line with the state, else one elbow.
 */
export function connector(box: Box, point: Point): Point[] {
  const inX = point.x >= box.x + 4 && point.x <= box.x + box.width - 4;
  const inY = point.y >= box.y + 4 && point.y <= box.y + box.height - 4;
  if (point.y >= box.y + box.height || point.y <= box.y) {
    const y = point.y >= box.y + box.height ? box.y + box.height : box.y;
    if (inX) return [{ x: point.x, y }, point];
    const x = box.x + box.width / 2;
    return [{ x, y }, { x, y: point.y }, point];
  }
  const x = point.x >= box.x + box.width ? box.x + box.width : box.x;
  if (inY) return [{ x, y: point.y }, point];
  const y = box.y + box.height / 2;
  return [{ x, y }, { x: point.x, y }, point];
}

/** A label beside the middle of a route (the middle of its longest segment). */
function labelAt(points: Point[], lines: string[]): Box {
  const width = Math.max(...lines.map(textWidth)) + 8;
  const height = LABEL_LINE * lines.length + 4;
  let best = 0;
  let at = { x: points[0]?.x ?? 0, y: points[0]?.y ?? 0 };
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    const length = Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
    if (length > best) {
      best = length;
      at = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    }
  }
  return { x: at.x - width / 2, y: at.y - height - 2, width, height };
}
