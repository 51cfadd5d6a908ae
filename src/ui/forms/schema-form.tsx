// A registration form step rendered by @rjsf/core from its JSON Schema and uiSchema, with
// examflow's theme and a precompiled validator. A field's error shows once it has been blurred
// (part 1 §5: checked on blur) and from then on follows its value; stale dependants are cleared when
// a parent changes; Next/Submit stays disabled while any rule fails or a call is loading (part 1 §5).
//
// Why errors follow the value and not the next blur: a phone's tap on Next blurs the field first.
// An error that cleared on that blur moved Next up by its height between the finger's down and up,
// and the tap was lost. Now a fixed field's error goes as the fix is typed, and an error that shows
// on a blur belongs to a failing field, so Next is disabled already: nothing moves that matters.
import { withTheme, type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { DobRange } from '../../domain/validation';
import type { Translate } from '../../engine/i18n';
import {
  createCustomValidate,
  createTransformErrors,
  ruleErrors,
  type FieldRules,
  type FormValues,
} from './form-rules';
import type { FieldName } from './form-schema';
import { HeldForm, HeldTyping } from './held-typing';
import { examflowTheme, type FormContext } from './theme';
import { BusyButton } from '../busy-button';
import type { SelectOption } from './widgets/select-input';

const ThemedForm = withTheme<FormValues, RJSFSchema, FormContext>(examflowTheme);

export interface SchemaFormProps {
  id?: string;
  schema: RJSFSchema;
  uiSchema: UiSchema<FormValues, RJSFSchema, FormContext>;
  validator: ValidatorType<FormValues, RJSFSchema, FormContext>;
  rules: FieldRules;
  t: Translate;
  locale: string;
  dobRange: DobRange;
  options?: FormContext['options'];
  locked?: ReadonlySet<string>;
  formData: FormValues;
  onChange: (data: FormValues) => void;
  onSubmit: (data: FormValues) => void;
  submitLabel: string;
  /** A call is in flight: the button is busy (disabled to see and hear, keeping focus). */
  loading?: boolean;
  /** Shown between the fields and the button (e.g. the payable amount). */
  children?: ReactNode;
}

const noOptions: Partial<Record<string, readonly SelectOption[]>> = {};

export function SchemaForm({
  id,
  schema,
  uiSchema,
  validator,
  rules,
  t,
  locale,
  dobRange,
  options = noOptions,
  locked,
  formData,
  onChange,
  onSubmit,
  submitLabel,
  loading = false,
  children,
}: SchemaFormProps) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  // When @rjsf validates. It does not live-validate the data it mounts with, so the first blur
  // validates the whole form (an empty field left shows "Please enter …"); from then on every change
  // does, and a shown error follows the value.
  const [validateOn, setValidateOn] = useState<'onBlur' | 'onChange'>('onBlur');
  useEffect(() => {
    // After the commit, not in the blur's own render: @rjsf reads liveValidate as it applies the
    // blur, so switching in the same render would skip that first validation. One render, once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (touched.size > 0 || submitted) setValidateOn('onChange');
  }, [touched, submitted]);
  const customValidate = useMemo(() => createCustomValidate(rules, t), [rules, t]);
  const transformErrors = useMemo(() => createTransformErrors(rules, t), [rules, t]);
  const formContext = useMemo<FormContext>(
    () => ({ t, locale, dobRange, options, touched, submitted, locked }),
    [t, locale, dobRange, options, touched, submitted, locked],
  );
  // A key goes at once (not after the pause) when it changes what the form shows besides the
  // field: one that fixes a field whose error shows (the error clears as the fix is typed, not when
  // the tap on Next blurs the field), and one that blocks or unblocks Next (the button follows the
  // keys). The other keys stay in the field; the form renders once they are told.
  const sendsAtOnce = (fieldId: string, next: unknown) => {
    const name = fieldId.replace(/^root_/, '') as FieldName;
    const edited: FormValues = { ...formData, [name]: typeof next === 'string' ? next : undefined };
    const failing = (data: FormValues) => Object.keys(ruleErrors(rules, data)).length > 0;
    if (failing(formData) !== failing(edited)) return true;
    if (!(submitted || touched.has(fieldId))) return false;
    const rule = rules[name];
    return rule !== undefined && rule(formData) !== undefined && rule(edited) === undefined;
  };
  return (
    // Typed fields hold their keys (held-typing.tsx): the form re-renders after a pause, on leaving
    // a field or on submit, and the submit takes the keys typed just before it.
    <HeldTyping sendsAtOnce={sendsAtOnce}>
      <ThemedForm
        tagName={HeldForm}
        id={id}
        className="ef-form"
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        // The parent's copy as it is: keys are held in the fields (no render per key), and a copy
        // deferred behind @rjsf's own state would hand it a stale one that undoes a field's edit.
        formData={formData}
        formContext={formContext}
        customValidate={customValidate}
        transformErrors={transformErrors}
        // The theme shows a field's error only once it is touched or after a submit.
        liveValidate={validateOn}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        onBlur={(fieldId) =>
          setTouched((previous) => (previous.has(fieldId) ? previous : new Set(previous).add(fieldId)))
        }
        // The form reports what changed; the machine clears what depended on it (src/machines/cascade.ts).
        onChange={(event: IChangeEvent<FormValues, RJSFSchema, FormContext>) =>
          onChange(event.formData ?? {})
        }
        onError={() => setSubmitted(true)}
        onSubmit={(event) => {
          // Enter in a field while the call runs: the busy button ignores clicks, so does this.
          if (loading) return;
          setSubmitted(true);
          onSubmit(event.formData ?? {});
        }}
      >
        {children}
        <SubmitButton
          whyId={`${id ?? 'form'}-why`}
          rules={rules}
          formData={formData}
          loading={loading}
          label={submitLabel}
          t={t}
        />
      </ThemedForm>
    </HeldTyping>
  );
}

/** Next/Submit, blocked while a rule fails on the form's data or a call is loading. */
function SubmitButton({
  whyId,
  rules,
  formData,
  loading,
  label,
  t,
}: {
  whyId: string;
  rules: FieldRules;
  formData: FormValues;
  loading: boolean;
  label: string;
  t: Translate;
}) {
  const blocked = loading || Object.keys(ruleErrors(rules, formData)).length > 0;
  return (
    <>
      <BusyButton
        type="submit"
        className="ef-button ef-button--primary"
        blocked={blocked}
        busy={loading}
        aria-describedby={blocked ? whyId : undefined}
      >
        {label}
      </BusyButton>
      {/* A disabled button says why it is not yet possible (part 1 §5: errors or a call in flight). */}
      {blocked ? (
        <p id={whyId} className="ef-why">
          {t(loading ? 'ui.disabled.loading' : 'ui.disabled.form')}
        </p>
      ) : null}
    </>
  );
}
