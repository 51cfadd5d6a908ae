// An in-memory file API implementing the Studio contract, for the studio's component tests: files
// by path under config/ (the published versions), versions that change with the bytes, drafts saved
// as numbered versions beside them (submit, approve, publish), a small validate (an empty title, an
// address used by another landing, a variant key used twice in a programme) and a preview that
// draws the title.
import type {
  ComparisonData,
  Draft,
  FileList,
  FunnelData,
  FunnelQuery,
  ImageInfo,
  Json,
  LoadedFile,
  Problem,
  PutResult,
  StudioApi,
  VersionInfo,
} from './studio-api';
import { StudioApiError } from './studio-api';

function versionOf(content: Json): string {
  const text = JSON.stringify(content);
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

type Obj = { [key: string]: Json };
const obj = (value: Json | undefined): Obj =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

export const FAKE_HOSTS: Json = {
  $schema: '../schemas/config/hosts.schema.json',
  defaultProfile: 'iacst',
  profiles: [
    { id: 'iacst', programme: 'iacst', hosts: ['localhost', 'iacst.localhost'], registerPath: '/iacstexam' },
    { id: 'mock-neet', programme: 'mock-neet', hosts: ['mock-neet.localhost'], registerPath: '/iacstexam' },
  ],
};

/** A small landing that passes the fake's checks. */
export function fakeLanding(overrides: Obj = {}): Json {
  return {
    $schema: '../../schemas/config/landing.schema.json',
    paths: ['/neet-repeater'],
    variantKey: 'iacst_repeater_neet',
    programme: 'iacst',
    locale: 'en',
    title: 'NEET repeater scholarship',
    description:
      'Take a free 60-minute online scholarship test and win up to 60% off the NEET repeater course.',
    blocks: [
      { type: 'header' },
      {
        type: 'hero',
        heading: 'NEET repeater scholarship',
        image: { src: '/images/login-iacst.svg', alt: 'A student', width: 480, height: 320 },
      },
      { type: 'faq', items: [{ id: 'what', heading: 'What is it?', points: ['A test.'] }] },
    ],
    ...overrides,
  };
}

export interface FakeFunnel {
  /** What funnel() answers (default: no visits recorded yet). */
  data?: FunnelData;
  /** What compareVariants() answers. */
  comparison?: ComparisonData;
}

export interface FakeStudioApi extends StudioApi {
  files: Map<string, Json>;
  /** Every funnel query asked, in order. */
  funnelQueries: FunnelQuery[];
  /** Every draft saved on the server, in order. */
  writes: { path: string; content: Json }[];
  /** Every version, by path, oldest first. */
  versionsOf: Map<string, (VersionInfo & { content: Json })[]>;
  /** Publish a file as another person would. */
  writeOnDisk(path: string, content: Json): void;
  /** A version by another person (to review). */
  addVersion(path: string, content: Json, version: Partial<VersionInfo>): VersionInfo;
}

/** Who saves drafts in the fake (the signed-in person of the tests). */
export const FAKE_AUTHOR = { id: 'staff-me', name: 'Test Editor' };

const NO_VISITS = { source: 'a test database', unavailable: 'No visits are recorded yet.' };

export function createFakeStudioApi(
  initial: Record<string, Json>,
  images: ImageInfo[] = [],
  funnel: FakeFunnel = {},
): FakeStudioApi {
  const funnelQueries: FunnelQuery[] = [];
  const files = new Map<string, Json>(
    Object.entries({ 'hosts.json': FAKE_HOSTS, 'site.json': { screens: {} }, ...initial }),
  );
  const modified = new Map<string, string>();
  const writes: { path: string; content: Json }[] = [];
  const versionsOf = new Map<string, (VersionInfo & { content: Json })[]>();
  const addVersion = (path: string, content: Json, version: Partial<VersionInfo>) => {
    const list = versionsOf.get(path) ?? [];
    const made = {
      number: list.length + 1,
      state: 'draft' as const,
      authorId: FAKE_AUTHOR.id,
      authorName: FAKE_AUTHOR.name,
      note: null,
      createdAt: '2026-03-01T09:30:00.000Z',
      ...version,
      content,
    };
    versionsOf.set(path, [...list, made]);
    return made;
  };
  const versionAt = (path: string, number: number) => {
    const found = versionsOf.get(path)?.find((v) => v.number === number);
    if (!found) throw new StudioApiError(404, 'not-found', `There is no version ${number} of ${path}.`);
    return found;
  };
  const move = (path: string, number: number, from: VersionInfo['state'], to: VersionInfo['state']) => {
    const version = versionAt(path, number);
    if (version.state !== from)
      throw new StudioApiError(
        409,
        'state',
        `Version ${number} is ${version.state}: it cannot be ${to} now.`,
      );
    version.state = to;
    return version;
  };
  const hostsOf = (programme: Json | undefined) =>
    ((obj(files.get('hosts.json')).profiles ?? []) as Obj[])
      .filter((p) => p.programme === programme)
      .flatMap((p) => p.hosts as string[]);

  const check = (drafts: Draft[]): Problem[] => {
    const all = new Map(files);
    for (const d of drafts) all.set(d.path, d.content);
    const problems: Problem[] = [];
    const landings = [...all].filter(([path]) => path.startsWith('landings/'));
    const owner = new Map<string, string>();
    const keys = new Map<string, string>();
    for (const [path, content] of landings) {
      const page = obj(content);
      if (typeof page.title !== 'string' || !page.title.trim())
        problems.push({ file: path, pointer: '/title', message: 'must not be empty' });
      ((page.paths ?? []) as string[]).forEach((p, i) => {
        const other = owner.get(p);
        if (other)
          problems.push({
            file: path,
            pointer: `/paths/${i}`,
            message: `path "${p}" is already used by config/${other}`,
          });
        else owner.set(p, path);
      });
      const key = `${String(page.programme)}:${String(page.variantKey)}`;
      const other = keys.get(key);
      if (other)
        problems.push({
          file: path,
          pointer: '/variantKey',
          message: `the variant key ${String(page.variantKey)} is also used by ${other}`,
        });
      else keys.set(key, path);
    }
    return problems;
  };

  const api: FakeStudioApi = {
    files,
    writes,
    versionsOf,
    addVersion,
    funnelQueries,
    async funnel(query) {
      funnelQueries.push(query);
      return funnel.data ?? NO_VISITS;
    },
    async compareVariants(query) {
      funnelQueries.push(query);
      return funnel.comparison ?? NO_VISITS;
    },
    writeOnDisk(path, content) {
      files.set(path, content);
      modified.set(path, '2026-03-02T10:00:00.000Z');
    },
    async listFiles(): Promise<FileList> {
      const list: FileList = { landings: [], programmes: [] };
      for (const [path, content] of files) {
        const page = obj(content);
        const when = modified.get(path) ?? '2026-03-01T09:30:00.000Z';
        if (path.startsWith('landings/'))
          list.landings.push({
            path,
            title: String(page.title ?? ''),
            paths: (page.paths ?? []) as string[],
            hosts: hostsOf(page.programme),
            locale: String(page.locale ?? 'en'),
            variantKey: String(page.variantKey ?? ''),
            programme: String(page.programme ?? ''),
            modified: when,
          });
        else if (path.startsWith('programmes/'))
          list.programmes.push({
            path,
            id: String(page.id ?? ''),
            title: String(page.name ?? ''),
            modified: when,
          });
      }
      return list;
    },
    async getFile(path): Promise<LoadedFile | null> {
      const content = files.get(path);
      return content === undefined ? null : { path, content, version: versionOf(content) };
    },
    async validate(drafts) {
      return check(drafts);
    },
    async preview({ path, content }) {
      const problems = check([{ path, content }]).filter((p) => p.file === path);
      const page = obj(content);
      if (problems.length) return { html: '', problems };
      return {
        html: `<!doctype html><html lang="${String(page.locale)}"><h1>${String(page.title)}</h1></html>`,
        problems: [],
      };
    },
    async putFile({ path, content, baseVersion }): Promise<PutResult> {
      const current = files.get(path);
      const currentVersion = current === undefined ? null : versionOf(current);
      if (currentVersion !== baseVersion)
        return {
          ok: false,
          error: 'changed',
          current: current === undefined ? null : { content: current, version: versionOf(current) },
        };
      // A draft may be incomplete: it is checked when submitted.
      writes.push({ path, content });
      const made = addVersion(path, content, {});
      return { ok: true, version: String(made.number), number: made.number, state: 'draft' };
    },
    async versions(path) {
      return [...(versionsOf.get(path) ?? [])].reverse().map(({ content: _content, ...version }) => version);
    },
    async submitForReview({ path, number, note }) {
      const problems = check([{ path, content: versionAt(path, number).content }]);
      if (problems.length)
        throw new StudioApiError(
          422,
          'invalid',
          'The site would not work with this version: fix the problems listed first.',
        );
      move(path, number, 'draft', 'review').note = note || null;
    },
    async approve({ path, number }) {
      move(path, number, 'review', 'approved');
    },
    async publishNow({ path, number }) {
      const version = move(path, number, 'approved', 'published');
      files.set(path, version.content);
    },
    async listImages() {
      return images;
    },
    async uploadImage(name) {
      if (images.some((i) => i.name === name)) return { ok: false, error: 'exists' };
      const src = `/images/${name}`;
      images.push({ src, name, bytes: 10 });
      return { ok: true, src };
    },
  };
  return api;
}
