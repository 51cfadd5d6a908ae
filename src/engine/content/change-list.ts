// "What changes for students": a draft against the published file, in words. Texts changed (old →
// new), blocks and list entries added, removed or moved (matched by identity: an id, a block type,
// never by position alone, so a move is not a removal and an addition), paths added or removed with
// the URLs they affect on every host, translations missing on a Hindi page, and every student-facing
// amount the change alters flagged as money.
import type { Coupon } from '../../generated/config/coupon';
import type { Hosts } from '../../generated/config/hosts';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import { moneyFieldAt, moneyInside, sayMoney, schemaPointer, type MoneyField } from './money-fields';
import { urlsOf } from './paths';
import { isRecord, pointerOf, segmentsOf } from './pointer';
import { htmlInWords } from './html-words';
import { entryWord } from './field-words';
import {
  blockName,
  isTextField,
  labelAt,
  resolve,
  schemaAt,
  type ConfigKind,
  type Resolved,
  type SchemaNode,
} from './schema-labels';
import { missingTranslations } from './translations';

export type ChangeKind =
  | 'text'
  | 'block-added'
  | 'block-removed'
  | 'block-moved'
  | 'path-added'
  | 'path-removed'
  | 'translation-missing'
  | 'money'
  | 'setting';

export interface Change {
  kind: ChangeKind;
  /** Where in the draft (for a removal: where it was in the published file). */
  pointer: string;
  /** The field in words, e.g. "Hero · Heading", "FAQ · Question 3". */
  label: string;
  before?: string;
  after?: string;
  /** For a path: the URLs it affects (http://host/path on every host). */
  urls?: string[];
  /** A fee, price, scholarship percentage or an amount in a text: shown apart. */
  money?: boolean;
  /** A sentence more, e.g. which hosts show another variant's content at a path. */
  note?: string;
}

export interface ChangeContext {
  hosts: Hosts;
  kind: ConfigKind;
  /** For a Hindi landing: its English counterpart (translationOf), to say which texts lack a translation. */
  counterpart?: Landing;
}

type Doc = Landing | Programme | Coupon;

/** Amounts a text states: ₹499, Rs. 99, INR 1,000, 60%, free / निःशुल्क / मुफ़्त. */
const amountPattern =
  /(₹\s?\d[\d,]*\d(?:\.\d+)?|₹\s?\d|\b(?:rs\.?|inr)\s?\d(?:[\d,]*\d)?(?:\.\d+)?|\d+(?:\.\d+)?\s?%|\bfree\b|निःशुल्क|नि:शुल्क|मुफ़्त|मुफ्त)/giu;

export function amountsIn(text: string | undefined): string[] {
  return (text?.match(amountPattern) ?? []).map((a) => a.toLowerCase().replace(/\s+/g, ''));
}

function moneyText(before: string | undefined, after: string | undefined): boolean {
  const a = amountsIn(before);
  const b = amountsIn(after);
  return a.length !== b.length || a.some((x, i) => x !== b[i]);
}

/** Whether the schema says the field is shown as HTML (html-texts.ts). */
const isHtml = (resolved: Resolved | undefined): boolean => resolved?.node.contentMediaType === 'text/html';

function say(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((v) => say(v) ?? '').join(', ');
  if (isRecord(value))
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${say(v) ?? ''}`)
      .join('; ');
  return String(value);
}

/** A dashboard condition in words, from the schema's descriptions of its facts. */
function sayCondition(value: unknown, node: SchemaNode): string | undefined {
  if (value === undefined) return 'always';
  if (value === false) return 'never (the portal cannot tell)';
  if (!isRecord(value)) return say(value);
  const facts = Object.entries(value).map(([fact, holds]) => {
    const words = node.properties?.[fact]?.description ?? fact;
    return holds ? words : `not: ${words}`;
  });
  return facts.length === 0 ? 'always' : facts.join(' and ');
}

/** A short name for a whole block or entry: its type and first words. */
function summary(value: unknown): string {
  const firstText = (v: unknown): string | undefined => {
    if (typeof v === 'string') return v;
    if (Array.isArray(v)) return v.map(firstText).find(Boolean);
    if (isRecord(v)) {
      for (const key of ['heading', 'title', 'label', 'text', 'question']) {
        const found = typeof v[key] === 'string' ? (v[key] as string) : undefined;
        if (found) return found;
      }
      return Object.entries(v)
        .filter(([k]) => !['type', 'id', 'src', 'href', 'icon', 'source', 'target', 'courseType'].includes(k))
        .map(([, x]) => firstText(x))
        .find(Boolean);
    }
    return undefined;
  };
  const text = firstText(value);
  const short = text && text.length > 80 ? `${text.slice(0, 77)}…` : text;
  const type = isRecord(value) && typeof value.type === 'string' ? blockName(value.type) : undefined;
  return [type, short && `“${short}”`].filter(Boolean).join(' ') || (say(value) ?? '');
}

/** The identity of list entries: their id, else a block's type (and table). */
function identities(items: unknown[]): (string | undefined)[] {
  return items.map((item) => {
    if (!isRecord(item)) return undefined;
    const base =
      typeof item.id === 'string'
        ? `id:${item.id}`
        : typeof item.type === 'string'
          ? `type:${item.type}${typeof item.source === 'string' ? `:${item.source}` : ''}`
          : undefined;
    return base;
  });
}

/**
 * Pairs [published index, draft index] of the same entry. Entries with an id pair by id; blocks by
 * type (and table): first those left unchanged, then the rest in order, so a new block of a type
 * the page already has is the new one, not the old one moved. Entries with neither (criteria rows,
 * steps) pair by position.
 */
function matchEntries(before: unknown[], after: unknown[]): [number, number][] {
  const beforeIds = identities(before);
  const afterIds = identities(after);
  const pairs: [number, number][] = [];
  const usedBefore = new Set<number>();
  const usedAfter = new Set<number>();
  const pair = (i: number, j: number): void => {
    pairs.push([i, j]);
    usedBefore.add(i);
    usedAfter.add(j);
  };
  const text = after.map((a) => JSON.stringify(a));
  // Unchanged entries of the same identity first (ids are unique, so this only matters for types).
  before.forEach((b, i) => {
    const id = beforeIds[i];
    if (id === undefined) return;
    const json = JSON.stringify(b);
    const j = afterIds.findIndex((a, k) => a === id && !usedAfter.has(k) && text[k] === json);
    if (j >= 0) pair(i, j);
  });
  before.forEach((_, i) => {
    if (usedBefore.has(i)) return;
    const id = beforeIds[i];
    const j =
      id === undefined
        ? i < after.length && afterIds[i] === undefined && !usedAfter.has(i)
          ? i
          : -1
        : afterIds.findIndex((a, k) => a === id && !usedAfter.has(k));
    if (j >= 0) pair(i, j);
  });
  return pairs.sort((x, y) => x[0] - y[0]);
}

/** Indices (into `pairs`) of the longest run whose positions in the draft keep their published order. */
function keptInOrder(pairs: [number, number][]): Set<number> {
  // Longest increasing subsequence of the draft positions, pairs being in published order.
  const tails: number[] = [];
  const previous: number[] = [];
  pairs.forEach(([, after], i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((pairs[tails[mid] ?? 0]?.[1] ?? 0) < after) lo = mid + 1;
      else hi = mid;
    }
    previous[i] = lo > 0 ? (tails[lo - 1] ?? -1) : -1;
    tails[lo] = i;
  });
  const kept = new Set<number>();
  for (let i = tails[tails.length - 1] ?? -1; i >= 0; i = previous[i] ?? -1) kept.add(i);
  return kept;
}

/**
 * A money field in words: its own name ("Registration fee"), and for one inside a list entry the
 * entry it sits in ("Coupon box (Registration · Step 3)").
 */
function moneyLabel(kind: ConfigKind, doc: unknown, field: MoneyField, pointer: string): string {
  const list = segmentsOf(field.at).indexOf('-');
  if (list < 0) return field.label;
  return `${field.label} (${labelAt(kind, pointerOf(segmentsOf(pointer).slice(0, list + 1)), doc)})`;
}

const saidLowered = (lowered: boolean): string =>
  lowered ? 'lowered by the scholarship' : 'charged in full';

/** The fee components a scholarship starts or stops lowering: [component, was, is]. */
function componentChanges(before: unknown[], after: unknown[]): [string, boolean, boolean][] {
  const was = before.map(String);
  const is = after.map(String);
  return [...new Set([...was, ...is])]
    .map((c): [string, boolean, boolean] => [c, was.includes(c), is.includes(c)])
    .filter(([, a, b]) => a !== b);
}

export interface MoneyEdit {
  label: string;
  before: string;
  after: string;
}

/**
 * An edit of the draft in words when it changes money, for the editor's confirmation (the same
 * words as the change list), else undefined. `before`/`after` are the values at `pointer`: a field,
 * a list, or a whole entry added or removed (a registration question: the coupon box).
 */
export function moneyEdit(
  kind: ConfigKind,
  doc: unknown,
  pointer: string,
  before: unknown,
  after: unknown,
): MoneyEdit | undefined {
  if (JSON.stringify(before) === JSON.stringify(after)) return undefined;
  const field = moneyFieldAt(kind, pointer, [before, after]);
  if (field?.unit === 'components' && (Array.isArray(before) || Array.isArray(after))) {
    const changed = componentChanges(Array.isArray(before) ? before : [], Array.isArray(after) ? after : []);
    if (changed.length === 0) return undefined;
    return {
      label: `${field.label} · ${changed.map(([c]) => c).join(', ')}`,
      before: changed.map(([, was]) => saidLowered(was)).join(', '),
      after: changed.map(([, , is]) => saidLowered(is)).join(', '),
    };
  }
  // A field that is money as a whole (a coupon's discount, an object) is said as one value.
  if (field && (field.at === schemaPointer(pointer) || (!isRecord(before) && !isRecord(after))))
    return {
      label: moneyLabel(kind, doc, field, pointer),
      before: sayMoney(field, before),
      after: sayMoney(field, after),
    };
  const inside = moneyInside(kind, pointer, before ?? after);
  if (inside.length === 0) return undefined;
  // A whole entry added (before undefined) or removed (after undefined).
  return {
    label: `${inside.map((m) => m.field.label).join(', ')} (${labelAt(kind, pointer, doc)})`,
    before: inside.map((m) => sayMoney(m.field, before === undefined ? undefined : m.value)).join(', '),
    after: inside.map((m) => sayMoney(m.field, after === undefined ? undefined : m.value)).join(', '),
  };
}

class Differ {
  readonly changes: Change[] = [];
  constructor(
    private readonly kind: ConfigKind,
    private readonly beforeDoc: Doc,
    private readonly afterDoc: Doc,
  ) {}

  private label(pointer: string, side: 'before' | 'after'): string {
    return labelAt(this.kind, pointer, side === 'after' ? this.afterDoc : this.beforeDoc);
  }

  private moneyAt(pointer: string, values: unknown[]): MoneyField | undefined {
    return moneyFieldAt(this.kind, pointer, values);
  }

  /** The money a whole entry holds, in words, for an entry added or removed. */
  private moneyNote(pointer: string, item: unknown, side: 'before' | 'after'): string | undefined {
    const inside = moneyInside(this.kind, pointer, item);
    if (inside.length === 0) return undefined;
    return inside
      .map(({ field, value }) => {
        const [from, to] = side === 'before' ? [value, undefined] : [undefined, value];
        return `${field.label}: ${sayMoney(field, from)} → ${sayMoney(field, to)}`;
      })
      .join('; ');
  }

  /** `at` is the pointer in the draft; `was` the pointer in the published file. */
  diff(before: unknown, after: unknown, at: (string | number)[], was: (string | number)[]): void {
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    const pointer = pointerOf(at);
    const side = after === undefined ? 'before' : 'after';
    const resolved =
      at.length === 0
        ? undefined
        : schemaAt(
            this.kind,
            side === 'after' ? pointer : pointerOf(was),
            side === 'after' ? this.afterDoc : this.beforeDoc,
          );

    // A money field that is an object (a coupon's discount) is one change, said in words.
    const money = at.length === 0 ? undefined : this.moneyAt(pointer, [before, after]);
    if (money && money.at === schemaPointer(pointer) && (isRecord(before) || isRecord(after))) {
      this.leaf(before, after, at, was, false);
      return;
    }
    // A dashboard condition is one setting, said in words.
    if (resolved && (resolved.def === 'dashboardCondition' || resolved.node.oneOf)) {
      const node = resolved.node.oneOf
        ? (resolved.node.oneOf.map((n) => resolve(n, resolved.root).node).find((n) => n.properties) ?? {})
        : resolved.node;
      this.changes.push({
        kind: 'setting',
        pointer,
        label: this.label(side === 'after' ? pointer : pointerOf(was), side),
        before: sayCondition(before, node),
        after: sayCondition(after, node),
      });
      return;
    }
    if (Array.isArray(before) || Array.isArray(after)) {
      this.diffList(Array.isArray(before) ? before : [], Array.isArray(after) ? after : [], at, was);
      return;
    }
    if (isRecord(before) || isRecord(after)) {
      const b = isRecord(before) ? before : {};
      const a = isRecord(after) ? after : {};
      for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
        if (key === '$schema') continue;
        this.diff(b[key], a[key], [...at, key], [...was, key]);
      }
      return;
    }
    this.leaf(before, after, at, was, resolved?.node && isTextField(resolved), isHtml(resolved));
  }

  private leaf(
    before: unknown,
    after: unknown,
    at: (string | number)[],
    was: (string | number)[],
    text: boolean | undefined,
    html = false,
  ): void {
    const pointer = pointerOf(at);
    const label = this.label(
      after === undefined ? pointerOf(was) : pointer,
      after === undefined ? 'before' : 'after',
    );
    // A text shown as HTML: its words and formatting, not its tags.
    const shown = (value: unknown) => (html && typeof value === 'string' ? htmlInWords(value) : say(value));
    const change: Change = { kind: 'setting', pointer, label, before: shown(before), after: shown(after) };
    const money = this.moneyAt(pointer, [before, after]);
    if (money) {
      change.kind = 'money';
      change.money = true;
      change.label =
        after === undefined
          ? moneyLabel(this.kind, this.beforeDoc, money, pointerOf(was))
          : moneyLabel(this.kind, this.afterDoc, money, pointer);
      change.before = sayMoney(money, before);
      change.after = sayMoney(money, after);
    } else if (text || typeof before === 'string' || typeof after === 'string') {
      if (text) change.kind = 'text';
      if (moneyText(say(before), say(after))) change.money = true;
    }
    this.changes.push(change);
  }

  private diffList(
    before: unknown[],
    after: unknown[],
    at: (string | number)[],
    was: (string | number)[],
  ): void {
    const listPointer = pointerOf(at);
    const listMoney = this.moneyAt(listPointer, []);
    if (listMoney?.unit === 'components') {
      // Each fee component the scholarship starts or stops lowering, by its name.
      for (const [component, was, is] of componentChanges(before, after))
        this.changes.push({
          kind: 'money',
          pointer: listPointer,
          label: `${listMoney.label} · ${component}`,
          before: saidLowered(was),
          after: saidLowered(is),
          money: true,
        });
      return;
    }
    if (![...before, ...after].some(isRecord)) {
      const text = isTextField(
        schemaAt(this.kind, `${listPointer}/0`, after.length > 0 ? this.afterDoc : this.beforeDoc),
      );
      if (!text || listMoney) {
        // A list of settings (classes, dates, waived fees) is one change.
        this.leaf(before, after, at, was, false);
        return;
      }
      for (let i = 0; i < Math.max(before.length, after.length); i++)
        this.diff(before[i], after[i], [...at, i], [...was, i]);
      return;
    }
    const pairs = matchEntries(before, after);
    const usedAfter = new Set(pairs.map(([, j]) => j));
    const pairedBefore = new Set(pairs.map(([i]) => i));
    before.forEach((item, i) => {
      if (pairedBefore.has(i)) return;
      const pointer = pointerOf([...was, i]);
      const note = this.moneyNote(pointer, item, 'before');
      this.changes.push({
        kind: 'block-removed',
        pointer,
        label: this.label(pointer, 'before'),
        before: summary(item),
        ...(note || moneyText(JSON.stringify(item), undefined) ? { money: true } : {}),
        ...(note ? { note } : {}),
      });
    });
    after.forEach((item, j) => {
      if (usedAfter.has(j)) return;
      const pointer = pointerOf([...at, j]);
      const note = this.moneyNote(pointer, item, 'after');
      this.changes.push({
        kind: 'block-added',
        pointer,
        label: this.label(pointer, 'after'),
        after: summary(item),
        ...(note || moneyText(undefined, JSON.stringify(item)) ? { money: true } : {}),
        ...(note ? { note } : {}),
      });
    });
    const kept = keptInOrder(pairs);
    pairs.forEach(([i, j], k) => {
      if (!kept.has(k)) {
        const pointer = pointerOf([...at, j]);
        const place = (list: unknown[], n: number): string =>
          n === 0 ? 'position 1 (first)' : `position ${n + 1}, after ${summary(list[n - 1])}`;
        this.changes.push({
          kind: 'block-moved',
          pointer,
          label: this.label(pointer, 'after'),
          before: place(before, i),
          after: place(after, j),
        });
      }
      this.diff(before[i], after[j], [...at, j], [...was, i]);
    });
  }
}

function pathChanges(before: Landing | null, after: Landing, hosts: Hosts): Change[] {
  const changes: Change[] = [];
  const describe = (
    kind: 'path-added' | 'path-removed',
    landing: Landing,
    path: string,
    index: number,
  ): void => {
    const urls = urlsOf(hosts, landing, path);
    const others = urls.filter((u) => u.shows !== undefined);
    changes.push({
      kind,
      pointer: `/paths/${index}`,
      label: entryWord('paths'),
      ...(kind === 'path-added' ? { after: path } : { before: path }),
      urls: urls.map((u) => u.url),
      ...(others.length > 0
        ? {
            note: `On ${others.map((u) => u.host).join(', ')} this address shows the "${others[0]?.shows ?? ''}" variant's content instead.`,
          }
        : {}),
    });
  };
  const was: readonly string[] = before?.paths ?? [];
  after.paths.forEach((p, i) => {
    if (!was.includes(p)) describe('path-added', after, p, i);
  });
  if (before)
    was.forEach((p, i) => {
      if (!after.paths.includes(p)) describe('path-removed', before, p, i);
    });
  return changes;
}

/** A new file in words: "New page" and its title, "New coupon" and its code. */
function newDocument(kind: ConfigKind, doc: Doc): { label: string; after: string } {
  if (kind === 'coupon' && 'code' in doc) return { label: 'New coupon', after: doc.code };
  if ('title' in doc) return { label: 'New page', after: doc.title };
  return { label: 'New programme', after: 'name' in doc ? doc.name : '' };
}

function isLanding(doc: Doc, kind: ConfigKind): doc is Landing {
  return kind === 'landing' && 'blocks' in doc;
}

/**
 * What a draft changes for students, against the published file (null for a new file). Changes
 * come in the order a reviewer reads them: addresses, then the page from top to bottom, then the
 * translations still missing. Money is flagged on the change itself (`money: true`; the money fields
 * of src/engine/content/money-fields.ts have kind 'money', their values said in ₹, % or words).
 */
export function changeList(before: Doc | null, after: Doc, ctx: ChangeContext): Change[] {
  const changes: Change[] = [];
  if (isLanding(after, ctx.kind)) {
    changes.push(...pathChanges(before && isLanding(before, ctx.kind) ? before : null, after, ctx.hosts));
  }
  if (before === null) {
    // A new file that holds money (a coupon, a programme's fee) is a money change as a whole.
    const money = moneyInside(ctx.kind, '', after).length > 0;
    changes.push({
      kind: 'setting',
      pointer: '',
      ...newDocument(ctx.kind, after),
      ...(money ? { money } : {}),
    });
  } else {
    const differ = new Differ(ctx.kind, before, after);
    const { paths: _b, ...beforeRest } = before as Landing;
    const { paths: _a, ...afterRest } = after as Landing;
    if (ctx.kind === 'landing') differ.diff(beforeRest, afterRest, [], []);
    else differ.diff(before, after, [], []);
    changes.push(...differ.changes);
  }
  if (isLanding(after, ctx.kind) && after.locale === 'hi') {
    for (const row of missingTranslations(after, ctx.counterpart)) {
      changes.push({
        kind: 'translation-missing',
        pointer: row.pointer,
        label: row.label,
        ...(row.en === undefined ? {} : { before: row.en }),
        ...(row.hi === undefined ? {} : { after: row.hi }),
      });
    }
  }
  return changes;
}

/** The changes that touch money, for the list shown apart. */
export function moneyChanges(changes: readonly Change[]): Change[] {
  return changes.filter((c) => c.money);
}
