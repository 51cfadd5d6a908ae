// examflow's @rjsf theme: its own widgets (each usable on its own too) and templates that leave the
// label and the error to the widget, so every error sits under its control and is linked to it.
// Errors show once a field has been blurred, or after a submit attempt (part 1 §5: "on blur"); the
// form validates each change, so a shown error then follows the field's value.
import type { ThemeProps } from '@rjsf/core';
import type {
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  RegistryWidgetsType,
  RJSFSchema,
  WidgetProps,
} from '@rjsf/utils';
import { digitsOnly, normaliseName, type DobRange } from '../../domain/validation';
import type { StringKey, Translate } from '../../engine/i18n';
import type { FormValues } from './form-rules';
import { SelectInput } from './widgets/select-input';
import { ClassStreamSelect } from './widgets/class-stream-select';
import { DobInput } from './widgets/dob-input';
import type { SelectOption } from './widgets/select-input';
import { TextInput } from './widgets/text-input';

/** What the theme's widgets read from @rjsf's formContext. */
export interface FormContext {
  t: Translate;
  /** BCP 47 locale of the page (month and weekday names). */
  locale: string;
  dobRange: DobRange;
  /** Option lists by ui:options.optionsKey, already mapped from the API's shapes. */
  options: Partial<Record<string, readonly SelectOption[]>>;
  /** Ids of the fields blurred so far; their errors show. */
  touched: ReadonlySet<string>;
  /** After a submit attempt every error shows. */
  submitted: boolean;
  /** Fields prefilled for an existing student and locked (part 2 §4). */
  locked?: ReadonlySet<string>;
}

type Props = WidgetProps<FormValues, RJSFSchema, FormContext>;

function contextOf(props: Props): FormContext {
  return props.registry.formContext;
}

/** The widget's label, error and lock state, as the theme's rules decide them. */
function common(props: Props) {
  const context = contextOf(props);
  const labelKey = props.options.labelKey as StringKey | undefined;
  const shown = context.submitted || context.touched.has(props.id);
  const field = props.id.replace(/^root_/, '');
  return {
    id: props.id,
    label: labelKey ? context.t(labelKey) : props.label,
    error: shown && !props.hideError ? props.rawErrors?.[0] : undefined,
    // ui:options.required: a field the schema cannot know is needed (it depends on the config).
    required: props.required || props.options.required === true,
    optionalText: context.t('form.optional'),
    disabled: props.disabled,
    readOnly: props.readonly || context.locked?.has(field) === true,
  };
}

const asString = (value: unknown) => (typeof value === 'string' ? value : '');

function TextWidget(props: Props) {
  const { readOnly, ...base } = common(props);
  const maxLength = typeof props.options.maxLength === 'number' ? props.options.maxLength : undefined;
  // 'digits': a numeric field (a pincode) keeps digits only, truncated to its maxLength by the rule,
  // not by the input's maxLength (which would cut "110 005" to "110 00" before the digits are kept).
  const digits = props.options.normalise === 'digits';
  const normalise =
    props.options.normalise === 'name'
      ? normaliseName
      : props.options.normalise === 'digits'
        ? (value: string) => digitsOnly(value, maxLength)
        : undefined;
  const type = props.options.inputType === 'email' ? 'email' : 'text';
  return (
    <TextInput
      {...base}
      readOnly={readOnly}
      type={type}
      maxLength={digits ? undefined : maxLength}
      inputMode={type === 'email' ? 'email' : props.options.inputMode === 'numeric' ? 'numeric' : undefined}
      autoComplete={typeof props.options.autocomplete === 'string' ? props.options.autocomplete : undefined}
      value={asString(props.value)}
      normalise={normalise}
      onChange={(value) => props.onChange(value === '' ? props.options.emptyValue : value)}
      onBlur={(value) => props.onBlur(props.id, value)}
      onFocus={(value) => props.onFocus(props.id, value)}
    />
  );
}

function DobWidget(props: Props) {
  const context = contextOf(props);
  const { t } = context;
  return (
    <DobInput
      {...common(props)}
      hint={t('form.dobHint')}
      value={asString(props.value)}
      range={context.dobRange}
      locale={context.locale}
      labels={{
        open: t('picker.open'),
        dialog: t('picker.dialog'),
        month: t('picker.month'),
        year: t('picker.year'),
        close: t('picker.close'),
        days: (month) => t('picker.days', { month }),
      }}
      onChange={(value) => props.onChange(value === '' ? undefined : value)}
      onBlur={(value) => props.onBlur(props.id, value)}
      onFocus={(value) => props.onFocus(props.id, value)}
    />
  );
}

function selectProps(props: Props) {
  const { readOnly, ...base } = common(props);
  const context = contextOf(props);
  const key = typeof props.options.optionsKey === 'string' ? props.options.optionsKey : '';
  return {
    ...base,
    // A native select cannot be read-only; a locked choice is shown disabled instead.
    disabled: base.disabled || readOnly,
    value: typeof props.value === 'string' ? props.value : undefined,
    options: context.options[key] ?? [],
    placeholder: context.t('form.selectPlaceholder'),
    onChange: (value: string | undefined) => props.onChange(value),
    onBlur: (value: string | undefined) => props.onBlur(props.id, value),
    onFocus: (value: string | undefined) => props.onFocus(props.id, value),
  };
}

/** Exam slot → state → centre → date: the machine's lists and choices, shown as they are. */
function CascadingSelectWidget(props: Props) {
  return <SelectInput {...selectProps(props)} />;
}

function ClassStreamWidget(props: Props) {
  return <ClassStreamSelect {...selectProps(props)} />;
}

/** Label and error are the widget's own; the template only wraps (and hides hidden fields). */
function FieldTemplate({ children, hidden }: FieldTemplateProps<FormValues, RJSFSchema, FormContext>) {
  return hidden ? <div hidden>{children}</div> : <>{children}</>;
}

/** Errors render inside each widget, linked to its control. */
function FieldErrorTemplate() {
  return null;
}

/** No fieldset or legend: the registration card's heading names the form. */
function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps<FormValues, RJSFSchema, FormContext>) {
  return <div className="ef-form__fields">{properties.map((property) => property.content)}</div>;
}

// Typed boxes keep their own value (held-typing.tsx useTypedInput): a keystroke renders nothing,
// and the form hears the field after a pause, a blur or a submit.
export const widgets: RegistryWidgetsType<FormValues, RJSFSchema, FormContext> = {
  TextWidget,
  EmailWidget: TextWidget,
  SelectWidget: CascadingSelectWidget,
  dob: DobWidget,
  cascadingSelect: CascadingSelectWidget,
  classStream: ClassStreamWidget,
};

/** Pass to @rjsf/core's withTheme, or spread into <Form>. */
export const examflowTheme: ThemeProps<FormValues, RJSFSchema, FormContext> = {
  widgets,
  templates: {
    FieldTemplate,
    FieldErrorTemplate,
    ObjectFieldTemplate,
  },
};
