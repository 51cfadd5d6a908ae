// What the Funnel view and the home page show of the funnel, pure: the table's rows
// (the same numbers the chart draws), the CSV of them, numbers and times in words, the verdict of
// a comparison, and each variant's last 7 days.
import { daysBetween, indiaDate } from '../../domain/dates';
import {
  FUNNEL_STEP_NAMES,
  type Comparison,
  type VariantFunnel,
  type VariantId,
} from '../../domain/funnel-report';

const DAY_MS = 86_400_000;

/** The last `days` India days up to today, both included. */
export function lastDays(now: Date, days: number): { from: string; to: string } {
  return { from: indiaDate(new Date(now.getTime() - (days - 1) * DAY_MS)), to: indiaDate(now) };
}

/** How many days a range covers. */
export const daysIn = (from: string, to: string): number => daysBetween(from, to) + 1;

export const variantKey = (id: VariantId): string => `${id.programme}:${id.variant}`;

/** 0.4237 → "42.4 %", 0.00076 → "0.08 %", under 0.005 % → "0.0 %"; null → "–". */
export function percent(rate: number | null): string {
  if (rate === null) return '–';
  const value = rate * 100;
  if (value < 0.005) return '0.0 %';
  return `${value < 0.1 ? value.toFixed(2) : value.toFixed(1)} %`;
}

/** A median time in words: "45 s", "3 min 20 s", "2 h 5 min", "3 days 4 h"; null → "–". */
export function duration(ms: number | null): string {
  if (ms === null) return '–';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return s % 60 ? `${min} min ${s % 60} s` : `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  const unit = d === 1 ? 'day' : 'days';
  return h % 24 ? `${d} ${unit} ${h % 24} h` : `${d} ${unit}`;
}

/**
 * One colour per variant, 12 that colour-blind readers can also tell apart: Okabe and Ito's eight
 * (Color Universal Design, 2008) and four of Paul Tol's "muted" set; each with a name, so the table
 * can say which variant is which colour in words. A 13th variant takes the first colour again.
 */
export const VARIANT_COLOURS: readonly { hex: string; name: string }[] = [
  { hex: '#0072B2', name: 'Blue' },
  { hex: '#E69F00', name: 'Orange' },
  { hex: '#009E73', name: 'Green' },
  { hex: '#D55E00', name: 'Red-orange' },
  { hex: '#CC79A7', name: 'Pink' },
  { hex: '#56B4E9', name: 'Sky blue' },
  { hex: '#000000', name: 'Black' },
  { hex: '#F0E442', name: 'Yellow' },
  { hex: '#332288', name: 'Indigo' },
  { hex: '#882255', name: 'Wine' },
  { hex: '#999933', name: 'Olive' },
  { hex: '#44AA99', name: 'Teal' },
];

/** The colour of the variant in the `index`th place. */
export const variantColour = (index: number): { hex: string; name: string } =>
  VARIANT_COLOURS[index % VARIANT_COLOURS.length] ?? { hex: '#000000', name: 'Black' };

export interface FunnelRow {
  /** The variant in words (its page's title). */
  variant: string;
  programme: string;
  variantKey: string;
  /** Where the variant's page is (its address), '' when it is not on the site any more. */
  path: string;
  step: string;
  visitors: number;
  fromPrevious: string;
  fromView: string;
  median: string;
}

/** One row per variant and step, in funnel order: the table, and the CSV. */
export function funnelRows(
  variants: VariantFunnel[],
  name: (id: VariantId) => string,
  pathOf: (id: VariantId) => string,
): FunnelRow[] {
  return variants.flatMap((v) =>
    v.steps.map((s) => ({
      variant: name(v),
      programme: v.programme,
      variantKey: v.variant,
      path: pathOf(v),
      step: FUNNEL_STEP_NAMES[s.step],
      visitors: s.visitors,
      fromPrevious: percent(s.fromPrevious),
      fromView: percent(s.fromView),
      median: duration(s.medianMsFromPrevious),
    })),
  );
}

const CSV_HEADER = [
  'Variant',
  'Programme',
  'Variant key',
  'Path',
  'Step',
  'Visitors',
  'From previous step',
  'From page view',
  'Median time from previous step',
];

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading =, +, - or @ made text. */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Excel reads a CSV as UTF-8 (Hindi titles intact) only when the file starts with the byte-order mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The table as CSV (RFC 4180, CRLF, UTF-8 with a byte-order mark), with the range and the filter it
 * covers in its first line.
 */
export function funnelCsv(rows: FunnelRow[], range: { from: string; to: string; filter: string }): string {
  const lines = [
    [`Funnel ${range.from} to ${range.to}`, range.filter].map(cell).join(','),
    CSV_HEADER.map(cell).join(','),
    ...rows.map((r) =>
      [r.variant, r.programme, r.variantKey, r.path, r.step, r.visitors, r.fromPrevious, r.fromView, r.median]
        .map(cell)
        .join(','),
    ),
  ];
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

/** p to 3 decimals, "< 0.001" below. */
export const pValue = (p: number): string => (p < 0.001 ? '< 0.001' : p.toFixed(3));

/** "p = 0.036", "p < 0.001". */
const pIs = (p: number): string => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);

/** What a comparison says, in a sentence (at the 5 % level). */
export function verdict(comparison: Comparison, a: string, b: string, what: string): string {
  if (!comparison.enough) return comparison.reason;
  if (comparison.p >= 0.05)
    return `No clear difference in ${what} yet (${pIs(comparison.p)}): keep both running or collect more visits.`;
  const [better, worse] = comparison.difference > 0 ? [a, b] : [b, a];
  return `${better} converts better than ${worse} on ${what} (${pIs(comparison.p)}).`;
}

export interface WeekFigures {
  visitors: number;
  /** View → registered, null without views. */
  registered: number | null;
}

/** Each variant's visitors (page views) and view → registered over the report's range. */
export function weekFigures(variants: VariantFunnel[]): Map<string, WeekFigures> {
  const figures = new Map<string, WeekFigures>();
  for (const v of variants) {
    const views = v.steps.find((s) => s.step === 'page_view')?.visitors ?? 0;
    const registered = v.steps.find((s) => s.step === 'registered')?.visitors ?? 0;
    figures.set(variantKey(v), {
      visitors: views,
      registered: views > 0 ? Math.min(registered, views) / views : null,
    });
  }
  return figures;
}
