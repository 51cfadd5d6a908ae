// Marketing goes live alone, on the production build (issue 38): two server processes on one
// database (a SQLite file; PostgreSQL with TEST_DATABASE_URL, as `npm test` runs this file a second
// time) serve the built site as `npm start` does. In the Studio of the first, an editor who signed
// in with a second factor edits the NEET repeater page's hero heading and a FAQ answer in English
// and in Hindi and submits both; in the Studio of the second, a publisher approves and publishes
// them; both processes, never restarted, serve the new texts (the time is printed; bench:studio
// holds the target), and a rollback from the page's History brings the old texts back. A new variant copied in the Studio
// takes a student's registration in a browser at once, and the Studio's funnel counts it, with the
// page version the student saw.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../scripts/fault/server-process';
import { signInToStudio } from '../../scripts/lib/studio-sign-in';
import { createDb, sqliteFileIn, type Db } from '../../server/db/database';
import { readPublished } from '../../server/services/content/versions';
import { freshPostgresDatabase } from '../support/server-harness';
import { freshMobile, launchBrowser } from './browser';
import { completeFreeRegistration, verifyFreshMobile } from './registration-walk';
import { shownField } from './studio-outline';

const ENGLISH = { file: 'landings/neet-repeater.json', page: '/neet-repeater-scholarship' };
const HINDI = { file: 'landings/neet-repeater-hindi.json', page: '/neet-repeater-scholarship-hindi' };
const EDITS = {
  [ENGLISH.file]: {
    hero: 'NEET repeaters: one more year, with a scholarship',
    faq: 'Class 12 students and passouts.',
  },
  [HINDI.file]: { hero: 'नीट रिपीटर: एक और साल, छात्रवृत्ति के साथ', faq: 'कक्षा 12 के छात्र और 12 पास छात्र।' },
};
const COPY = {
  page: '/neet-repeater-live',
  file: 'landings/neet-repeater-live.json',
  key: 'iacst_neet_live',
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-studio-live-'));
const children: ChildProcess[] = [];
let bases: string[] = [];
let db: Db;
let browser: Browser;
let editor: Page;
let publisher: Page;
let dropDatabase = async () => {};

beforeAll(async () => {
  const admin = process.env.TEST_DATABASE_URL;
  const fresh = admin ? await freshPostgresDatabase(admin) : undefined;
  if (fresh) dropDatabase = fresh.drop;
  const start = async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: fresh?.url,
      SERVE_SITE: '1',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    });
    children.push(server.child);
    return server.base;
  };
  // One after the other: the first migrates and seeds the database.
  bases = [await start()];
  bases.push(await start());
  db = createDb(fresh ? { databaseUrl: fresh.url } : { sqliteFile: sqliteFileIn(dataDir) });
  browser = await launchBrowser();
  const ctx = { db, now: () => new Date() };
  ({ page: editor } = await signInToStudio(browser, bases[0] ?? '', ctx, {
    email: 'esha.editor@example.com',
    name: 'Esha Editor',
    role: 'editor',
  }));
  ({ page: publisher } = await signInToStudio(browser, bases[1] ?? '', ctx, {
    email: 'pia.publisher@example.com',
    name: 'Pia Publisher',
    role: 'publisher',
  }));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((resolve) => c.once('exit', resolve))));
  await db?.destroy();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const html = async (base: string, page: string) => {
  const response = await fetch(`${base}${page}`);
  return response.ok ? response.text() : `HTTP ${response.status}`;
};

/** The ids @rjsf gives a block's fields: the block's place in the published page. */
async function blockField(file: string, type: string, rest: string): Promise<string> {
  const { texts } = await readPublished(db);
  const doc = JSON.parse(texts.get(file) ?? '{}') as { blocks: { type: string }[] };
  return `#root_blocks_${doc.blocks.findIndex((b) => b.type === type)}_${rest}`;
}

const submit = (page: Page) => page.getByRole('button', { name: 'Submit for review', exact: true });

/** The editor changes the page's hero heading and first FAQ answer, and submits the draft. */
async function editAndSubmit(file: string, hero: string, faq: string): Promise<void> {
  await editor.goto(`${bases[0]}/studio/edit/${file}`);
  await editor.locator('#root_title').waitFor({ timeout: 30_000 });
  await (await shownField(editor, await blockField(file, 'hero', 'heading'))).fill(hero);
  const answer = await shownField(editor, await blockField(file, 'faq', 'items_0_points_0'));
  await answer.fill(faq);
  // Submit at once, the answer's keys still held: the click's blur tells them, and Submit waits
  // for the draft holding both edits (the published pages are checked for both below).
  await expect.poll(() => submit(editor).isDisabled(), { timeout: 20_000 }).toBe(false);
  await submit(editor).click();
  await editor.getByText(/^Submitted for review\. A publisher/).waitFor({ timeout: 20_000 });
}

/** The publisher approves and publishes, in their Studio's Inbox, what waits for the page at `path`. */
async function approveAndPublish(path: string): Promise<void> {
  await publisher.goto(`${bases[1]}/studio/inbox`);
  const waiting = publisher.getByRole('article', { name: new RegExp(` ${path}$`) });
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await waiting.getByRole('button', { name: 'Publish now' }).click();
  await publisher.getByText(/version \d+: Published: students see it now\./).waitFor({ timeout: 20_000 });
}

describe('the Studio on two production processes', () => {
  it('publishes English and Hindi edits reviewed in the Studio to both processes; a rollback restores them', async () => {
    const before = await readPublished(db);
    const old = new Map([ENGLISH, HINDI].map((l) => [l.page, before.numbers.get(l.file) ?? 0]));
    for (const { file } of [ENGLISH, HINDI]) {
      const edit = EDITS[file];
      if (edit) await editAndSubmit(file, edit.hero, edit.faq);
    }
    for (const base of bases) expect(await html(base, ENGLISH.page)).not.toContain(EDITS[ENGLISH.file]?.hero);

    for (const { file, page } of [ENGLISH, HINDI]) {
      await approveAndPublish(page);
      const published = Date.now();
      const times = await Promise.all(
        bases.map(async (base) => {
          await expect
            .poll(() => html(base, page), { timeout: 20_000, interval: 100 })
            .toContain(EDITS[file]?.hero);
          expect(await html(base, page)).toContain(EDITS[file]?.faq);
          return Date.now() - published;
        }),
      );
      console.log(
        `${file}: served by both processes ${times.join(' and ')} ms after the Studio said it was published`,
      );
    }

    // The lead changes their mind: the publisher restores the English page from its History.
    await publisher.goto(`${bases[1]}/studio/history/${ENGLISH.file}`);
    const earlier = publisher.getByRole('article', {
      name: `Version ${old.get(ENGLISH.page) ?? 1} · Earlier version`,
    });
    await earlier.getByRole('button', { name: 'Roll back to this version…' }).click();
    await publisher.getByRole('dialog').getByRole('button', { name: 'Restore now' }).click();
    await earlier.getByText(/is restored: students see it now\./).waitFor({ timeout: 20_000 });
    for (const base of bases) {
      await expect
        .poll(() => html(base, ENGLISH.page), { timeout: 20_000 })
        .not.toContain(EDITS[ENGLISH.file]?.hero);
      expect(await html(base, ENGLISH.page)).toContain('NEET repeater scholarship');
      expect(await html(base, HINDI.page)).toContain(EDITS[HINDI.file]?.hero);
    }
  }, 180_000);

  it('a variant copied in the Studio takes a registration at once, and the funnel counts it', async () => {
    await editor.goto(`${bases[0]}/studio/`);
    await editor.getByRole('button', { name: /^New variant from NEET Repeater Scholarship/ }).click();
    const dialog = editor.getByRole('dialog');
    await dialog.getByLabel(/title of the new page/i).fill('NEET Repeater Scholarship, live copy');
    await dialog.getByLabel(/new page address/i).fill(COPY.page);
    await dialog.getByLabel(/variant key/i).fill(COPY.key);
    // The English page alone (its Hindi twin is copied by studio-translations).
    const twin = dialog.getByRole('checkbox', { name: 'Copy its Hindi page too' });
    await twin.waitFor({ timeout: 20_000 });
    await twin.uncheck();
    await dialog.getByRole('button', { name: /check and create/i }).click();
    await dialog.getByRole('button', { name: 'Open the new page' }).click();
    await editor
      .getByText(`Landing page at ${COPY.page} · new, not published yet`)
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => submit(editor).isDisabled(), { timeout: 20_000 }).toBe(false);
    await submit(editor).click();
    await editor.getByText(/^Submitted for review\. A publisher/).waitFor({ timeout: 20_000 });
    expect(await html(bases[1] ?? '', COPY.page)).toBe('HTTP 404');
    await approveAndPublish(COPY.page);

    // A student on the other process, on a phone, as soon as it serves the page.
    const base = bases[1] ?? '';
    await expect.poll(() => html(base, COPY.page), { timeout: 20_000 }).toContain('data-funnel-version');
    const student = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await student.goto(`${base}${COPY.page}?utm_source=studio-live`);
    await verifyFreshMobile(student, base, freshMobile());
    await completeFreeRegistration(student);
    await student.goto('about:blank');

    // Every step of the student's, the page's own and the server's registered, names the version.
    const { numbers } = await readPublished(db);
    const steps = () =>
      db
        .selectFrom('funnel_events')
        .select(['step', 'page_version'])
        .where('variant', '=', COPY.key)
        .execute();
    await expect.poll(async () => (await steps()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(7);
    expect(new Set((await steps()).map((e) => e.page_version))).toEqual(new Set([numbers.get(COPY.file)]));

    // The publisher reads it in the Studio's funnel.
    await publisher.goto(`${bases[1]}/studio/funnel`);
    const table = publisher.getByRole('table', { name: 'The numbers' });
    await table.waitFor({ timeout: 30_000 });
    const variant = table
      .locator('tbody')
      .filter({ has: publisher.getByRole('columnheader', { name: new RegExp(`\\(${COPY.page}\\)$`) }) });
    const registered = variant.locator('tr').filter({ hasText: /^Registered/ });
    expect((await registered.locator('td').first().textContent())?.trim()).toBe('1');
  }, 180_000);
});
