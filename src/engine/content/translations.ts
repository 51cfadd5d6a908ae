// A Hindi landing and the English page it translates (its translationOf), text by text: every text
// of either page with its en and hi values side by side, and which translations are missing.
// Blocks are paired by type and order (the 2nd criteria block with the 2nd criteria block), so a
// Hindi page may order its blocks differently without losing its pairs.
import type { Landing } from '../../generated/config/landing';
import { devanagari, isRecord, pointerOf, segmentsOf, valueAt } from './pointer';
import { childSchema, isTextField, labelAt, type Resolved } from './schema-labels';
import landingSchema from '../../../schemas/config/landing.schema.json';
import type { SchemaNode } from './schema-labels';

export interface TranslationRow {
  /** Where the text is on the Hindi page (where it would go, when it is absent there). */
  pointer: string;
  /** Where it is on the English page; undefined when that page has no such text. */
  enPointer?: string;
  label: string;
  en?: string;
  hi?: string;
  missing: boolean;
  /** Why it counts as missing: absent, empty, or written without Devanagari. */
  reason?: 'absent' | 'empty' | 'not-hindi';
}

/** Every text a student reads on a landing, with its pointer. */
export function landingTexts(landing: Landing): { pointer: string; value: string }[] {
  const texts: { pointer: string; value: string }[] = [];
  const walk = (value: unknown, at: (string | number)[], schema: Resolved | undefined): void => {
    if (typeof value === 'string') {
      if (isTextField(schema)) texts.push({ pointer: pointerOf(at), value });
      return;
    }
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : isRecord(value)
        ? Object.entries(value)
        : [];
    for (const [key, child] of entries) {
      if (key === '$schema') continue;
      walk(child, [...at, key], schema ? childSchema(schema, String(key), value) : undefined);
    }
  };
  walk(landing, [], { node: landingSchema as SchemaNode, root: 'landing', defs: [] });
  return texts;
}

/** For each block index of `from`, the index of the block of the same type and rank in `to`. */
function blockMap(from: Landing, to: Landing): Map<number, number> {
  const rank = (blocks: Landing['blocks']) => {
    const seen = new Map<string, number>();
    return blocks.map((b) => {
      const n = seen.get(b.type) ?? 0;
      seen.set(b.type, n + 1);
      return `${b.type}#${n}`;
    });
  };
  const toRanks = rank(to.blocks);
  const map = new Map<number, number>();
  rank(from.blocks).forEach((key, i) => {
    const j = toRanks.indexOf(key);
    if (j >= 0) map.set(i, j);
  });
  return map;
}

function mapPointer(pointer: string, blocks: Map<number, number>): string | undefined {
  const segments = segmentsOf(pointer);
  if (segments[0] !== 'blocks') return pointer;
  const j = blocks.get(Number(segments[1]));
  return j === undefined ? undefined : pointerOf(['blocks', j, ...segments.slice(2)]);
}

const hasWords = /[A-Za-z]/;

/** Why the Hindi text of a pair counts as missing (undefined: it does not); the editor asks it per field. */
export function missingReason(en: string | undefined, hi: string | undefined): TranslationRow['reason'] {
  if (hi === undefined) return en !== undefined && hasWords.test(en) ? 'absent' : undefined;
  if (hi.trim() === '') return en !== undefined && en.trim() !== '' ? 'empty' : undefined;
  if (devanagari.test(hi)) return undefined;
  // A name written alike in both (a single word such as iACST) is not a missing translation.
  if (en !== undefined && hi === en && !/\s/.test(en.trim())) return undefined;
  return en === undefined
    ? hasWords.test(hi)
      ? 'not-hindi'
      : undefined
    : hasWords.test(en)
      ? 'not-hindi'
      : undefined;
}

/** Every text of the pair, in the Hindi page's order, then the English texts the Hindi page lacks. */
export function translationPairs(en: Landing, hi: Landing): TranslationRow[] {
  const enToHi = blockMap(en, hi);
  const hiToEn = blockMap(hi, en);
  const rows: TranslationRow[] = [];
  const covered = new Set<string>();
  for (const { pointer, value } of landingTexts(hi)) {
    const enPointer = mapPointer(pointer, hiToEn);
    const enValue = enPointer === undefined ? undefined : valueAt(en, enPointer);
    const enText = typeof enValue === 'string' ? enValue : undefined;
    if (enPointer !== undefined) covered.add(enPointer);
    const reason = missingReason(enText, value);
    rows.push({
      pointer,
      ...(enText === undefined ? {} : { enPointer }),
      label: labelAt('landing', pointer, hi),
      ...(enText === undefined ? {} : { en: enText }),
      hi: value,
      missing: reason !== undefined,
      ...(reason ? { reason } : {}),
    });
  }
  for (const { pointer, value } of landingTexts(en)) {
    if (covered.has(pointer)) continue;
    const hiPointer = mapPointer(pointer, enToHi);
    const reason = missingReason(value, undefined);
    rows.push({
      pointer: hiPointer ?? pointer,
      enPointer: pointer,
      label: labelAt('landing', pointer, en),
      en: value,
      missing: reason !== undefined,
      ...(reason ? { reason } : {}),
    });
  }
  return rows;
}

/** The missing translations of a Hindi page; without its English page, its texts with no Devanagari. */
export function missingTranslations(hi: Landing, en?: Landing): TranslationRow[] {
  if (en) return translationPairs(en, hi).filter((r) => r.missing);
  return landingTexts(hi)
    .map(({ pointer, value }): TranslationRow => {
      const reason = missingReason(undefined, value);
      return {
        pointer,
        label: labelAt('landing', pointer, hi),
        hi: value,
        missing: reason !== undefined,
        ...(reason ? { reason } : {}),
      };
    })
    .filter((r) => r.missing);
}
