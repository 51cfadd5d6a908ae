// JSON pointers (RFC 6901) over parsed config files: the Studio names every field by one.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${escapeSegment(s)}`).join('');
}

export function segmentsOf(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a pointer, or undefined when the path does not exist. */
export function valueAt(doc: unknown, pointer: string): unknown {
  let value = doc;
  for (const segment of segmentsOf(pointer)) {
    if (Array.isArray(value)) value = value[Number(segment)];
    else if (isRecord(value)) value = value[segment];
    else return undefined;
  }
  return value;
}

/** Devanagari, the script of the Hindi pages. */
export const devanagari = /[\u0900-\u097F]/;
