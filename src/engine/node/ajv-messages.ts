// Plain sentences for ajv errors: shared by the config validator and the API's 400 answers.
import type { ErrorObject } from 'ajv';

/** Turns one ajv error into a sentence a marketing editor can act on. */
export function describeAjvError(error: ErrorObject): string | undefined {
  const parent = error.parentSchema as { description?: string } | undefined;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'if':
      return undefined; // the failing "then" branch reports the real problem
    case 'required':
      return `missing required property "${String(params.missingProperty)}"`;
    case 'additionalProperties':
      return `unknown property "${String(params.additionalProperty)}" (check its spelling against the schema)`;
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      const what = error.instancePath.endsWith('/type') ? 'unknown block type' : 'unknown value';
      return `${what} ${JSON.stringify(error.data)}; expected one of ${allowed}`;
    }
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'type':
      return `must be ${String(params.type)}, not ${Array.isArray(error.data) ? 'array' : error.data === null ? 'null' : typeof error.data}`;
    case 'pattern':
      return `${JSON.stringify(error.data)} is not valid${parent?.description ? `: ${parent.description}` : ` (expected pattern ${String(params.pattern)})`}`;
    case 'minLength':
      return JSON.stringify(error.data) === '""'
        ? 'must not be empty'
        : `must be at least ${String(params.limit)} characters (has ${String((error.data as string).length)})`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters (has ${String((error.data as string).length)})`;
    case 'minItems':
      return `must have at least ${String(params.limit)} item(s)`;
    case 'maxItems':
      return `must have at most ${String(params.limit)} item(s)`;
    case 'uniqueItems':
      return `items ${String(params.j)} and ${String(params.i)} are the same`;
    default:
      return error.message ?? 'is invalid';
  }
}

export interface EditorWording {
  /** The property the sentence is about, below the problem's pointer (a missing required field). */
  child?: string;
  sentence: string;
}

const typeWords: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of fields',
  null: 'empty',
};

/**
 * The sentences above (and the cross-checks', unchanged) in the words of an editor who never sees
 * the schema: the Studio puts the field's name before them ("Hero · Heading: must be filled in").
 * Kept beside describeAjvError so the wording has one home.
 */
export function editorWording(message: string): EditorWording {
  let m: RegExpMatchArray | null;
  if ((m = message.match(/^missing required property "(.+)"$/)))
    return { child: m[1], sentence: 'must be filled in' };
  if ((m = message.match(/^unknown property "(.+)" \(check its spelling/)))
    return { child: m[1], sentence: 'is not a known field (check its spelling, or remove it)' };
  if ((m = message.match(/^unknown block type (.+); expected one of/)))
    return { sentence: `${m[1]} is not a kind of block the Studio knows` };
  if ((m = message.match(/^unknown value (.+); expected one of (.+)$/)))
    return { sentence: `must be one of ${m[2]} (not ${m[1]})` };
  if ((m = message.match(/^must be (\w+), not (\w+)$/)))
    return { sentence: `must be ${typeWords[m[1] ?? ''] ?? m[1]}` };
  if (/^".*" is not valid \(expected pattern \\S\)$/s.test(message))
    return { sentence: 'must not be only spaces' };
  if ((m = message.match(/^(".*") is not valid \(expected pattern .*\)$/s)))
    return { sentence: `${m[1]} is not in the expected form` };
  if ((m = message.match(/^must have at (least|most) (\d+) item\(s\)$/)))
    return { sentence: `needs at ${m[1]} ${m[2]} ${m[2] === '1' ? 'entry' : 'entries'}` };
  if ((m = message.match(/^items (\d+) and (\d+) are the same$/)))
    return { sentence: `entries ${Number(m[1]) + 1} and ${Number(m[2]) + 1} are the same` };
  return { sentence: message };
}
