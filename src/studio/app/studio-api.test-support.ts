// An in-memory file API implementing the Studio contract, for the studio's component tests: files
// by path under config/ (the published versions), versions that change with the bytes, drafts saved
// as numbered versions beside them and the review workflow on them (submit, send back, approve with
// the money rule, publish now or scheduled with its compare-and-set, withdraw a schedule,
// unpublish, roll back, discard, preview links, the inbox, history and compare), a small validate
// (an empty title, an address used by another landing, a variant key used twice in a programme)
// and a preview that draws the title. `refuseNext` makes the next call of an action fail as the
// server would (a 409, a 403), and `calls` records what each action was sent.
import { changeList } from '../../engine/content/change-list';
import { configKindOf } from '../../engine/content/schema-labels';
import { basisInStep, nextBasis, type TranslationBasis } from '../../engine/content/translation-basis';
import type { Hosts } from '../../generated/config/hosts';
import type { Landing } from '../../generated/config/landing';
import type {
  CardWorldPlaces,
  ComparisonData,
  Draft,
  FileList,
  FunnelData,
  FunnelQuery,
  ImageInfo,
  InboxItem,
  Json,
  LoadedFile,
  Problem,
  PutResult,
  StudioApi,
  VersionState,
  VersionSummary,
} from './studio-api';
import { StudioApiError } from './studio-api';
import { createFakeStaff, type FakeStaff } from './staff-api.test-support';
import { createFakeExperiments, type FakeExperiments } from './experiments-api.test-support';

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

type FakeVersion = VersionSummary & { content: Json };

/** The workflow's actions, which `refuseNext` can make fail and `calls` records. */
export type WorkflowAction =
  | 'submitForReview'
  | 'sendBack'
  | 'approve'
  | 'publishNow'
  | 'schedule'
  | 'unschedule'
  | 'unpublish'
  | 'rollback'
  | 'discard'
  | 'previewLink';

export interface FakeStudioApi extends StudioApi {
  files: Map<string, Json>;
  /** Every funnel query asked, in order. */
  funnelQueries: FunnelQuery[];
  /** Every draft saved on the server, in order. */
  writes: { path: string; content: Json }[];
  /** Every version, by path, oldest first. */
  versionsOf: Map<string, FakeVersion[]>;
  /** The number of each document's published version (null: taken off the site). */
  publishedOf: Map<string, number | null>;
  /** Every workflow action asked, in order, with what it was sent. */
  calls: { action: WorkflowAction; request: unknown }[];
  /** Publish a file as another person would. */
  writeOnDisk(path: string, content: Json): void;
  /** A version by another person (to review); a published one becomes the one students see. */
  addVersion(path: string, content: Json, version: Partial<VersionSummary>): VersionSummary;
  /** The next call of `action` fails with this refusal (as the server would answer it). */
  refuseNext(action: WorkflowAction, error: StudioApiError): void;
  /** The accounts and the audit log (People, Activity). */
  people: FakeStaff;
  /** The experiments, their results and the actions asked. */
  experimentsFake: FakeExperiments;
  /** What the card preview's places answer (null: as for a draft with problems), and who asked. */
  cardPlaces: CardWorldPlaces | null;
  cardWorldRequests: Parameters<StudioApi['cardWorld']>[0][];
}

/** Who saves drafts in the fake (the signed-in person of the tests). */
export const FAKE_AUTHOR = { id: 'staff-me', name: 'Test Editor' };
/** Who approves and sends back in the fake. */
export const FAKE_REVIEWER = 'Test Publisher';

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
  const versionsOf = new Map<string, FakeVersion[]>();
  const publishedOf = new Map<string, number | null>();
  const calls: { action: WorkflowAction; request: unknown }[] = [];
  const refusals = new Map<WorkflowAction, StudioApiError>();
  /** Each Hindi page's translation basis, once asked for. */
  const bases = new Map<string, TranslationBasis>();
  /** `version` is live: the one it replaces is archived. */
  const goLive = (version: FakeVersion) => {
    const before = publishedOf.get(version.path);
    const old = versionsOf.get(version.path)?.find((v) => v.number === before);
    if (old && old !== version) old.state = 'archived';
    version.state = 'published';
    version.publishedAt ??= '2026-03-02T10:00:00.000Z';
    publishedOf.set(version.path, version.number);
    files.set(version.path, version.content);
  };
  const addVersion = (path: string, content: Json, version: Partial<VersionSummary>) => {
    const list = versionsOf.get(path) ?? [];
    const made: FakeVersion = {
      path,
      number: list.length + 1,
      parentNumber: publishedOf.get(path) ?? null,
      state: 'draft',
      authorId: FAKE_AUTHOR.id,
      authorName: FAKE_AUTHOR.name,
      note: null,
      createdAt: '2026-03-01T09:30:00.000Z',
      changes: [],
      touchesMoney: false,
      reviewedBy: null,
      publishAt: null,
      unpublishAt: null,
      publishedAt: null,
      ...version,
      content,
    };
    versionsOf.set(path, [...list, made]);
    if (made.state === 'published') goLive(made);
    const { content: _content, ...summary } = made;
    return summary;
  };
  const versionAt = (path: string, number: number) => {
    const found = versionsOf.get(path)?.find((v) => v.number === number);
    if (!found) throw new StudioApiError(404, 'not-found', `There is no version ${number} of this page.`);
    return found;
  };
  const move = (path: string, number: number, from: VersionState[], to: VersionState) => {
    const version = versionAt(path, number);
    if (!from.includes(version.state))
      throw new StudioApiError(
        409,
        'state',
        `Version ${number} is ${version.state}: it cannot be ${to} now.`,
      );
    version.state = to;
    return version;
  };
  /** Records the call, and answers the refusal asked for it, if any. */
  const asked = (action: WorkflowAction, request: unknown) => {
    calls.push({ action, request });
    const refusal = refusals.get(action);
    if (refusal) {
      refusals.delete(action);
      throw refusal;
    }
  };
  const publishNow = (version: FakeVersion) => {
    const live = publishedOf.get(version.path);
    if (live !== undefined && version.parentNumber !== live)
      throw new StudioApiError(
        409,
        'changed',
        'Someone published another version of this page since this one was made: compare the two and make a new version.',
      );
    goLive(version);
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

  const people = createFakeStaff();
  const experiments = createFakeExperiments();
  const api: FakeStudioApi = {
    cardPlaces: null,
    cardWorldRequests: [],
    people,
    experimentsFake: experiments,
    experiments: () => experiments.experiments(),
    experimentPlan: (path) => experiments.experimentPlan(path),
    createExperiment: (body) => experiments.createExperiment(body),
    experiment: (id) => experiments.experiment(id),
    experimentAction: (id, body) => experiments.experimentAction(id, body),
    listStaff: () => people.listStaff(),
    addStaff: (person) => people.addStaff(person),
    changeStaff: (id, change) => people.changeStaff(id, change),
    activity: (query) => people.activity(query),
    files,
    writes,
    versionsOf,
    publishedOf,
    calls,
    addVersion,
    refuseNext(action, error) {
      refusals.set(action, error);
    },
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
      const list: FileList = { landings: [], programmes: [], coupons: [] };
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
        else if (path.startsWith('coupons/'))
          list.coupons.push({
            path,
            code: String(page.code ?? ''),
            discount: obj(page.discount) as { percent?: number; amount?: number },
            validFrom: String(page.validFrom ?? ''),
            validUntil: String(page.validUntil ?? ''),
            programmes: (page.programmes ?? []) as string[],
            classes: (page.classes ?? []) as string[],
            leadTerm: String(page.leadTerm ?? ''),
            uses: typeof page.uses === 'number' ? page.uses : null,
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
    async getFile(path, number): Promise<LoadedFile | null> {
      if (number !== undefined) {
        const version = versionAt(path, number);
        const parent = version.parentNumber;
        const fromPublished = parent === (publishedOf.get(path) ?? null) && files.has(path);
        // The base to save from: the published version (as getFile answers it), or its parent.
        const base = fromPublished ? versionOf(files.get(path) ?? null) : String(parent ?? number);
        return { path, content: version.content, version: base };
      }
      const content = files.get(path);
      if (content === undefined) return null;
      const drafts = (versionsOf.get(path) ?? [])
        .filter((v) => ['draft', 'review', 'approved', 'scheduled'].includes(v.state))
        .map((v) => ({
          number: v.number,
          state: v.state,
          author: v.authorName,
          authorId: v.authorId,
          createdAt: v.createdAt,
          note: v.note,
        }))
        .reverse();
      return { path, content, version: versionOf(content), drafts };
    },
    async validate(drafts) {
      return check(drafts);
    },
    async cardWorld(request) {
      api.cardWorldRequests.push(request);
      return api.cardPlaces;
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
    async translations(path) {
      const hi = files.get(path) as unknown as Landing | undefined;
      const enPath = hi?.locale === 'hi' ? hi.translationOf : undefined;
      const en = enPath === undefined ? undefined : files.get(enPath);
      if (!hi || !enPath || en === undefined) return null;
      // As the server takes a page nobody translated through the Studio: in step with the English
      // page it started with.
      if (!bases.has(path)) bases.set(path, basisInStep(en as unknown as Landing, hi));
      return {
        content: hi as unknown as Json,
        english: { path: enPath, content: en },
        basis: bases.get(path) ?? {},
      };
    },
    async confirmTranslations(path, pointers) {
      const state = await this.translations(path);
      const hi = files.get(path) as unknown as Landing;
      if (!state?.english)
        throw new StudioApiError(404, 'not-found', 'This page is not the translation of another page.');
      const basis = nextBasis({
        en: state.english.content as unknown as Landing,
        hi,
        previousHi: hi,
        previousBasis: state.basis,
        confirmed: pointers,
      });
      bases.set(path, basis);
      return basis;
    },
    async history(path) {
      const versions = [...(versionsOf.get(path) ?? [])].reverse();
      return {
        published: publishedOf.get(path) ?? null,
        versions: versions.map(({ content: _content, ...version }) => version),
      };
    },
    async inbox() {
      const waiting: InboxItem[] = [];
      for (const list of versionsOf.values())
        for (const { content: _content, authorName, parentNumber: _p, publishedAt: _at, ...v } of list)
          if (['review', 'approved', 'scheduled'].includes(v.state) || (v.state === 'draft' && v.reviewedBy))
            waiting.push({ ...v, author: authorName });
      return waiting.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.number - a.number);
    },
    async compare(path, from, to) {
      const kind = configKindOf(path);
      const [before, after] = [versionAt(path, from).content, versionAt(path, to).content];
      const changes = kind
        ? changeList(before as never, after as never, { hosts: FAKE_HOSTS as unknown as Hosts, kind })
        : [];
      return { changes, touchesMoney: changes.some((c) => c.money) };
    },
    async submitForReview(request) {
      asked('submitForReview', request);
      const { path, number, note } = request;
      const problems = check([{ path, content: versionAt(path, number).content }]);
      if (problems.length)
        throw new StudioApiError(
          422,
          'invalid',
          'The site would not work with this version: fix the problems listed first.',
        );
      move(path, number, ['draft'], 'review').note = note || null;
    },
    async sendBack(request) {
      asked('sendBack', request);
      const version = move(request.path, request.number, ['review'], 'draft');
      version.note = request.comment;
      version.reviewedBy = FAKE_REVIEWER;
    },
    async approve(request) {
      asked('approve', request);
      const version = versionAt(request.path, request.number);
      if (version.touchesMoney && version.authorId === FAKE_AUTHOR.id)
        throw new StudioApiError(
          403,
          'forbidden',
          'This version changes what students pay: a publisher other than its author must approve it.',
        );
      move(request.path, request.number, ['review'], 'approved').reviewedBy = FAKE_REVIEWER;
    },
    async publishNow(request) {
      asked('publishNow', request);
      const version = versionAt(request.path, request.number);
      if (!['approved', 'scheduled'].includes(version.state))
        throw new StudioApiError(409, 'state', `Version ${version.number} cannot be published now.`);
      publishNow(version);
    },
    async schedule(request) {
      asked('schedule', request);
      const { path, number, publishAt, unpublishAt } = request;
      if (unpublishAt && Date.parse(unpublishAt) <= Date.parse(publishAt))
        throw new StudioApiError(422, 'invalid', 'The end must come after the start.');
      const version = move(path, number, ['approved', 'scheduled'], 'scheduled');
      version.publishAt = new Date(publishAt).toISOString();
      version.unpublishAt = unpublishAt ? new Date(unpublishAt).toISOString() : null;
    },
    async unschedule(request) {
      asked('unschedule', request);
      const version = move(request.path, request.number, ['scheduled'], 'approved');
      version.publishAt = null;
      version.unpublishAt = null;
    },
    async unpublish(request) {
      asked('unpublish', request);
      const live = publishedOf.get(request.path);
      if (live == null) throw new StudioApiError(409, 'state', 'This page is not published.');
      versionAt(request.path, live).state = 'archived';
      publishedOf.set(request.path, null);
    },
    async rollback(request) {
      asked('rollback', request);
      const { path, to, restoreNow } = request;
      const made = addVersion(path, versionAt(path, to).content, {
        state: 'draft',
        note: `Restores version ${to}.`,
        changes: (await api.compare(path, publishedOf.get(path) ?? to, to)).changes,
      });
      const version = versionAt(path, made.number);
      if (restoreNow) publishNow(version);
      else version.state = 'review';
    },
    async discard(request) {
      asked('discard', request);
      move(request.path, request.number, ['draft'], 'archived');
    },
    async previewLink(request) {
      asked('previewLink', request);
      versionAt(request.path, request.number);
      return { url: `/studio/preview/token-${calls.length}`, expiresAt: '2026-03-04T10:00:00.000Z' };
    },
    async listImages() {
      return images;
    },
    async uploadImage(name) {
      if (images.some((i) => i.name === name)) return { ok: false, error: 'exists' };
      const src = `/images/${name}`;
      images.push({ src, name, bytes: 10, width: 640, height: 320, draft: true });
      return { ok: true, src, width: 640, height: 320 };
    },
    async unusedImages() {
      return images.filter((i) => i.draft);
    },
    async removeImage(name) {
      images.splice(
        images.findIndex((i) => i.name === name),
        1,
      );
      return images.filter((i) => i.draft);
    },
  };
  return api;
}
