// Loads what one programme's form step needs: the schema and uiSchema narrowed to its step, and
// the validator precompiled for exactly that schema (DESIGN.md decision 4: no ajv in the client;
// the deep import keeps @rjsf/validator-ajv8's ajv-based default out of the bundle).
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import examDetailsSchema from '../../../schemas/forms/exam-details.schema.json';
import examDetailsUi from '../../../schemas/forms/exam-details.ui.json';
import studentDetailsSchema from '../../../schemas/forms/student-details.schema.json';
import studentDetailsUi from '../../../schemas/forms/student-details.ui.json';
import type { Programme } from '../../generated/config/programme';
import { formValidators } from '../../generated/forms/form-validators';
import type { FormValues } from './form-rules';
import { deriveFormSchema, deriveUiSchema, stepFor, type FormName } from './form-schema';
import type { FormContext } from './theme';

const bases: Record<
  FormName,
  { schema: RJSFSchema; uiSchema: UiSchema<FormValues, RJSFSchema, FormContext> }
> = {
  'student-details': { schema: studentDetailsSchema as RJSFSchema, uiSchema: studentDetailsUi },
  'exam-details': { schema: examDetailsSchema as RJSFSchema, uiSchema: examDetailsUi },
};

export interface LoadedForm {
  schema: RJSFSchema;
  uiSchema: UiSchema<FormValues, RJSFSchema, FormContext>;
  validator: ValidatorType<FormValues, RJSFSchema, FormContext>;
  fields: NonNullable<ReturnType<typeof stepFor>>['fields'];
}

/** The form as this programme shows it; rejects when the programme has no such step or validators. */
export async function loadForm(
  form: FormName,
  programme: Pick<Programme, 'id' | 'registration'>,
): Promise<LoadedForm> {
  const step = stepFor(programme, form);
  const load = formValidators[form]?.[programme.id];
  if (!step || !load) {
    throw new Error(
      `No precompiled "${form}" validators for programme "${programme.id}"; run scripts/compile-form-validators.ts`,
    );
  }
  const schema = deriveFormSchema(bases[form].schema, step);
  const validator = createPrecompiledValidator<FormValues, RJSFSchema, FormContext>(await load(), schema);
  return { schema, uiSchema: deriveUiSchema(bases[form].uiSchema, step), validator, fields: step.fields };
}
