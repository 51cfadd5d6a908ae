// examflow Studio's images in the database (decision 049): an upload checked by its bytes, stored
// in config_images, listed beside the build's, served by the site at /images/<name> (long-cached
// only while the name has one upload), and taken as existing by validation.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteIndex } from '../../../src/engine/site-index';
import { contentApp, type ContentApp, type Doc } from './content.test-support';

let c: ContentApp;
let dist: string;
beforeAll(async () => {
  // A small built site: its pages are not what this suite is about.
  dist = mkdtempSync(path.join(tmpdir(), 'examflow-images-'));
  const file = (rel: string, body: string) => {
    mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    writeFileSync(path.join(dist, rel), body);
  };
  file('pages/_nf/a.html', '<!doctype html><html><body>not found</body></html>');
  file('client/images/built.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  const index: SiteIndex = {
    hosts: {
      $schema: '',
      defaultProfile: 'a',
      profiles: [{ id: 'a', programme: 'iacst', hosts: ['localhost'], registerPath: '/x' }],
    },
    routes: [],
    notFound: { a: '_nf/a.html' },
    pageJs: [],
  };
  file('site-index.json', JSON.stringify(index));
  c = await contentApp({ distDir: dist });
});
afterAll(async () => {
  await c?.t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A PNG's signature and IHDR (640 × 320), then filler: enough for its type and size. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR', 'ascii'),
  Buffer.from([0, 0, 0x02, 0x80, 0, 0, 0x01, 0x40]),
  Buffer.alloc(52, 7),
]);

/** Publishes a version of a landing whose first `old` image is `src` instead (a publisher approves). */
async function publishWithImage(path: string, old: string, src: string) {
  const opened = await c.open(c.people.esha, path);
  const content = JSON.parse(JSON.stringify(opened.data.content).replace(old, src)) as Doc;
  const saved = await c.s.as(c.people.esha, {
    method: 'PUT',
    url: '/studio/api/file',
    payload: { path, content, baseVersion: opened.data.version },
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  await c.publishVersion(c.people.esha, c.people.pia, path, saved.data.number as number);
}
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

const upload = (name: string, type: string, body: Buffer | string, overwrite = false) =>
  c.s.as(c.people.esha, {
    method: 'POST',
    url: `/studio/api/images?name=${encodeURIComponent(name)}${overwrite ? '&overwrite=1' : ''}`,
    payload: body,
    headers: { 'content-type': type },
  });

describe('images', () => {
  it('stores an upload with its draft, audited, its size read from the file; the site serves it once published, long-cached while its name is unique', async () => {
    const stored = await upload('hero-2027.png', 'image/png', PNG);
    expect(stored.statusCode).toBe(201);
    expect(stored.data).toEqual({ src: '/images/hero-2027.png', width: 640, height: 320 });
    expect((await c.s.audited('config.image-uploaded')).at(-1)?.details).toMatchObject({
      src: '/images/hero-2027.png',
      type: 'image/png',
      bytes: PNG.length,
    });

    // A draft's image: not on the site; a signed-in staff member's preview shows it, never cached.
    expect((await c.t.call({ method: 'GET', url: '/images/hero-2027.png' })).statusCode).toBe(404);
    const previewed = await c.s.as(c.people.esha, { method: 'GET', url: '/images/hero-2027.png' });
    expect(previewed.statusCode).toBe(200);
    expect(previewed.headers['cache-control']).toBe('private, no-store');
    const drafts = (await c.s.as(c.people.esha, { method: 'GET', url: '/studio/api/images' })).data
      .images as unknown[];
    expect(drafts).toContainEqual({
      src: '/images/hero-2027.png',
      name: 'hero-2027.png',
      bytes: PNG.length,
      width: 640,
      height: 320,
      draft: true,
    });

    // Published with a page that uses it: on the site.
    await publishWithImage('landings/adst.json', '/images/login-iacst.svg', '/images/hero-2027.png');
    const served = await c.t.call({ method: 'GET', url: '/images/hero-2027.png' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const list = await c.s.as(c.people.esha, { method: 'GET', url: '/studio/api/images' });
    const images = list.data.images as { name: string; bytes: number; src: string }[];
    expect(images).toContainEqual({
      src: '/images/hero-2027.png',
      name: 'hero-2027.png',
      bytes: PNG.length,
      width: 640,
      height: 320,
    });
    expect(images.some((i) => i.name === 'icon-class.svg' && i.bytes > 0)).toBe(true);
    expect(images.map((i) => i.name)).toEqual([...images.map((i) => i.name)].sort());

    // The built files come first; an unknown image is the site's 404.
    expect((await c.t.call({ method: 'GET', url: '/images/built.svg' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
    expect((await c.t.call({ method: 'GET', url: '/images/nothing.png' })).statusCode).toBe(404);
  });

  it('never replaces an image without being asked; replaced, the new bytes are served and not kept long', async () => {
    const again = await upload('hero-2027.png', 'image/png', PNG);
    expect(again.statusCode).toBe(409);
    expect(again.data.msg).toBe('An image with that name exists already.');
    const builtName = await upload(
      'icon-class.svg',
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    expect(builtName.statusCode).toBe(409);

    const replaced = await upload(
      'hero-2027.png',
      'image/png',
      Buffer.concat([PNG, Buffer.from([1, 2, 3])]),
      true,
    );
    expect(replaced.statusCode).toBe(201);
    // The new bytes are the draft's until a page using them is published again: the site keeps
    // the published ones, the Studio's preview shows the new.
    const served = await c.t.call({ method: 'GET', url: '/images/hero-2027.png' });
    expect(served.rawPayload.length).toBe(PNG.length);
    expect(served.headers['cache-control']).toBe('no-cache');
    const previewed = await c.s.as(c.people.esha, { method: 'GET', url: '/images/hero-2027.png' });
    expect(previewed.rawPayload.length).toBe(PNG.length + 3);
    const again304 = await c.t.call({
      method: 'GET',
      url: '/images/hero-2027.png',
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again304.statusCode).toBe(304);
  });

  it('checks an upload by its bytes, its name and (an SVG) its content, in words', async () => {
    const cases: [string, string, Buffer | string, number, string][] = [
      [
        'fake.png',
        'image/png',
        JPEG,
        415,
        'That file cannot be used: it is not the PNG image it says it is.',
      ],
      [
        'photo.png',
        'image/jpeg',
        JPEG,
        415,
        'That file cannot be used: its name does not end as a JPEG image’s does.',
      ],
      [
        'x.svg',
        'image/svg+xml',
        '<svg><script>alert(1)</script></svg>',
        415,
        'That file cannot be used: it contains a script.',
      ],
      [
        'y.svg',
        'image/svg+xml',
        '<svg onload="alert(1)"></svg>',
        415,
        'That file cannot be used: it has an event handler (an on… attribute).',
      ],
      [
        'notes.png',
        'text/plain',
        'hello',
        415,
        'That file cannot be used: only PNG, JPEG, WebP and SVG images are accepted.',
      ],
      [
        'Hero Banner.png',
        'image/png',
        PNG,
        400,
        'An image name is small letters, digits and dashes, ending .png, .jpg, .webp or .svg.',
      ],
      [
        '../evil.png',
        'image/png',
        PNG,
        400,
        'An image name is small letters, digits and dashes, ending .png, .jpg, .webp or .svg.',
      ],
      [
        'huge.png',
        'image/png',
        Buffer.concat([PNG, Buffer.alloc(21_000)]),
        413,
        'That is too large: the Studio accepts at most 19 KB.',
      ],
    ];
    for (const [name, type, body, status, msg] of cases) {
      const answer = await upload(name, type, body);
      expect(answer.statusCode, name).toBe(status);
      expect(answer.data.msg, name).toBe(msg);
    }
    const stored = await c.t.db.selectFrom('config_images').select('name').execute();
    expect(stored.map((r) => r.name).every((n) => n === 'hero-2027.png')).toBe(true);
  });

  it('lets a draft show an uploaded image; one that exists nowhere is a problem', async () => {
    const path = 'landings/neet-repeater.json';
    const content = (await c.open(c.people.esha, path)).data.content as Doc;
    const withImage = (src: string) =>
      JSON.parse(JSON.stringify(content).replace('/images/icon-class.svg', src)) as Doc;
    const fine = await c.post(c.people.esha, '/validate', {
      drafts: [{ path, content: withImage('/images/hero-2027.png') }],
    });
    expect(fine.data.problems).toEqual([]);
    const missing = await c.post(c.people.esha, '/validate', {
      drafts: [{ path, content: withImage('/images/none.png') }],
    });
    expect(missing.data.problems).toContainEqual(
      expect.objectContaining({
        file: path,
        message: 'image /images/none.png does not exist (expected public/images/none.png)',
      }),
    );
    // Published, it goes live on this server (the live config validates with the uploaded image).
    const saved = await c.s.as(c.people.esha, {
      method: 'PUT',
      url: '/studio/api/file',
      payload: { path, content: withImage('/images/hero-2027.png'), baseVersion: '1' },
    });
    await c.publishVersion(c.people.esha, c.people.pia, path, saved.data.number as number);
    expect(JSON.stringify(c.t.app.ctx.site.landings.find((l) => l.file === path))).toContain(
      '/images/hero-2027.png',
    );
  });

  it('leaves nothing on the site for a discarded draft, and lists images no published page uses for a publisher to remove', async () => {
    const JPEG_SIZED = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]),
      // SOF0: length 17, precision 8, height 200, width 300.
      Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xc8, 0x01, 0x2c, 0x03]),
      Buffer.alloc(40, 0),
    ]);
    const stored = await upload('abandoned.jpg', 'image/jpeg', JPEG_SIZED);
    expect(stored.data).toEqual({ src: '/images/abandoned.jpg', width: 300, height: 200 });
    // A draft that uses it, then discarded: the site never shows the image.
    const path = 'landings/mock-jee.json';
    const opened = await c.open(c.people.esha, path);
    const content = JSON.parse(
      JSON.stringify(opened.data.content).replace(/\/images\/[a-z0-9-]+\.svg/, '/images/abandoned.jpg'),
    ) as Doc;
    const saved = await c.s.as(c.people.esha, {
      method: 'PUT',
      url: '/studio/api/file',
      payload: { path, content, baseVersion: opened.data.version },
    });
    expect(saved.statusCode).toBe(200);
    const discarded = await c.post(c.people.esha, '/versions/discard', { path, number: saved.data.number });
    expect(discarded.statusCode).toBe(200);
    expect((await c.t.call({ method: 'GET', url: '/images/abandoned.jpg' })).statusCode).toBe(404);

    // Unused: the abandoned upload (a draft's) and the first upload replaced on its page since? No:
    // hero-2027.png is used by two published pages, so only the abandoned one is listed.
    const unused = await c.s.as(c.people.pia, { method: 'GET', url: '/studio/api/images/unused' });
    expect(unused.statusCode).toBe(200);
    expect(unused.data.images).toEqual([
      {
        src: '/images/abandoned.jpg',
        name: 'abandoned.jpg',
        bytes: JPEG_SIZED.length,
        width: 300,
        height: 200,
        draft: true,
      },
    ]);
    // Removing is a publisher's; an image a published page uses stays.
    const remove = (who: typeof c.people.pia, name: string) =>
      c.s.as(who, { method: 'DELETE', url: `/studio/api/images?name=${name}` });
    expect((await remove(c.people.esha, 'abandoned.jpg')).statusCode).toBe(403);
    const used = await remove(c.people.pia, 'hero-2027.png');
    expect(used.statusCode).toBe(409);
    expect(used.data.msg).toBe('A published page uses this image: change the page first.');
    const removed = await remove(c.people.pia, 'abandoned.jpg');
    expect(removed.statusCode).toBe(200);
    expect(removed.data.images).toEqual([]);
    expect((await c.s.as(c.people.pia, { method: 'GET', url: '/images/abandoned.jpg' })).statusCode).toBe(
      404,
    );
    expect((await c.s.audited('config.image-removed')).at(-1)?.details).toEqual({ name: 'abandoned.jpg' });
  });
});
