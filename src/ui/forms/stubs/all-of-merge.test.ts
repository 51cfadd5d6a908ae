// The client build's stand-in for @x0k/json-schema-merge (all-of-merge.ts, decision 005) refuses
// to merge an allOf, so no form schema of examflow may need one merged: none has an allOf or a
// keyword @rjsf turns into one, and @rjsf's schema functions never ask for a merge on any of them.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { getDefaultFormState, omitExtraData, retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../engine/node/paths';
import * as standIn from './all-of-merge';

const formsDir = path.join(projectRoot, 'schemas/forms');
const schemas = readdirSync(formsDir)
  .filter((file) => file.endsWith('.schema.json'))
  .map((file) => [file, JSON.parse(readFileSync(path.join(formsDir, file), 'utf8')) as RJSFSchema] as const);

/**
 * Where a schema has allOf, or what @rjsf/utils makes one of: patternProperties (retrieveSchema),
 * anyOf and oneOf (getFirstMatchingOption), $ref beside other keywords (findSchemaDefinition).
 */
function mergeKeywords(schema: unknown, at = '#'): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => mergeKeywords(item, `${at}/${i}`));
  if (!schema || typeof schema !== 'object') return [];
  return Object.entries(schema).flatMap(([key, value]) => [
    ...(['allOf', 'patternProperties', 'anyOf', 'oneOf', '$ref'].includes(key) ? [`${at}/${key}`] : []),
    ...(key === 'enum' || key === 'const' ? [] : mergeKeywords(value, `${at}/${key}`)),
  ]);
}

/** A value of a property's type, for form data with every field filled. */
const sample = (property: unknown): unknown => {
  const { type, enum: options } = (property ?? {}) as { type?: unknown; enum?: unknown[] };
  if (options?.length) return options[0];
  return { number: 1, integer: 1, boolean: true, object: {} }[String(type)] ?? 'x';
};

/** Form data that takes each branch: none, every field filled, each enum or const value alone. */
function formDataFor(schema: RJSFSchema): Record<string, unknown>[] {
  const values = (node: unknown, name?: string): [string, unknown][] => {
    if (!node || typeof node !== 'object') return [];
    return Object.entries(node).flatMap(([key, value]): [string, unknown][] => {
      if (name && key === 'enum' && Array.isArray(value)) return value.map((item) => [name, item]);
      if (name && key === 'const') return [[name, value]];
      if (key === 'properties' && value && typeof value === 'object')
        return Object.entries(value).flatMap(([property, sub]) => values(sub, property));
      return values(value, name);
    });
  };
  const filled = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sample(property)]),
  );
  return [{}, filled, ...values(schema).map(([name, value]) => ({ [name]: value }))];
}

describe('the stand-in for @x0k/json-schema-merge', () => {
  it('refuses to merge, naming decision 005 and its alias', () => {
    const merge = standIn.createShallowAllOfMerge();
    expect(() => merge()).toThrow(/allOf.*decision 005/);
    expect(() => standIn.createMerger().mergeArrayOfSchemaDefinitions()).toThrow(/decision 005/);
  });

  it('exports every name @rjsf/utils imports from the package', () => {
    const lib = path.join(projectRoot, 'node_modules/@rjsf/utils/lib');
    const importers = readdirSync(lib, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(lib, file), 'utf8'))
      .filter((code) => code.includes('@x0k/json-schema-merge'));
    expect(importers.length).toBeGreaterThan(0);
    const names = importers.flatMap((code) =>
      [...code.matchAll(/import \{([^}]+)\} from '@x0k\/json-schema-merge[^']*'/g)].flatMap((match) =>
        (match[1] ?? '').split(',').map((name) => name.trim()),
      ),
    );
    expect(names).toContain('createShallowAllOfMerge');
    expect(names.filter((name) => !(name in standIn))).toEqual([]);
  });

  it('no form schema has allOf or a keyword @rjsf merges as one', () => {
    expect(schemas.length).toBeGreaterThan(0);
    for (const [file, schema] of schemas) expect(mergeKeywords(schema), file).toEqual([]);
  });

  it.each(schemas)('@rjsf never asks to merge an allOf of %s, whatever branch it takes', (_file, schema) => {
    const validator = customizeValidator();
    const merges: unknown[] = [];
    // @rjsf/utils calls this in place of its merger when given (experimental_customMergeAllOf).
    const merge = (merged: RJSFSchema) => {
      merges.push(merged);
      return merged;
    };
    const data = formDataFor(schema);
    expect(data.length).toBeGreaterThan(1);
    for (const formData of data) {
      retrieveSchema(validator, schema, schema, formData, merge);
      getDefaultFormState(validator, schema, formData, schema, true, undefined, merge);
      omitExtraData(validator, schema, schema, formData, merge);
    }
    expect(merges).toEqual([]);
    // The spy is the one @rjsf uses: an allOf added to the same schema reaches it.
    retrieveSchema(validator, { ...schema, allOf: [{ required: [] }] }, schema, {}, merge);
    expect(merges.length).toBeGreaterThan(0);
  });
});
