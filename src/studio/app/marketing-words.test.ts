// Every label the Studio shows for each config file, walked over the real files: the form's labels
// (the bundled schema's titles and choices, as @rjsf draws them for that file's data, technical
// fields and hidden ones left out) and the change list's and messages' names of every field
// (labelAt). None may use a developer's word: marketing reads them. The words come from one table
// (field-words.ts), so the form and the change list agree.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { blockName, entryWord, fieldWords } from '../../engine/content/field-words';
import { labelAt } from '../../engine/content/schema-labels';
import { SCHEMAS, blockTypes, uiSchemaFor, type FileKind } from './schema-bundle';

type Node = { [key: string]: unknown };
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A developer's words, and what each gives away. */
const DEVELOPER_WORDS: [RegExp, string][] = [
  [/\bvariant key\b/i, 'the variant key'],
  [/^Id\b|\bId\*?$|\bids?\b/, 'an id'],
  [/\bjson\b/i, 'JSON'],
  [/\bpath\b|\bpointer\b/i, 'a path'],
  [/\bschema\b/i, 'the schema'],
  [/\bslug\b|\bkey\b/i, 'a key'],
  [/localhost|127\.0\.0\.1|\band \d+ more\b/, 'a host list'],
  [/\bwith block\b/i, 'a block rule'],
  [/^Block \d+/, 'a block number'],
  [/\buntitled\b/i, 'an untitled form'],
  [/\b[a-z]+[A-Z][A-Za-z]*\b/, 'a camelCase name'],
  [/(?<![A-Za-z-])[a-z]+(?:-[a-z]+)+\b/, 'a block type'],
];

function developerWordsIn(text: string): string[] {
  return DEVELOPER_WORDS.filter(([pattern]) => pattern.test(text)).map(([, why]) => why);
}

const FOLDERS: [FileKind, string][] = [
  ['landing', 'config/landings'],
  ['programme', 'config/programmes'],
  ['coupon', 'config/coupons'],
];

const files = FOLDERS.flatMap(([kind, dir]) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({
      kind,
      file: join(dir, f),
      doc: JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown,
    })),
);

/** A bundled schema node with its local $ref followed. */
function resolve(node: Node, root: RJSFSchema): Node {
  let current = node;
  for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
    const { $ref, ...rest } = current;
    current = {
      ...((root.definitions as Node)[($ref as string).replace('#/definitions/', '')] as Node),
      ...rest,
    };
  }
  return current;
}

/** The object schema that holds this data: a block's branch by its type, a oneOf by its fields. */
function branchFor(node: Node, data: unknown, root: RJSFSchema): Node {
  let current = node;
  if (Array.isArray(current.allOf) && isNode(data)) {
    const branch = (current.allOf as Node[]).find(
      (b) =>
        (((b.if as Node | undefined)?.properties as Node | undefined)?.type as Node | undefined)?.const ===
        data.type,
    );
    if (branch)
      current = {
        ...current,
        properties: {
          ...(current.properties as Node),
          ...(resolve(branch.then as Node, root).properties as Node),
        },
      };
  }
  if (Array.isArray(current.oneOf) && isNode(data)) {
    const options = (current.oneOf as Node[])
      .map((o) => resolve(o, root))
      .filter((o) => isNode(o.properties));
    const fits = options.find((o) => Object.keys(data).every((k) => k in (o.properties as Node)));
    if (fits)
      current = { ...current, properties: { ...(current.properties as Node), ...(fits.properties as Node) } };
  }
  return current;
}

/** Every label the form shows for a file: [where, label]. */
function formLabels(kind: FileKind, doc: unknown): [string, string][] {
  const root = SCHEMAS[kind];
  const seen: [string, string][] = [];
  const walk = (raw: Node, ui: UiSchema | undefined, data: unknown, where: string, depth: number): void => {
    if (depth > 20) return;
    const node = branchFor(resolve(raw, root), data, root);
    const options = (ui?.['ui:options'] ?? {}) as { technical?: boolean };
    if (ui?.['ui:widget'] === 'hidden' || options.technical) return;
    // The choices of a select.
    for (const choice of (node.oneOf as Node[] | undefined) ?? [])
      if (choice.const !== undefined && typeof choice.title === 'string')
        seen.push([`${where} choice`, choice.title]);
    if (isNode(node.properties) && isNode(data))
      for (const [name, sub] of Object.entries(node.properties)) {
        if (!(name in data)) continue;
        const child = resolve(sub as Node, root);
        const childUi = ui?.[name] as UiSchema | undefined;
        const title = (childUi?.['ui:title'] as string | undefined) ?? (child.title as string | undefined);
        if (
          title &&
          childUi?.['ui:widget'] !== 'hidden' &&
          !(childUi?.['ui:options'] as Node | undefined)?.technical
        )
          seen.push([`${where}/${name}`, title]);
        walk(child, childUi, data[name], `${where}/${name}`, depth + 1);
      }
    if (Array.isArray(data) && isNode(node.items))
      data.forEach((item, i) =>
        walk(node.items as Node, ui?.items as UiSchema | undefined, item, `${where}/${i}`, depth + 1),
      );
  };
  walk(root as Node, uiSchemaFor(kind), doc, '', 0);
  return seen;
}

/** Every pointer in a document. */
function pointers(value: unknown, at = ''): string[] {
  const children = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : isNode(value)
      ? Object.entries(value)
      : [];
  return [at, ...children.flatMap(([k, v]) => (k === '$schema' ? [] : pointers(v, `${at}/${k}`)))];
}

describe('the Studio’s words come from one table, in marketing’s words', () => {
  it('the check refuses what a developer would write and lets marketing’s words through', () => {
    for (const text of [
      'Variant key',
      'Id*',
      'With block: courseSection',
      'localhost, 127.0.0.1 and 8 more',
      'Block 11',
      'Untitled',
      'how-it-works',
    ])
      expect(developerWordsIn(text), text).not.toEqual([]);
    for (const text of [
      'Page addresses',
      'How it works · Step 2 · Title',
      'Courses for you',
      'Short name for links',
    ])
      expect(developerWordsIn(text), text).toEqual([]);
  });

  it('walks every config file', () => {
    expect(files.filter((f) => f.kind === 'landing').length).toBeGreaterThan(5);
    expect(files.filter((f) => f.kind === 'programme').length).toBeGreaterThan(2);
    expect(files.filter((f) => f.kind === 'coupon').length).toBeGreaterThan(0);
  });

  it.each(files.map((f) => [f.file, f] as const))(
    '%s: every form label and field name is marketing’s',
    (_, { kind, doc }) => {
      const labels = formLabels(kind, doc);
      expect(labels.length).toBeGreaterThan(kind === 'coupon' ? 3 : 10);
      const named = pointers(doc)
        .slice(1)
        .map((p) => [p, labelAt(kind, p, doc)] as [string, string]);
      const problems = [...labels, ...named].flatMap(([where, text]) => {
        const found = developerWordsIn(text);
        return found.length ? [`${where}: “${text}” (${found.join(', ')})`] : [];
      });
      expect(problems).toEqual([]);
    },
  );

  it('names each field one way on every screen: the form and the change list agree', () => {
    const neet = files.find((f) => f.file.endsWith('neet-repeater.json'));
    if (!neet) throw new Error('no NEET repeater page');
    const form = new Map(formLabels('landing', neet.doc));
    // The page's addresses: "Page addresses" in the form, "Page address 1" for one of them.
    expect(form.get('/paths')).toBe(fieldWords('paths').label);
    expect(labelAt('landing', '/paths/0', neet.doc)).toBe(`${entryWord('paths')} 1`);
    // A step of "How it works" has a title, not the page's title.
    const doc = neet.doc as { blocks: { type: string }[] };
    const howItWorks = doc.blocks.findIndex((b) => b.type === 'how-it-works');
    expect(howItWorks).toBeGreaterThanOrEqual(0);
    const stepTitles = [...form].filter(([where]) =>
      new RegExp(`^/blocks/${howItWorks}/steps/\\d+/title$`).test(where),
    );
    expect(stepTitles.length).toBeGreaterThan(0);
    for (const [, label] of stepTitles) expect(label).toBe('Title');
    expect(form.get('/title')).toBe('Page title (browser tab, search results)');
    expect(labelAt('landing', '/title', neet.doc)).toBe(form.get('/title'));
    // The variant key is there for a developer, one click away (technical), not among the labels.
    expect(form.has('/variantKey')).toBe(false);
    expect(uiSchemaFor('landing').variantKey).toMatchObject({ 'ui:options': { technical: true } });
  });

  it('says every block type as a name, never its id', () => {
    for (const type of [...blockTypes(), 'courseSection', 'samplePapers'])
      expect(developerWordsIn(blockName(type)), type).toEqual([]);
  });
});
