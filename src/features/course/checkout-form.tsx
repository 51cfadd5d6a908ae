// The checkout's address form: @rjsf/core with examflow's theme, schemas/forms/checkout.* and its
// precompiled validator (DESIGN.md decision 4: no ajv in the browser). The purchase machine keeps
// the fields and the errors of the last submit (the one rule: src/domain/checkout.ts); the form
// shows them (rjsf's extraErrors) and sends each edit. The terms checkbox follows the fields.
import { withTheme } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import checkoutSchema from '../../../schemas/forms/checkout.schema.json';
import checkoutUi from '../../../schemas/forms/checkout.ui.json';
import type { CheckoutErrors, CheckoutField, CheckoutFields } from '../../domain/checkout';
import type { Translate } from '../../engine/i18n';
import type { FormValues } from '../../ui/forms/form-rules';
import { useLoaded } from '../../ui/forms/use-loaded';
import { examflowTheme, type FormContext } from '../../ui/forms/theme';
import { FieldError, describedBy } from '../../ui/forms/widgets/field-parts';
import type { SelectOption } from '../../ui/forms/widgets/select-input';
import { checkoutFieldId } from './checkout-field-id';

const ThemedForm = withTheme<FormValues, RJSFSchema, FormContext>(examflowTheme);
const schema = checkoutSchema as RJSFSchema;
const uiSchema = checkoutUi as UiSchema<FormValues, RJSFSchema, FormContext>;
const TEXT_FIELDS = ['fatherName', 'billingAddress', 'pincode', 'city', 'state'] as const;
type FormField = (typeof TEXT_FIELDS)[number];
type Draft = Partial<Record<FormField, string>>;
/**
 * Typing stays in the form (a keystroke re-renders the form, not the whole checkout) and reaches
 * the purchase machine this long after the last key, on leaving a field, or on submit: the machine
 * then clears the field's error and looks the pincode up.
 */
const SEND_AFTER_MS = 200;

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
    for (const field of TEXT_FIELDS) {
      const key = errors[field];
      if (key) schemaErrors[field] = { __errors: [t(key)] };
    }
    return schemaErrors as ErrorSchema<FormValues>;
  }, [errors, t]);
  const [draft, setDraft] = useState<Draft>({});
  const send = (pending: Draft) => {
    for (const [field, value] of Object.entries(pending)) onChange(field as FormField, value);
  };
  const sendDraft = () => {
    setDraft({});
    send(draft);
  };
  useEffect(() => {
    if (Object.keys(draft).length === 0) return;
    const timer = window.setTimeout(() => {
      setDraft({});
      send(draft);
    }, SEND_AFTER_MS);
    return () => window.clearTimeout(timer);
  });
  // Leaving the page with keys not yet sent: send them (a reset keeps what was typed).
  const unsent = useRef<{ draft: Draft; send: (pending: Draft) => void }>({ draft, send });
  useEffect(() => {
    unsent.current = { draft, send };
  });
  useEffect(
    () => () => {
      if (Object.keys(unsent.current.draft).length) unsent.current.send(unsent.current.draft);
    },
    [],
  );
  const current = useMemo(() => {
    const values: FormValues = {};
    for (const field of TEXT_FIELDS) {
      const value = draft[field] ?? fields[field];
      if (value) values[field] = value;
    }
    return values;
  }, [draft, fields]);

  if (!validator || validator instanceof Error)
    return validator ? (
      <p role="alert">{t('course.checkout.formFailed')}</p>
    ) : (
      <p role="status">{t('course.checkout.formLoading')}</p>
    );
  const termsError = errors.terms ? t(errors.terms) : undefined;
  const termsId = checkoutFieldId('terms');
  return (
    <ThemedForm
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
        const changed: Draft = {};
        for (const field of TEXT_FIELDS) {
          const value = next[field] ?? '';
          if (value !== (current[field] ?? '')) changed[field] = value;
        }
        // At once: a state (chosen, not typed), and an edit that clears a shown error (the field's
        // own, or a pincode's city and state errors). Other keys wait in the draft.
        const now = (field: FormField) =>
          field === 'state' ||
          Boolean(errors[field]) ||
          (field === 'pincode' && Boolean(errors.city || errors.state));
        const later: Draft = {};
        for (const [field, value] of Object.entries(changed) as [FormField, string][]) {
          if (now(field)) onChange(field, value);
          else later[field] = value;
        }
        // (A field sent at once leaves the draft, so an older draft of it cannot show again.)
        setDraft((before) => {
          const kept = Object.fromEntries(Object.entries(before).filter(([field]) => !(field in changed)));
          return { ...kept, ...later };
        });
      }}
      onBlur={sendDraft}
      onSubmit={() => {
        sendDraft();
        onSubmit();
      }}
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
  );
}
