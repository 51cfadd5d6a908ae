// A registration form's JSON Schema and uiSchema as one programme shows it: only the fields its
// `registration.steps[]` lists, required as listed. Pure and deterministic, because the validators
// are precompiled per programme from exactly this output (scripts/compile-form-validators.ts) and
// the precompiled validator refuses a schema that differs from the one it was compiled for.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Programme } from '../../generated/config/programme';

export const FORM_NAMES = ['student-details', 'exam-details'] as const;
export type FormName = (typeof FORM_NAMES)[number];

type Step = Programme['registration']['steps'][number];
export type StepField = Step['fields'][number];
export type FieldName = StepField['name'];

/** The step of a programme that a form renders, or undefined when the programme has no such step. */
export function stepFor(programme: Pick<Programme, 'registration'>, form: FormName): Step | undefined {
  return programme.registration.steps.find((step) => step.id === form);
}

/** The base schema narrowed to the step's fields, in the step's order, required as listed. */
export function deriveFormSchema(base: RJSFSchema, step: Step): RJSFSchema {
  const properties = base.properties ?? {};
  const fields = step.fields.filter((field) => field.name in properties);
  const schema: RJSFSchema = {
    ...base,
    properties: Object.fromEntries(
      fields.flatMap((field) => {
        const property = properties[field.name];
        return property === undefined ? [] : [[field.name, property]];
      }),
    ),
  };
  const required = fields.filter((field) => field.required).map((field) => field.name);
  if (required.length > 0) schema.required = required;
  // The derived schema is keyed by its hash in the precompiled module; a shared $id would collide.
  delete schema.$id;
  return schema;
}

/** The uiSchema with its ui:order narrowed too: @rjsf rejects an order naming absent fields. */
export function deriveUiSchema<U extends object>(base: U, step: Step): U {
  const names = new Set<string>(step.fields.map((field) => field.name));
  const order: unknown = (base as UiSchema)['ui:order'];
  const ui = Object.fromEntries(
    Object.entries(base).filter(([key]) => key.startsWith('ui:') || names.has(key)),
  ) as U;
  if (Array.isArray(order))
    Object.assign(ui, { 'ui:order': order.filter((name: string) => names.has(name)) });
  return ui;
}
