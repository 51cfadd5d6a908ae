// @vitest-environment jsdom
// A schema that needs a piece the cut @rjsf registry (rjsf-registry.tsx, decision 005) leaves out:
// an array of strings. The app's themed form, with the cut registry in place of @rjsf's (as the
// build has it), fetches @rjsf's ArrayField and its templates on demand and shows the items.
import { withTheme, type ThemeProps } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { FormValues } from '../form-rules';
import { examflowTheme, type FormContext } from '../theme';
import cutRegistry from './rjsf-registry';

afterEach(cleanup);

const cut = cutRegistry();
const validator = customizeValidator<FormValues, RJSFSchema, FormContext>();
// What the build gives the app's form: the cut registry under the examflow theme.
const CutForm = withTheme<FormValues, RJSFSchema, FormContext>({
  fields: cut.fields,
  widgets: { ...cut.widgets, ...examflowTheme.widgets },
  templates: { ...cut.templates, ...examflowTheme.templates } as ThemeProps<
    FormValues,
    RJSFSchema,
    FormContext
  >['templates'],
});

const schema: RJSFSchema = {
  type: 'object',
  properties: { subjects: { type: 'array', title: 'Subjects', items: { type: 'string' } } },
};

const context: FormContext = {
  t: (key) => key,
  locale: 'en-IN',
  dobRange: { min: '2000-01-01', max: '2010-12-31' },
  options: {},
  touched: new Set(),
  submitted: false,
};

// The app's form values are strings by field; this schema's one field is a list of them.
const withSubjects = { subjects: ['Physics', 'Chemistry'] } as unknown as FormValues;

it('renders an array of strings with @rjsf own ArrayField, loaded on demand', async () => {
  render(<CutForm schema={schema} validator={validator} formData={withSubjects} formContext={context} />);
  const inputs = await screen.findAllByRole('textbox', {}, { timeout: 10_000 });
  expect(inputs.map((input) => (input as HTMLInputElement).value)).toEqual(['Physics', 'Chemistry']);
  expect(screen.queryByRole('alert')).toBeNull();
});
