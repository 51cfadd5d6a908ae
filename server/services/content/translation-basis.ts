// Translations in step (decision 054): each version of a Hindi page records, per text, the hash of
// the English text it was translated from (src/engine/content/translation-basis.ts holds the rule).
// A save records it (a text edited since the version it was made from is in step with the English
// now; the others keep theirs); a confirmation marks texts in step without an edit. A version saved
// before this existed (the seed) is taken as in step with the English page as published: an
// English draft marks what it changes, and a Hindi save records the basis from then on.
import { basisInStep, nextBasis, type TranslationBasis } from '../../../src/engine/content/translation-basis';
import type { Landing } from '../../../src/generated/config/landing';
import type { Db } from '../../db/database';
import type { ContentCtx } from './context';
import { ContentError } from './errors';
import type { Actor } from './versions';

const WORKED_ON = ['draft', 'review', 'approved', 'scheduled', 'published'] as const;

const landingOf = (text: string | undefined): Landing | undefined => {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && Array.isArray((value as Landing).blocks)
      ? (value as Landing)
      : undefined;
  } catch {
    return undefined;
  }
};

const englishPathOf = (hi: Landing | undefined): string | undefined =>
  hi?.locale === 'hi' && typeof hi.translationOf === 'string' ? hi.translationOf : undefined;

async function versionOf(db: Db, path: string, number: number) {
  return db
    .selectFrom('config_versions')
    .select(['number', 'content', 'created_at'])
    .where('path', '=', path)
    .where('number', '=', number)
    .executeTakeFirst();
}

/** A document as it stands now: its newest version being worked on, else the published one. */
async function current(db: Db, path: string) {
  return db
    .selectFrom('config_versions')
    .select(['number', 'content', 'created_at'])
    .where('path', '=', path)
    .where('state', 'in', WORKED_ON)
    .orderBy('number', 'desc')
    .executeTakeFirst();
}

/** The English page as published now (else as it stands): what an unrecorded Hindi version follows. */
async function publishedEnglish(db: Db, enPath: string): Promise<Landing | undefined> {
  const published = await db
    .selectFrom('config_versions')
    .innerJoin('config_documents', 'config_documents.path', 'config_versions.path')
    .select('config_versions.content')
    .where('config_versions.path', '=', enPath)
    .whereRef('config_versions.number', '=', 'config_documents.published_number')
    .executeTakeFirst();
  return landingOf(published?.content ?? (await current(db, enPath))?.content);
}

/** The basis recorded for a Hindi version, or the one it is taken to have (see the top). */
async function basisOfVersion(
  db: Db,
  path: string,
  version: { number: number; content: string; created_at: string },
): Promise<TranslationBasis> {
  const row = await db
    .selectFrom('config_translation_basis')
    .select('basis')
    .where('path', '=', path)
    .where('number', '=', version.number)
    .executeTakeFirst();
  if (row) return JSON.parse(row.basis) as TranslationBasis;
  const hi = landingOf(version.content);
  const enPath = englishPathOf(hi);
  const en = enPath ? await publishedEnglish(db, enPath) : undefined;
  return hi && en ? basisInStep(en, hi) : {};
}

async function store(db: Db, path: string, number: number, basis: TranslationBasis, actor: Actor, now: Date) {
  const values = { basis: JSON.stringify(basis), updated_by: actor.name, updated_at: now.toISOString() };
  await db
    .insertInto('config_translation_basis')
    .values({ path, number, ...values })
    .onConflict((oc) => oc.columns(['path', 'number']).doUpdateSet(values))
    .execute();
}

/**
 * After a save: the new Hindi version's basis, from the version it was made from (`previous`).
 * Nothing for a page that translates none.
 */
export async function recordBasis(
  { db }: ContentCtx,
  request: { path: string; number: number; previous: number | null; actor: Actor; now: Date },
): Promise<void> {
  const saved = await versionOf(db, request.path, request.number);
  const hi = landingOf(saved?.content);
  const enPath = englishPathOf(hi);
  if (!saved || !hi || !enPath) return;
  const en = landingOf((await current(db, enPath))?.content);
  if (!en) return;
  const previous =
    request.previous === null ? undefined : await versionOf(db, request.path, request.previous);
  const previousHi = landingOf(previous?.content);
  const previousBasis = previous ? await basisOfVersion(db, request.path, previous) : {};
  const basis = nextBasis({ en, hi, ...(previousHi ? { previousHi } : {}), previousBasis });
  await store(db, request.path, request.number, basis, request.actor, request.now);
}

/** GET /translations: the English page as it stands now, and the Hindi page's basis. */
export async function translationState({ db }: ContentCtx, path: string) {
  const version = await current(db, path);
  const hi = landingOf(version?.content);
  const enPath = englishPathOf(hi);
  if (!version || !hi || !enPath)
    throw new ContentError('not-found', 'This page is not the translation of another page.');
  const en = await current(db, enPath);
  return {
    number: Number(version.number),
    content: hi as unknown,
    english: en ? { path: enPath, content: JSON.parse(en.content) as unknown } : null,
    basis: await basisOfVersion(db, path, version),
  };
}

/** "Still right": these Hindi texts are in step with the English now, without an edit. */
export async function confirmTranslations(
  { db }: ContentCtx,
  request: { path: string; pointers: readonly string[]; actor: Actor; now: Date },
) {
  const version = await current(db, request.path);
  const hi = landingOf(version?.content);
  const enPath = englishPathOf(hi);
  const en = enPath ? landingOf((await current(db, enPath))?.content) : undefined;
  if (!version || !hi || !en)
    throw new ContentError('not-found', 'This page is not the translation of another page.');
  const before = await basisOfVersion(db, request.path, version);
  const basis = nextBasis({ en, hi, previousHi: hi, previousBasis: before, confirmed: request.pointers });
  await store(db, request.path, Number(version.number), basis, request.actor, request.now);
  return { number: Number(version.number), basis };
}
