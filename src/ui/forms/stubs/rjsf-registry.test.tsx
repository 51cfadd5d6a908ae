// The build's cut-down @rjsf registry (rjsf-registry.tsx, decision 005): it answers every name
// @rjsf's own registry has, hands back @rjsf's own components for what it keeps, and no form
// schema or ui schema of examflow needs what it leaves out.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { getDefaultRegistry as fullRegistry } from '@rjsf/core';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../engine/node/paths';
import { examflowTheme, widgets as themeWidgets } from '../theme';
import cutRegistry, { NEVER_SHOWN_TEMPLATES, THEMED_TEMPLATES, THEMED_WIDGETS } from './rjsf-registry';

const full = fullRegistry();
/** A stand-in that loads @rjsf's own piece on demand (rjsf-registry.tsx's onDemand). */
const onDemand = (piece: unknown) =>
  typeof piece === 'function' && /^OnDemand\(/.test((piece as { displayName?: string }).displayName ?? '');
const cut = cutRegistry();
const formsDir = path.join(projectRoot, 'schemas/forms');
const read = (file: string) => JSON.parse(readFileSync(path.join(formsDir, file), 'utf8')) as unknown;
const files = (suffix: string) => readdirSync(formsDir).filter((file) => file.endsWith(suffix));
/** The client's source files (the Studio is dev only and uses @rjsf whole). */
const sources = () =>
  readdirSync(path.join(projectRoot, 'src'), { recursive: true, encoding: 'utf8' })
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('studio/'));

/** Every place in a schema that needs a field or keyword the cut registry leaves out. */
function needsLeftOut(schema: unknown, at = '#'): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => needsLeftOut(item, `${at}/${i}`));
  if (!schema || typeof schema !== 'object') return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (['items', 'anyOf', 'oneOf', '$ref'].includes(key)) found.push(`${at}/${key}`);
    if (key === 'type' && [value].flat().some((type) => type === 'array')) found.push(`${at}/type`);
    if (key !== 'enum' && key !== 'const') found.push(...needsLeftOut(value, `${at}/${key}`));
  }
  return found;
}

describe('the cut @rjsf registry', () => {
  it('answers every field name @rjsf looks up; the fields it keeps are @rjsf own', () => {
    expect(Object.keys(cut.fields).sort()).toEqual(Object.keys(full.fields).sort());
    const kept = Object.keys(cut.fields).filter((name) => !onDemand(cut.fields[name]));
    expect(kept.sort()).toEqual(['ObjectField', 'SchemaField', 'StringField']);
    for (const name of kept) expect(cut.fields[name], name).toBe(full.fields[name]);
  });

  it('keeps @rjsf own templates and widgets, and the registry settings', () => {
    expect(Object.keys(cut.templates).sort()).toEqual(Object.keys(full.templates).sort());
    expect(Object.keys(cut.widgets).sort()).toEqual(Object.keys(full.widgets).sort());
    for (const [name, template] of Object.entries(cut.templates))
      if (name !== 'ButtonTemplates' && !onDemand(template))
        expect(template, name).toBe(full.templates[name as keyof typeof full.templates]);
    expect(Object.keys(cut.templates.ButtonTemplates).sort()).toEqual(
      Object.keys(full.templates.ButtonTemplates).sort(),
    );
    for (const [name, widget] of Object.entries(cut.widgets))
      if (!onDemand(widget)) expect(widget, name).toBe(full.widgets[name]);
    expect(cut.globalFormOptions).toEqual(full.globalFormOptions);
    expect(cut.translateString).toBe(full.translateString);
  });

  it('a piece it leaves out is a stand-in that loads @rjsf own on demand', () => {
    for (const name of ['ArrayField', 'AnyOfField', 'OneOfField'])
      expect(onDemand(cut.fields[name]), name).toBe(true);
    expect(onDemand(cut.templates.ArrayFieldTemplate)).toBe(true);
    expect(onDemand(cut.widgets.CheckboxesWidget)).toBe(true);
    expect(onDemand(cut.fields.StringField)).toBe(false);
  });

  it('keeps no @rjsf widget or template a themed form never draws: the theme replaces each one', () => {
    for (const name of THEMED_WIDGETS) {
      expect(onDemand(cut.widgets[name]), name).toBe(true);
      expect(examflowTheme.widgets?.[name], name).toBeTypeOf('function');
    }
    for (const name of THEMED_TEMPLATES) {
      expect(onDemand(cut.templates[name as keyof typeof cut.templates]), name).toBe(true);
      expect(examflowTheme.templates?.[name as keyof typeof cut.templates], name).toBeTypeOf('function');
    }
    for (const name of NEVER_SHOWN_TEMPLATES)
      expect(onDemand(cut.templates[name as keyof typeof cut.templates]), name).toBe(true);
  });

  it('every examflow form is themed and shows no error list (errors show at each field)', () => {
    const forms = [
      'ui/forms/schema-form.tsx',
      'features/edit-exam/edit-exam-form.tsx',
      'features/course/checkout-form.tsx',
    ];
    const all = sources()
      .filter((file) => /from '@rjsf\/core'/.test(readFileSync(path.join(projectRoot, 'src', file), 'utf8')))
      .filter((file) => file !== 'ui/forms/theme.tsx');
    expect(all.sort()).toEqual([...forms].sort());
    for (const file of forms) {
      const text = readFileSync(path.join(projectRoot, 'src', file), 'utf8');
      expect(text, file).toMatch(/withTheme<[^>]*>\((examflowTheme|\{\s*\.\.\.examflowTheme)/);
      const elements = text.match(/<ThemedForm\b[\s\S]*?(?:<\/ThemedForm>|\/>)/g) ?? [];
      expect(elements.length, file).toBeGreaterThan(0);
      for (const element of elements) expect(element, file).toContain('showErrorList={false}');
    }
  });

  it('keeps every widget the client code asks for by name (a step hides a field it leaves out)', () => {
    const named = sources().flatMap((file) =>
      [...readFileSync(path.join(projectRoot, 'src', file), 'utf8').matchAll(/'ui:widget': '(\w+)'/g)].map(
        (match) => match[1] ?? '',
      ),
    );
    expect(named).toContain('hidden');
    const widgetKey = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}Widget`;
    for (const name of new Set(named))
      expect(
        name in themeWidgets || (widgetKey(name) in cut.widgets && !onDemand(cut.widgets[widgetKey(name)])),
        name,
      ).toBe(true);
  });

  it('no form schema field is other than an object of strings (the fields it keeps)', () => {
    const types = (schema: unknown): string[] =>
      Array.isArray(schema)
        ? schema.flatMap(types)
        : schema && typeof schema === 'object'
          ? Object.entries(schema).flatMap(([key, value]) =>
              key === 'type'
                ? [value].flat().map(String)
                : key === 'enum' || key === 'const'
                  ? []
                  : types(value),
            )
          : [];
    for (const file of files('.schema.json'))
      expect(
        [...new Set(types(read(file)))].filter((type) => type !== 'object' && type !== 'string'),
        file,
      ).toEqual([]);
  });

  it('no form schema needs an array, anyOf, oneOf or $ref', () => {
    expect(files('.schema.json').length).toBeGreaterThan(0);
    for (const file of files('.schema.json')) expect(needsLeftOut(read(file)), file).toEqual([]);
  });

  it('every ui:widget of the ui schemas is the theme own, a kept @rjsf one, or the edit-exam form own', () => {
    // 'text', 'email', 'select' … are @rjsf names for its <Name>Widget; modeSwitch is edit-exam-form.tsx's.
    const known = new Set([
      ...Object.keys(themeWidgets),
      ...Object.keys(cut.widgets),
      ...Object.keys(cut.widgets).map((name) => name.replace(/Widget$/, '').toLowerCase()),
      'modeSwitch',
    ]);
    const used = files('.ui.json').flatMap(
      (file) =>
        JSON.stringify(read(file))
          .match(/"ui:widget":"[^"]+"/g)
          ?.map((entry) => entry.slice('"ui:widget":"'.length, -1)) ?? [],
    );
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((name) => !known.has(name))).toEqual([]);
  });
});
