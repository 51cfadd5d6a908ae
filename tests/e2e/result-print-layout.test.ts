// The printed result fits A4, from a phone and from a desktop: the PDF Chromium
// prints is rendered to pixels with poppler's pdftoppm, and on the analysis page the chart shows
// every subject's columns and the legend (each data set's colour: one block per subject and one
// in the legend, none cut off); in print media at A4's content width no table is wider than its
// page (the score card's Percentile column included). On screen, a phone scrolls the score card
// inside its own box, never the page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import students from '../../server/seed/demo-students.json';
import { launchBrowser, seriousViolations } from './browser';

const port = inject('port');
const url = (p: string) => `http://localhost:${port}${p}`;

/** The link the server builds for a student's result (server/services/exams/launch.ts resultUrl). */
function resultLink(suffix: string): string {
  const s = students.find((x) => x.roll_number.endsWith(suffix));
  if (!s) throw new Error(`no demo student ${suffix}`);
  const pairs = new URLSearchParams({ roll_number: s.roll_number, dob: s.dob.replace(/\//g, '-') });
  return `/iacst-result?data=${encodeURIComponent(Buffer.from(pairs.toString()).toString('base64'))}`;
}

/** The chart's data set fills (src/features/result/result-chart.tsx FILLS), as RGB. */
const FILLS: Array<[string, [number, number, number]]> = [
  ['your score', [0x0b, 0x3d, 0x91]],
  ['highest score', [0x7e, 0xa6, 0xdc]],
  ['percentile', [0xe8, 0xee, 0xfb]],
];
/** A4 at 96 dpi (one CSS pixel a pixel) and its 12 mm margins (result.css @page). */
const DPI = 96;
const MARGIN_PX = Math.round((12 / 25.4) * DPI);
/** The A4 page's content width in CSS pixels: 210 mm less two 12 mm margins. */
const A4_CONTENT_PX = Math.floor(((210 - 24) / 25.4) * 96);

interface Raster {
  width: number;
  height: number;
  pixels: Buffer;
}

/** One PDF page as pixels: pdftoppm's binary PPM (P6), whose header is three lines. */
function rasterise(pdf: Buffer, pageNumber: number): Raster {
  const dir = mkdtempSync(path.join(tmpdir(), 'examflow-print-'));
  try {
    const file = path.join(dir, 'result.pdf');
    writeFileSync(file, pdf);
    const out = path.join(dir, 'page');
    execFileSync('pdftoppm', [
      '-r',
      String(DPI),
      '-f',
      String(pageNumber),
      '-l',
      String(pageNumber),
      '-singlefile',
      file,
      out,
    ]);
    const ppm = readFileSync(`${out}.ppm`);
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 32).toString('latin1'));
    if (!header) throw new Error('pdftoppm wrote no binary PPM');
    const [whole, width, height] = header;
    return { width: Number(width), height: Number(height), pixels: ppm.subarray(whole.length) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The separate blocks of one colour (4-connected, a few pixels at least), with their extent. */
function blocksOf(
  raster: Raster,
  [r, g, b]: [number, number, number],
): Array<{ left: number; right: number }> {
  const { width, height, pixels } = raster;
  const near = (i: number) =>
    Math.abs(pixels.readUInt8(i * 3) - r) <= 10 &&
    Math.abs(pixels.readUInt8(i * 3 + 1) - g) <= 10 &&
    Math.abs(pixels.readUInt8(i * 3 + 2) - b) <= 10;
  const seen = new Uint8Array(width * height);
  const blocks: Array<{ left: number; right: number }> = [];
  for (let start = 0; start < width * height; start++) {
    if (seen[start] || !near(start)) continue;
    let size = 0;
    let left = width;
    let right = 0;
    const stack = [start];
    seen[start] = 1;
    for (let i = stack.pop(); i !== undefined; i = stack.pop()) {
      size++;
      const x = i % width;
      left = Math.min(left, x);
      right = Math.max(right, x);
      const next = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
      for (const n of next)
        if (n >= 0 && n < width * height && !seen[n] && near(n)) {
          seen[n] = 1;
          stack.push(n);
        }
    }
    if (size >= 12) blocks.push({ left, right });
  }
  return blocks;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The result at a width, printed with the Print button (print dialog stubbed), its chart drawn. */
async function printedFrom(width: number): Promise<{ page: Page; pdf: Buffer; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(url(resultLink('05')));
  await page.locator('.ef-result').waitFor({ timeout: 15_000 });
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  // On a phone the RESULT tab is open: Print brings the analysis and its chart along.
  await page.getByRole('button', { name: 'Print' }).click();
  // Hidden again on a phone once the (stubbed) dialog returns: found in the DOM, not on screen.
  await page
    .getByRole('img', { name: /Column chart of your score/, includeHidden: true })
    .waitFor({ state: 'attached' });
  const pdf = await page.pdf({ preferCSSPageSize: true });
  return { page, pdf, close: () => context.close() };
}

describe('the printed result fits A4', () => {
  for (const width of [390, 1280]) {
    it(`printed from ${width} px: the chart shows every subject and the legend, nothing cut off`, async () => {
      const { page, pdf, close } = await printedFrom(width);
      const subjects = await page
        .getByRole('table', { name: 'Chart data', includeHidden: true })
        .first()
        .locator('tbody tr')
        .count();
      expect(subjects).toBe(3);
      // Page 3 is the score card and the chart (docs/decisions/011).
      const raster = rasterise(pdf, 3);
      expect(raster.width).toBe(Math.round((210 / 25.4) * DPI));
      const drawn: Array<{ left: number; right: number }> = [];
      for (const [name, colour] of FILLS) {
        const blocks = blocksOf(raster, colour);
        // A column per subject, and the legend's box.
        expect(blocks.length, name).toBe(subjects + 1);
        for (const block of blocks) expect(block.right, name).toBeLessThan(raster.width - MARGIN_PX);
        drawn.push(...blocks);
      }
      // Drawn to the page's width (not the phone's), its columns across most of it.
      const span = Math.max(...drawn.map((b) => b.right)) - Math.min(...drawn.map((b) => b.left));
      expect(span).toBeGreaterThan(0.7 * (raster.width - 2 * MARGIN_PX));
      await close();
    });

    it(`printed from ${width} px: in print media at A4's width no table is wider than its page`, async () => {
      const { page, close } = await printedFrom(width);
      await page.emulateMedia({ media: 'print' });
      await page.setViewportSize({ width: A4_CONTENT_PX, height: 1123 });
      const tables = page.locator('.ef-result-page table');
      expect(await tables.count()).toBeGreaterThan(3);
      const overflowing = await tables.evaluateAll((all) =>
        all
          .map((table) => {
            const box = table.closest('.ef-result-page')?.getBoundingClientRect() ?? new DOMRect();
            const own = table.getBoundingClientRect();
            return { caption: table.querySelector('caption')?.textContent ?? table.ariaLabel, own, box };
          })
          .filter(({ own, box }) => own.width > 0 && own.right > box.right + 0.5)
          .map(({ caption }) => caption),
      );
      expect(overflowing).toEqual([]);
      // Its last column (Percentile) is on the page.
      const percentile = page.getByRole('columnheader', { name: 'Percentile' });
      const right = await percentile.evaluate((cell) => cell.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(A4_CONTENT_PX);
      await close();
    });
  }
});

describe('the score card on a phone', () => {
  it('scrolls inside its own box (keys too), never the page', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(url(resultLink('05')));
    await page.getByRole('button', { name: 'SCORE CARD & ANALYSIS' }).click();
    const box = page.getByRole('region', { name: 'Score card', exact: true });
    await box.waitFor();
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Keyboard users reach it and scroll it with the arrow keys.
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
