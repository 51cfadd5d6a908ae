// The config texts shown as HTML, found by their schema's mark (`contentMediaType: "text/html"`,
// common.schema.json's htmlText): config validation checks each against the sanitising rule
// (src/engine/node/config-html.ts) and the Studio edits each as formatted text (schema-bundle.ts),
// so a new HTML text needs its schema's mark and its renderer, nothing else (decision 058).

import { escapeSegment } from './pointer';

type Schema = { readonly [key: string]: unknown };

/** The config schemas by file name (`common.schema.json`…), as their `$ref`s name them. */
export type SchemaFiles = Readonly<Record<string, Schema>>;

export interface HtmlText {
  pointer: string;
  text: string;
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a plain `if` (properties with a const each, e.g. a block's type) holds for `data`. */
function ifHolds(condition: Schema, data: unknown): boolean | undefined {
  if (!isSchema(condition.properties) || !isSchema(data)) return undefined;
  for (const [key, sub] of Object.entries(condition.properties)) {
    if (!isSchema(sub) || !('const' in sub)) return undefined;
    if (data[key] !== sub.const) return false;
  }
  return true;
}

/** Every string of `data` (the config file `file`) whose schema marks it as HTML, by JSON pointer. */
export function htmlTexts(files: SchemaFiles, file: string, data: unknown): HtmlText[] {
  const found = new Map<string, string>();
  const walk = (schema: unknown, base: string, value: unknown, pointer: string, depth: number): void => {
    if (!isSchema(schema) || depth > 64) return;
    if (typeof schema.$ref === 'string') {
      const [target = '', fragment = ''] = schema.$ref.split('#');
      const where = target || base;
      const definitions = files[where]?.definitions;
      const name = fragment.replace(/^\/definitions\//, '');
      if (isSchema(definitions)) walk(definitions[name], where, value, pointer, depth + 1);
      return;
    }
    if (typeof value === 'string' && schema.contentMediaType === 'text/html') found.set(pointer, value);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const)
      if (Array.isArray(schema[key]))
        for (const sub of schema[key]) walk(sub, base, value, pointer, depth + 1);
    if (isSchema(schema.if)) {
      const holds = ifHolds(schema.if, value);
      if (holds !== false) walk(schema.then, base, value, pointer, depth + 1);
      if (holds !== true) walk(schema.else, base, value, pointer, depth + 1);
    }
    if (isSchema(value)) {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      for (const [key, item] of Object.entries(value)) {
        const sub = key in properties ? properties[key] : schema.additionalProperties;
        walk(sub, base, item, `${pointer}/${escapeSegment(key)}`, depth + 1);
      }
    }
    if (Array.isArray(value) && isSchema(schema.items))
      value.forEach((item, i) => walk(schema.items, base, item, `${pointer}/${i}`, depth + 1));
  };
  walk(files[file], file, data, '', 0);
  return [...found].map(([pointer, text]) => ({ pointer, text }));
}
