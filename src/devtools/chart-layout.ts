// A chart laid out by elkjs's layered algorithm with hierarchy handling (the XState 4
// visualiser's choice, decision 010): states as boxes in boxes, every transition an edge from its
// source to each target, an initial marker inside each compound state. The ELK instance is passed
// in, so the same code runs in Node (the exporter) and in the inspector's web worker.
import type { ELK, ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
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

export async function layoutChart(
  chart: MachineChart,
  elk: ELK,
  extra: Record<string, string> = {},
): Promise<ChartLayout> {
  const options = { ...LAYOUT_OPTIONS, ...extra };
  const edgesOut: ElkExtendedEdge[] = [];
  const laidEdges = new Map<string, Omit<LaidEdge, 'points'>>();

  const build = (id: string): ElkNode => {
    const node = chart.nodes[id];
    if (!node) throw new Error(`chart ${chart.name}: no node ${id}`);
    const lines = nodeLines(node);
    const title = nodeTitle(node);
    const minWidth = Math.max(textWidth(title), ...lines.map(textWidth)) + 24;
    if (node.children.length === 0) {
      if (node.type === 'history') return { id, width: 30, height: 30 };
      return { id, width: Math.max(minWidth, 60), height: 28 + lines.length * LINE_HEIGHT };
    }
    const children = node.children.map(build);
    if (node.initial) {
      children.unshift({ id: markerId(id), width: MARKER, height: MARKER });
      const edgeId = `${id}::initialEdge`;
      edgesOut.push({ id: edgeId, sources: [markerId(id)], targets: [node.initial] });
      laidEdges.set(edgeId, { id: edgeId, initialOf: id, target: node.initial, label: '', lines: [] });
    }
    const top = HEADER + lines.length * LINE_HEIGHT;
    return {
      id,
      children,
      layoutOptions: {
        ...options,
        'elk.padding': `[top=${top},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${minWidth}, ${top + 20})`,
        // Regions of a parallel state side by side; a compound state's steps top to bottom.
        'elk.direction': node.type === 'parallel' ? 'RIGHT' : 'DOWN',
      },
    };
  };
  const root = build(chart.root);

  for (const edge of chart.edges) {
    const label = edgeLabel(edge);
    edge.targets.forEach((target, index) => {
      const id = `${edge.id}>${index}`;
      const lines = labelLines(label);
      const labels: ElkLabel[] = [
        {
          id: `${id}::label`,
          text: label,
          width: Math.max(...lines.map(textWidth)) + 8,
          height: LABEL_LINE * lines.length + 4,
        },
      ];
      edgesOut.push({ id, sources: [edge.source], targets: [target], labels });
      laidEdges.set(id, { id, edge, target, label, lines });
    });
  }

  const graph: ElkNode = {
    id: '::graph',
    layoutOptions: {
      ...options,
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [root],
    edges: edgesOut,
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

  return {
    name: chart.name,
    width: Math.ceil(out.width ?? 0),
    height: Math.ceil(out.height ?? 0),
    nodes,
    edges,
  };
}
