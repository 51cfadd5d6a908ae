import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import en from '../../../config/i18n/en.json';
import iacst from '../../../config/programmes/iacst.json';
import iat from '../../../config/programmes/iat.json';
import mockJee from '../../../config/programmes/mock-jee.json';
import mockNeet from '../../../config/programmes/mock-neet.json';
import samplePack from '../../../config/programmes/sample-pack.json';
import studentDetailsSchema from '../../../schemas/forms/student-details.schema.json';
import studentDetailsUi from '../../../schemas/forms/student-details.ui.json';
import { createTranslator } from '../../engine/i18n';
import type { UiStringTable } from '../../generated/config/i18n';
import type { Programme } from '../../generated/config/programme';
import { formValidators } from '../../generated/forms/form-validators';
import {
  createCustomValidate,
  createTransformErrors,
  ruleErrors,
  rulesFor,
  type FormValues,
} from './form-rules';
import { FORM_NAMES, deriveFormSchema, deriveUiSchema, stepFor } from './form-schema';
import { loadForm } from './load-form';

const programmes = [iacst, iat, mockJee, mockNeet, samplePack] as unknown as Programme[];
const neet = mockNeet as unknown as Programme;
/** The programme's step for a form; a test about a missing step fails here rather than later. */
function step(programme: Programme, form: (typeof FORM_NAMES)[number]) {
  const found = stepFor(programme, form);
  if (!found) throw new Error(`${programme.id} has no ${form} step`);
  return found;
}
const t = createTranslator(en.strings as UiStringTable);

describe('form ui schemas', () => {
  it('label every field with a string every locale has', () => {
    const dir = path.join(__dirname, '../../../schemas/forms');
    const keys = readdirSync(dir)
      .filter((f) => f.endsWith('.ui.json'))
      .flatMap((f) =>
        Object.values(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, unknown>)
          .map((field) => (field as { 'ui:options'?: { labelKey?: string } })?.['ui:options']?.labelKey)
          .filter((key): key is string => key !== undefined),
      );
    expect(keys.length).toBeGreaterThan(5);
    expect(keys.filter((key) => !(key in en.strings))).toEqual([]);
  });
});

describe('form schemas follow the programme config', () => {
  it('MOCK-NEET asks for an optional father name; the others do not ask for it', () => {
    const base = studentDetailsSchema as RJSFSchema;
    const neetSchema = deriveFormSchema(base, step(neet, 'student-details'));
    expect(Object.keys(neetSchema.properties ?? {})).toEqual([
      'studentName',
      'fatherName',
      'email',
      'dob',
      'classStream',
    ]);
    expect(neetSchema.required).toEqual(['studentName', 'email', 'dob', 'classStream']);
    const iacstSchema = deriveFormSchema(base, step(iacst as unknown as Programme, 'student-details'));
    expect(Object.keys(iacstSchema.properties ?? {})).not.toContain('fatherName');
    expect(iacstSchema.$id).toBeUndefined();
  });

  it('narrows ui:order to the listed fields (rjsf rejects absent ones)', () => {
    const ui = deriveUiSchema(studentDetailsUi, step(iacst as unknown as Programme, 'student-details'));
    expect(ui['ui:order']).toEqual(['studentName', 'email', 'dob', 'classStream']);
    expect(ui).not.toHaveProperty('fatherName');
  });

  it('has precompiled validators for every programme step, and none for missing steps', () => {
    for (const form of FORM_NAMES) {
      const expected = programmes
        .filter((p) => stepFor(p, form))
        .map((p) => p.id)
        .sort();
      expect(Object.keys(formValidators[form] ?? {}).sort()).toEqual(expected);
    }
    expect(formValidators['student-details']).not.toHaveProperty('sample-pack');
  });

  it.each(
    programmes.flatMap((p) => FORM_NAMES.filter((f) => stepFor(p, f)).map((f) => [p.id, f, p] as const)),
  )('%s %s: the precompiled validator matches the derived schema', async (_id, form, programme) => {
    const loaded = await loadForm(form, programme);
    const empty = loaded.validator.validateFormData({}, loaded.schema);
    const required = loaded.fields.filter((f) => f.required).map((f) => f.name);
    expect(
      empty.errors.filter((e) => e.name === 'required').map((e) => e.property?.replace(/^\./, '')),
    ).toEqual(expect.arrayContaining(required));
  });

  it('rejects a programme without the step instead of rendering an empty form', async () => {
    await expect(loadForm('student-details', samplePack as unknown as Programme)).rejects.toThrow(
      /sample-pack/,
    );
  });
});

describe('the precompiled schema and the rules agree', () => {
  const values: [string, string][] = [
    ['studentName', 'Ravi Kumar'],
    ['studentName', 'R'],
    ['studentName', 'Ravi.K'],
    ['studentName', 'Ravi  Kumar'],
    ['studentName', 'R'.repeat(61)],
    ['studentName', 'रवि कुमार'],
    ['studentName', 'रवि Kumar'],
    ['fatherName', 'सुरेश'],
    ['fatherName', 'Suresh'],
    ['fatherName', 'S3'],
    ['email', 'ravi@example.com'],
    ['email', 'ravi@example'],
    ['email', 'ravi@@example.com'],
    ['dob', '12/05/2010'],
    ['dob', '12/05/20'],
  ];
  it.each(values)('%s = %j', async (field, value) => {
    const loaded = await loadForm('student-details', neet);
    const data: FormValues = { [field]: value };
    const schemaErrors = loaded.validator
      .validateFormData(data, loaded.schema)
      .errors.filter((e) => e.property === `.${field}` && e.name !== 'required');
    const rule = ruleErrors(rulesFor(loaded.fields, { dobRange: neet.registration.dob }), data)[
      field as 'studentName'
    ];
    // Where the schema fails, the rule fails too. The rule alone knows the dob range and a name's
    // length (counted once tidied: the schema holds no length for names).
    const ruleOnly = ['validation.dob.range', 'validation.name.minLength', 'validation.name.maxLength'];
    if (schemaErrors.length > 0) expect(rule).toBeDefined();
    else expect(rule === undefined || ruleOnly.includes(rule)).toBe(true);
  });

  it('customValidate puts the rule messages, in English, on the right fields', async () => {
    const loaded = await loadForm('student-details', neet);
    const rules = rulesFor(loaded.fields, { dobRange: neet.registration.dob });
    const result = loaded.validator.validateFormData(
      { studentName: 'R', email: 'a@gmail.gmail.com' },
      loaded.schema,
      createCustomValidate(rules, t),
      createTransformErrors(rules, t),
    );
    expect(result.errorSchema.studentName?.__errors).toEqual(['Minimum length should be 2']);
    expect(result.errorSchema.email?.__errors).toEqual(['Enter a valid email address']);
    expect(result.errorSchema.dob?.__errors).toEqual(['Please select date of birth']);
    expect(result.errorSchema.classStream?.__errors).toEqual(['Please select class & stream']);
    expect(result.errorSchema.fatherName?.__errors ?? []).toEqual([]);
  });
});

describe('no JSON-Schema compiler in the client (DESIGN.md decision 4)', () => {
  it('the forms import only the precompiled validator, and the generated code compiles nothing', () => {
    const dir = path.join(import.meta.dirname);
    const sources = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.includes('.test.'),
    );
    for (const file of sources) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/from '(ajv|ajv\/[^']*|@rjsf\/validator-ajv8)'/);
      expect(text, file).not.toMatch(/new Function/);
    }
    const generated = path.join(dir, '../../generated/forms');
    for (const file of readdirSync(generated).filter((f) => f.endsWith('.cjs'))) {
      const text = readFileSync(path.join(generated, file), 'utf8');
      expect(text, file).not.toMatch(/new Function|require\("ajv"\)/);
    }
  });
});
