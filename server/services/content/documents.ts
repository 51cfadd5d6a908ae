// The Studio's view of the config documents (decision 049): the list of pages and programmes with
// who is working on each, a document opened at its published version (or any version), a save as
// a new draft made from the published version (refused when another version was published since,
// with what is published now), the publishers' inbox, and "what changes for students" between two
// versions.
import type { ConfigBundle, LandingFile } from '../../../src/engine/config-bundle';
import type { Change } from '../../../src/engine/content/change-list';
import type { Coupon } from '../../../src/generated/config/coupon';
import type { Hosts } from '../../../src/generated/config/hosts';
import type { Landing } from '../../../src/generated/config/landing';
import type { Programme } from '../../../src/generated/config/programme';
import type { Db } from '../../db/database';
import type { VersionState } from '../../db/tables/content';
import { ContentError } from './errors';
import { draftText, hostsServing } from './preview';
import { describeChange, getVersion, isDocumentPath, saveDraft, type Actor } from './versions';
import type { ContentCtx } from './context';

/** The states a version is still being worked on in. */
const OPEN_STATES: readonly VersionState[] = ['draft', 'review', 'approved', 'scheduled'];

/** A version someone is working on: "Draft by Esha", "In review". */
export interface OpenVersion {
  number: number;
  state: VersionState;
  author: string;
  authorId: string;
  createdAt: string;
  note: string | null;
}

interface VersionRow {
  path: string;
  number: number;
  state: VersionState;
  author_id: string;
  author_name: string;
  created_at: string;
  published_at: string | null;
  note: string | null;
}

const openOf = (row: VersionRow): OpenVersion => ({
  number: Number(row.number),
  state: row.state,
  author: row.author_name,
  authorId: row.author_id,
  createdAt: row.created_at,
  note: row.note,
});

/** Each document's published number and its versions, newest first. */
async function documentsAndVersions(db: Db, path?: string) {
  let docs = db.selectFrom('config_documents').select(['path', 'published_number']);
  let versions = db
    .selectFrom('config_versions')
    .select(['path', 'number', 'state', 'author_id', 'author_name', 'created_at', 'published_at', 'note'])
    .orderBy('number', 'desc');
  if (path !== undefined) {
    docs = docs.where('path', '=', path);
    versions = versions.where('path', '=', path);
  }
  const byPath = new Map<string, { published: number | null; versions: VersionRow[] }>();
  for (const doc of await docs.execute())
    byPath.set(doc.path, {
      published: doc.published_number === null ? null : Number(doc.published_number),
      versions: [],
    });
  for (const row of await versions.execute()) byPath.get(row.path)?.versions.push(row as VersionRow);
  return byPath;
}

/** The version a document is shown at: its published one, else its newest open one, else its newest. */
function shownOf(doc: { published: number | null; versions: VersionRow[] }): VersionRow | undefined {
  return (
    doc.versions.find((v) => v.number === doc.published) ??
    doc.versions.find((v) => OPEN_STATES.includes(v.state)) ??
    doc.versions[0]
  );
}

const parsedOr = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
};

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const whole = (value: unknown): number | undefined => (Number.isInteger(value) ? Number(value) : undefined);

/** A coupon's discount as far as its draft has one: a percent or an amount (a draft may have neither). */
function discountOf(value: unknown): { percent?: number; amount?: number } {
  const { percent, amount } = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const out: { percent?: number; amount?: number } = {};
  if (whole(percent) !== undefined) out.percent = whole(percent);
  if (whole(amount) !== undefined) out.amount = whole(amount);
  return out;
}

/** What the Studio's home page lists: every landing, programme and coupon, with who is working on it. */
export async function listDocuments({ db }: ContentCtx) {
  const docs = await documentsAndVersions(db);
  const shown = [...docs].flatMap(([path, doc]) => {
    const row = shownOf(doc);
    return row ? [{ path, doc, row }] : [];
  });
  const contents = new Map<string, string>();
  await Promise.all(
    shown.map(async ({ path, row }) => {
      contents.set(path, (await getVersion(db, path, Number(row.number))).content);
    }),
  );
  const extra = (
    path: string,
    doc: { published: number | null; versions: VersionRow[] },
    row: VersionRow,
  ) => ({
    modified: row.published_at ?? row.created_at,
    published: doc.published,
    openVersions: doc.versions.filter((v) => OPEN_STATES.includes(v.state)).map(openOf),
  });
  const hosts = parsedOr(contents.get('hosts.json')) as Hosts | undefined;
  // Read as they are (a document with a mistake is still listed, to be opened and fixed).
  const landingFiles: LandingFile[] = shown
    .filter(({ path }) => path.startsWith('landings/'))
    .flatMap(({ path }) => {
      const landing = parsedOr(contents.get(path));
      return landing && typeof landing === 'object' ? [{ file: path, landing: landing as Landing }] : [];
    });
  const serving = (landing: LandingFile): string[] => {
    if (!hosts || !Array.isArray(hosts.profiles)) return [];
    try {
      return hostsServing({ hosts, landings: landingFiles }, landing);
    } catch {
      return [];
    }
  };
  const byPath = new Map(shown.map((s) => [s.path, s]));
  const landings = landingFiles.map((l) => {
    const shownRow = byPath.get(l.file);
    if (!shownRow) throw new Error(`${l.file} vanished while listed`);
    const { doc, row } = shownRow;
    return {
      path: l.file,
      title: text(l.landing.title),
      paths: strings(l.landing.paths),
      hosts: serving(l),
      locale: text(l.landing.locale),
      variantKey: text(l.landing.variantKey),
      programme: text(l.landing.programme),
      ...extra(l.file, doc, row),
    };
  });
  const programmes = shown
    .filter(({ path }) => path.startsWith('programmes/'))
    .map(({ path, doc, row }) => {
      const programme = (parsedOr(contents.get(path)) ?? {}) as Partial<Programme>;
      return {
        path,
        id: text(programme.id) || path.slice('programmes/'.length, -'.json'.length),
        title: text(programme.name),
        ...extra(path, doc, row),
      };
    });
  const coupons = shown
    .filter(({ path }) => path.startsWith('coupons/'))
    .map(({ path, doc, row }) => {
      const coupon = (parsedOr(contents.get(path)) ?? {}) as Partial<Coupon>;
      const uses = whole(coupon.uses);
      return {
        path,
        code: text(coupon.code) || path.slice('coupons/'.length, -'.json'.length).toUpperCase(),
        discount: discountOf(coupon.discount),
        validFrom: text(coupon.validFrom),
        validUntil: text(coupon.validUntil),
        programmes: strings(coupon.programmes),
        classes: strings(coupon.classes),
        leadTerm: text(coupon.leadTerm),
        uses: uses ?? null,
        ...extra(path, doc, row),
      };
    })
    .sort((a, b) => a.code.localeCompare(b.code));
  return { landings, programmes, coupons };
}

export function badPath(): ContentError {
  return new ContentError('bad-path', 'That is not a page or programme the Studio can open.');
}

/** A document at its published version (or `number`), with the versions others are working on. */
export async function openDocument({ db }: ContentCtx, path: string, number?: number) {
  if (!isDocumentPath(path)) throw badPath();
  const doc = (await documentsAndVersions(db, path)).get(path);
  if (!doc)
    throw new ContentError(
      'not-found',
      'That page or programme does not exist: it may have been renamed or removed.',
    );
  const row = number === undefined ? shownOf(doc) : doc.versions.find((v) => v.number === number);
  if (!row) throw new ContentError('not-found', `There is no version ${number} of this page.`);
  const version = await getVersion(db, path, Number(row.number));
  const base = doc.published ?? doc.versions.find((v) => OPEN_STATES.includes(v.state))?.number ?? row.number;
  return {
    path,
    content: JSON.parse(version.content) as unknown,
    // What a save continues from: the published version, or the one an older version was made from.
    version: String(number === undefined ? base : (version.parentNumber ?? base)),
    number: version.number,
    state: version.state,
    published: doc.published,
    drafts: doc.versions.filter((v) => OPEN_STATES.includes(v.state)).map(openOf),
  };
}

/**
 * PUT /file: a new draft made from the published version. `baseVersion` names what the editor
 * started from: the published version, or a draft made from it (the editor's last save). Anything
 * else means another version was published meanwhile: refused with what is published now.
 */
export async function saveFromStudio(
  { db }: ContentCtx,
  request: {
    path: string;
    content: unknown;
    baseVersion: string | null;
    actor: Actor;
    now: Date;
    site?: ConfigBundle;
  },
) {
  const { path, actor } = request;
  if (!isDocumentPath(path)) throw badPath();
  const doc = (await documentsAndVersions(db, path)).get(path);
  const published = doc?.published ?? null;
  const base = request.baseVersion === null ? null : Number(request.baseVersion);
  const baseRow = base === null ? undefined : doc?.versions.find((v) => v.number === base);
  const madeFromPublished = async () => {
    if (base === null) return published === null;
    if (base === published) return true;
    if (!baseRow) return false;
    const parent = (await getVersion(db, path, base)).parentNumber;
    return parent === published;
  };
  if (!(await madeFromPublished())) {
    const current = published === null ? null : await getVersion(db, path, published);
    throw new ContentError(
      'conflict',
      base === null
        ? 'A page with this name was published by someone else since you started it.'
        : 'Someone else published a new version of this page since you opened it.',
      [],
      {
        current: current
          ? { content: JSON.parse(current.content) as unknown, version: String(published) }
          : null,
      },
    );
  }
  // One draft per author: a save supersedes their earlier drafts of the document (the editor saves
  // as they type, and a save it aborted may still have reached the server).
  const ownDrafts = (doc?.versions ?? [])
    .filter((v) => v.state === 'draft' && v.author_id === actor.id)
    .map((v) => Number(v.number));
  const saved = await saveDraft(db, {
    path,
    content: draftText(request.content),
    parent: published,
    actor,
    now: request.now,
    site: request.site,
    replaces: ownDrafts,
  });
  const others = (doc?.versions ?? [])
    .filter((v) => OPEN_STATES.includes(v.state) && v.author_id !== actor.id)
    .map(openOf);
  return { saved, others };
}

/**
 * Every version waiting for a publisher (in review, approved, scheduled), and the drafts a
 * publisher sent back to their authors (a draft with a reviewer: its note is the comment), newest
 * first.
 */
export async function inbox({ db }: ContentCtx) {
  const rows = await db
    .selectFrom('config_versions')
    .select([
      'path',
      'number',
      'state',
      'author_id',
      'author_name',
      'created_at',
      'published_at',
      'note',
      'summary',
      'touches_money',
      'publish_at',
      'unpublish_at',
      'reviewed_by',
    ])
    .where((eb) =>
      eb.or([
        eb('state', 'in', ['review', 'approved', 'scheduled']),
        eb.and([eb('state', '=', 'draft'), eb('reviewed_by', 'is not', null)]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('number', 'desc')
    .execute();
  return rows.map((row) => ({
    path: row.path,
    ...openOf(row as VersionRow),
    changes: JSON.parse(row.summary) as Change[],
    touchesMoney: Number(row.touches_money) === 1,
    reviewedBy: row.reviewed_by,
    publishAt: row.publish_at,
    unpublishAt: row.unpublish_at,
  }));
}

/** What changes for students from version `from` to version `to` of one document. */
export async function compareVersions(
  { db }: ContentCtx,
  path: string,
  from: number,
  to: number,
  site?: ConfigBundle,
) {
  if (!isDocumentPath(path)) throw badPath();
  const [before, after] = await Promise.all([getVersion(db, path, from), getVersion(db, path, to)]);
  return describeChange(path, before.content, after.content, site);
}
