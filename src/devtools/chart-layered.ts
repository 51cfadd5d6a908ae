// examflow's own layered layout (decision 010), for the inspector's first view: the same graph
// that chart-layout.ts gives elkjs (each compound state laid out on its own, edges between
// siblings, labels as sizes), laid out in a few milliseconds instead of ELK's hundreds. A plain
// Sugiyama layout per compound state: cycles broken by a depth-first search in the machine's
// order, longest-path layers with a layer for each label, dummy states for arrows that span
// layers, barycentre ordering (the order with the fewest crossings of a few sweeps kept), and
// positions that pull each state towards its neighbours without overlap (isotonic regression).
// ELK stays the layout of `npm run machines:export` and the inspector's "ELK" choice.
import type { ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';

const RANK_GAP = 22;
const NODE_GAP = 24;
const DUMMY_GAP = 10;
/** Between an arrow running through a label's layer and its label. */
const LABEL_OFFSET = 6;
/** How far the first self-loop reaches out of its state, and each next one further. */
const LOOP = 12;
const LOOP_STEP = 8;
/** From a state's right side to its self-loops' labels. */
const loopsReach = (loops: number): number => LOOP + LOOP_STEP * (loops - 1) + 4;
const SWEEPS = 4;
const PLACEMENT_PASSES = 8;

interface Item {
  /** A state or an initial marker; none for a dummy on an arrow's way through a layer. */
  node?: ElkNode;
  /** The label carried by this dummy. */
  label?: { width: number; height: number };
  width: number;
  height: number;
  rank: number;
  order: number;
  x: number;
  up: Item[];
  down: Item[];
}

interface Chain {
  edge: ElkExtendedEdge;
  items: Item[];
  /** The arrow runs against the layers (it closes a cycle): its points are reversed. */
  reversed: boolean;
}

const num = (text: string | undefined, name: string, fallback: number): number => {
  const found = text?.match(new RegExp(`${name}=(-?[\\d.]+)`));
  return found?.[1] ? Number(found[1]) : fallback;
};

function padding(node: ElkNode): { top: number; left: number; bottom: number; right: number } {
  const text = node.layoutOptions?.['elk.padding'];
  return {
    top: num(text, 'top', 12),
    left: num(text, 'left', 12),
    bottom: num(text, 'bottom', 12),
    right: num(text, 'right', 12),
  };
}

function minimum(node: ElkNode): { width: number; height: number } {
  const found = node.layoutOptions?.['elk.nodeSize.minimum']?.match(/\(([\d.]+),\s*([\d.]+)\)/);
  return { width: Number(found?.[1] ?? 0), height: Number(found?.[2] ?? 0) };
}

/** Isotonic regression (pool adjacent violators): the non-decreasing values nearest to `target`. */
function isotonic(target: number[]): number[] {
  const blocks: { value: number; count: number }[] = [];
  for (const value of target) {
    blocks.push({ value, count: 1 });
    for (;;) {
      const last = blocks[blocks.length - 1];
      const before = blocks[blocks.length - 2];
      if (!last || !before || before.value <= last.value) break;
      blocks.pop();
      before.value = (before.value * before.count + last.value * last.count) / (before.count + last.count);
      before.count += last.count;
    }
  }
  return blocks.flatMap((b) => Array<number>(b.count).fill(b.value));
}

const center = (item: Item): number => item.x + item.width / 2;
const gapBetween = (a: Item, b: Item): number => (a.node || b.node ? NODE_GAP : DUMMY_GAP);

/** Pairs of arrows that cross between two neighbouring layers. */
function crossings(upper: Item[]): number {
  const pairs: [number, number][] = [];
  for (const item of upper) for (const below of item.down) pairs.push([item.order, below.order]);
  let count = 0;
  for (let i = 0; i < pairs.length; i++)
    for (let j = i + 1; j < pairs.length; j++) {
      const a = pairs[i];
      const b = pairs[j];
      if (a && b && (a[0] - b[0]) * (a[1] - b[1]) < 0) count++;
    }
  return count;
}

/** Lays out one compound state's children; their x/y (and the edges' points) relative to it. */
function arrange(compound: ElkNode): void {
  const children = compound.children ?? [];
  for (const child of children) if (child.children?.length) arrange(child);
  const pad = padding(compound);
  const edges = compound.edges ?? [];
  const loops = edges.filter((e) => e.sources[0] === e.targets[0]);

  const items = new Map<string, Item>();
  for (const child of children) {
    const own = loops.filter((e) => e.sources[0] === child.id);
    const labelWidth = Math.max(0, ...own.map((e) => e.labels?.[0]?.width ?? 0));
    const labelsHeight = own.reduce((sum, e) => sum + (e.labels?.[0]?.height ?? 0), 0);
    items.set(child.id, {
      node: child,
      width: (child.width ?? 0) + (own.length ? loopsReach(own.length) + labelWidth : 0),
      height: Math.max(child.height ?? 0, labelsHeight),
      rank: 0,
      order: 0,
      x: 0,
      up: [],
      down: [],
    });
  }
  const itemOf = (id: string | undefined): Item => {
    const item = id === undefined ? undefined : items.get(id);
    if (!item) throw new Error(`layered layout: ${compound.id} has no child ${id}`);
    return item;
  };

  // Cycles broken: an arrow back to a state still on the depth-first path runs against the layers.
  const arrows = edges.filter((e) => e.sources[0] !== e.targets[0]);
  const reversed = new Set<ElkExtendedEdge>();
  const seen = new Map<string, 'open' | 'done'>();
  const visit = (id: string): void => {
    seen.set(id, 'open');
    for (const e of arrows) {
      if (e.sources[0] !== id) continue;
      const to = e.targets[0] ?? '';
      if (seen.get(to) === 'open') reversed.add(e);
      else if (!seen.has(to)) visit(to);
    }
    seen.set(id, 'done');
  };
  for (const child of children) if (!seen.has(child.id)) visit(child.id);
  const dag = arrows.map((edge) => {
    const [from, to] = reversed.has(edge)
      ? [edge.targets[0], edge.sources[0]]
      : [edge.sources[0], edge.targets[0]];
    // A labelled arrow spans two layers at least: its label has the layer between to itself.
    return { edge, from: itemOf(from), to: itemOf(to), span: edge.labels?.length ? 2 : 1 };
  });

  // Longest-path layers (in a topological order), then a state with no arrow in moved down to
  // just above the nearest state it points to.
  const incoming = new Map<Item, number>();
  for (const d of dag) incoming.set(d.to, (incoming.get(d.to) ?? 0) + 1);
  const queue = [...items.values()].filter((i) => !incoming.get(i));
  const sources = new Set(queue);
  while (queue.length) {
    const item = queue.shift() as Item;
    for (const d of dag)
      if (d.from === item) {
        d.to.rank = Math.max(d.to.rank, item.rank + d.span);
        const left = (incoming.get(d.to) ?? 0) - 1;
        incoming.set(d.to, left);
        if (left === 0) queue.push(d.to);
      }
  }
  for (const item of sources) {
    const out = dag.filter((d) => d.from === item);
    if (out.length) item.rank = Math.min(...out.map((d) => d.to.rank - d.span));
  }

  // Dummies: one per layer an arrow passes through; its label on the one in the middle.
  const chains: Chain[] = dag.map(({ edge, from, to }) => {
    const chain = [from];
    const middle = from.rank + Math.floor((to.rank - from.rank) / 2);
    const label = edge.labels?.[0];
    for (let rank = from.rank + 1; rank < to.rank; rank++) {
      const carries = rank === middle && label;
      chain.push({
        label: carries ? { width: label.width ?? 0, height: label.height ?? 0 } : undefined,
        width: carries ? (label.width ?? 0) + LABEL_OFFSET : 0,
        height: carries ? (label.height ?? 0) : 0,
        rank,
        order: 0,
        x: 0,
        up: [],
        down: [],
      });
    }
    chain.push(to);
    for (let i = 1; i < chain.length; i++) {
      const a = chain[i - 1] as Item;
      const b = chain[i] as Item;
      a.down.push(b);
      b.up.push(a);
    }
    return { edge, items: chain, reversed: reversed.has(edge) };
  });

  const layers: Item[][] = [];
  const all = [...items.values(), ...chains.flatMap((c) => c.items.slice(1, -1))];
  for (const item of all) (layers[item.rank] ??= []).push(item);
  for (let r = 0; r < layers.length; r++) layers[r] ??= [];
  const renumber = (layer: Item[]): void => layer.forEach((item, i) => (item.order = i));
  layers.forEach(renumber);

  // Order: barycentre sweeps down and up; the order with the fewest crossings is kept.
  const total = (): number => layers.reduce((sum, layer) => sum + crossings(layer), 0);
  let best = layers.map((layer) => [...layer]);
  let fewest = total();
  const sortBy = (layer: Item[], side: 'up' | 'down'): void => {
    const key = new Map(
      layer.map((item) => {
        const near = item[side];
        return [item, near.length ? near.reduce((s, n) => s + n.order, 0) / near.length : item.order];
      }),
    );
    layer.sort((a, b) => (key.get(a) ?? 0) - (key.get(b) ?? 0));
    renumber(layer);
  };
  for (let sweep = 0; sweep < SWEEPS && fewest > 0; sweep++) {
    for (let r = 1; r < layers.length; r++) sortBy(layers[r] as Item[], 'up');
    for (let r = layers.length - 2; r >= 0; r--) sortBy(layers[r] as Item[], 'down');
    const now = total();
    if (now < fewest) {
      fewest = now;
      best = layers.map((layer) => [...layer]);
    }
  }
  best.forEach((layer, r) => {
    layers[r] = layer;
    renumber(layer);
  });

  // Positions: each layer packed, then each item pulled towards the mean of its neighbours'
  // centres, layer by layer down and up, with no overlap and the order kept.
  const place = (layer: Item[], wanted: (item: Item) => number): void => {
    const offsets: number[] = [];
    let offset = 0;
    layer.forEach((item, i) => {
      const before = layer[i - 1];
      if (before) offset += before.width + gapBetween(before, item);
      offsets.push(offset);
    });
    const fitted = isotonic(layer.map((item, i) => wanted(item) - item.width / 2 - (offsets[i] ?? 0)));
    layer.forEach((item, i) => (item.x = (fitted[i] ?? 0) + (offsets[i] ?? 0)));
  };
  for (const layer of layers) place(layer, () => 0);
  const meanOf = (near: Item[], item: Item): number =>
    near.length ? near.reduce((s, n) => s + center(n), 0) / near.length : center(item);
  for (let pass = 0; pass < PLACEMENT_PASSES; pass++) {
    const side = pass % 2 === 0 ? 'up' : 'down';
    const order = side === 'up' ? layers : [...layers].reverse();
    for (const layer of order) place(layer, (item) => meanOf(item[side], item));
  }

  const left = Math.min(...all.map((i) => i.x));
  const tops: number[] = [];
  const heights = layers.map((layer) => Math.max(0, ...layer.map((i) => i.height)));
  let y = pad.top;
  for (const height of heights) {
    tops.push(y);
    y += height + RANK_GAP;
  }
  const contentWidth = Math.max(0, ...all.map((i) => i.x + i.width)) - left;
  const contentHeight = y - RANK_GAP - pad.top;
  const atLeast = minimum(compound);
  compound.width = Math.max(atLeast.width, contentWidth + pad.left + pad.right);
  compound.height = Math.max(atLeast.height, contentHeight + pad.top + pad.bottom);
  const top = (item: Item): number => (tops[item.rank] ?? 0) + ((heights[item.rank] ?? 0) - item.height) / 2;
  for (const item of all) {
    item.x += pad.left - left;
    if (item.node) {
      item.node.x = item.x;
      item.node.y = top(item);
    }
  }

  // Arrows: out of a state's bottom and into the next one's top, their ends spread along the
  // border in the order of where they go; through each layer between, down the dummy's left side.
  const lineX = (item: Item): number => (item.node ? center(item) : item.x);
  const ports = new Map<string, number>();
  const spread = (item: Item, side: 'up' | 'down', list: { chain: Chain; next: Item }[]): void => {
    list.sort((a, b) => lineX(a.next) - lineX(b.next));
    const width = item.node?.width ?? 0;
    list.forEach(({ chain }, i) =>
      ports.set(`${chain.edge.id}:${side}`, item.x + (width * (i + 1)) / (list.length + 1)),
    );
  };
  for (const item of items.values()) {
    spread(
      item,
      'down',
      chains.filter((c) => c.items[0] === item).map((chain) => ({ chain, next: chain.items[1] as Item })),
    );
    spread(
      item,
      'up',
      chains
        .filter((c) => c.items.at(-1) === item)
        .map((chain) => ({ chain, next: chain.items.at(-2) as Item })),
    );
  }
  for (const chain of chains) {
    const first = chain.items[0] as Item;
    const last = chain.items.at(-1) as Item;
    const points: ElkPoint[] = [
      { x: ports.get(`${chain.edge.id}:down`) ?? center(first), y: top(first) + (first.node?.height ?? 0) },
    ];
    for (const dummy of chain.items.slice(1, -1)) {
      const bandTop = tops[dummy.rank] ?? 0;
      points.push({ x: dummy.x, y: bandTop }, { x: dummy.x, y: bandTop + (heights[dummy.rank] ?? 0) });
      const label = chain.edge.labels?.[0];
      if (dummy.label && label) {
        label.x = dummy.x + LABEL_OFFSET;
        label.y = bandTop + ((heights[dummy.rank] ?? 0) - dummy.label.height) / 2;
      }
    }
    points.push({ x: ports.get(`${chain.edge.id}:up`) ?? center(last), y: top(last) });
    if (chain.reversed) points.reverse();
    chain.edge.sections = [
      {
        id: `${chain.edge.id}::section`,
        startPoint: points[0] as ElkPoint,
        endPoint: points.at(-1) as ElkPoint,
        bendPoints: points.slice(1, -1),
      },
    ];
  }

  // Self-loops: out of the state's right side and back, nested outwards, labels stacked beside.
  for (const item of items.values()) {
    const node = item.node as ElkNode;
    const own = loops.filter((e) => e.sources[0] === node.id);
    const right = item.x + (node.width ?? 0);
    const nodeTop = node.y ?? 0;
    const height = node.height ?? 0;
    let labelY = nodeTop;
    own.forEach((edge, i) => {
      const reach = right + LOOP + LOOP_STEP * i;
      const y1 = nodeTop + Math.min(8 + 4 * i, height / 2 - 2);
      const y2 = nodeTop + height - Math.min(8 + 4 * i, height / 2 - 2);
      edge.sections = [
        {
          id: `${edge.id}::section`,
          startPoint: { x: right, y: y1 },
          endPoint: { x: right, y: y2 },
          bendPoints: [
            { x: reach, y: y1 },
            { x: reach, y: y2 },
          ],
        },
      ];
      const label = edge.labels?.[0];
      if (label) {
        label.x = right + loopsReach(own.length);
        label.y = labelY;
        labelY += label.height ?? 0;
      }
    });
  }
}

/** Child positions, edge points and label positions from relative to the whole chart's. */
function toRoot(compound: ElkNode, x: number, y: number): void {
  const move = (p: ElkPoint): ElkPoint => ({ x: p.x + x, y: p.y + y });
  for (const edge of compound.edges ?? []) {
    edge.sections = edge.sections?.map((s) => ({
      ...s,
      startPoint: move(s.startPoint),
      endPoint: move(s.endPoint),
      bendPoints: s.bendPoints?.map(move),
    }));
    for (const label of edge.labels ?? []) {
      label.x = (label.x ?? 0) + x;
      label.y = (label.y ?? 0) + y;
    }
  }
  for (const child of compound.children ?? []) {
    child.x = (child.x ?? 0) + x;
    child.y = (child.y ?? 0) + y;
    toRoot(child, child.x, child.y);
  }
}

/**
 * Lays out the graph chart-layout.ts builds for ELK (the same shape ELK returns, every
 * coordinate relative to the whole chart). It fills in the graph it is given.
 */
export function layeredLayout(graph: ElkNode): ElkNode {
  arrange(graph);
  graph.x = 0;
  graph.y = 0;
  toRoot(graph, 0, 0);
  return graph;
}

/** In place of an ELK instance: `layoutChart(chart, LAYERED)`. */
export const LAYERED = { layout: async (graph: ElkNode): Promise<ElkNode> => layeredLayout(graph) };
