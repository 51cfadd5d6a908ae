// Helpers shared by the benchmarks: machine context, medians, JS sizes, plain-text tables.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { SiteIndex } from '../../src/engine/site-index';

/** size-limit (bytes-iec) reads "100 KB" as 100 000 bytes; the budgets here use the same unit. */
export const KB = 1000;

export function machineContext(title: string): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return [
    title,
    `machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB RAM, load ${load}`,
    `node ${process.version} on ${os.platform()} ${os.release()}`,
  ].join('\n');
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 ? upper : ((sorted[mid - 1] ?? Number.NaN) + upper) / 2;
}

export function readSiteIndex(dist: string): SiteIndex {
  return JSON.parse(readFileSync(path.join(dist, 'site-index.json'), 'utf8')) as SiteIndex;
}

/** Sum of the gzip (level 9) sizes of JS files given relative to dist/client, as size-limit measures. */
export function gzipBytes(dist: string, files: readonly string[]): number {
  return files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(dist, 'client', file)), { level: 9 }).length,
    0,
  );
}

export type Align = 'left' | 'right';

/** A plain-text table: first row is the header, numbers usually right-aligned. */
export function table(rows: readonly (readonly string[])[], align: readonly Align[]): string {
  const widths = align.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length)));
  const line = (row: readonly string[]): string =>
    row
      .map((cell, col) =>
        align[col] === 'right' ? cell.padStart(widths[col] ?? 0) : cell.padEnd(widths[col] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  if (!header) return '';
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
