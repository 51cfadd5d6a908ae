// The checkout's address form: @rjsf/core with examflow's theme, schemas/forms/checkout.* and its
// precompiled validator (DESIGN.md decision 4: no ajv in the browser). The purchase machine keeps
// the fields and the errors of the last submit (the one rule: src/domain/checkout.ts); the form
// shows them (rjsf's extraErrors) and sends each edit. The terms checkbox follows the fields.
import { withTheme } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useMemo, type ReactNode } from 'react';
import checkoutSchema from '../../../schemas/forms/checkout.schema.json';
import checkoutUi from '../../../schemas/forms/checkout.ui.json';
import type { CheckoutErrors, CheckoutField, CheckoutFields } from '../../domain/checkout';
import type { Translate } from '../../engine/i18n';
import type { FormValues } from '../../ui/forms/form-rules';
import { useLoaded } from '../../ui/forms/use-loaded';
import { HeldForm, HeldTyping } from '../../ui/forms/held-typing';
import { examflowTheme, type FormContext } from '../../ui/forms/theme';
import { FieldError, describedBy } from '../../ui/forms/widgets/field-parts';
import type { SelectOption } from '../../ui/forms/widgets/select-input';
import { checkoutFieldId } from './checkout-field-id';

const schema = checkoutSchema as RJSFSchema;
const uiSchema = checkoutUi as UiSchema<FormValues, RJSFSchema, FormContext>;
const FORM_FIELDS = ['fatherName', 'billingAddress', 'pincode', 'city', 'state'] as const;
type FormField = (typeof FORM_FIELDS)[number];
const fieldOf = (fieldId: string) => fieldId.replace(/^root_/, '') as FormField;

// Typing stays in the field (the form layer's held typing: a keystroke renders nothing, neither
// its box nor the form or the checkout) and reaches the purchase machine after a pause, on leaving
// the field or on submit. The form itself shows the machine's fields: @rjsf re-renders when they
// change.
const ThemedForm = withTheme<FormValues, RJSFSchema, FormContext>(examflowTheme);

async function loadValidator(): Promise<ValidatorType<FormValues, RJSFSchema, FormContext>> {
  const { default: validators } = await import('../../generated/forms/checkout.cjs');
  return createPrecompiledValidator<FormValues, RJSFSchema, FormContext>(validators, schema);
}

export interface CheckoutFormProps {
  id: string;
  t: Translate;
  locale: string;
  fields: CheckoutFields;
  errors: CheckoutErrors;
  states: readonly string[];
  termsLink: string;
  disabled: boolean;
  onChange: (field: CheckoutField, value: string | boolean) => void;
  onSubmit: () => void;
  children?: ReactNode;
}

const noTouched: ReadonlySet<string> = new Set();

export default function CheckoutForm(props: CheckoutFormProps) {
  const { id, t, locale, fields, errors, states, termsLink, disabled, onChange, onSubmit, children } = props;
  const validator = useLoaded(loadValidator);
  const stateOptions = useMemo<readonly SelectOption[]>(() => {
    // The look-up's state is offered even when the list does not hold it (yet).
    const names = fields.state && !states.includes(fields.state) ? [fields.state, ...states] : states;
    return names.map((name) => ({ value: name, label: name }));
  }, [states, fields.state]);
  const formContext = useMemo<FormContext>(
    () => ({
      t,
      locale,
      dobRange: { min: '', max: '' },
      options: { state: stateOptions },
      touched: noTouched,
      // The machine's errors are those of the last submit: shown as they are.
      submitted: true,
    }),
    [t, locale, stateOptions],
  );
  const extraErrors = useMemo(() => {
    const schemaErrors: Record<string, { __errors: string[] }> = {};
    for (const field of FORM_FIELDS) {
      const key = errors[field];
      if (key) schemaErrors[field] = { __errors: [t(key)] };
    }
    return schemaErrors as ErrorSchema<FormValues>;
  }, [errors, t]);
  const current = useMemo(() => {
    const values: FormValues = {};
    for (const field of FORM_FIELDS) if (fields[field]) values[field] = fields[field];
    return values;
  }, [fields]);

  if (!validator || validator instanceof Error)
    return validator ? (
      <p role="alert">{t('course.checkout.formFailed')}</p>
    ) : (
      <p role="status">{t('course.checkout.formLoading')}</p>
    );
  const termsError = errors.terms ? t(errors.terms) : undefined;
  const termsId = checkoutFieldId('terms');
  return (
    <HeldTyping
      // An edit that clears a shown error goes at once: the field's own, or a pincode's city and
      // state errors (the look-up fills them).
      sendsAtOnce={(fieldId) => {
        const field = fieldOf(fieldId);
        return Boolean(errors[field]) || (field === 'pincode' && Boolean(errors.city || errors.state));
      }}
      // Straight to the purchase machine, which outlives this form: keys typed just before the
      // student leaves the page reach it still.
      sendTo={(fieldId, value) => onChange(fieldOf(fieldId), typeof value === 'string' ? value : '')}
    >
      <ThemedForm
        tagName={HeldForm}
        id={id}
        className="ef-form ef-checkout__form"
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={current}
        formContext={formContext}
        extraErrors={extraErrors}
        showErrorList={false}
        noHtml5Validate
        // The machine validates on submit with the one rule (src/domain/checkout.ts).
        noValidate
        disabled={disabled}
        onChange={(event) => {
          const next = event.formData ?? {};
          for (const field of FORM_FIELDS) {
            const value = next[field] ?? '';
            if (value !== (current[field] ?? '')) onChange(field, value);
          }
        }}
        // The form (HeldForm) sent the held keys before this.
        onSubmit={onSubmit}
      >
        <div className="ef-field ef-checkout__terms">
          <input
            id={termsId}
            type="checkbox"
            checked={fields.terms}
            disabled={disabled}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={describedBy({ id: termsId, error: termsError })}
            onChange={(event) => onChange('terms', event.target.checked)}
          />{' '}
          <label htmlFor={termsId}>{t('course.checkout.terms')}</label>{' '}
          {termsLink ? (
            <a href={termsLink} target="_blank" rel="noreferrer">
              {t('course.checkout.termsLink')}
            </a>
          ) : null}
          <FieldError id={termsId} error={termsError} />
        </div>
        {children}
      </ThemedForm>
    </HeldTyping>
  );
}
