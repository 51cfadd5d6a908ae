// The config schemas as one self-contained schema each for @rjsf: common.schema.json's definitions
// are copied in (rjsf resolves only local refs), generator-only keywords are dropped, every property
// gets a title in words (the label a marketing person reads) and a uiSchema is derived: the `$schema`
// and block `type` fields hidden, image fields with the picker, money fields with confirmation.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import common from '../../../schemas/config/common.schema.json';
import coupon from '../../../schemas/config/coupon.schema.json';
import landing from '../../../schemas/config/landing.schema.json';
import programme from '../../../schemas/config/programme.schema.json';
import { choiceWords, fieldWords, humanise } from '../../engine/content/field-words';
import { moneyFieldAt } from '../../engine/content/money-fields';
import { flattenRefinement } from '../../engine/content/schema-refinement';
import type { Json } from './studio-api';

export type FileKind = 'landing' | 'programme' | 'coupon';

/** A key in words ("offlineSwitchFee" → "Offline switch fee"). */
export const words = humanise;

type Node = { [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const COMMON_PREFIX = 'common-';

/** Where a node is: the kind of file, and whether it is a property of the file itself. */
interface Place {
  kind?: FileKind;
  top?: boolean;
}

/**
 * A copy with refs made local: common's definitions under `common-<name>`, generator keywords
 * dropped, each property titled in marketing's words (field-words.ts) and a block-valued choice
 * said as the block's name.
 */
function rewrite(value: unknown, localPrefix: string, propertyName?: string, place: Place = {}): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, localPrefix));
  if (!isNode(value)) return value;
  if (
    propertyName &&
    Array.isArray(value.enum) &&
    value.enum.some((v) => choiceWords(propertyName, String(v)) !== v)
  ) {
    const { enum: values, ...rest } = value;
    value = {
      ...rest,
      type: 'string',
      oneOf: (values as string[]).map((v) => ({ const: v, title: choiceWords(propertyName, v) })),
    };
    if (!isNode(value)) return value;
  }
  const out: Node = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'tsType' || key === '$id' || key === '$schema') continue;
    if (key === '$ref' && typeof child === 'string') {
      const [file, fragment = ''] = child.split('#');
      const prefix = file === 'common.schema.json' ? COMMON_PREFIX : localPrefix;
      out.$ref = fragment.replace('/definitions/', `#/definitions/${prefix}`);
    } else if (key === 'properties' && isNode(child)) {
      // The root's own properties are the file's top level ("Page title" there, "Title" inside).
      const top = { kind: place.kind, top: propertyName === undefined && place.top !== false };
      out.properties = Object.fromEntries(
        Object.entries(child).map(([name, sub]) => [name, rewrite(sub, localPrefix, name, top)]),
      );
    } else out[key] = rewrite(child, localPrefix, undefined, { kind: place.kind, top: false });
  }
  if (propertyName && !('title' in out)) out.title = fieldWords(propertyName, place).label;
  return out;
}

/** Each refinement among the definitions as one schema (schema-refinement.ts): rjsf's own merge would put the refined fields first. */
function flattenRefinements(definitions: Node): void {
  for (const [name, def] of Object.entries(definitions)) {
    const flat = isNode(def)
      ? flattenRefinement(def, (ref) => {
          const target = definitions[ref.replace('#/definitions/', '')];
          return isNode(target) ? target : undefined;
        })
      : undefined;
    if (flat) definitions[name] = flat.schema;
  }
}

function bundle(schema: Node, kind: FileKind): RJSFSchema {
  const main = rewrite(schema, '', undefined, { kind, top: true }) as Node;
  const shared = (rewrite(common, COMMON_PREFIX) as Node).definitions as Node;
  const definitions: Node = { ...(main.definitions as Node | undefined) };
  for (const [name, def] of Object.entries(shared)) definitions[COMMON_PREFIX + name] = def;
  flattenRefinements(definitions);
  return { ...main, definitions } as RJSFSchema;
}

export const SCHEMAS: Record<FileKind, RJSFSchema> = {
  landing: bundle(landing as Node, 'landing'),
  programme: bundle(programme as Node, 'programme'),
  coupon: bundle(coupon as unknown as Node, 'coupon'),
};

export function kindOf(path: string): FileKind {
  if (path.startsWith('programmes/')) return 'programme';
  if (path.startsWith('coupons/')) return 'coupon';
  return 'landing';
}

/** A coupon's classes as a person says them. */
const CLASS_WORDS: Record<string, string> = { '12-passed': 'Passed class 12' };

/**
 * A coupon's form beyond what its schema derives: the code is fixed (it names the coupon), the
 * programmes are ticked by name, the discount is a percent or rupees (studio-coupon-fields.tsx);
 * every other field is a money field (money-fields.ts) and asks before it changes.
 */
const COUPON_UI: UiSchema = {
  code: {
    'ui:widget': 'text',
    'ui:readonly': true,
    'ui:help': 'Fixed when the coupon was made. For another code, make a new coupon.',
  },
  programmes: { 'ui:field': 'coupon-programmes' },
  // The field draws both kinds of discount itself, instead of @rjsf's "Option 1 / Option 2".
  discount: { 'ui:field': 'coupon-discount', 'ui:fieldReplacesAnyOrOneOf': true },
  classes: {
    'ui:options': {
      choiceWords: Object.fromEntries(
        coupon.properties.classes.items.enum.map((c) => [c, CLASS_WORDS[c] ?? `Class ${c}`]),
      ),
      noneMeans: true,
    },
  },
  leadTerm: { 'ui:placeholder': 'e.g. 2026-27' },
  // What a marketing person decides first: how much off, for whom, when; then who else and how many.
  'ui:order': [
    'code',
    'discount',
    'programmes',
    'validFrom',
    'validUntil',
    'classes',
    'leadTerm',
    'uses',
    '*',
  ],
};

/** The block types the landing schema knows, in its order. */
export function blockTypes(): string[] {
  const block = (landing as Node & { definitions: { block: { properties: { type: { enum: string[] } } } } })
    .definitions.block;
  return block.properties.type.enum;
}

/** The schema of one block type (its `then`), resolved against the bundle. */
export function blockSchema(type: string): RJSFSchema | undefined {
  const schema = SCHEMAS.landing;
  const definitions = schema.definitions as Record<string, RJSFSchema>;
  const block = definitions.block as {
    allOf?: { if: { properties: { type: { const: string } } }; then: { $ref: string } }[];
  };
  const branch = block.allOf?.find((b) => b.if.properties.type.const === type);
  const name = branch?.then.$ref.replace('#/definitions/', '');
  return name ? definitions[name] : undefined;
}

function resolve(schema: Node, root: RJSFSchema): Node {
  let current = schema;
  for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
    const name = current.$ref.replace('#/definitions/', '');
    const { $ref: _ref, ...rest } = current;
    current = { ...((root.definitions as Node)[name] as Node), ...rest };
  }
  return current;
}

/** Whether a string field is text a person reads (not an address, id, key or file path). */
export function isReadableText(schema: {
  type?: unknown;
  pattern?: unknown;
  enum?: unknown;
  const?: unknown;
}): boolean {
  return (
    schema.type === 'string' &&
    schema.enum === undefined &&
    schema.const === undefined &&
    (schema.pattern === undefined || schema.pattern === '\\S')
  );
}

/**
 * The input of a money field (src/engine/content/money-fields.ts): each asks before it changes what
 * students pay. Numbers and texts confirm when the person leaves the field, ticked fee components
 * and chosen questions at once; `moneyUnit` says ₹ or % beside a number.
 */
function moneyUi(field: Node, pointer: string, kind: FileKind): UiSchema {
  const money = moneyFieldAt(kind, pointer);
  const options = { moneyUnit: money?.unit, ...(money?.noun ? { moneyNoun: money.noun } : {}) };
  const items = isNode(field.items) ? field.items : undefined;
  // The field named as the change list and the confirmation name it ("Registration fee").
  const title = money && !money.values ? { 'ui:title': money.label } : {};
  if (field.type === 'array' && items?.enum) return { ...title, 'ui:widget': 'money-choices' };
  // A list of values keeps its own name: its entries are "Class 1", "Class 2".
  if (field.type === 'array') return { items: { 'ui:widget': 'money', 'ui:options': options } };
  if (field.enum) return { 'ui:widget': 'money-select' };
  return { ...title, 'ui:widget': 'money', 'ui:options': options };
}

/**
 * Texts that run to sentences (a FAQ answer's points, a paragraph, a search description): @rjsf's
 * textarea, which the Studio's styles size to what it holds (field-sizing), not a one-line input.
 */
const LONG_TEXTS = new Set([
  'description',
  'subheading',
  'points',
  'paragraphs',
  'text',
  'notices',
  'tagline',
  'notEligible',
]);

/** The widget of a text the pages show as HTML (rich-text-widget.tsx). */
export const RICH_TEXT = 'rich-text';

/** A text shown as HTML: its schema says so (`contentMediaType`), and that is all a new one needs. */
const isHtml = (schema: Node): boolean => schema.type === 'string' && schema.contentMediaType === 'text/html';

/** The uiSchema for a kind of file, derived from its schema. */
export function uiSchemaFor(kind: FileKind): UiSchema {
  const root = SCHEMAS[kind];
  const build = (raw: Node, pointer: string, depth: number): UiSchema => {
    const schema = resolve(raw, root);
    const ui: UiSchema = {};
    if (depth > 12) return ui;
    const merged: Node = { ...((schema.properties as Node | undefined) ?? {}) };
    // Block schemas come through if/then (landing) or oneOf (programme): merge their properties.
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      for (const branch of (schema[key] as Node[] | undefined) ?? []) {
        const sub = resolve((branch.then as Node | undefined) ?? branch, root);
        Object.assign(merged, (sub.properties as Node | undefined) ?? {});
      }
    }
    for (const [name, sub] of Object.entries(merged)) {
      const child = resolve(sub as Node, root);
      const childPointer = `${pointer}/${name}`;
      const childUi = build(child, childPointer, depth + 1);
      if (
        name === '$schema' ||
        (name === 'type' && (child.const !== undefined || pointer.endsWith('/blocks/-')))
      )
        childUi['ui:widget'] = 'hidden';
      else if (kind === 'landing' && childPointer === '/translationOf') childUi['ui:widget'] = 'english-page';
      else if (typeof child.pattern === 'string' && child.pattern.startsWith('^/images/'))
        childUi['ui:widget'] = 'image';
      else if (moneyFieldAt(kind, childPointer)) Object.assign(childUi, moneyUi(child, childPointer, kind));
      else if (isHtml(child)) childUi['ui:widget'] = RICH_TEXT;
      else if (child.type === 'array' && isNode(child.items) && isHtml(resolve(child.items, root)))
        childUi.items = { ...(childUi.items as UiSchema | undefined), 'ui:widget': RICH_TEXT };
      else if (LONG_TEXTS.has(name) && child.type === 'string') childUi['ui:widget'] = 'textarea';
      else if (
        LONG_TEXTS.has(name) &&
        child.type === 'array' &&
        resolve(child.items as Node, root).type === 'string'
      )
        childUi.items = { ...(childUi.items as UiSchema | undefined), 'ui:widget': 'textarea' };
      if (fieldWords(name, { kind, top: pointer === '' }).technical)
        childUi['ui:options'] = { ...(childUi['ui:options'] as object | undefined), technical: true };
      if (Object.keys(childUi).length > 0) ui[name] = childUi;
    }
    if (schema.type === 'array' && isNode(schema.items)) {
      const items = build(schema.items, `${pointer}/-`, depth + 1);
      if (Object.keys(items).length > 0) ui.items = items;
    }
    return ui;
  };
  const derived = build(root as Node, '', 0);
  if (kind === 'coupon')
    for (const [name, extra] of Object.entries(COUPON_UI))
      derived[name] = Array.isArray(extra)
        ? extra
        : { ...(derived[name] as UiSchema | undefined), ...(extra as UiSchema) };
  return { ...derived, 'ui:submitButtonOptions': { norender: true } };
}

export function asJson(value: unknown): Json {
  return value as Json;
}
