// The Studio's file API (docs/decisions/028): lists, reads, validates, previews and writes the
// config's files and the site's images. It answers only its own origin with the per-start token
// (a page elsewhere in the same browser cannot read or post), refuses bodies over the limits and
// any path outside config/ and public/images/, and writes atomically (temp file + rename), one write
// at a time, refusing a file that changed on disk since the draft was opened.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { PageAssets } from '../../app/document';
import type { LandingFile } from '../../engine/config-bundle';
import type { Hosts } from '../../generated/config/hosts';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import { CheckedFiles, directoryReader, type Problem } from '../../engine/node/validate-config';
import { draftText, validateWithDrafts } from './draft-validation';
import { answerFunnel, type StudioFunnel } from './funnel-api';
import { extensionFits, isImageType, sniffImage, svgProblem } from './image-check';
import { hostsServing, renderPreview, type RenderModule } from './preview';
import { configPath, imageName, resolveInside } from './safe-paths';

export const STUDIO_API_BASE = '/studio/api';

export interface StudioLimits {
  /** Largest JSON body, in bytes (default 1 MB, env STUDIO_MAX_BYTES). */
  jsonBytes: number;
  /** Largest image upload, in bytes (default 2 MB, env STUDIO_MAX_IMAGE_BYTES). */
  imageBytes: number;
}

export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): StudioLimits {
  const bytes = (value: string | undefined, fallback: number): number => {
    const n = Number(value);
    return value && Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return {
    jsonBytes: bytes(env.STUDIO_MAX_BYTES, 1024 * 1024),
    imageBytes: bytes(env.STUDIO_MAX_IMAGE_BYTES, 2 * 1024 * 1024),
  };
}

/** A fresh token for one start of the Studio: 32 random bytes, hex. */
export function newStudioToken(): string {
  return randomBytes(32).toString('hex');
}

export interface StudioApiOptions {
  configDir: string;
  /** public/images: what `/images/x.svg` names. */
  imagesDir: string;
  token: string;
  /**
   * The Studio's own origin (`http://localhost:5173`). Default: the request's own Host, which must
   * then be this machine (localhost, *.localhost, 127.0.0.1, [::1]): a DNS-rebound name is refused.
   */
  origin?: string;
  limits?: Partial<StudioLimits>;
  /** The site's renderer (the dev server passes the module it loaded; default a plain import). */
  loadRenderer?: () => Promise<RenderModule>;
  /** What the preview's page loads (the dev server's page script). */
  previewAssets?: PageAssets;
  /** Applied to the preview's HTML (the dev server injects its client). */
  transformHtml?: (url: string, html: string) => Promise<string>;
  /** Called with how long each preview took to validate and render, in ms. */
  onPreview?: (ms: number, pagePath: string) => void;
  /** The portal's funnel, read-only (the dev server's; none: the Funnel view says it is not available). */
  funnel?: StudioFunnel;
}

export type StudioApiHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const LOOPBACK =
  /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/** Whether a Host header names this machine (localhost, *.localhost, 127.x.x.x, [::1]). */
export function isStudioHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK.test(host);
}

const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

function sameToken(given: string | string[] | undefined, token: string): boolean {
  if (typeof given !== 'string' || given.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(token));
}

/** The body, or a 413 as soon as it passes `limit` bytes (declared or sent). */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () =>
    new HttpError(
      413,
      'too-large',
      `That is too large: the Studio accepts at most ${Math.floor(limit / 1024)} KB.`,
    );
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function readJsonBody(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\s*(?:;|$)/i.test(type))
    throw new HttpError(
      415,
      'bad-type',
      'The Studio could not read that request. Reload the page and try again.',
    );
  const body = await readBody(req, limit);
  try {
    const data: unknown = JSON.parse(body.toString('utf8'));
    if (data && typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>;
  } catch {
    // Falls through to the same answer.
  }
  throw new HttpError(
    400,
    'bad-request',
    'The Studio could not read that request. Reload the page and try again.',
  );
}

/** image/svg+xml → SVG, in an image refusal. */
function typeWords(type: string): string {
  return (
    (
      { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP', 'image/svg+xml': 'SVG' } as Record<
        string,
        string
      >
    )[type] ?? type.replace(/^image\//, '').toUpperCase()
  );
}

const badPath = () => new HttpError(400, 'bad-path', 'That is not a page or programme the Studio can open.');

async function configFile(configDir: string, input: unknown): Promise<{ rel: string; full: string }> {
  const rel = configPath(input);
  const full = rel ? await resolveInside(configDir, rel) : undefined;
  if (!rel || !full) throw badPath();
  return { rel, full };
}

async function readIfThere(full: string): Promise<Buffer | undefined> {
  try {
    return await readFile(full);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function parsed(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/** Writes through a temp file in the same folder and a rename: a reader sees the old or the new file. */
async function writeAtomically(full: string, bytes: Buffer | string, exclusive = false): Promise<void> {
  const temp = path.join(path.dirname(full), `.${path.basename(full)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (exclusive && (await readIfThere(full)) !== undefined)
      throw new HttpError(409, 'exists', 'An image with that name exists already.');
    await rename(temp, full);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * The text a config file is written as: the draft's JSON laid out by the project's Prettier, so a
 * published file reads like a hand-edited one in review and `npm run lint` stays clean.
 */
async function configText(content: unknown, full: string): Promise<string> {
  const settings = (await resolveConfig(full)) ?? {};
  return format(draftText(content), { ...settings, filepath: full });
}

function readJsonFile(full: string): Promise<unknown> {
  return readFile(full, 'utf8').then(
    (text) => JSON.parse(text) as unknown,
    () => undefined,
  );
}

async function modified(full: string): Promise<string> {
  return (await stat(full)).mtime.toISOString();
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

async function listFiles(configDir: string) {
  const reader = directoryReader(configDir);
  const hosts = (await readJsonFile(path.join(configDir, 'hosts.json'))) as Hosts | undefined;
  // Read as they are on disk (a file with a mistake is still listed, to be opened and fixed).
  const landingFiles: LandingFile[] = [];
  for (const file of reader.list('landings')) {
    const landing = await readJsonFile(path.join(configDir, file));
    if (landing && typeof landing === 'object') landingFiles.push({ file, landing: landing as Landing });
  }
  const serving = (landing: LandingFile): string[] => {
    if (!hosts || !Array.isArray(hosts.profiles)) return [];
    try {
      return hostsServing({ hosts, landings: landingFiles }, landing);
    } catch {
      return [];
    }
  };
  const landings = await Promise.all(
    landingFiles.map(async (l) => ({
      path: l.file,
      title: typeof l.landing.title === 'string' ? l.landing.title : '',
      paths: strings(l.landing.paths),
      hosts: serving(l),
      locale: typeof l.landing.locale === 'string' ? l.landing.locale : '',
      variantKey: typeof l.landing.variantKey === 'string' ? l.landing.variantKey : '',
      programme: typeof l.landing.programme === 'string' ? l.landing.programme : '',
      modified: await modified(path.join(configDir, l.file)),
    })),
  );
  const programmes = await Promise.all(
    reader.list('programmes').map(async (file) => {
      const full = path.join(configDir, file);
      const programme = ((await readJsonFile(full)) ?? {}) as Partial<Programme>;
      return {
        path: file,
        id: typeof programme.id === 'string' ? programme.id : path.basename(file, '.json'),
        title: typeof programme.name === 'string' ? programme.name : '',
        modified: await modified(full),
      };
    }),
  );
  return { landings, programmes };
}

function draftsOf(body: Record<string, unknown>): { path: string; content: unknown }[] {
  const drafts = body.drafts;
  if (!Array.isArray(drafts) || drafts.length > 50)
    throw new HttpError(
      400,
      'bad-request',
      'The Studio could not read that request. Reload the page and try again.',
    );
  return drafts.map((d: unknown) => {
    const draft = (d ?? {}) as { path?: unknown; content?: unknown };
    const rel = configPath(draft.path);
    if (!rel) throw badPath();
    return { path: rel, content: draft.content };
  });
}

export function createStudioApi(options: StudioApiOptions): StudioApiHandler {
  const limits = { ...limitsFromEnv(), ...options.limits };
  const { configDir, imagesDir, token } = options;
  const publicDir = path.dirname(imagesDir);
  // Every validation re-reads the config; a file whose text did not change is not parsed and
  // schema-checked again (the preview and the checks run at each pause in typing).
  const checked = new CheckedFiles();
  const validationOptions = { publicDir, checked };
  const loadRenderer =
    options.loadRenderer ?? (async (): Promise<RenderModule> => import('../../app/render-site'));
  const previewAssets = options.previewAssets ?? { css: [], js: [], preload: [] };

  // One write at a time (config or image): validation spans files, so two writes to different
  // files could each pass alone and fail together; and two writes to one file with the same
  // baseVersion must give one success and one conflict.
  let writes: Promise<unknown> = Promise.resolve();
  const serialised = <T>(task: () => Promise<T>): Promise<T> => {
    const run = writes.then(task, task);
    writes = run.catch(() => undefined);
    return run;
  };

  /** The Studio's own origin for this request, or undefined when its Host is not the Studio's. */
  function ownOrigin(req: IncomingMessage): string | undefined {
    const host = req.headers.host;
    if (!host) return undefined;
    if (options.origin) return new URL(options.origin).host === host ? options.origin : undefined;
    // A DNS-rebound name (evil.example → 127.0.0.1) arrives with its own Host: refused.
    return isStudioHost(host) ? `http://${host}` : undefined;
  }

  function checkCaller(req: IncomingMessage): void {
    const forbidden = () =>
      new HttpError(403, 'forbidden', 'Only the Studio page of this computer may use this.');
    const own = ownOrigin(req);
    if (!own) throw forbidden();
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== own) throw forbidden();
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') throw forbidden();
    if (!sameToken(req.headers['x-studio-token'], token)) throw forbidden();
  }

  async function getFile(url: URL, res: ServerResponse): Promise<void> {
    const { rel, full } = await configFile(configDir, url.searchParams.get('path'));
    const bytes = await readIfThere(full);
    if (!bytes)
      throw new HttpError(
        404,
        'not-found',
        'That page or programme does not exist: it may have been renamed or removed.',
      );
    send(res, 200, { path: rel, content: parsed(bytes), version: sha256(bytes) });
  }

  async function validate(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const drafts = draftsOf(await readJsonBody(req, limits.jsonBytes));
    send(res, 200, { problems: validateWithDrafts(configDir, drafts, validationOptions).problems });
  }

  async function preview(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonBody(req, limits.jsonBytes);
    const rel = configPath(body.path);
    if (!rel || !/^(?:landings|programmes)\//.test(rel)) throw badPath();
    const started = performance.now();
    const render = await loadRenderer();
    const loaded = performance.now();
    const result = renderPreview(
      {
        path: rel,
        content: body.content,
        ...(typeof body.host === 'string' ? { host: body.host } : {}),
        ...(typeof body.landing === 'string' ? { landing: body.landing } : {}),
      },
      { configDir, publicDir, checked, render, assets: previewAssets },
    );
    const rendered = performance.now();
    const html =
      result.html && options.transformHtml
        ? await options.transformHtml(result.pagePath, result.html)
        : result.html;
    const done = performance.now();
    const total = done - started;
    options.onPreview?.(total, result.pagePath);
    // For the browser's devtools and bench:studio: where a preview's time goes.
    const timing = (name: string, ms: number) => `${name};dur=${ms.toFixed(1)}`;
    res.setHeader(
      'Server-Timing',
      [
        timing('load', loaded - started),
        timing('validate', result.timings.validate),
        timing('render', result.timings.render),
        timing('html', done - rendered),
        timing('total', total),
      ].join(', '),
    );
    send(res, 200, { html, problems: result.problems, pagePath: result.pagePath, host: result.host });
  }

  async function putFile(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonBody(req, limits.jsonBytes);
    const { rel, full } = await configFile(configDir, body.path);
    const base = body.baseVersion;
    if (base !== null && typeof base !== 'string')
      throw new HttpError(
        400,
        'bad-request',
        'The request does not say which version the draft started from.',
      );
    if (body.content === undefined || body.content === null || typeof body.content !== 'object')
      throw new HttpError(400, 'bad-request', 'The request has no content to write.');
    const text = await configText(body.content, full);
    const version = await serialised(async () => {
      const current = await readIfThere(full);
      const currentVersion = current ? sha256(current) : null;
      if (currentVersion !== base) {
        const message =
          base === null
            ? 'A page with this name was published by someone else since you started it.'
            : current
              ? 'Someone else changed this page since you opened it.'
              : 'This page was deleted since you opened it.';
        throw new HttpError(409, 'changed', message, {
          current: current ? { content: parsed(current), version: currentVersion } : null,
        });
      }
      const problems: Problem[] = validateWithDrafts(
        configDir,
        [{ path: rel, content: body.content }],
        validationOptions,
      ).problems;
      if (problems.length > 0)
        throw new HttpError(422, 'invalid', 'The change has problems to fix before it can be published.', {
          problems,
        });
      await writeAtomically(full, text);
      return sha256(text);
    });
    send(res, 200, { version });
  }

  async function listImages(res: ServerResponse): Promise<void> {
    const entries = await readdir(imagesDir, { withFileTypes: true });
    const images = await Promise.all(
      entries
        .filter((e) => e.isFile() && /\.(?:png|jpe?g|webp|svg)$/i.test(e.name))
        .map(async (e) => ({
          src: `/images/${e.name}`,
          name: e.name,
          bytes: (await stat(path.join(imagesDir, e.name))).size,
        })),
    );
    images.sort((a, b) => a.name.localeCompare(b.name));
    send(res, 200, { images });
  }

  async function uploadImage(url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const name = imageName(url.searchParams.get('name'));
    if (!name)
      throw new HttpError(
        400,
        'bad-name',
        'An image name is small letters, digits and dashes, ending .png, .jpg, .webp or .svg.',
      );
    const full = await resolveInside(imagesDir, name);
    if (!full) throw new HttpError(400, 'bad-path', 'That image cannot be written there.');
    const declared = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const wrongType = (why: string) => new HttpError(415, 'bad-type', `That file cannot be used: ${why}.`);
    if (!isImageType(declared)) throw wrongType('only PNG, JPEG, WebP and SVG images are accepted');
    const bytes = await readBody(req, limits.imageBytes);
    const found = sniffImage(bytes);
    if (found !== declared) throw wrongType(`it is not the ${typeWords(declared)} image it says it is`);
    if (!extensionFits(name, found))
      throw wrongType(`its name does not end as a ${typeWords(found)} image’s does`);
    if (found === 'image/svg+xml') {
      const why = svgProblem(bytes.toString('utf8'));
      if (why) throw wrongType(why);
    }
    const overwrite = url.searchParams.get('overwrite') === '1';
    await serialised(() => writeAtomically(full, bytes, !overwrite));
    send(res, 201, { src: `/images/${name}` });
  }

  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://studio.invalid');
    const route = url.pathname.startsWith(`${STUDIO_API_BASE}/`)
      ? url.pathname.slice(STUDIO_API_BASE.length)
      : undefined;
    try {
      checkCaller(req);
      const key = `${req.method ?? 'GET'} ${route ?? ''}`;
      switch (key) {
        case 'GET /files':
          return send(res, 200, await listFiles(configDir));
        case 'GET /file':
          return await getFile(url, res);
        case 'PUT /file':
          return await putFile(req, res);
        case 'POST /validate':
          return await validate(req, res);
        case 'POST /preview':
          return await preview(req, res);
        case 'GET /images':
          return await listImages(res);
        case 'POST /images':
          return await uploadImage(url, req, res);
        case 'GET /funnel':
        case 'GET /funnel/compare': {
          const which = route === '/funnel' ? '/funnel' : '/funnel/compare';
          const answer = await answerFunnel(options.funnel, which, url.searchParams);
          return send(res, answer.status, answer.body);
        }
        default:
          throw new HttpError(404, 'not-found', 'The Studio has no such request.');
      }
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.status === 413 || error.status === 403) res.setHeader('Connection', 'close');
        send(res, error.status, { error: error.code, message: error.message, ...error.extra });
        // Whatever of the body is left is not read: drop it rather than keep the connection.
        if (!req.complete) req.resume();
        return;
      }
      console.error(error);
      send(res, 500, { error: 'internal', message: 'Something went wrong in the Studio. Try again.' });
    }
  };
}
