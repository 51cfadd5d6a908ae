// Config as content (decision 049): every config document as immutable versions in the database,
// a review workflow (draft → review → approved → published or scheduled → archived), the
// published version of each document, and a generation every server process watches. A publish is
// a compare-and-set on the version it started from: two publishers of one document never
// overwrite each other, on SQLite or PostgreSQL, with any number of processes.
import { sql } from 'kysely';
import { changeList, type Change } from '../../../src/engine/content/change-list';
import { configKindOf } from '../../../src/engine/content/schema-labels';
import { publishImagesIn } from './images';
import { amountsIn } from '../../../src/engine/content/change-list';
import type { ConfigBundle } from '../../../src/engine/config-bundle';
import { validateConfig, type ConfigReader } from '../../../src/engine/node/validate-config';
import type { Db } from '../../db/database';
import type { ConfigVersionsTable, VersionState } from '../../db/tables/content';
import { iso } from '../../timestamps';
import { ContentError } from './errors';
import { uploadedImages } from './images';

export type StaffRole = 'editor' | 'publisher' | 'admin';

/** Who acts: a staff account, or the command line and the seed (`seed`, `import`). */
export interface Actor {
  id: string;
  name: string;
  role: StaffRole;
}

/** The documents: site.json, hosts.json, programmes/x.json, landings/x.json, i18n/x.json, coupons/x.json. */
const DOCUMENT_PATH =
  /^(?:site|hosts)\.json$|^(?:programmes|landings|i18n|coupons)\/[a-z0-9][a-z0-9-]{0,80}\.json$/;
export const isDocumentPath = (path: string): boolean => DOCUMENT_PATH.test(path);
const FOLDERS = ['programmes', 'landings', 'i18n', 'coupons'] as const;

/** Every document a reader holds, in the order validation reads them. */
export function documentPaths(reader: ConfigReader): string[] {
  return ['site.json', 'hosts.json', ...FOLDERS.flatMap((folder) => reader.list(folder))];
}

/** Every document of a reader (the config folder), path → text. */
export function documentsOf(reader: ConfigReader): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of documentPaths(reader)) {
    const text = reader.read(file);
    if (text !== undefined) files.set(file, text);
  }
  return files;
}

/** A reader over documents held in memory (path → text). */
export function readerOf(files: ReadonlyMap<string, string>): ConfigReader {
  return {
    read: (file) => files.get(file),
    list: (sub) =>
      [...files.keys()]
        .filter((file) => file.startsWith(`${sub}/`) && !file.slice(sub.length + 1).includes('/'))
        .sort(),
  };
}

/**
 * The English texts as published: a draft of the English table keeps their {placeholders}, which
 * the code fills (decision 057). Undefined when there is no readable English table.
 */
export function englishAsPublished(
  published: ReadonlyMap<string, string>,
): Record<string, string> | undefined {
  try {
    const table = JSON.parse(published.get('i18n/en.json') ?? 'null') as {
      strings?: Record<string, string>;
    } | null;
    return table?.strings;
  } catch {
    return undefined;
  }
}

export interface VersionSummary {
  path: string;
  number: number;
  parentNumber: number | null;
  state: VersionState;
  authorId: string;
  authorName: string;
  createdAt: string;
  changes: Change[];
  touchesMoney: boolean;
  note: string | null;
  reviewedBy: string | null;
  publishAt: string | null;
  unpublishAt: string | null;
  publishedAt: string | null;
}

const summaryOf = (row: Omit<ConfigVersionsTable, 'content'>): VersionSummary => ({
  path: row.path,
  number: Number(row.number),
  parentNumber: row.parent_number === null ? null : Number(row.parent_number),
  state: row.state,
  authorId: row.author_id,
  authorName: row.author_name,
  createdAt: row.created_at,
  changes: JSON.parse(row.summary) as Change[],
  touchesMoney: Number(row.touches_money) === 1,
  note: row.note,
  reviewedBy: row.reviewed_by,
  publishAt: row.publish_at,
  unpublishAt: row.unpublish_at,
  publishedAt: row.published_at,
});

const SUMMARY_COLUMNS = [
  'path',
  'number',
  'parent_number',
  'state',
  'author_id',
  'author_name',
  'created_at',
  'summary',
  'touches_money',
  'note',
  'reviewed_by',
  'publish_at',
  'unpublish_at',
  'published_at',
] as const;

// ---------------------------------------------------------------------------------------------
// Reading what is published

export interface PublishedContent {
  generation: number;
  /** Path → text of each published document. */
  texts: Map<string, string>;
  /** Path → its published version's number. */
  numbers: Map<string, number>;
  /** The uploaded images (`/images/x.png`), which the documents may show. */
  images: Set<string>;
}

const generationOf = async (db: Db): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('config_generation')
        .select('generation')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
    ).generation,
  );

/** The generation: one number every process compares with the one it serves. */
export const currentGeneration = generationOf;

/** The published documents, all of one generation (read again if a publish landed in between). */
export async function readPublished(db: Db): Promise<PublishedContent> {
  for (;;) {
    const generation = await generationOf(db);
    const rows = await db
      .selectFrom('config_documents as d')
      .innerJoin('config_versions as v', (join) =>
        join.onRef('v.path', '=', 'd.path').onRef('v.number', '=', 'd.published_number'),
      )
      .select(['d.path', 'v.number', 'v.content'])
      .execute();
    const images = await uploadedImages(db);
    if ((await generationOf(db)) !== generation) continue;
    return {
      generation,
      images,
      texts: new Map(rows.map((row) => [row.path, row.content])),
      numbers: new Map(rows.map((row) => [row.path, Number(row.number)])),
    };
  }
}

/** The published site as a validated bundle (the seed and every publish checked it), with its
 *  documents' version numbers; `images`: the uploaded images' paths, which texts may name. */
export function bundleOf(
  texts: ReadonlyMap<string, string>,
  published: { numbers?: ReadonlyMap<string, number>; images?: ReadonlySet<string> } = {},
): ConfigBundle {
  const { numbers, images } = published;
  const result = validateConfig(readerOf(texts), { images });
  if (!result.bundle)
    throw new ContentError('invalid', 'The published config does not validate.', result.problems);
  return numbers ? { ...result.bundle, versions: Object.fromEntries(numbers) } : result.bundle;
}

// ---------------------------------------------------------------------------------------------
// The seed: config/ as the first published versions

/**
 * On an empty database, every document of `reader` (the config folder) becomes version 1,
 * published. Two processes starting at once: the second inserts nothing.
 */
export async function seedContentIfEmpty(db: Db, reader: ConfigReader, now: Date): Promise<number> {
  const any = await db.selectFrom('config_documents').select('path').limit(1).executeTakeFirst();
  if (any) return 0;
  const paths = documentPaths(reader);
  const at = iso(now);
  return db.transaction().execute(async (trx) => {
    let added = 0;
    for (const path of paths) {
      const content = reader.read(path);
      if (content === undefined) continue;
      const inserted = await trx
        .insertInto('config_documents')
        .values({ path, published_number: 1, created_at: at })
        .onConflict((oc) => oc.column('path').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      await trx
        .insertInto('config_versions')
        .values({
          path,
          number: 1,
          parent_number: null,
          content,
          state: 'published',
          author_id: 'seed',
          author_name: 'config/ files',
          created_at: at,
          summary: '[]',
          touches_money: 0,
          note: null,
          reviewed_by: null,
          publish_at: null,
          unpublish_at: null,
          published_at: at,
        })
        .execute();
      added++;
    }
    if (added > 0) await bumpGeneration(trx as unknown as Db, now);
    return added;
  });
}

async function bumpGeneration(db: Db, now: Date): Promise<void> {
  await db
    .updateTable('config_generation')
    .set({ generation: sql`generation + 1`, changed_at: iso(now) })
    .where('id', '=', 1)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Versions

async function versionRow(db: Db, path: string, number: number): Promise<ConfigVersionsTable> {
  const row = await db
    .selectFrom('config_versions')
    .selectAll()
    .where('path', '=', path)
    .where('number', '=', number)
    .executeTakeFirst();
  if (!row) throw new ContentError('not-found', `There is no version ${number} of this page.`);
  return row;
}

export async function getVersion(
  db: Db,
  path: string,
  number: number,
): Promise<VersionSummary & { content: string }> {
  const row = await versionRow(db, path, number);
  return { ...summaryOf(row), content: row.content };
}

/** Every version of a document, newest first, and the one published. */
export async function history(
  db: Db,
  path: string,
): Promise<{ published: number | null; versions: VersionSummary[] }> {
  const doc = await db
    .selectFrom('config_documents')
    .select('published_number')
    .where('path', '=', path)
    .executeTakeFirst();
  if (!doc) throw new ContentError('not-found', 'That page or programme does not exist.');
  const rows = await db
    .selectFrom('config_versions')
    .select(SUMMARY_COLUMNS)
    .where('path', '=', path)
    .orderBy('number', 'desc')
    .execute();
  return {
    published: doc.published_number === null ? null : Number(doc.published_number),
    versions: rows.map(summaryOf),
  };
}

function sameWithoutExperiments(before: string, after: string): boolean {
  const rest = (text: string) => {
    const { experiments: _experiments, ...others } = JSON.parse(text) as Record<string, unknown>;
    return JSON.stringify(others);
  };
  return rest(before) === rest(after);
}

/** What a version changes for students against `before` (null: a new document), and whether it
 *  touches money (a fee, a price, a percentage, an amount in a text, the payment settings). */
export function describeChange(
  path: string,
  before: string | null,
  after: string,
  site: ConfigBundle | undefined,
): { changes: Change[]; touchesMoney: boolean } {
  const kind = configKindOf(path);
  const parse = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));
  if (kind && site) {
    const changes = changeList(parse(before) as never, parse(after) as never, { hosts: site.hosts, kind });
    return { changes, touchesMoney: changes.some((c) => c.money) };
  }
  if (before === after) return { changes: [], touchesMoney: false };
  // An experiment started or ended (decision 056) splits pages that already passed review; it
  // changes no price, so one publisher may take it live.
  if (path === 'site.json' && before !== null && sameWithoutExperiments(before, after))
    return {
      changes: [{ kind: 'setting', pointer: '/experiments', label: 'Experiments', money: false }],
      touchesMoney: false,
    };
  // Site settings (payment methods, commerce) and coupons are money; a string table is when an
  // amount it states changes; the hosts never are.
  const touchesMoney =
    path === 'site.json' ||
    path.startsWith('coupons/') ||
    (path.startsWith('i18n/') && amountsIn(before ?? '').join() !== amountsIn(after).join());
  const labels: Record<string, string> = { 'site.json': 'Site settings', 'hosts.json': 'Host names' };
  const label = labels[path] ?? (path.startsWith('coupons/') ? 'Coupon' : 'Interface texts');
  return { changes: [{ kind: 'setting', pointer: '', label, money: touchesMoney }], touchesMoney };
}

function parsedOrRefused(content: string): void {
  try {
    const value: unknown = JSON.parse(content);
    if (value && typeof value === 'object' && !Array.isArray(value)) return;
  } catch {
    // Refused below.
  }
  throw new ContentError('invalid', 'That document is not a JSON object.');
}

/**
 * A new draft of `path` made from version `parent` (null: a new document, or a document's first
 * version after another's). Drafts may be incomplete: validation comes at submission.
 */
export async function saveDraft(
  db: Db,
  request: {
    path: string;
    content: string;
    parent: number | null;
    actor: Actor;
    now: Date;
    site?: ConfigBundle;
    /** The author's own drafts this one supersedes (archived with the save, those still drafts of theirs). */
    replaces?: readonly number[];
  },
): Promise<VersionSummary> {
  const { path, content, parent, actor, now } = request;
  if (!isDocumentPath(path)) throw new ContentError('bad-path', `"${path}" is not a config document.`);
  parsedOrRefused(content);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const tx = trx as unknown as Db;
        const doc = await tx
          .selectFrom('config_documents')
          .select('path')
          .where('path', '=', path)
          .executeTakeFirst();
        if (!doc) {
          if (parent !== null) throw new ContentError('not-found', 'That page or programme does not exist.');
          await tx
            .insertInto('config_documents')
            .values({ path, published_number: null, created_at: iso(now) })
            .execute();
        }
        const before = parent === null ? null : (await versionRow(tx, path, parent)).content;
        const last = await tx
          .selectFrom('config_versions')
          .select(sql<number>`max(number)`.as('n'))
          .where('path', '=', path)
          .executeTakeFirst();
        const number = Number(last?.n ?? 0) + 1;
        const { changes, touchesMoney } = describeChange(path, before, content, request.site);
        const row: ConfigVersionsTable = {
          path,
          number,
          parent_number: parent,
          content,
          state: 'draft',
          author_id: actor.id,
          author_name: actor.name,
          created_at: iso(now),
          summary: JSON.stringify(changes),
          touches_money: touchesMoney ? 1 : 0,
          note: null,
          reviewed_by: null,
          publish_at: null,
          unpublish_at: null,
          published_at: null,
        };
        await tx.insertInto('config_versions').values(row).execute();
        if (request.replaces?.length)
          await tx
            .updateTable('config_versions')
            .set({ state: 'archived' })
            .where('path', '=', path)
            .where('number', 'in', request.replaces)
            .where('state', '=', 'draft')
            .where('author_id', '=', actor.id)
            .execute();
        return summaryOf(row);
      });
    } catch (error) {
      // Two drafts of one document at once took the same number: the second tries again.
      if (error instanceof ContentError || attempt >= 4) throw error;
    }
  }
}

/** A version's state, and a move to it, in words. */
const STATE_WORDS: Record<VersionState, string> = {
  draft: 'a draft',
  review: 'in review',
  approved: 'approved',
  scheduled: 'scheduled',
  published: 'published',
  archived: 'archived',
};
const MOVE_WORDS: Record<VersionState, string> = {
  draft: 'sent back',
  review: 'sent for review',
  approved: 'approved',
  scheduled: 'scheduled',
  published: 'published',
  archived: 'discarded',
};

/** Moves a version from one state to another, only if it is still in `from` (else a conflict). */
async function transition(
  db: Db,
  path: string,
  number: number,
  from: readonly VersionState[],
  set: Partial<ConfigVersionsTable> & { state: VersionState },
  /** The move in words, when the new state does not say it ("withdrawn from the schedule"). */
  move = MOVE_WORDS[set.state],
): Promise<void> {
  const result = await db
    .updateTable('config_versions')
    .set(set)
    .where('path', '=', path)
    .where('number', '=', number)
    .where('state', 'in', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const row = await versionRow(db, path, number);
    throw new ContentError(
      'state',
      `Version ${number} is ${STATE_WORDS[row.state]}: it cannot be ${move} now.`,
    );
  }
}

const canPublish = (actor: Actor): boolean => actor.role === 'publisher' || actor.role === 'admin';

/** The site with `path` at `content` (null: without it) must validate before it can be submitted or published. */
async function checkSiteWith(db: Db, path: string, content: string | null): Promise<void> {
  const { texts, images } = await readPublished(db);
  const english = englishAsPublished(texts);
  if (content === null) texts.delete(path);
  else texts.set(path, content);
  const result = validateConfig(readerOf(texts), {
    images,
    ...(english ? { englishAsPublished: english } : {}),
  });
  if (!result.bundle)
    throw new ContentError(
      'invalid',
      'The site would not work with this version: fix the problems listed first.',
      result.problems,
    );
}

/** Draft → in review, with the author's note. The site must validate with it. */
export async function submitForReview(
  db: Db,
  request: { path: string; number: number; actor: Actor; note: string },
): Promise<void> {
  const row = await versionRow(db, request.path, request.number);
  if (row.author_id !== request.actor.id && !canPublish(request.actor))
    throw new ContentError('forbidden', 'Only its author or a publisher can submit this version.');
  await checkSiteWith(db, request.path, row.content);
  await transition(db, request.path, request.number, ['draft'], { state: 'review', note: request.note });
}

/** In review → back to draft, with the reviewer's comment. */
export async function sendBack(
  db: Db,
  request: { path: string; number: number; actor: Actor; comment: string },
): Promise<void> {
  if (!canPublish(request.actor))
    throw new ContentError('forbidden', 'Only a publisher can send a version back.');
  await transition(db, request.path, request.number, ['review'], {
    state: 'draft',
    note: request.comment,
    reviewed_by: request.actor.name,
  });
}

/**
 * Draft → archived: a draft nobody will take further. Its author may discard it, or a publisher;
 * like every version it stays in the history.
 */
export async function discard(
  db: Db,
  request: { path: string; number: number; actor: Actor },
): Promise<void> {
  const row = await versionRow(db, request.path, request.number);
  if (row.author_id !== request.actor.id && !canPublish(request.actor))
    throw new ContentError('forbidden', 'Only its author or a publisher can discard this draft.');
  await transition(db, request.path, request.number, ['draft'], { state: 'archived' });
}

/** In review → approved. A change that touches money needs a publisher other than its author. */
export async function approve(
  db: Db,
  request: { path: string; number: number; actor: Actor },
): Promise<void> {
  if (!canPublish(request.actor))
    throw new ContentError('forbidden', 'Only a publisher can approve a version.');
  const row = await versionRow(db, request.path, request.number);
  if (Number(row.touches_money) === 1 && row.author_id === request.actor.id)
    throw new ContentError(
      'forbidden',
      'This version changes what students pay: a publisher other than its author must approve it.',
    );
  await transition(db, request.path, request.number, ['review'], {
    state: 'approved',
    reviewed_by: request.actor.name,
  });
}

/**
 * Publishes an approved version now, or schedules it (publishAt in the future; unpublishAt ends a
 * campaign page by itself). A scheduled version may be published now or scheduled again.
 * Publishing is a compare-and-set: the document must still publish the version this one was made
 * from, or the publisher is told of the conflict.
 */
export async function publish(
  db: Db,
  request: { path: string; number: number; actor: Actor; now: Date; publishAt?: Date; unpublishAt?: Date },
): Promise<{ scheduled: boolean }> {
  const { path, number, actor, now } = request;
  if (!canPublish(actor)) throw new ContentError('forbidden', 'Only a publisher can publish.');
  if (request.unpublishAt && request.unpublishAt <= (request.publishAt ?? now))
    throw new ContentError('invalid', 'The end must come after the start.');
  if (request.unpublishAt) {
    if (!path.startsWith('landings/'))
      throw new ContentError('invalid', 'Only a landing page can end by itself.');
    // Its end must leave a site that works (no host or other page relies on it).
    await checkSiteWith(db, path, null);
  }
  if (request.publishAt && request.publishAt > now) {
    await transition(db, path, number, PUBLISHABLE, {
      state: 'scheduled',
      publish_at: iso(request.publishAt),
      unpublish_at: request.unpublishAt ? iso(request.unpublishAt) : null,
    });
    return { scheduled: true };
  }
  await publishNow(db, path, number, PUBLISHABLE, now, request.unpublishAt);
  return { scheduled: false };
}

/** The states a publisher publishes (or schedules) from: approved, or scheduled already. */
const PUBLISHABLE: readonly VersionState[] = ['approved', 'scheduled'];

/** Scheduled → approved: the schedule withdrawn (its start and end forgotten), to publish later. */
export async function unschedule(
  db: Db,
  request: { path: string; number: number; actor: Actor },
): Promise<void> {
  if (!canPublish(request.actor))
    throw new ContentError('forbidden', 'Only a publisher can withdraw a schedule.');
  await transition(
    db,
    request.path,
    request.number,
    ['scheduled'],
    { state: 'approved', publish_at: null, unpublish_at: null },
    'withdrawn from a schedule',
  );
}

async function publishNow(
  db: Db,
  path: string,
  number: number,
  from: readonly VersionState[],
  now: Date,
  unpublishAt?: Date,
): Promise<void> {
  const row = await versionRow(db, path, number);
  await checkSiteWith(db, path, row.content);
  // A scheduled campaign keeps the end it was scheduled with.
  const end = unpublishAt ?? (row.unpublish_at ? new Date(row.unpublish_at) : undefined);
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    const parent = row.parent_number === null ? null : Number(row.parent_number);
    const swapped = await tx
      .updateTable('config_documents')
      .set({ published_number: number })
      .where('path', '=', path)
      .where((eb) =>
        parent === null ? eb('published_number', 'is', null) : eb('published_number', '=', parent),
      )
      .executeTakeFirst();
    if (Number(swapped.numUpdatedRows) === 0)
      throw new ContentError(
        'conflict',
        'Someone published another version of this page since this one was made: compare the two and make a new version.',
      );
    if (parent !== null)
      await tx
        .updateTable('config_versions')
        .set({ state: 'archived' })
        .where('path', '=', path)
        .where('number', '=', parent)
        .execute();
    await transition(tx, path, number, from, {
      state: 'published',
      published_at: iso(now),
      unpublish_at: end ? iso(end) : null,
    });
    // The draft's uploads it uses go on the site with it.
    await publishImagesIn(tx, row.content, now);
    await bumpGeneration(tx, now);
  });
}

/** Takes a landing page off the site (its paths answer 404, or as the hosts configure). */
export async function unpublish(db: Db, request: { path: string; actor: Actor; now: Date }): Promise<void> {
  const { path, actor, now } = request;
  if (!canPublish(actor)) throw new ContentError('forbidden', 'Only a publisher can unpublish.');
  if (!path.startsWith('landings/'))
    throw new ContentError('invalid', 'Only a landing page can be unpublished.');
  await checkSiteWith(db, path, null);
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    const doc = await tx
      .selectFrom('config_documents')
      .select('published_number')
      .where('path', '=', path)
      .executeTakeFirst();
    if (doc?.published_number === null || doc?.published_number === undefined)
      throw new ContentError('state', 'This page is not published.');
    const swapped = await tx
      .updateTable('config_documents')
      .set({ published_number: null })
      .where('path', '=', path)
      .where('published_number', '=', doc.published_number)
      .executeTakeFirst();
    if (Number(swapped.numUpdatedRows) === 0)
      throw new ContentError('conflict', 'This page changed meanwhile.');
    await tx
      .updateTable('config_versions')
      .set({ state: 'archived' })
      .where('path', '=', path)
      .where('number', '=', Number(doc.published_number))
      .execute();
    await bumpGeneration(tx, now);
  });
}

/**
 * Rollback: a new version equal to `to`, made from the published one. It goes to review like any
 * other, unless a publisher chooses to restore it now.
 */
export async function rollback(
  db: Db,
  request: { path: string; to: number; actor: Actor; now: Date; restoreNow: boolean; site?: ConfigBundle },
): Promise<VersionSummary> {
  const { path, to, actor, now } = request;
  if (request.restoreNow && !canPublish(actor))
    throw new ContentError('forbidden', 'Only a publisher can restore a version at once.');
  const old = await versionRow(db, path, to);
  const doc = await db
    .selectFrom('config_documents')
    .select('published_number')
    .where('path', '=', path)
    .executeTakeFirstOrThrow();
  const parent = doc.published_number === null ? null : Number(doc.published_number);
  const draft = await saveDraft(db, { path, content: old.content, parent, actor, now, site: request.site });
  const note = `Restores version ${to}.`;
  if (!request.restoreNow) {
    await submitForReview(db, { path, number: draft.number, actor, note });
    return { ...draft, state: 'review', note };
  }
  await transition(db, path, draft.number, ['draft'], { state: 'approved', note, reviewed_by: actor.name });
  await publishNow(db, path, draft.number, ['approved'], now);
  return { ...draft, state: 'published', note };
}

/** Publishes the scheduled versions that are due and ends the campaigns whose end has come. */
export async function runDueSchedules(db: Db, now: Date, log?: (error: unknown) => void): Promise<number> {
  let done = 0;
  const due = await db
    .selectFrom('config_versions')
    .select(['path', 'number'])
    .where('state', '=', 'scheduled')
    .where('publish_at', '<=', iso(now))
    .execute();
  for (const { path, number } of due) {
    try {
      await publishNow(db, path, Number(number), ['scheduled'], now, undefined);
      done++;
    } catch (error) {
      // Another process published it first (state), or the site moved on (conflict): said once.
      if (!(error instanceof ContentError && error.code === 'state')) log?.(error);
    }
  }
  const ending = await db
    .selectFrom('config_documents as d')
    .innerJoin('config_versions as v', (join) =>
      join.onRef('v.path', '=', 'd.path').onRef('v.number', '=', 'd.published_number'),
    )
    .select(['d.path'])
    .where('v.unpublish_at', '<=', iso(now))
    .execute();
  for (const { path } of ending) {
    try {
      await unpublish(db, { path, actor: SCHEDULER, now });
      done++;
    } catch (error) {
      if (!(error instanceof ContentError && (error.code === 'state' || error.code === 'conflict')))
        log?.(error);
    }
  }
  return done;
}

/** The schedule acts as a publisher of its own. */
const SCHEDULER: Actor = { id: 'schedule', name: 'Schedule', role: 'publisher' };

/**
 * The developers' path on the dev server (decision 049): config/ files that differ from what is
 * published, already validated together by the caller, become published versions at once, in one
 * transaction and one generation. Answers the documents it published.
 */
export async function publishFiles(
  db: Db,
  files: ReadonlyMap<string, string>,
  request: { actor: Actor; now: Date; site?: ConfigBundle; note?: string },
): Promise<string[]> {
  const { actor, now } = request;
  return db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    const { texts, numbers } = await readPublished(tx);
    const changed = [...files].filter(([path, text]) => isDocumentPath(path) && texts.get(path) !== text);
    for (const [path, content] of changed) {
      const parent = numbers.get(path) ?? null;
      const doc = await tx
        .selectFrom('config_documents')
        .select('path')
        .where('path', '=', path)
        .executeTakeFirst();
      if (!doc)
        await tx
          .insertInto('config_documents')
          .values({ path, published_number: null, created_at: iso(now) })
          .execute();
      const last = await tx
        .selectFrom('config_versions')
        .select(sql<number>`max(number)`.as('n'))
        .where('path', '=', path)
        .executeTakeFirst();
      const number = Number(last?.n ?? 0) + 1;
      const { changes, touchesMoney } = describeChange(path, texts.get(path) ?? null, content, request.site);
      await tx
        .insertInto('config_versions')
        .values({
          path,
          number,
          parent_number: parent,
          content,
          state: 'published',
          author_id: actor.id,
          author_name: actor.name,
          created_at: iso(now),
          summary: JSON.stringify(changes),
          touches_money: touchesMoney ? 1 : 0,
          note: request.note ?? 'From the config/ files',
          reviewed_by: null,
          publish_at: null,
          unpublish_at: null,
          published_at: iso(now),
        })
        .execute();
      if (parent !== null)
        await tx
          .updateTable('config_versions')
          .set({ state: 'archived' })
          .where('path', '=', path)
          .where('number', '=', parent)
          .execute();
      await tx
        .updateTable('config_documents')
        .set({ published_number: number })
        .where('path', '=', path)
        .execute();
    }
    if (changed.length > 0) await bumpGeneration(tx, now);
    return changed.map(([path]) => path);
  });
}

/** The authors of versions that came from the config/ files. */
export const FILE_AUTHORS = ['seed', 'files', 'import'] as const;

/**
 * The config/ files edited since they last came in (seeded, imported or published from files): a
 * file whose text is still what came in last is not new, even when the Studio has published a
 * newer version since; a file that differs from what came in is a developer's edit.
 */
export async function filesEditedSinceSeen(
  db: Db,
  files: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('config_versions')
    .select(['path', 'number', 'content'])
    .where('author_id', 'in', FILE_AUTHORS)
    .orderBy('number', 'desc')
    .execute();
  const seen = new Map<string, string>();
  for (const row of rows) if (!seen.has(row.path)) seen.set(row.path, row.content);
  return new Map([...files].filter(([path, text]) => seen.get(path) !== text));
}
