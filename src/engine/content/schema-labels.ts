// Names a field of a landing, programme or coupon file in words, from the config's JSON Schemas: the block
// type and the field ("Hero · Heading", "FAQ · Question 3"), never a JSON pointer. The schemas have
// few titles, so the field names come from marketing's one word table (field-words.ts).
import commonSchema from '../../../schemas/config/common.schema.json';
import couponSchema from '../../../schemas/config/coupon.schema.json';
import landingSchema from '../../../schemas/config/landing.schema.json';
import programmeSchema from '../../../schemas/config/programme.schema.json';
import { blockName, entryWord, fieldWords, topFieldWords } from './field-words';
import { isRecord, segmentsOf } from './pointer';
import { flattenRefinement } from './schema-refinement';

export type ConfigKind = 'landing' | 'programme' | 'coupon';

export interface SchemaNode {
  title?: string;
  description?: string;
  type?: string;
  $ref?: string;
  pattern?: string;
  /** text/html: a text the pages show as HTML (html-texts.ts). */
  contentMediaType?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: { if?: { properties?: { type?: { const?: string } } }; then?: SchemaNode }[];
  oneOf?: SchemaNode[];
  definitions?: Record<string, SchemaNode>;
}

const roots: Record<ConfigKind | 'common', SchemaNode> = {
  landing: landingSchema as SchemaNode,
  programme: programmeSchema as SchemaNode,
  coupon: couponSchema as unknown as SchemaNode,
  common: commonSchema as SchemaNode,
};

export function configKindOf(file: string): ConfigKind | undefined {
  if (file.startsWith('landings/')) return 'landing';
  if (file.startsWith('programmes/')) return 'programme';
  if (file.startsWith('coupons/')) return 'coupon';
  return undefined;
}

/** A schema node with its $ref followed; `def` is the definition's name (e.g. faqItem, nonEmptyText). */
export interface Resolved {
  node: SchemaNode;
  root: ConfigKind | 'common';
  def?: string;
  /** The definition names passed through on the way (a $ref to a $ref). */
  defs: string[];
}

export function resolve(node: SchemaNode, root: ConfigKind | 'common'): Resolved {
  let current = node;
  let where = root;
  const defs: string[] = [];
  // Keep the referring node's own description and title (they override the definition's).
  const own = { title: node.title, description: node.description };
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const [file, fragment = ''] = current.$ref.split('#');
    if (file === 'common.schema.json') where = 'common';
    const name = fragment.replace(/^\/definitions\//, '');
    defs.push(name);
    const target = roots[where].definitions?.[name];
    if (!target) break;
    current = target;
  }
  // A refinement (an FAQ entry whose answers are HTML) names its fields as the entry it refines.
  const definitions = roots[where].definitions ?? {};
  const flat = flattenRefinement(current, (ref) => definitions[ref.replace(/^.*#\/definitions\//, '')]);
  if (flat) {
    current = flat.schema;
    defs.push(flat.base);
  }
  const merged: SchemaNode = { ...current };
  if (own.title) merged.title = own.title;
  if (own.description) merged.description = own.description;
  return { node: merged, root: where, def: defs[defs.length - 1], defs };
}

/** The schema of a child (property or array item), given the parent's value (a block's type picks its schema). */
export function childSchema(parent: Resolved, segment: string, parentValue: unknown): Resolved | undefined {
  let node = parent.node;
  // A landing block: the branch of allOf whose type matches the block's.
  if (node.allOf && isRecord(parentValue)) {
    const branch = node.allOf.find((b) => b.if?.properties?.type?.const === parentValue.type)?.then;
    if (branch) node = resolve(branch, parent.root).node;
  }
  if (node.oneOf) {
    // The branch that has the field (a coupon's discount: a percent or an amount), else the first object.
    const branches = node.oneOf.map((n) => resolve(n, parent.root));
    const object =
      branches.find((r) => r.node.properties?.[segment]) ?? branches.find((r) => r.node.properties);
    if (object) node = object.node;
  }
  const child = /^\d+$/.test(segment) ? node.items : node.properties?.[segment];
  if (!child) return undefined;
  return resolve(child, parent.root);
}

/** The resolved schema at every step of a pointer (index 0 is the file's root). */
export function schemaTrail(kind: ConfigKind, pointer: string, doc: unknown): (Resolved | undefined)[] {
  const trail: (Resolved | undefined)[] = [{ node: roots[kind], root: kind, defs: [] }];
  let value: unknown = doc;
  let current: Resolved | undefined = trail[0];
  for (const segment of segmentsOf(pointer)) {
    current = current ? childSchema(current, segment, value) : undefined;
    trail.push(current);
    value = Array.isArray(value) ? value[Number(segment)] : isRecord(value) ? value[segment] : undefined;
  }
  return trail;
}

export function schemaAt(kind: ConfigKind, pointer: string, doc: unknown): Resolved | undefined {
  return schemaTrail(kind, pointer, doc).at(-1);
}

/** Whether a field holds words a student reads (not an id, a link, an image file or a setting). */
export function isTextField(resolved: Resolved | undefined): boolean {
  if (!resolved) return false;
  if (resolved.defs.includes('nonEmptyText') || resolved.defs.includes('htmlText')) return true;
  const { node } = resolved;
  return node.type === 'string' && !node.pattern && !node.enum && node.const === undefined;
}

const THIS_FILE: Record<ConfigKind, string> = {
  landing: 'This page',
  programme: 'This programme',
  coupon: 'This coupon',
};

export { blockName };

/** A field in words: its schema's title, else marketing's words for it (field-words.ts). */
export function fieldName(key: string, resolved?: Resolved): string {
  return resolved?.node.title ?? fieldWords(key).label;
}

function blockLabel(blocks: unknown[], index: number): string {
  const block = blocks[index];
  const type = isRecord(block) && typeof block.type === 'string' ? block.type : 'block';
  const name = blockName(type);
  const same = blocks.filter((b) => isRecord(b) && b.type === type);
  if (same.length < 2) return name;
  // Two criteria blocks: tell them apart by their table, else by their order.
  if (isRecord(block) && typeof block.source === 'string') return `${name} (${fieldName(block.source)})`;
  return `${name} ${same.indexOf(block) + 1}`;
}

/**
 * The field at a pointer, in words: "Hero · Heading", "FAQ · Question 3 · Answer point 2",
 * "Fee · Registration fee (₹)". `doc` is the file's content (a block's type names it).
 */
export function labelAt(kind: ConfigKind, pointer: string, doc: unknown): string {
  const segments = segmentsOf(pointer);
  if (segments.length === 0) return THIS_FILE[kind];
  const top = segments.length === 1 ? topFieldWords(kind, segments[0] ?? '') : undefined;
  if (top) return top.label;
  const trail = schemaTrail(kind, pointer, doc);
  const parts: string[] = [];
  let value: unknown = doc;
  segments.forEach((segment, i) => {
    const parentValue = value;
    value = Array.isArray(value) ? value[Number(segment)] : isRecord(value) ? value[segment] : undefined;
    const isIndex = Array.isArray(parentValue) || /^\d+$/.test(segment);
    const key = isIndex ? segments[i - 1] : segment;
    const resolved = trail[i + 1];
    if (!isIndex) {
      // An array's own name is said with its entry ("Step 2"), unless the pointer stops at the array.
      const nextIsIndex = i + 1 < segments.length && /^\d+$/.test(segments[i + 1] ?? '');
      if (!nextIsIndex) parts.push(fieldName(segment, resolved));
      return;
    }
    const n = Number(segment);
    if (Array.isArray(parentValue) && key === 'blocks') {
      parts.push(blockLabel(parentValue, n));
      return;
    }
    const noun = resolved?.defs.includes('faqItem')
      ? 'Question'
      : key === 'points' && trail[i - 1]?.defs.includes('faqItem')
        ? 'Answer point'
        : key
          ? entryWord(key)
          : 'Entry';
    parts.push(`${noun} ${n + 1}`);
  });
  // "FAQ · Question 3 · Heading" reads better as "FAQ · Question 3".
  if (parts.length > 1 && /^Question \d+$/.test(parts[parts.length - 2] ?? '') && parts.at(-1) === 'Heading')
    parts.pop();
  return parts.join(' · ');
}
