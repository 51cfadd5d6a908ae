// The Studio's funnel, as the dev server lends it to the file API: the portal's own SQLite file
// under DATA_DIR, opened read-only, never created; answered over HTTP with the Studio's token.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { createDb, sqliteFileIn } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrations/index';
import { recordServerSteps } from '../../server/services/funnel/events';
import { projectRoot } from '../../src/engine/node/paths';
import { createStudioApi } from '../../src/studio/node/file-api';
import { studioFunnel } from './studio-funnel';

const TOKEN = 'b'.repeat(64);
let dataDir = '';
let server: Server | undefined;
let funnel: ReturnType<typeof studioFunnel> | undefined;
let base = '';

async function start(dir: string): Promise<void> {
  funnel = studioFunnel(configFromEnv({ NODE_ENV: 'test', DATA_DIR: dir }));
  server = createServer(
    createStudioApi({
      configDir: path.join(projectRoot, 'config'),
      imagesDir: path.join(projectRoot, 'public/images'),
      token: TOKEN,
      funnel,
    }),
  );
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://localhost:${address.port}/studio/api`;
}

const get = (route: string, token = TOKEN) =>
  fetch(`${base}${route}`, { headers: { 'X-Studio-Token': token } });

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'examflow-studio-funnel-'));
});
afterEach(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  await funnel?.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const WEEK = 'from=2026-03-01&to=2026-03-07';
const origin = (variant: string, visitor: string) => ({
  programme: 'iacst',
  variant,
  visitor,
  host: 'localhost',
  path: '/x',
  locale: 'en',
  has_gclid: false,
});

describe("the Studio's funnel", () => {
  it('says there is nothing yet before the portal has run, and creates no database', async () => {
    await start(dataDir);
    const answer = await get(`/funnel?${WEEK}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      source: 'the portal’s database on this computer',
      unavailable: expect.stringMatching(/^No visits are recorded yet/) as string,
    });
    expect(existsSync(path.join(dataDir, 'examflow.sqlite'))).toBe(false);
  });

  it("reads the portal's events read-only, and refuses a bad range or pair in words", async () => {
    const db = createDb({ sqliteFile: sqliteFileIn(dataDir) });
    await migrateToLatest(db);
    const at = new Date('2026-03-03T06:00:00Z');
    for (const [variant, visitor, steps] of [
      ['iacst_adst', 'v1', ['page_view', 'card_started', 'otp_sent', 'otp_verified', 'registered']],
      ['iacst_adst', 'v2', ['page_view']],
      ['iacst_repeater_neet', 'v3', ['page_view', 'card_started']],
    ] as const)
      await recordServerSteps(db, origin(variant, visitor), steps, at);
    await db.destroy();
    await start(dataDir);

    const body = (await (await get(`/funnel?${WEEK}`)).json()) as {
      variants: { variant: string; steps: { step: string; visitors: number }[] }[];
    };
    const visitors = (variant: string, step: string) =>
      body.variants.find((v) => v.variant === variant)?.steps.find((s) => s.step === step)?.visitors;
    expect(visitors('iacst_adst', 'page_view')).toBe(2);
    expect(visitors('iacst_adst', 'registered')).toBe(1);
    expect(visitors('iacst_repeater_neet', 'card_started')).toBe(1);
    // A range before the events: none.
    expect(await (await get('/funnel?from=2026-02-01&to=2026-02-07')).json()).toMatchObject({ variants: [] });

    const compare = (await (
      await get(`/funnel/compare?${WEEK}&a=iacst:iacst_adst&b=iacst:iacst_repeater_neet`)
    ).json()) as { comparison: { registered: { enough: boolean; a: { x: number; n: number } } } };
    expect(compare.comparison.registered).toMatchObject({ enough: false, a: { x: 1, n: 2 } });

    for (const [query, message] of [
      ['from=2026-03-08&to=2026-03-01', 'The first day must come before the last day.'],
      ['from=2026-02-30&to=2026-03-01', 'Choose a first and a last day for the report.'],
      ['from=2024-01-01&to=2026-03-01', 'Choose at most 400 days.'],
    ]) {
      const answer = await get(`/funnel?${query}`);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toBe(message);
    }
    const same = await get(`/funnel/compare?${WEEK}&a=iacst:iacst_adst&b=iacst:iacst_adst`);
    expect(((await same.json()) as { message: string }).message).toBe('Choose two different variants.');
    // Another tab's page without the token reads nothing.
    expect((await get(`/funnel?${WEEK}`, 'c'.repeat(64))).status).toBe(403);
  });

  it('never writes: the connection it reads through refuses a write', async () => {
    const reader = createDb({ sqliteFile: sqliteFileIn(dataDir), readOnly: true });
    await expect(reader.deleteFrom('funnel_events').execute()).rejects.toThrow(/readonly/i);
    expect(await reader.selectFrom('funnel_events').select('visitor').execute()).toHaveLength(8);
    await reader.destroy();
  });
});
