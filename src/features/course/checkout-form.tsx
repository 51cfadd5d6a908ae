// The checkout's address form: @rjsf/core with examflow's theme, schemas/forms/checkout.* and its
// precompiled validator (DESIGN.md decision 4: no ajv in the browser). The purchase machine keeps
// the fields and the errors of the last submit (the one rule: src/domain/checkout.ts); the form
// shows them (rjsf's extraErrors) and sends each edit. The terms checkbox follows the fields.
import { withTheme } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema, ValidatorType, WidgetProps } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import checkoutSchema from '../../../schemas/forms/checkout.schema.json';
import checkoutUi from '../../../schemas/forms/checkout.ui.json';
import type { CheckoutErrors, CheckoutField, CheckoutFields } from '../../domain/checkout';
import type { Translate } from '../../engine/i18n';
import type { FormValues } from '../../ui/forms/form-rules';
import { useLoaded } from '../../ui/forms/use-loaded';
import { examflowTheme, widgets, type FormContext } from '../../ui/forms/theme';
import { FieldError, describedBy } from '../../ui/forms/widgets/field-parts';
import type { SelectOption } from '../../ui/forms/widgets/select-input';
import { checkoutFieldId } from './checkout-field-id';

const schema = checkoutSchema as RJSFSchema;
const uiSchema = checkoutUi as UiSchema<FormValues, RJSFSchema, FormContext>;
const FORM_FIELDS = ['fatherName', 'billingAddress', 'pincode', 'city', 'state'] as const;
type FormField = (typeof FORM_FIELDS)[number];
/**
 * Typing stays in the field (a keystroke re-renders one input, not the form or the checkout) and
 * reaches the purchase machine this long after the last key, on leaving the field or on submit. An
 * edit that clears a shown error (the field's own, or a pincode's city and state errors) goes at
 * once. The form itself shows the machine's fields: @rjsf re-renders when they change.
 */
const SEND_AFTER_MS = 200;

interface Typing {
  /** Holds a field's keys (by field id) until they are sent. */
  hold: (id: string, value: string) => void;
  /** Sends a field's held keys to the machine (nothing when a submit took them already). */
  send: (id: string) => void;
  sendAll: () => void;
  atOnce: (id: string) => boolean;
}
const TypingContext = createContext<Typing | null>(null);
type Widget = WidgetProps<FormValues, RJSFSchema, FormContext>;
const ThemeTextWidget = widgets.TextWidget as (props: Widget) => ReactNode;

/** The theme's text field, holding its keys until the student pauses or leaves it. */
function TypingTextWidget(props: Widget) {
  const typing = useContext(TypingContext);
  if (!typing) throw new Error('a checkout field outside the checkout form');
  // What was typed over the form's value: shown until the form's value changes (the keys reached
  // the machine, or a look-up filled the field).
  const [typed, setTyped] = useState<{ text: string; over: unknown } | null>(null);
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const send = () => {
    window.clearTimeout(timer.current);
    typing.send(props.id);
  };
  return (
    <ThemeTextWidget
      {...props}
      value={typed && typed.over === props.value ? typed.text : props.value}
      onChange={(value: string | undefined) => {
        setTyped({ text: value ?? '', over: props.value });
        typing.hold(props.id, value ?? '');
        if (typing.atOnce(props.id)) send();
        else {
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(send, SEND_AFTER_MS);
        }
      }}
      onBlur={(id: string, value: unknown) => {
        send();
        props.onBlur(id, value);
      }}
    />
  );
}

const ThemedForm = withTheme<FormValues, RJSFSchema, FormContext>({
  ...examflowTheme,
  widgets: { ...examflowTheme.widgets, TextWidget: TypingTextWidget },
});

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
  // The one Typing of this form, reading this render's errors and onChange.
  const latest = useRef({ errors, onChange });
  useEffect(() => {
    latest.current = { errors, onChange };
  });
  const [typing] = useState<Typing>(() => {
    const held = new Map<string, string>();
    const fieldOf = (fieldId: string) => fieldId.replace(/^root_/, '') as FormField;
    const send = (fieldId: string) => {
      const value = held.get(fieldId);
      if (value === undefined) return;
      held.delete(fieldId);
      latest.current.onChange(fieldOf(fieldId), value);
    };
    return {
      hold: (fieldId, value) => void held.set(fieldId, value),
      send,
      sendAll: () => [...held.keys()].forEach(send),
      atOnce: (fieldId) => {
        const field = fieldOf(fieldId);
        const shown = latest.current.errors;
        return Boolean(shown[field]) || (field === 'pincode' && Boolean(shown.city || shown.state));
      },
    };
  });
  // Leaving the page (like a submit) takes the keys not yet sent.
  useEffect(() => () => typing.sendAll(), [typing]);
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
    <TypingContext.Provider value={typing}>
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
          for (const field of FORM_FIELDS) {
            const value = next[field] ?? '';
            if (value !== (current[field] ?? '')) onChange(field, value);
          }
        }}
        onSubmit={() => {
          typing.sendAll();
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
    </TypingContext.Provider>
  );
}
