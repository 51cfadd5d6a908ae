// A class & stream value on the wire and in the database is `class&stream` (11&SOM; part 2 §3
// "Option lists"). Pure, read by the server (bookings, course offers, centres) and the client
// (registration) alike, so the separator and the empty parts are one rule.

export interface ClassStream {
  klass: string;
  stream: string;
}

/** class&stream → its two parts (11&SOM → 11, SOM); a missing part is ''. */
export function splitClassStream(value: string): ClassStream {
  const [klass = '', stream = ''] = value.split('&');
  return { klass, stream };
}

/** The class&stream value of a class and a stream (11, SOM → 11&SOM): splitClassStream's inverse. */
export const classStreamValue = (klass: string, stream: string): string => `${klass}&${stream}`;

/** The stream of a class&stream value or of a bare stream code (SOM), or undefined when none is given. */
export function streamOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value.includes('&') ? splitClassStream(value).stream : value;
}

/** A class as a student reads it: 11 stays 11, a class passed reads "12 passed" (not 12-passed). */
export const classInWords = (klass: string): string => klass.replace(/^(\d+)-passed$/, '$1 passed');

/** The school board a registration names when the student is not asked (part 2 §5's signup). */
export const DEFAULT_SCHOOL_BOARD = 'CBSE';
