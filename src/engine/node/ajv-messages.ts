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
