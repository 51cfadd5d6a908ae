import ELK from 'elkjs/lib/elk.bundled.js';
import { fromPromise, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { layoutChart } from './chart-layout';
import { chartMermaid } from './chart-mermaid';
import { chartSvg } from './chart-svg';
import { readMachine } from './machine-chart';

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

describe('chart export', () => {
  const chart = readMachine(machine, 'form', 'Form');

  it('lays out states inside their parents, with an arrow per transition and initial marks', async () => {
    const layout = await layoutChart(chart, new ELK());
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
