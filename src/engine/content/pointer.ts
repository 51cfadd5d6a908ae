// JSON pointers (RFC 6901, the json-pointer package) over parsed config files: the Studio names
// every field by one.
import jsonPointer from 'json-pointer';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const escapeSegment = (segment: string | number): string => jsonPointer.escape(String(segment));

export const pointerOf = (segments: readonly (string | number)[]): string =>
  jsonPointer.compile(segments.map(String));

export const segmentsOf = (pointer: string): string[] => jsonPointer.parse(pointer);

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a pointer, or undefined when the path does not exist. */
export function valueAt(doc: unknown, pointer: string): unknown {
  if (typeof doc !== 'object' || doc === null) return pointer === '' ? doc : undefined;
  return jsonPointer.has(doc, pointer) ? (jsonPointer.get(doc, pointer) as unknown) : undefined;
}

/** Devanagari, the script of the Hindi pages. */
export const devanagari = /[\u0900-\u097F]/;
