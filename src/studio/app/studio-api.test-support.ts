// An in-memory file API implementing the Studio contract, for the studio's component tests: files
// by path under config/, versions that change with the bytes, a small validate (an empty title, an
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
} from './studio-api';

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
  /** Every successful write, in order. */
  writes: { path: string; content: Json }[];
  /** Change a file as another person (or a git pull) would. */
  writeOnDisk(path: string, content: Json): void;
}

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
      const problems = check([{ path, content }]);
      if (problems.length) return { ok: false, error: 'invalid', problems };
      files.set(path, content);
      writes.push({ path, content });
      return { ok: true, version: versionOf(content) };
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
