// npm run bench:studio — the Studio's targets, measured in Chromium against `npm run studio`
// itself (scripts/studio.ts, spawned on free ports) over a temporary copy of config/ and a
// temporary data folder, so the repo's files are never written:
//   1. first screen: from the moment the studio prints its URL to the home page's list being
//      visible, for three starts (the first may prepare Vite's dependencies: cold; then warm);
//   2. preview: at 1× CPU, from a keystroke in a landing's hero heading to the preview frame's
//      document holding the new text (its 150 ms debounce, the file API's render and the frame's
//      load included), 10 keys, one at a time;
//   3. the form's own keystroke cost at 4× CPU, read from a Chromium trace as bench:typing reads it
//      (keydown to the first frame painted after it), 20 keys at a typist's pace.
// Figures only: a missed target is printed as MISS, never an exit code.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from 'playwright-core';
import { projectRoot } from '../../src/engine/node/paths';
import { chromiumFlags, chromiumPath } from '../lib/chromium';
import { keyCosts, trace } from './key-trace';
import { machineContext, median, table } from './shared';

const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const PREVIEW_KEYS = 'Zqxjkvbwpy'; // letters the heading does not hold, so each state is new
const FORM_KEYS = 'examflow studio bench';
const SLOWDOWN = 4;
const LANDING = 'landings/iacst-default.json';

interface Studio {
  url: string;
  /** performance.now() when the studio printed its URL. */
  printedAt: number;
  /** From the spawn to the URL printed, ms. */
  startMs: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, 'localhost', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `npx tsx scripts/studio.ts` on free ports and the temporary folders, up to its printed URL. */
async function startStudio(configDir: string, dataDir: string): Promise<Studio> {
  const [devPort, apiPort] = [await freePort(), await freePort()];
  const spawned = performance.now();
  // A process group of its own, so stopping it stops npx, tsx and node together.
  const child: ChildProcess = spawn('npx', ['tsx', 'scripts/studio.ts'], {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DEV_PORT: String(devPort),
      API_PORT: String(apiPort),
      EXAMFLOW_CONFIG_DIR: configDir,
      DATA_DIR: dataDir,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const { url, printedAt } = await new Promise<{ url: string; printedAt: number }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the studio printed no URL in 120 s:\n${output}`)),
      120_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      // The line studioUrlLine() prints: "  ➜  Studio: http://localhost:5173/studio/".
      const match = /Studio:\s+(http\S+\/studio\/)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], printedAt: performance.now() });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the studio exited (${code}) before printing its URL:\n${output}`));
    });
  });
  return {
    url,
    printedAt,
    startMs: printedAt - spawned,
    stop: async () => {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    },
  };
}

/** What the first screen waited for, ms after the navigation started (the page's own clock). */
interface ScreenSplit {
  /** The URL printed to the navigation's start (the browser context and page opening). */
  opened: number;
  html: number;
  /** Script and style modules the page loaded before its list showed, and when the last one arrived. */
  modules: number;
  lastModule: number;
  /** The file API's list: asked for, answered. */
  listAsked: number;
  listAnswered: number;
  visible: number;
}

/** From the URL printed to the home page's list visible, in a fresh browser context. */
async function firstScreen(browser: Browser, studio: Studio): Promise<{ ms: number; split: ScreenSplit }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const opened = performance.now() - studio.printedAt;
  await page.goto(studio.url);
  await page.getByRole('heading', { name: 'Landing pages' }).waitFor({ state: 'visible', timeout: 60_000 });
  await page.locator('table tbody tr').first().waitFor({ state: 'visible', timeout: 60_000 });
  const ms = performance.now() - studio.printedAt;
  const split = await page.evaluate<Omit<ScreenSplit, 'opened'>>(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const modules = resources.filter((e) => e.initiatorType === 'script' || e.initiatorType === 'link' ||
      e.initiatorType === 'other' && !e.name.includes('/studio/api/'));
    const list = resources.find((e) => e.name.includes('/studio/api/files'));
    return {
      html: nav ? nav.responseEnd : NaN,
      modules: modules.length,
      lastModule: Math.max(0, ...modules.map((e) => e.responseEnd)),
      listAsked: list ? list.startTime : NaN,
      listAnswered: list ? list.responseEnd : NaN,
      visible: performance.now(),
    };
  })()`);
  await context.close();
  return { ms, split: { opened, ...split } };
}

/** The editor of the landing at 1280 px, its preview drawn, the hero heading's field focused at its end. */
async function openEditor(browser: Browser, studio: Studio, heroField: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(`${studio.url}edit/${LANDING}`);
  const field = page.locator(heroField);
  await field.waitFor();
  await page.frameLocator('iframe[title^="Preview"]').getByRole('heading', { level: 1 }).first().waitFor();
  await field.click();
  await page.keyboard.press('End');
  // Whatever the opening left to do (validation, the card preview) settles first.
  await page.waitForTimeout(1500);
  return page;
}

/**
 * One key into the focused field; resolves with the ms from its keydown (the event's own time) to
 * the moment the preview frame's document holds `expected`, polled every 5 ms and at each load.
 * Strings, not functions, are evaluated: tsx names the inner functions of a function with a helper
 * the page does not have.
 */
/** Where one key's preview time went (ms): see keyToPreview. */
interface PreviewSplit {
  total: number;
  /** Keydown to the preview request that showed the text leaving (the pauses and the form's render). */
  sent: number;
  /** That request's fetch, request start to response end. */
  fetch: number;
  /** The file API's own figures (Server-Timing): the renderer's module, validate, render, the dev server's HTML transform, all. */
  load: number;
  validate: number;
  render: number;
  html: number;
  server: number;
  /** Response end to the frame's document holding the text (React's update, the frame's parse). */
  shown: number;
  /** Preview requests sent after the keydown (more than one: a request the next one overtook). */
  requests: number;
}

async function keyToPreview(page: Page, key: string, expected: string): Promise<PreviewSplit> {
  // The listener is in place before the key is sent (an evaluation and a key are not ordered).
  await page.evaluate(`performance.clearResourceTimings();
  document.addEventListener('keydown', (event) => {
    window.__efKeyAt = event.timeStamp;
  }, { capture: true, once: true })`);
  await page.keyboard.press(key);
  return page.evaluate<PreviewSplit>(`new Promise((resolve, reject) => {
    const frame = () => document.querySelector('iframe[title^="Preview"]')?.contentDocument;
    const check = () => {
      if (window.__efKeyAt && frame()?.body?.textContent?.includes(${JSON.stringify(expected)})) {
        clearInterval(poll);
        clearTimeout(limit);
        document.removeEventListener('load', check, { capture: true });
        const now = performance.now();
        const at = window.__efKeyAt;
        const sent = performance.getEntriesByType('resource').filter((e) =>
          e.name.includes('/studio/api/preview') && e.startTime >= at);
        const done = sent.filter((e) => e.responseEnd > 0 && e.responseEnd <= now).pop();
        const timing = (name) => done?.serverTiming?.find((t) => t.name === name)?.duration ?? NaN;
        resolve({
          total: now - at,
          sent: done ? done.startTime - at : NaN,
          fetch: done ? done.responseEnd - done.startTime : NaN,
          load: timing('load'),
          validate: timing('validate'),
          render: timing('render'),
          html: timing('html'),
          server: timing('total'),
          shown: done ? now - done.responseEnd : NaN,
          requests: sent.length,
        });
      }
    };
    const poll = setInterval(check, 5);
    document.addEventListener('load', check, { capture: true });
    check();
    const limit = setTimeout(() => {
      clearInterval(poll);
      reject(new Error('the preview did not show the new text within 10 s (keydown at ' +
        window.__efKeyAt + ', frame body ' + (frame()?.body?.textContent?.length ?? 'none') + ' characters)'));
    }, 10_000);
  })`);
}

function status(value: number, target: number): string {
  return Number.isFinite(value) ? (value <= target ? 'PASS' : 'MISS') : 'n/a';
}

const max = (values: number[]) => (values.length ? Math.max(...values) : Number.NaN);
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : 'n/a');

const configDir = mkdtempSync(path.join(tmpdir(), 'examflow-bench-config-'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-bench-data-'));
cpSync(path.join(projectRoot, 'config'), configDir, { recursive: true });
const landing = JSON.parse(readFileSync(path.join(configDir, LANDING), 'utf8')) as {
  blocks: { type: string; heading?: unknown }[];
};
const heroIndex = landing.blocks.findIndex((block) => block.type === 'hero');
const heroField = `#root_blocks_${heroIndex}_heading`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
let studio: Studio | undefined;
const starts: { startMs: number; screenMs: number }[] = [];
let previewMs: number[] = [];
const previewSplits: PreviewSplit[] = [];
let formBusy: number[] = [];
let formToFrame: number[] = [];
let longestTask = Number.NaN;
try {
  console.log(machineContext('examflow bench:studio — `npm run studio` in Chromium'));
  console.log(`config: a temporary copy in ${configDir}; landing edited: ${LANDING}\n`);

  for (let run = 0; run < STARTS; run++) {
    await studio?.stop();
    studio = await startStudio(configDir, dataDir);
    const screen = await firstScreen(browser, studio).catch((error: Error) => {
      console.log(`start ${run + 1}: no first screen (${error.message})`);
      return undefined;
    });
    const screenMs = screen?.ms ?? Number.NaN;
    starts.push({ startMs: studio.startMs, screenMs });
    console.log(
      `start ${run + 1} (${run === 0 ? 'cold' : 'warm'}): URL printed ${ms(studio.startMs)} ms after the ` +
        `spawn, home list visible ${ms(screenMs)} ms after the URL`,
    );
    if (screen) {
      const { split } = screen;
      console.log(
        `  the page opened ${ms(split.opened)} ms after the URL; then (ms after the navigation): HTML ` +
          `${ms(split.html)}, ${split.modules} modules by ${ms(split.lastModule)}, the file list asked ` +
          `${ms(split.listAsked)} and answered ${ms(split.listAnswered)}, list visible ${ms(split.visible)}`,
      );
    }
  }
  if (!studio) throw new Error('no studio');

  // 2. Keystroke to preview, 1× CPU.
  try {
    const page = await openEditor(browser, studio, heroField);
    let value = await page.locator(heroField).inputValue();
    for (const key of PREVIEW_KEYS) {
      value += key;
      const split = await keyToPreview(page, key, value).catch(async (error: Error) => {
        // What the field and the preview hold, to see why.
        const field = await page.locator(heroField).inputValue();
        const note = await page.locator('.st-preview [role="status"]').first().textContent();
        const shown = await page.frameLocator('iframe[title^="Preview"]').locator('h1').first().textContent();
        throw new Error(`${error.message}; field "${field}", preview h1 "${shown}", note "${note}"`);
      });
      previewMs.push(split.total);
      previewSplits.push(split);
      await page.waitForTimeout(300);
    }
    console.log(`preview, each key (ms): ${previewMs.map(ms).join(' ')}`);
    // Where the time goes, each part's median over the keys.
    const part = (pick: (s: PreviewSplit) => number) =>
      ms(median(previewSplits.map(pick).filter(Number.isFinite)));
    console.log(
      `preview, median split (ms): request sent ${part((s) => s.sent)} after the keydown; fetch ` +
        `${part((s) => s.fetch)} (file API: renderer ${part((s) => s.load)}, validate ` +
        `${part((s) => s.validate)}, render ${part((s) => s.render)}, HTML transform ` +
        `${part((s) => s.html)}, in all ${part((s) => s.server)}); shown ` +
        `${part((s) => s.shown)} after the response; ${part((s) => s.requests)} request(s) per key`,
    );
    await page.context().close();
  } catch (error) {
    console.log(`preview: not measured (${(error as Error).message})`);
    previewMs = [];
  }

  // 3. The form's own keystroke cost, 4× CPU, as bench:typing measures it.
  try {
    const page = await openEditor(browser, studio, heroField);
    const cdp = await page.context().newCDPSession(page);
    await page.evaluate(() =>
      document.addEventListener('keydown', () => performance.mark('ef-key'), { capture: true }),
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    const events = await trace(cdp, async () => {
      await page.waitForTimeout(300); // the trace's own start-up is not the first key's
      for (const key of FORM_KEYS.slice(0, 20)) {
        await page.keyboard.press(key === ' ' ? 'Space' : key);
        await page.waitForTimeout(150);
      }
      await page.waitForTimeout(600);
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const costs = keyCosts(events);
    formBusy = costs.keys.map((key) => key.busy);
    formToFrame = costs.keys.map((key) => key.toFrame);
    longestTask = costs.longestTask;
    console.log(`form, each key's keydown to frame (ms): ${formToFrame.map(ms).join(' ')}`);
    // BENCH_VERBOSE=1: the dearest key's tasks (start after its keydown task + length, ms).
    if (process.env.BENCH_VERBOSE) {
      const dearest = costs.keys[formToFrame.indexOf(max(formToFrame))];
      console.log(
        'dearest key, its tasks:',
        dearest?.tasks.map((task) => `${task.at.toFixed(0)}+${task.ms.toFixed(1)}`).join(' '),
      );
    }
    await page.context().close();
  } catch (error) {
    console.log(`form keystrokes: not measured (${(error as Error).message})`);
  }
} finally {
  await studio?.stop();
  await browser.close();
  rmSync(configDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

const rows: string[][] = [['Figure', 'median ms', 'worst ms', 'target', '']];
starts.forEach(({ screenMs }, i) =>
  rows.push([
    `first screen, start ${i + 1} (${i === 0 ? 'cold' : 'warm'})`,
    ms(screenMs),
    '',
    '≤ 2000 ms',
    status(screenMs, 2000),
  ]),
);
rows.push([
  `preview after a keystroke, 1× CPU (${previewMs.length} keys)`,
  ms(median(previewMs)),
  ms(max(previewMs)),
  '≤ 300 ms',
  status(max(previewMs), 300),
]);
rows.push([
  `form keystroke, keydown to frame, ${SLOWDOWN}× CPU (${formToFrame.length} keys)`,
  ms(median(formToFrame)),
  ms(max(formToFrame)),
  '≤ 50 ms',
  status(max(formToFrame), 50),
]);
rows.push([
  `  of which main-thread busy (bench:typing's figure)`,
  ms(median(formBusy)),
  ms(max(formBusy)),
  '≤ 50 ms',
  status(max(formBusy), 50),
]);
console.log('');
console.log(table(rows, ['left', 'right', 'right', 'left', 'left']));
console.log(
  [
    '',
    `longest main-thread task while typing at ${SLOWDOWN}× (the debounced preview and checks included): ${ms(longestTask)} ms`,
    'first screen: from the line "Studio: <url>" on the studio\'s output to the home list visible.',
    'PASS/MISS judge the worst key; the median is shown beside it.',
    machineContext('').split('\n')[1] ?? '',
  ].join('\n'),
);
