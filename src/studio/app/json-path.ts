// Immutable edits of a JSON draft by path (rjsf's field paths: property names and array indexes),
// and the JSON pointers the validators speak. The form's array controls (drag, add a typed block)
// edit the draft through these, outside rjsf.
import type { Json } from './studio-api';
import { pointerOf as pointerOfSegments, segmentsOf } from '../../engine/content/pointer';

export type JsonPath = (string | number)[];

export const pointerOf = (path: JsonPath): string => pointerOfSegments(path);

/** A pointer's segments; anything not a pointer (no leading /) names no place. */
export const pathOf = (pointer: string): string[] => (pointer.startsWith('/') ? segmentsOf(pointer) : []);

export function getAt(value: Json | undefined, path: readonly (string | number)[]): Json | undefined {
  let current = value;
  for (const part of path) {
    if (Array.isArray(current)) current = current[Number(part)];
    else if (current && typeof current === 'object') current = current[String(part)];
    else return undefined;
  }
  return current;
}

/** A copy of `root` with `next` at `path` (undefined removes the property or array item). */
export function setAt(root: Json, path: readonly (string | number)[], next: Json | undefined): Json {
  const [head, ...rest] = path;
  if (head === undefined) return next ?? null;
  if (Array.isArray(root)) {
    const index = Number(head);
    const copy = [...root];
    if (rest.length === 0 && next === undefined) copy.splice(index, 1);
    else copy[index] = setAt(copy[index] ?? {}, rest, next);
    return copy;
  }
  const object = root && typeof root === 'object' ? root : {};
  const key = String(head);
  if (rest.length === 0 && next === undefined) {
    const { [key]: _removed, ...kept } = object;
    return kept;
  }
  return { ...object, [key]: setAt(object[key] ?? {}, rest, next) };
}

export function moveItem(root: Json, arrayPath: JsonPath, from: number, to: number): Json {
  const list = getAt(root, arrayPath);
  if (!Array.isArray(list) || from === to || to < 0 || to >= list.length) return root;
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item ?? null);
  return setAt(root, arrayPath, copy);
}

export function insertItem(root: Json, arrayPath: JsonPath, index: number, item: Json): Json {
  const list = getAt(root, arrayPath);
  const copy = Array.isArray(list) ? [...list] : [];
  copy.splice(index, 0, item);
  return setAt(root, arrayPath, copy);
}

export function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The path in `root` of the field @rjsf names `id` ("root_blocks_0_heading" → blocks, 0, heading),
 * or undefined when `root` has no such field. rjsf joins names with "_", which names may hold too:
 * the parts are matched against the names `root` has, and of two readings the first whose value
 * `accept` takes wins ("a_b_c": a.b_c or a_b.c).
 */
export function pathOfFieldId(
  root: Json,
  id: string,
  accept: (value: Json | undefined) => boolean = () => true,
): JsonPath | undefined {
  if (id !== 'root' && !id.startsWith('root_')) return undefined;
  const parts = id === 'root' ? [] : id.slice('root_'.length).split('_');
  const walk = (node: Json | undefined, rest: string[]): JsonPath | undefined => {
    if (rest.length === 0) return accept(node) ? [] : undefined;
    if (Array.isArray(node)) {
      const [index, ...after] = rest;
      if (index === undefined || !/^\d+$/.test(index) || Number(index) >= node.length) return undefined;
      const tail = walk(node[Number(index)], after);
      return tail && [Number(index), ...tail];
    }
    if (!isObject(node)) return undefined;
    for (let n = 1; n <= rest.length; n++) {
      const key = rest.slice(0, n).join('_');
      if (!(key in node)) continue;
      const tail = walk(node[key], rest.slice(n));
      if (tail) return [key, ...tail];
    }
    return undefined;
  };
  return walk(root, parts);
}
