// The site's images (decision 049): the files of public/images/ that ship with the build, and the
// ones the Studio uploads, kept in the database (config_images) so every server process serves
// them and nothing is written to disk. An upload is checked by its bytes (never its name or
// Content-Type alone), and an SVG must hold drawing only.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { publicDir } from '../../../src/engine/node/paths';
import type { Db } from '../../db/database';
import { iso } from '../../timestamps';
import { extensionFits, isImageType, sniffImage, svgProblem, typeWords } from './image-check';
import { imagePixelSize } from './image-size';
import { ContentError } from './errors';
import type { ContentCtx } from './context';

const IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,110}\.(?:png|jpe?g|webp|svg)$/;

/** An image file name the Studio may create (`hero-banner.png`), or undefined. */
export function imageName(input: unknown): string | undefined {
  return typeof input === 'string' && IMAGE_NAME.test(input) ? input : undefined;
}

/** The images the build ships (public/images/). */
export const builtImagesDir = path.join(publicDir, 'images');

/** Every uploaded image's src (`/images/x.png`): validation takes them as existing. */
export async function uploadedImages(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('config_images').select('name').distinct().execute();
  return new Set(rows.map((row) => `/images/${row.name}`));
}

export interface ImageInfo {
  src: string;
  name: string;
  bytes: number;
  /** Pixels, when known (uploads: read from the file). */
  width?: number;
  height?: number;
  /** An upload no published version uses yet: the site does not serve it. */
  draft?: boolean;
}

async function builtImages(dir: string): Promise<ImageInfo[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return Promise.all(
    entries
      .filter((e) => e.isFile() && IMAGE_NAME.test(e.name))
      .map(async (e) => ({
        src: `/images/${e.name}`,
        name: e.name,
        bytes: (await stat(path.join(dir, e.name))).size,
      })),
  );
}

/** The uploads by name (the newest of each name last), as the Studio lists them. */
async function uploadedInfos(db: Db): Promise<ImageInfo[]> {
  const rows = await db
    .selectFrom('config_images')
    .select(['name', 'size', 'width', 'height', 'published_at'])
    .orderBy('id', 'asc')
    .execute();
  const byName = new Map<string, ImageInfo>();
  for (const row of rows)
    byName.set(row.name, {
      src: `/images/${row.name}`,
      name: row.name,
      bytes: Number(row.size),
      ...(row.width && row.height ? { width: Number(row.width), height: Number(row.height) } : {}),
      ...(row.published_at === null ? { draft: true } : {}),
    });
  return [...byName.values()];
}

/** The site's images by name: the uploaded one (newest) where a name is both. */
export async function listImages({ db }: ContentCtx, dir = builtImagesDir): Promise<ImageInfo[]> {
  const byName = new Map((await builtImages(dir)).map((image) => [image.name, image]));
  for (const image of await uploadedInfos(db)) byName.set(image.name, image);
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Whether a name is taken, by the build's files or an upload. */
async function taken(db: Db, name: string, dir: string): Promise<boolean> {
  const row = await db.selectFrom('config_images').select('id').where('name', '=', name).executeTakeFirst();
  if (row) return true;
  return stat(path.join(dir, name)).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * Stores an upload under its name. `declared` is the request's Content-Type; the bytes must show
 * the same type, the name end as that type's, and an SVG hold no script. A taken name is refused
 * unless `overwrite`: the new bytes are then served under it (a new row; the old stays recorded).
 */
export async function storeImage(
  { db }: ContentCtx,
  request: {
    name: unknown;
    declared: string;
    bytes: Buffer;
    overwrite: boolean;
    by: string;
    now: Date;
    dir?: string;
  },
): Promise<{ src: string; sha256: string; type: string; width?: number; height?: number }> {
  const name = imageName(request.name);
  if (!name)
    throw new ContentError(
      'bad-path',
      'An image name is small letters, digits and dashes, ending .png, .jpg, .webp or .svg.',
    );
  const wrongType = (why: string) => new ContentError('bad-type', `That file cannot be used: ${why}.`);
  const declared = request.declared.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!isImageType(declared)) throw wrongType('only PNG, JPEG, WebP and SVG images are accepted');
  const found = sniffImage(request.bytes);
  if (found !== declared) throw wrongType(`it is not the ${typeWords(declared)} image it says it is`);
  if (!extensionFits(name, found))
    throw wrongType(`its name does not end as a ${typeWords(found)} image’s does`);
  if (found === 'image/svg+xml') {
    const why = svgProblem(request.bytes.toString('utf8'));
    if (why) throw wrongType(why);
  }
  if (!request.overwrite && (await taken(db, name, request.dir ?? builtImagesDir)))
    throw new ContentError('conflict', 'An image with that name exists already.');
  const sha256 = createHash('sha256').update(request.bytes).digest('hex');
  const size = imagePixelSize(request.bytes, found);
  // A draft's until a version that uses it is published (publishImagesIn): the site serves it then.
  await db
    .insertInto('config_images')
    .values({
      name,
      type: found,
      bytes: request.bytes,
      size: request.bytes.length,
      sha256,
      uploaded_by: request.by,
      uploaded_at: iso(request.now),
      published_at: null,
      width: size?.width ?? null,
      height: size?.height ?? null,
    })
    .execute();
  return { src: `/images/${name}`, sha256, type: found, ...size };
}

/** An uploaded image to serve: its newest bytes, and whether the name was ever uploaded again. */
export interface StoredImage {
  type: string;
  bytes: Buffer;
  sha256: string;
  /** Only one upload has this name: its bytes never change, so a browser may keep them. */
  unique: boolean;
  /** On the site (a published version uses it); false: a draft's, shown only to staff. */
  published: boolean;
}

/**
 * One query: the newest upload of `name` and how many there are; only published uploads unless
 * `drafts` (a signed-in staff member previewing a draft).
 */
export async function imageByName(
  db: Db,
  name: string,
  { drafts = false }: { drafts?: boolean } = {},
): Promise<StoredImage | undefined> {
  if (!imageName(name)) return undefined;
  const row = await db
    .selectFrom('config_images as i')
    .select((eb) => [
      'i.type',
      'i.bytes',
      'i.sha256',
      'i.published_at',
      eb
        .selectFrom('config_images as o')
        .select((o) => o.fn.countAll<number>().as('n'))
        .whereRef('o.name', '=', 'i.name')
        .as('uploads'),
    ])
    .where('i.name', '=', name)
    .$if(!drafts, (q) => q.where('i.published_at', 'is not', null))
    .orderBy('i.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    type: row.type,
    bytes: Buffer.from(row.bytes),
    sha256: row.sha256,
    unique: Number(row.uploads) === 1,
    published: row.published_at !== null,
  };
}

/** The uploaded image names a document's text uses (`/images/<name>`). */
export function imagesIn(content: string): string[] {
  return [
    ...new Set(
      [...content.matchAll(/\/images\/([a-z0-9][a-z0-9-]{0,110}\.(?:png|jpe?g|webp|svg))/g)].map(
        (m) => m[1] ?? '',
      ),
    ),
  ];
}

/**
 * On publish (in its transaction): the uploads the published text uses go on the site. An upload
 * only a discarded draft used stays unpublished, never served.
 */
export async function publishImagesIn(db: Db, content: string, now: Date): Promise<void> {
  const names = imagesIn(content);
  if (names.length === 0) return;
  await db
    .updateTable('config_images')
    .set({ published_at: iso(now) })
    .where('name', 'in', names)
    .where('published_at', 'is', null)
    .execute();
}

/** The uploaded names every published version uses. */
async function publishedUses(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('config_documents as d')
    .innerJoin('config_versions as v', (j) =>
      j.onRef('v.path', '=', 'd.path').onRef('v.number', '=', 'd.published_number'),
    )
    .select('v.content')
    .execute();
  return new Set(rows.flatMap((r) => imagesIn(r.content)));
}

/** Uploaded images no published page uses (published once and since replaced, or never published). */
export async function unusedImages({ db }: ContentCtx): Promise<ImageInfo[]> {
  const used = await publishedUses(db);
  return (await uploadedInfos(db))
    .filter((i) => !used.has(i.name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Removes an uploaded image (every upload of its name), refused while a published page uses it. */
export async function removeImage({ db }: ContentCtx, name: unknown): Promise<void> {
  const valid = imageName(name);
  if (!valid) throw new ContentError('bad-path', 'That is not an image name.');
  if ((await publishedUses(db)).has(valid))
    throw new ContentError('conflict', 'A published page uses this image: change the page first.');
  const removed = await db.deleteFrom('config_images').where('name', '=', valid).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0)
    throw new ContentError('not-found', 'There is no such uploaded image.');
}
