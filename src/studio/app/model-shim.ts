// STAND-IN for S2's src/studio/model (issue 23): the coordinator swaps these imports for S2's modules
// at merge. Only the signatures of the Studio contract are relied on; the bodies here are minimal
// (no translation-missing entries in the change list, plain wording) so the UI can be built and tested.
import type { Hosts } from '../../generated/config/hosts';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import { getAt, isObject, pathOf, pointerOf, type JsonPath } from './json-path';
import type { Json, Problem } from './studio-api';

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
  pointer: string;
  label: string;
  before?: string;
  after?: string;
  urls?: string[];
  money?: boolean;
}

const MONEY = /(fee|price|amount|discount|coupon|waive|rupee|inr)/i;

/** Whether a field holds money a student pays (fees, prices, discounts, coupons). */
export function isMoneyPointer(pointer: string): boolean {
  return pathOf(pointer).some((part) => MONEY.test(part));
}

function words(name: string): string {
  const spaced = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}

function labelOf(root: Json | null, path: JsonPath): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const part = path[i] as string | number;
    if (path[i - 1] === 'blocks' && typeof part === 'number') {
      const type = getAt(root ?? {}, [...path.slice(0, i + 1), 'type']);
      parts.push(`${typeof type === 'string' ? words(type) : 'Block'} block`);
    } else if (typeof part === 'number') parts.push(`item ${part + 1}`);
    else parts.push(words(part));
  }
  return parts.join(' › ') || 'Page';
}

function show(value: Json | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function urlsFor(paths: string[], ctx: ChangeContext, programme: Json | undefined): string[] {
  const hosts = ctx.hosts.profiles.filter((p) => p.programme === programme).flatMap((p) => p.hosts);
  return paths.flatMap((path) => hosts.map((host) => `http://${host}${path}`));
}

export interface ChangeContext {
  hosts: Hosts;
  kind: 'landing' | 'programme';
}

/** What the draft changes, in words (minimal stand-in: see the file's header). */
export function changeList(
  before: Landing | Programme | null,
  after: Landing | Programme,
  ctx: ChangeContext,
): Change[] {
  const a = (before ?? {}) as unknown as Json;
  const b = after as unknown as Json;
  const changes: Change[] = [];
  const walk = (x: Json | undefined, y: Json | undefined, path: JsonPath) => {
    if (JSON.stringify(x) === JSON.stringify(y)) return;
    const pointer = pointerOf(path);
    if (path.length === 1 && path[0] === 'paths' && Array.isArray(y)) {
      const old = Array.isArray(x) ? x.map(String) : [];
      const now = y.map(String);
      const programme = getAt(b, ['programme']);
      for (const p of now.filter((p) => !old.includes(p)))
        changes.push({ kind: 'path-added', pointer, label: p, after: p, urls: urlsFor([p], ctx, programme) });
      for (const p of old.filter((p) => !now.includes(p)))
        changes.push({
          kind: 'path-removed',
          pointer,
          label: p,
          before: p,
          urls: urlsFor([p], ctx, programme),
        });
      return;
    }
    if (path.length === 1 && path[0] === 'blocks' && Array.isArray(y)) {
      const keyed = (list: Json[]) => {
        const seen = new Map<string, number>();
        return list.map((block) => {
          const type = String(getAt(block, ['type']));
          const n = seen.get(type) ?? 0;
          seen.set(type, n + 1);
          return `${type}#${n}`;
        });
      };
      const oldList = Array.isArray(x) ? x : [];
      const oldKeys = keyed(oldList);
      const newKeys = keyed(y);
      newKeys.forEach((key, i) => {
        const j = oldKeys.indexOf(key);
        const label = labelOf(b, ['blocks', i]);
        if (j < 0) changes.push({ kind: 'block-added', pointer: pointerOf(['blocks', i]), label });
        else {
          const kept = newKeys.filter((k) => oldKeys.includes(k));
          const keptOld = oldKeys.filter((k) => newKeys.includes(k));
          if (kept.indexOf(key) !== keptOld.indexOf(key))
            changes.push({
              kind: 'block-moved',
              pointer: pointerOf(['blocks', i]),
              label,
              before: `position ${j + 1}`,
              after: `position ${i + 1}`,
            });
          walk(oldList[j], y[i], ['blocks', i]);
        }
      });
      oldKeys.forEach((key, j) => {
        if (!newKeys.includes(key))
          changes.push({
            kind: 'block-removed',
            pointer: pointerOf(['blocks', j]),
            label: labelOf(a, ['blocks', j]),
          });
      });
      return;
    }
    if (isObject(x ?? null) || isObject(y ?? null) || Array.isArray(x) || Array.isArray(y)) {
      const keys = new Set<string>([
        ...Object.keys((x ?? {}) as object),
        ...Object.keys((y ?? {}) as object),
      ]);
      for (const key of keys) {
        const part = Array.isArray(y) || Array.isArray(x) ? Number(key) : key;
        walk(getAt(x, [key]), getAt(y, [key]), [...path, part]);
      }
      return;
    }
    const money = isMoneyPointer(pointer);
    const kind = money ? 'money' : typeof (y ?? x) === 'string' ? 'text' : 'setting';
    changes.push({ kind, pointer, label: labelOf(b, path), before: show(x), after: show(y), money });
  };
  walk(a, b, []);
  return changes;
}

/** A validator's problem in words, with the field's name instead of a pointer (minimal stand-in). */
export function friendlyMessage(problem: Problem, _schema: unknown): string {
  const message = problem.message
    .replace(/must NOT have fewer than 1 characters?/, 'cannot be empty')
    .replace(/must match pattern "\\\\S"/, 'cannot be empty')
    .replace(
      /must have required property '([^']+)'/,
      (_m, name: string) => `needs a ${words(name).toLowerCase()}`,
    );
  if (!problem.pointer) return message;
  return `${labelOf(
    null,
    pathOf(problem.pointer).map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
  )}: ${message}`;
}

/** Undo and redo over whole drafts; a step in the same group soon after the last one merges into it. */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  group?: string;
  at?: number;
}

export const history = {
  start<T>(present: T): History<T> {
    return { past: [], present, future: [] };
  },
  push<T>(h: History<T>, next: T, group?: string, now = Date.now(), limit = 200): History<T> {
    if (group && h.group === group && h.at !== undefined && now - h.at < 1000)
      return { ...h, present: next, future: [], at: now };
    return { past: [...h.past, h.present].slice(-limit), present: next, future: [], group, at: now };
  },
  undo<T>(h: History<T>): History<T> {
    const previous = h.past[h.past.length - 1];
    if (previous === undefined) return h;
    return { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future] };
  },
  redo<T>(h: History<T>): History<T> {
    const [next, ...future] = h.future;
    if (next === undefined) return h;
    return { past: [...h.past, h.present], present: next, future };
  },
};

export interface StoredDraft {
  content: Json;
  baseVersion: string | null;
  savedAt: string;
}

const PREFIX = 'examflow-studio:draft:';

/** Drafts in the browser's storage, one per config file. */
export function draftStore(storage: Storage = localStorage) {
  return {
    load(path: string): StoredDraft | null {
      const raw = storage.getItem(PREFIX + path);
      if (!raw) return null;
      try {
        return JSON.parse(raw) as StoredDraft;
      } catch {
        return null;
      }
    },
    save(path: string, draft: Omit<StoredDraft, 'savedAt'>, now = new Date()) {
      storage.setItem(PREFIX + path, JSON.stringify({ ...draft, savedAt: now.toISOString() }));
    },
    clear(path: string) {
      storage.removeItem(PREFIX + path);
    },
    /** The files that have a draft kept. */
    list(): string[] {
      const paths: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(PREFIX)) paths.push(key.slice(PREFIX.length));
      }
      return paths;
    },
  };
}
