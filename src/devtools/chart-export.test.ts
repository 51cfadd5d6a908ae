import ELK from 'elkjs/lib/elk.bundled.js';
import { fromPromise, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { insideRoute, layoutChart, nestedRoute, type ChartLayout, type LayoutEngine } from './chart-layout';
import { LAYERED } from './chart-layered';
import { chartMermaid } from './chart-mermaid';
import { chartSvg } from './chart-svg';
import { readMachine } from './machine-chart';
import { MACHINES } from './machine-list';

const machine = setup({
  types: { events: {} as { type: 'form.submit' } | { type: 'form.edit' } },
  actors: { save: fromPromise(async () => 1) },
  guards: { valid: () => true },
  delays: { retryWait: 2000 },
}).createMachine({
  id: 'form',
  initial: 'editing',
  states: {
    editing: { on: { 'form.submit': { guard: 'valid', target: 'busy' } } },
    busy: {
      type: 'parallel',
      states: {
        saving: {
          initial: 'calling',
          states: {
            calling: { invoke: { id: 'save', src: 'save', onDone: '#form.done', onError: 'waiting' } },
            waiting: { after: { retryWait: 'calling' } },
          },
        },
        watching: { on: { 'form.edit': '#form.editing' } },
      },
    },
    done: { type: 'final' },
  },
});

const engines: [string, () => LayoutEngine][] = [
  ['elkjs', () => new ELK()],
  ['examflow layered', () => LAYERED],
];

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Pairs of states in one parent that overlap. */
const siblingClashes = (layout: ChartLayout): string[] =>
  layout.nodes.flatMap((a) =>
    layout.nodes
      .filter((b) => a.id < b.id && a.node.parent === b.node.parent && overlap(a, b))
      .map((b) => `${a.id} / ${b.id}`),
  );

const onBorder = (point: { x: number; y: number } | undefined, b: Box | undefined): boolean => {
  if (!point || !b) return false;
  const near = (a: number, c: number) => Math.abs(a - c) <= 1.5;
  const inX = point.x >= b.x - 1.5 && point.x <= b.x + b.width + 1.5;
  const inY = point.y >= b.y - 1.5 && point.y <= b.y + b.height + 1.5;
  return (
    (inX && (near(point.y, b.y) || near(point.y, b.y + b.height))) ||
    (inY && (near(point.x, b.x) || near(point.x, b.x + b.width)))
  );
};

/** Arrows that do not start on their source's border or do not end on their target's. */
const astrayArrows = (layout: ChartLayout): string[] => {
  const boxes = new Map(layout.nodes.map((n) => [n.id, n]));
  return layout.edges
    .filter(
      (e) =>
        e.edge &&
        (!onBorder(e.points[0], boxes.get(e.edge.source)) || !onBorder(e.points.at(-1), boxes.get(e.target))),
    )
    .map((e) => e.id);
};

describe.each(engines)('chart layout by %s', (_, engine) => {
  const chart = readMachine(machine, 'form', 'Form');

  it('lays out states inside their parents, with an arrow per transition and initial marks', async () => {
    const layout = await layoutChart(chart, engine());
    const box = (id: string) => layout.nodes.find((n) => n.id === id);
    const inside = (child: string, parent: string) => {
      const c = box(child);
      const p = box(parent);
      return (
        !!c &&
        !!p &&
        c.x >= p.x &&
        c.y >= p.y &&
        c.x + c.width <= p.x + p.width &&
        c.y + c.height <= p.y + p.height
      );
    };
    expect(inside('form.busy.saving.calling', 'form.busy.saving')).toBe(true);
    expect(inside('form.busy.saving', 'form.busy')).toBe(true);
    expect(inside('form.busy', 'form')).toBe(true);
    expect(
      layout.edges
        .filter((e) => e.edge)
        .map((e) => e.label)
        .sort(),
    ).toEqual(['after retryWait (2 s)', 'done: save', 'error: save', 'form.edit', 'form.submit [valid]']);
    // Initial marks for the root and the compound region, not for the parallel state.
    expect(layout.edges.filter((e) => e.initialOf).map((e) => e.target)).toEqual(
      expect.arrayContaining(['form.editing', 'form.busy.saving.calling']),
    );
    expect(layout.edges.every((e) => e.points.length >= 2)).toBe(true);
  });

  it('draws every arrow from its source state border to its target border, across levels too', async () => {
    const layout = await layoutChart(chart, engine());
    const drawn = layout.edges.filter((e) => e.edge);
    // calling → #form.done and watching → #form.editing leave the parallel state from inside it.
    expect(drawn.map((e) => `${e.edge?.source}>${e.target}`)).toEqual(
      expect.arrayContaining(['form.busy.saving.calling>form.done', 'form.busy.watching>form.editing']),
    );
    expect(astrayArrows(layout)).toEqual([]);
  });

  it('keeps sibling states and labels apart', async () => {
    const layout = await layoutChart(chart, engine());
    expect(siblingClashes(layout)).toEqual([]);
    const labels = layout.edges.flatMap((e) => (e.labelBox ? [e.labelBox] : []));
    expect(labels.length).toBe(5);
    const clash = labels.flatMap((a, i) => labels.slice(i + 1).filter((b) => overlap(a, b)));
    expect(clash).toEqual([]);
  });
});

describe('chart export', () => {
  const chart = readMachine(machine, 'form', 'Form');

  it('routes a transition between a state and its own descendant from border to border', () => {
    const outer = { x: 0, y: 0, width: 200, height: 100 };
    const inner = { x: 20, y: 30, width: 60, height: 30 };
    expect(nestedRoute(inner, outer)).toEqual([
      { x: 80, y: 44 },
      { x: 200, y: 44 },
    ]);
    expect(nestedRoute(outer, inner)).toEqual([
      { x: 0, y: 44 },
      { x: 20, y: 44 },
    ]);
  });

  it('goes round a state in the way of a stretch inside a parent, through the parent padding', () => {
    const around = { x: 0, y: 0, width: 200, height: 200 };
    const nested = { x: 20, y: 30, width: 60, height: 30 };
    const exit = { x: 50, y: 200 };
    expect(insideRoute(nested, exit, around, [])).toEqual([{ x: 50, y: 60 }, exit]);
    const inTheWay = { x: 20, y: 100, width: 60, height: 30 };
    const route = insideRoute(nested, exit, around, [inTheWay]);
    expect(route.at(-1)).toEqual(exit);
    // No stretch of the route runs through the state in the way.
    const through = route.some((a, i) => {
      const b = route[i + 1];
      if (!b) return false;
      const [x1, x2] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
      const [y1, y2] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
      return x2 > 21 && x1 < 79 && y2 > 101 && y1 < 129;
    });
    expect(through).toBe(false);
  });

  it('writes SVG with each state and label, escaped, and focusable states when asked', async () => {
    const layout = await layoutChart(chart, new ELK());
    const svg = chartSvg(layout, { interactive: true, title: 'Form <test>' });
    expect(svg).toContain('Statechart: Form &lt;test&gt;');
    expect(svg).toContain('>form.submit [valid]</text>');
    expect(svg).toContain('data-id="form.busy.saving.calling"');
    expect(svg.match(/tabindex="0"/g)?.length).toBe(Object.keys(chart.nodes).length);
    expect(chartSvg(layout)).not.toContain('tabindex');
  });

  it('writes Mermaid with composite and parallel states, initial and final marks', () => {
    const text = chartMermaid(chart);
    expect(text).toMatch(/^stateDiagram-v2\n/);
    expect(text).toContain('[*] --> form_editing');
    expect(text).toContain('form_done --> [*]');
    expect(text).toContain('state form_busy {');
    expect(text).toContain('    --');
    expect(text).toContain('form_busy_saving_waiting --> form_busy_saving_calling : after retryWait (2 s)');
  });
});

describe('examflow layered layout of every machine in the registry', () => {
  it.each(MACHINES.map((m) => [m.name, m] as const))(
    '%s: states apart, arrows border to border',
    async (_, m) => {
      const layout = await layoutChart(readMachine(m.machine, m.name, m.title), LAYERED);
      expect(siblingClashes(layout)).toEqual([]);
      expect(astrayArrows(layout)).toEqual([]);
    },
  );
});
