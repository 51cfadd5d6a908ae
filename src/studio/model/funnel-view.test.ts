import { describe, expect, it } from 'vitest';
import type { Comparison, StepFigures, VariantFunnel } from '../../domain/funnel-report';
import { FUNNEL_STEPS } from '../../domain/funnel-steps';
import {
  duration,
  funnelCsv,
  funnelRows,
  lastDays,
  percent,
  variantColour,
  verdict,
  weekFigures,
} from './funnel-view';

function variant(variantKey: string, visitors: number[]): VariantFunnel {
  const steps: StepFigures[] = FUNNEL_STEPS.map((step, i) => ({
    step,
    visitors: visitors[i] ?? 0,
    fromPrevious: i === 0 ? null : (visitors[i] ?? 0) / (visitors[i - 1] ?? 1),
    fromView: (visitors[i] ?? 0) / (visitors[0] ?? 1),
    medianMsFromPrevious: i === 0 ? null : 65_000,
    timed: visitors[i] ?? 0,
  }));
  return { programme: 'iacst', variant: variantKey, steps, sandboxVisitors: 0, bySource: [] };
}

describe('the funnel in words', () => {
  it('gives the last n India days, today included', () => {
    // 20:00 UTC is 01:30 the next day in India.
    expect(lastDays(new Date('2026-03-09T20:00:00Z'), 7)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(lastDays(new Date('2026-03-09T10:00:00Z'), 1)).toEqual({ from: '2026-03-09', to: '2026-03-09' });
  });

  it('writes rates and times as a reader reads them', () => {
    expect(percent(0.4237)).toBe('42.4 %');
    expect(percent(0.0123)).toBe('1.2 %');
    expect(percent(0)).toBe('0.0 %');
    expect(percent(0.00076)).toBe('0.08 %');
    // A Wilson bound at 0 conversions, off by a rounding error: not 5.4e-18 %.
    expect(percent(5.4e-20)).toBe('0.0 %');
    expect(percent(null)).toBe('–');
    expect(duration(45_400)).toBe('45 s');
    expect(duration(200_000)).toBe('3 min 20 s');
    expect(duration(7_500_000)).toBe('2 h 5 min');
    expect(duration(100_800_000)).toBe('1 day 4 h');
    expect(duration(3 * 86_400_000)).toBe('3 days');
    expect(duration(null)).toBe('–');
  });

  it('makes one row per variant and step, and a CSV that a spreadsheet reads as text', () => {
    const rows = funnelRows(
      [variant('a', [100, 40])],
      (v) => `Page, "A" (${v.variant})`,
      () => '/neet-repeater',
    );
    expect(rows[1]).toEqual({
      variant: 'Page, "A" (a)',
      programme: 'iacst',
      variantKey: 'a',
      path: '/neet-repeater',
      step: 'Started the form',
      visitors: 40,
      fromPrevious: '40.0 %',
      fromView: '40.0 %',
      median: '1 min 5 s',
    });
    expect(rows).toHaveLength(FUNNEL_STEPS.length);
    const csv = funnelCsv([...rows, { ...rows[0], variant: '=HYPERLINK("x")' } as (typeof rows)[number]], {
      from: '2026-03-01',
      to: '2026-03-07',
      filter: 'All campaigns',
    });
    // Excel reads UTF-8 (a Hindi title) only after a byte-order mark.
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Funnel 2026-03-01 to 2026-03-07,All campaigns');
    expect(lines[1]).toBe(
      'Variant,Programme,Variant key,Path,Step,Visitors,From previous step,From page view,Median time from previous step',
    );
    expect(lines[2]).toBe('"Page, ""A"" (a)",iacst,a,/neet-repeater,Page view,100,–,100.0 %,–');
    // A formula is written as text, never run by the spreadsheet that opens the file.
    expect(lines.at(-2)).toMatch(/^"'=HYPERLINK\(""x""\)",/);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('gives up to 12 variants 12 different colours, each with a name', () => {
    const colours = Array.from({ length: 12 }, (_, i) => variantColour(i));
    expect(new Set(colours.map((c) => c.hex)).size).toBe(12);
    expect(new Set(colours.map((c) => c.name)).size).toBe(12);
    expect(variantColour(12)).toEqual(variantColour(0));
  });

  it('says what a comparison means, and why there is none yet', () => {
    const side = { x: 10, n: 100, rate: 0.1, interval: { low: 0.05, high: 0.17 } };
    const better: Comparison = { enough: true, a: side, b: side, difference: -0.04, z: -2.1, p: 0.0357 };
    expect(verdict(better, 'A', 'B', 'page view → registered')).toBe(
      'B converts better than A on page view → registered (p = 0.036).',
    );
    expect(verdict({ ...better, p: 0.2 }, 'A', 'B', 'x')).toMatch(
      /^No clear difference in x yet \(p = 0.200\)/,
    );
    expect(verdict({ ...better, p: 0.0001 }, 'A', 'B', 'x')).toContain('(p < 0.001)');
    expect(verdict({ enough: false, a: side, b: side, reason: 'Not enough data yet.' }, 'A', 'B', 'x')).toBe(
      'Not enough data yet.',
    );
  });

  it('gives each variant its views and view → registered for the home page', () => {
    const figures = weekFigures([variant('a', [200, 100, 80, 60, 50, 40, 30, 20, 10]), variant('b', [])]);
    expect(figures.get('iacst:a')).toEqual({ visitors: 200, registered: 0.1 });
    expect(figures.get('iacst:b')).toEqual({ visitors: 0, registered: null });
  });
});
