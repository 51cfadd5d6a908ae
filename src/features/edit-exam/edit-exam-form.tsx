// The edit-exam form: @rjsf/core with examflow's theme, the dialog's JSON Schema and uiSchema
// (schemas/forms/edit-exam.*) and its precompiled validator. It loads only when the dialog opens.
// The machine keeps the truth: the form shows the view's values and lists and sends its events;
// which choice clears which, and when Submit is possible, are the machine's rules.
import { withTheme } from '@rjsf/core';
import type { RJSFSchema, UiSchema, ValidatorType, WidgetProps } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useId, useMemo } from 'react';
import editExamSchema from '../../../schemas/forms/edit-exam.schema.json';
import editExamUi from '../../../schemas/forms/edit-exam.ui.json';
import type { StringKey, Translate } from '../../engine/i18n';
import type { EditField } from '../../machines/edit-exam-model';
import type { FormValues } from '../../ui/forms/form-rules';
import { BusyButton } from '../../ui/busy-button';
import { useLoaded } from '../../ui/forms/use-loaded';
import { examflowTheme, type FormContext } from '../../ui/forms/theme';
import type { SelectOption } from '../../ui/forms/widgets/select-input';
import type { EditExamView } from './edit-exam-view';

const ThemedForm = withTheme<FormValues, RJSFSchema, FormContext>(examflowTheme);
const schema = editExamSchema as RJSFSchema;
type Ui = UiSchema<FormValues, RJSFSchema, FormContext>;

type Props = WidgetProps<FormValues, RJSFSchema, FormContext>;

/** Online 'Free' / Offline '₹100': radios in a fieldset, each with its price tag. */
function ModeSwitchWidget(props: Props) {
  const context = props.registry.formContext;
  const labelKey = props.options.labelKey as StringKey | undefined;
  const modes = context.options.mode ?? [];
  const prices = context.options.modePrice ?? [];
  return (
    <fieldset className="ef-edit-exam__modes">
      <legend className="ef-field__label">{labelKey ? context.t(labelKey) : props.label}</legend>
      {modes.map((mode) => {
        const id = `${props.id}-${mode.value}`;
        const price = prices.find((p) => p.value === mode.value)?.label;
        return (
          <label key={mode.value} htmlFor={id} className="ef-edit-exam__mode">
            <input
              id={id}
              type="radio"
              name={props.id}
              value={mode.value}
              checked={props.value === mode.value}
              disabled={props.disabled}
              onChange={() => props.onChange(mode.value)}
              onBlur={() => props.onBlur(props.id, props.value)}
              onFocus={() => props.onFocus(props.id, props.value)}
            />
            <span>{mode.label}</span>
            {price ? <span className="ef-edit-exam__price">{price}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}

const widgets = { modeSwitch: ModeSwitchWidget };

/** The precompiled validator of the dialog's schema (DESIGN.md decision 4: no ajv in the browser). */
async function loadValidator(): Promise<ValidatorType<FormValues, RJSFSchema, FormContext>> {
  const { default: validators } = await import('../../generated/forms/edit-exam.cjs');
  return createPrecompiledValidator<FormValues, RJSFSchema, FormContext>(validators, schema);
}

const noTouched: ReadonlySet<string> = new Set();
const selectFields = ['classStream', 'slot', 'state', 'centre', 'examDate'] as const;

export interface EditExamFormProps {
  view: EditExamView;
  t: Translate;
  locale: string;
  onChange: (field: EditField, value: string) => void;
  onSubmit: () => void;
  /** Rendered between the fields and the button (notices, the fee). */
  children?: React.ReactNode;
}

export default function EditExamForm({ view, t, locale, onChange, onSubmit, children }: EditExamFormProps) {
  const whyId = `${useId()}-why`;
  const validator = useLoaded(loadValidator);

  const online = view.mode === 'Online';
  // An online exam has no state and centre, and a mode without slots of its own no slot: their
  // fields are hidden, not removed (one schema).
  const noSlot = view.mode !== '' && !('slot' in view.fields);
  const uiSchema = useMemo<Ui>(
    () => ({
      ...editExamUi,
      ...(online ? { state: { 'ui:widget': 'hidden' }, centre: { 'ui:widget': 'hidden' } } : {}),
      // The slot is needed whenever the mode has slots (the config decides, not the schema).
      ...(noSlot
        ? { slot: { 'ui:widget': 'hidden' } }
        : {
            slot: { ...editExamUi.slot, 'ui:options': { ...editExamUi.slot['ui:options'], required: true } },
          }),
    }),
    [online, noSlot],
  );
  const { fields, modes } = view;
  const options = useMemo<Partial<Record<string, readonly SelectOption[]>>>(
    () => ({
      classStream: fields.classStream?.options ?? [],
      slot: fields.slot?.options ?? [],
      state: fields.state?.options ?? [],
      centre: fields.centre?.options ?? [],
      examDate: fields.examDate?.options ?? [],
      mode: modes.map((m) => ({
        value: m.value,
        label: t(m.value === 'Online' ? 'editExam.online' : 'editExam.offline'),
      })),
      modePrice: modes.flatMap((m) =>
        m.price === 'none'
          ? []
          : [
              {
                value: m.value,
                label: m.price === 'free' ? t('editExam.free') : t('editExam.price', { amount: m.price }),
              },
            ],
      ),
    }),
    [fields, modes, t],
  );
  const formContext = useMemo<FormContext>(
    () => ({ t, locale, dobRange: { min: '', max: '' }, options, touched: noTouched, submitted: false }),
    [t, locale, options],
  );
  // Only chosen values: the schema refuses an empty string, and an unchosen field is absent.
  const current: FormValues = {};
  for (const field of selectFields) {
    const value = fields[field]?.value;
    if (value) current[field] = value;
  }
  if (view.mode) current.mode = view.mode;

  if (!validator || validator instanceof Error)
    return validator ? (
      <p role="alert">{t('editExam.loadFailed')}</p>
    ) : (
      <p role="status">{t('editExam.loading')}</p>
    );

  const { submit } = view;
  const why = submit.why === undefined ? undefined : (`editExam.why.${submit.why}` as const);
  return (
    <ThemedForm
      id="edit-exam-form"
      className="ef-form"
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      widgets={widgets}
      formData={current}
      formContext={formContext}
      showErrorList={false}
      noHtml5Validate
      disabled={view.screen !== 'form'}
      onChange={(event) => {
        const next = event.formData ?? {};
        // The first changed choice is the event; the machine clears what depended on it.
        for (const field of ['classStream', 'mode', 'slot', 'state', 'centre', 'examDate'] as const) {
          const value = next[field] ?? '';
          if (value !== (current[field] ?? '') && value !== '') {
            onChange(field, value);
            return;
          }
        }
      }}
      onSubmit={() => onSubmit()}
    >
      {children}
      <BusyButton
        type="submit"
        className="ef-button ef-button--primary ef-edit-exam__submit"
        blocked={!submit.enabled}
        busy={view.screen === 'saving'}
        aria-describedby={why ? whyId : undefined}
      >
        {submit.label === 'pay'
          ? t('editExam.payAndUpdate', { amount: submit.amount })
          : t('editExam.submit')}
      </BusyButton>
      {/* A disabled button says why it is not yet possible. */}
      {why ? (
        <p id={whyId} className="ef-why">
          {t(why)}
        </p>
      ) : null}
    </ThemedForm>
  );
}
