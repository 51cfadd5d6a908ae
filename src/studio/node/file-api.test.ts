// The Studio's file API over real HTTP, on a temporary copy of the config and of public/images.
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../engine/node/paths';
import type { Landing } from '../../generated/config/landing';
import { createStudioApi, type StudioApiOptions } from './file-api';

const TOKEN = 'a'.repeat(64);
let root = '';
let configDir = '';
let imagesDir = '';
let server: Server | undefined;
let base = '';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const readConfig = (file: string) => readFileSync(path.join(configDir, file));
const landing = (file: string) => JSON.parse(readConfig(file).toString('utf8')) as Landing;

async function start(options: Partial<StudioApiOptions> = {}): Promise<void> {
  await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  server = createServer(
    createStudioApi({ configDir, imagesDir, token: TOKEN, limits: { jsonBytes: 256 * 1024 }, ...options }),
  );
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://localhost:${address.port}/studio/api`;
}

function api(route: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, headers, ...rest } = init;
  return fetch(`${base}${route}`, {
    ...rest,
    headers: {
      'X-Studio-Token': TOKEN,
      ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
}

const put = (file: string, content: unknown, baseVersion: string | null) =>
  api('/file', { method: 'PUT', json: { path: file, content, baseVersion } });

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'examflow-studio-'));
  configDir = path.join(root, 'config');
  imagesDir = path.join(root, 'public/images');
  mkdirSync(path.join(root, 'public'));
  cpSync(path.join(projectRoot, 'public/images'), imagesDir, { recursive: true });
  writeFileSync(path.join(root, 'secret.json'), '{"secret": true}');
});
beforeEach(async () => {
  rmSync(configDir, { recursive: true, force: true });
  cpSync(path.join(projectRoot, 'config'), configDir, { recursive: true });
  await start();
});
afterEach(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  server = undefined;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('who may call', () => {
  it('answers the Studio page: its token, its origin, same-origin fetches', async () => {
    const own = new URL(base).origin;
    const response = await api('/files', { headers: { Origin: own, 'Sec-Fetch-Site': 'same-origin' } });
    expect(response.status).toBe(200);
  });

  it.each([
    ['no token', { 'X-Studio-Token': '' }],
    ['a wrong token', { 'X-Studio-Token': 'b'.repeat(64) }],
    ['a token of another length', { 'X-Studio-Token': 'a' }],
    ['another origin', { Origin: 'http://evil.example' }],
    ['another port of this machine', { Origin: 'http://localhost:1' }],
    ['a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a same-site fetch from another origin', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses %s with 403', async (_, headers) => {
    for (const [route, init] of [
      ['/files', {}],
      ['/file?path=landings/mock-neet.json', {}],
      ['/file', { method: 'PUT', json: { path: 'landings/x.json', content: {}, baseVersion: null } }],
      ['/validate', { method: 'POST', json: { drafts: [] } }],
    ] as const) {
      const response = await api(route, { ...init, headers });
      expect(response.status, route).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'forbidden' });
    }
  });

  it('refuses a name that is not this machine (DNS rebinding), even with the token', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${base}/files`);
      request(
        {
          host: '127.0.0.1',
          port: url.port,
          path: url.pathname,
          headers: { Host: 'evil.example', 'X-Studio-Token': TOKEN },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(status).toBe(403);
  });

  it('with a configured origin, answers only that one', async () => {
    await start({ origin: 'http://studio.localhost:9' });
    expect((await api('/files')).status).toBe(403); // Host localhost:<port> is not the Studio's
  });
});

describe('paths', () => {
  beforeAll(() => undefined);
  it.each([
    '../secret.json',
    '/etc/passwd',
    'landings/../../secret.json',
    'landings/../site.json',
    './site.json',
    'landings//mock-neet.json',
    'landings\\mock-neet.json',
    'landings/%2e%2e/secret.json',
    'landings/Mock-Neet.json',
    'landings/mock-neet.txt',
    'other/x.json',
    'landings/deep/x.json',
    'package.json',
    '',
  ])('refuses %j with 400 bad-path', async (file) => {
    const read = await api(`/file?path=${encodeURIComponent(file)}`);
    expect(read.status).toBe(400);
    expect(await read.json()).toMatchObject({ error: 'bad-path' });
    const write = await put(file, { a: 1 }, null);
    expect(write.status).toBe(400);
  });

  it('refuses a symlink that leads out of config/', async () => {
    symlinkSync(path.join(root, 'secret.json'), path.join(configDir, 'landings/evil.json'));
    const response = await api('/file?path=landings/evil.json');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'bad-path' });
  });

  it('refuses a folder of config/ that is a symlink out', async () => {
    rmSync(path.join(configDir, 'i18n'), { recursive: true });
    mkdirSync(path.join(root, 'outside'), { recursive: true });
    writeFileSync(path.join(root, 'outside/en.json'), '{}');
    symlinkSync(path.join(root, 'outside'), path.join(configDir, 'i18n'));
    expect((await api('/file?path=i18n/en.json')).status).toBe(400);
  });
});

describe('reading', () => {
  it('lists every landing with its paths, hosts, locale, variant and programme, and the programmes', async () => {
    const body = (await (await api('/files')).json()) as {
      landings: { path: string; hosts: string[]; paths: string[]; variantKey: string; modified: string }[];
      programmes: { path: string; id: string; title: string }[];
    };
    expect(body.landings).toHaveLength(11);
    const byPath = Object.fromEntries(body.landings.map((l) => [l.path, l]));
    expect(byPath['landings/mock-neet.json']).toMatchObject({
      title: landing('landings/mock-neet.json').title,
      paths: ['/mock-neet-exam'],
      locale: 'en',
      variantKey: 'default',
      programme: 'mock-neet',
    });
    expect(byPath['landings/mock-neet.json']?.hosts).toContain('mock-neet.localhost');
    expect(byPath['landings/iacst-default.json']?.hosts).toContain('localhost');
    // The digital host shows the adst page in place of a repeater page: it does not serve the repeater.
    expect(byPath['landings/neet-repeater.json']?.hosts).not.toContain('digital.localhost');
    expect(byPath['landings/adst.json']?.hosts).toContain('digital.localhost');
    expect(Number.isNaN(Date.parse(byPath['landings/adst.json']?.modified ?? ''))).toBe(false);
    expect(body.programmes.map((p) => p.id)).toEqual([
      'iacst',
      'iat',
      'mock-jee',
      'mock-neet',
      'sample-pack',
    ]);
    expect(body.programmes.every((p) => p.title.length > 0)).toBe(true);
  });

  it('reads a file with the sha256 of its bytes as its version; a missing one is 404', async () => {
    const response = await api('/file?path=landings/mock-neet.json');
    expect(await response.json()).toEqual({
      path: 'landings/mock-neet.json',
      content: landing('landings/mock-neet.json'),
      version: sha256(readConfig('landings/mock-neet.json')),
    });
    const missing = await api('/file?path=landings/nope.json');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'not-found' });
  });

  it('validates drafts with the same problems as validate:config, new files included', async () => {
    const copy = { ...landing('landings/mock-neet.json'), variantKey: 'copy' };
    const response = await api('/validate', {
      method: 'POST',
      json: { drafts: [{ path: 'landings/copy.json', content: copy }] },
    });
    const { problems } = (await response.json()) as {
      problems: { file: string; pointer: string; message: string }[];
    };
    // Named on one of the two files (the one read first), as validate:config names it.
    expect(problems).toContainEqual(
      expect.objectContaining({
        pointer: '/paths/0',
        message: expect.stringContaining('"/mock-neet-exam" is already used by'),
      }),
    );
    const fine = await api('/validate', {
      method: 'POST',
      json: { drafts: [{ path: 'landings/copy.json', content: { ...copy, paths: ['/mock-neet-copy'] } }] },
    });
    expect(await fine.json()).toEqual({ problems: [] });
  });
});

describe('writing', () => {
  it('writes a valid change and answers its new version; the file is formatted JSON', async () => {
    const file = 'landings/mock-neet.json';
    const before = landing(file);
    const response = await put(
      file,
      { ...before, title: 'A new title for the mock NEET page' },
      sha256(readConfig(file)),
    );
    expect(response.status).toBe(200);
    const { version } = (await response.json()) as { version: string };
    expect(version).toBe(sha256(readConfig(file)));
    expect(landing(file).title).toBe('A new title for the mock NEET page');
    expect(readConfig(file).toString('utf8')).toMatch(/^\{\n {2}"\$schema"[\s\S]*\}\n$/);
  });

  it('refuses a file changed on disk since the draft was opened, with its current content', async () => {
    const file = 'landings/mock-neet.json';
    const opened = sha256(readConfig(file));
    const theirs = { ...landing(file), title: 'Changed by someone else meanwhile' };
    writeFileSync(path.join(configDir, file), JSON.stringify(theirs, null, 2));
    const response = await put(file, { ...landing(file), title: 'Mine' }, opened);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: 'changed',
      current: { content: theirs, version: sha256(readConfig(file)) },
    });
    expect(landing(file).title).toBe('Changed by someone else meanwhile');
  });

  it('refuses a new file whose name is taken (409), and creates one that is free', async () => {
    const copy = { ...landing('landings/mock-neet.json'), variantKey: 'copy', paths: ['/mock-neet-copy'] };
    const taken = await put('landings/mock-jee.json', copy, null);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: 'changed', current: { version: expect.any(String) } });
    const created = await put('landings/mock-neet-copy.json', copy, null);
    expect(created.status).toBe(200);
    expect(landing('landings/mock-neet-copy.json')).toEqual(copy);
  });

  it('refuses an invalid change (422 with the problems) and leaves the file as it was', async () => {
    const file = 'landings/mock-neet.json';
    const bytes = readConfig(file);
    const response = await put(file, { ...landing(file), paths: ['/mock-jee-exam'] }, sha256(bytes));
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: string; problems: { pointer: string }[] };
    expect(body.error).toBe('invalid');
    expect(body.problems).toContainEqual(expect.objectContaining({ file, pointer: '/paths/0' }));
    expect(readConfig(file).equals(bytes)).toBe(true);
  });

  it('two writes from the same version: exactly one succeeds, the other is told it changed', async () => {
    const file = 'landings/mock-neet.json';
    const opened = sha256(readConfig(file));
    const responses = await Promise.all(
      ['First writer title here', 'Second writer title here'].map((title) =>
        put(file, { ...landing(file), title }, opened),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('a reader never sees half a file while writes go on', async () => {
    const file = 'landings/mock-neet.json';
    const full = path.join(configDir, file);
    const original = landing(file);
    let reading = true;
    let reads = 0;
    const titles = new Set<string>();
    const broken: string[] = [];
    const reader = (async () => {
      while (reading) {
        try {
          titles.add((JSON.parse(readFileSync(full, 'utf8')) as Landing).title);
        } catch (error) {
          broken.push(String(error)); // a partial (or missing) file
        }
        reads++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    let version = sha256(readConfig(file));
    for (let i = 0; i < 8; i++) {
      // Many blocks make each write long (more than one chunk).
      const strip = { type: 'green-strip', icon: '/images/icon-calendar.svg', text: `Strip ${i} of many.` };
      const blocks = [...original.blocks, ...Array.from({ length: 300 }, () => strip)];
      const content = { ...original, title: `Title number ${i} of the page`, blocks };
      const response = await put(file, content, version);
      if (response.status !== 200) reading = false;
      expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
      version = ((await response.json()) as { version: string }).version;
    }
    reading = false;
    await reader;
    expect(broken).toEqual([]);
    expect(reads).toBeGreaterThan(8);
    expect(titles.size).toBeGreaterThan(1);
    expect(readFileSync(full, 'utf8').length).toBeGreaterThan(32 * 1024);
    // No temp file is left behind.
    expect(readdirSync(path.dirname(full)).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('refuses a body over the limit with 413', async () => {
    const big = { ...landing('landings/mock-neet.json'), description: 'x'.repeat(300 * 1024) };
    const response = await put('landings/mock-neet.json', big, null);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'too-large' });
    const validate = await api('/validate', {
      method: 'POST',
      json: { drafts: [{ path: 'landings/a.json', content: big }] },
    });
    expect(validate.status).toBe(413);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await api('/validate', {
      method: 'POST',
      body: 'drafts=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const SVG =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>';

const upload = (name: string, body: Buffer | string, type: string, overwrite = false) =>
  // A Buffer is a Uint8Array, which fetch sends as is.
  api(`/images?name=${encodeURIComponent(name)}${overwrite ? '&overwrite=1' : ''}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'Content-Type': type },
  });

describe('images', () => {
  afterEach(() => {
    for (const f of ['banner.png', 'photo.jpg', 'shape.svg'])
      rmSync(path.join(imagesDir, f), { force: true });
  });

  it('lists the images with their size', async () => {
    const { images } = (await (await api('/images')).json()) as { images: { src: string; bytes: number }[] };
    expect(images).toContainEqual({
      src: '/images/icon-calendar.svg',
      name: 'icon-calendar.svg',
      bytes: readFileSync(path.join(imagesDir, 'icon-calendar.svg')).length,
    });
  });

  it('stores an image under its safe name and never overwrites one without being asked', async () => {
    const created = await upload('banner.png', PNG, 'image/png');
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ src: '/images/banner.png' });
    expect(readFileSync(path.join(imagesDir, 'banner.png')).equals(PNG)).toBe(true);
    const again = await upload('banner.png', Buffer.concat([PNG, PNG]), 'image/png');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'exists' });
    expect(readFileSync(path.join(imagesDir, 'banner.png')).equals(PNG)).toBe(true);
    expect((await upload('banner.png', Buffer.concat([PNG, PNG]), 'image/png', true)).status).toBe(201);
    expect(readFileSync(path.join(imagesDir, 'banner.png')).length).toBe(PNG.length * 2);
    expect((await upload('photo.jpg', JPEG, 'image/jpeg')).status).toBe(201);
    expect((await upload('shape.svg', SVG, 'image/svg+xml')).status).toBe(201);
  });

  it.each(['../banner.png', 'Banner.png', 'banner.PNG', 'banner.gif', '.banner.png', 'a/b.png', 'banner'])(
    'refuses the name %j',
    async (name) => {
      const response = await upload(name, PNG, 'image/png');
      expect(response.status).toBe(400);
    },
  );

  it.each([
    ['a PNG name with JPEG bytes', 'banner.png', JPEG, 'image/png'],
    ['a type the bytes contradict', 'banner.png', PNG, 'image/jpeg'],
    ['text called an image', 'banner.png', Buffer.from('hello'), 'image/png'],
    ['a GIF', 'banner.png', Buffer.from('GIF89a......'), 'image/gif'],
    [
      'an SVG with a script',
      'shape.svg',
      SVG.replace('<circle', '<script>alert(1)</script><circle'),
      'image/svg+xml',
    ],
    [
      'an SVG with an event handler',
      'shape.svg',
      SVG.replace('<circle', '<circle onload="alert(1)"'),
      'image/svg+xml',
    ],
    [
      'an SVG with HTML inside',
      'shape.svg',
      SVG.replace('<circle r="4"/>', '<foreignObject><p>x</p></foreignObject>'),
      'image/svg+xml',
    ],
    [
      'an SVG with a javascript: link',
      'shape.svg',
      SVG.replace('<circle r="4"/>', '<a href="javascript:alert(1)"><circle r="4"/></a>'),
      'image/svg+xml',
    ],
  ])('refuses %s with 415', async (_, name, body, type) => {
    const response = await upload(name, body, type);
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'bad-type', message: expect.any(String) });
  });

  it('refuses an image over the limit with 413', async () => {
    await start({ limits: { imageBytes: 1024 } });
    const response = await upload('banner.png', Buffer.concat([PNG, Buffer.alloc(4096)]), 'image/png');
    expect(response.status).toBe(413);
  });
});

describe('preview', () => {
  it("renders the draft with the site's renderer, before anything is saved", async () => {
    const file = 'landings/mock-neet.json';
    const draft = landing(file);
    const hero = draft.blocks.find((b) => b.type === 'hero');
    if (hero?.type !== 'hero') throw new Error('no hero');
    hero.heading = 'A heading typed a moment ago';
    await start({
      previewAssets: { css: ['/src/ui/styles.css'], js: ['/src/app/entries/page.ts'], preload: [] },
    });
    const response = await api('/preview', { method: 'POST', json: { path: file, content: draft } });
    const body = (await response.json()) as {
      html: string;
      problems: unknown[];
      pagePath: string;
      host: string;
    };
    expect(body.problems).toEqual([]);
    expect(body.pagePath).toBe('/mock-neet-exam');
    expect(body.host).toBe('mock-neet.localhost');
    expect(body.html).toContain('A heading typed a moment ago');
    expect(body.html).toContain('<script data-after-paint="/src/app/entries/page.ts">');
    expect(readConfig(file).toString('utf8')).not.toContain('A heading typed');
  });

  it('still shows a draft with a problem it can draw, and says what the problem is', async () => {
    const file = 'landings/mock-neet.json';
    const draft = { ...landing(file), title: '' };
    const response = await api('/preview', { method: 'POST', json: { path: file, content: draft } });
    const body = (await response.json()) as { html: string; problems: { pointer: string }[] };
    expect(body.problems).toContainEqual(expect.objectContaining({ pointer: '/title' }));
    expect(body.html).toContain('<title></title>');
  });

  it('gives no HTML and a reason for a draft it cannot draw', async () => {
    const response = await api('/preview', {
      method: 'POST',
      json: { path: 'landings/mock-neet.json', content: { blocks: 'nothing' } },
    });
    const body = (await response.json()) as { html: string; problems: unknown[] };
    expect(body.html).toBe('');
    expect(body.problems.length).toBeGreaterThan(0);
  });
});

describe('refusals in words a marketing person reads', () => {
  /** A file, a folder or a JSON path, or a protocol detail: none belongs in what the Studio shows. */
  const technical = /\.json|config\/|public\/|src\/|\/blocks\/|Content-Type|application\/|image\/|svg\+xml/;
  const messageOf = async (response: Promise<Response>) =>
    ((await (await response).json()) as { message: string }).message;

  it('names no file, folder or JSON path', async () => {
    const file = 'landings/mock-neet.json';
    const opened = sha256(readConfig(file));
    const messages = [
      await messageOf(api('/file?path=landings/gone.json')),
      await messageOf(api('/file?path=../secret.json')),
      await messageOf(put('landings/mock-jee.json', landing(file), null)),
      await messageOf(
        api('/validate', { method: 'POST', body: '{}', headers: { 'Content-Type': 'text/plain' } }),
      ),
      await messageOf(api('/validate', { method: 'POST', json: [] })),
      await messageOf(upload('banner.png', JPEG, 'image/png')),
      await messageOf(upload('banner.jpg', PNG, 'image/png')),
      await messageOf(upload('banner.png', PNG, 'image/gif')),
    ];
    writeFileSync(
      path.join(configDir, file),
      JSON.stringify({ ...landing(file), title: 'Theirs here' }, null, 2),
    );
    messages.push(await messageOf(put(file, landing(file), opened)));
    rmSync(path.join(configDir, file));
    messages.push(await messageOf(put(file, { ...landing('landings/mock-jee.json') }, opened)));
    expect(messages).toEqual([
      'That page or programme does not exist: it may have been renamed or removed.',
      'That is not a page or programme the Studio can open.',
      'A page with this name was published by someone else since you started it.',
      'The Studio could not read that request. Reload the page and try again.',
      'The Studio could not read that request. Reload the page and try again.',
      'That file cannot be used: it is not the PNG image it says it is.',
      'That file cannot be used: its name does not end as a PNG image’s does.',
      'That file cannot be used: only PNG, JPEG, WebP and SVG images are accepted.',
      'Someone else changed this page since you opened it.',
      'This page was deleted since you opened it.',
    ]);
    for (const message of messages) expect(message).not.toMatch(technical);
  });
});
