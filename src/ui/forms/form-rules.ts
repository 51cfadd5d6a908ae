// The validation rules of a programme's form step, by field, and the @rjsf hooks that turn them into
// messages: ajv checks the precompiled schema, transformErrors replaces its messages on ruled fields,
// and customValidate adds each field's rule message (the spec's text, in the page's locale, in the
// spec's order). One source of messages: src/domain/validation.ts.
import type { CustomValidator, ErrorTransformer } from '@rjsf/utils';
import {
  validateCentre,
  validateClassStream,
  validateDob,
  validateEmail,
  validateExamDate,
  validateExamSlot,
  validateExamState,
  validateFatherName,
  validateMobileOrStudentId,
  validateOtp,
  validateStudentName,
  type DobRange,
  type ValidationKey,
} from '../../domain/validation';
import type { Translate } from '../../engine/i18n';
import type { FieldName, StepField } from './form-schema';

export type FormValues = Partial<Record<string, string>>;
export type FieldRule = (data: FormValues) => ValidationKey | undefined;
export type FieldRules = Partial<Record<FieldName, FieldRule>>;

export interface RuleContext {
  dobRange: DobRange;
  /** The class & stream chosen in the student-details step (the exam centres depend on it). */
  classStream?: string;
}

const requiredOnly: FieldRule = () => 'validation.required';

/** The rule of each field the step lists; an optional field is checked only when it has a value. */
export function rulesFor(fields: readonly StepField[], context: RuleContext): FieldRules {
  const has = (name: FieldName) => fields.some((field) => field.name === name);
  const fatherRequired = fields.some((field) => field.name === 'fatherName' && field.required);
  const parents = (data: FormValues) => ({
    hasExamSlot: has('examSlot'),
    hasState: has('state'),
    hasCentre: has('centre'),
    examSlot: data.examSlot,
    state: data.state,
    centre: data.centre,
    classStream: context.classStream,
  });
  const byName: Record<FieldName, FieldRule | undefined> = {
    mobile: (data) => validateMobileOrStudentId(data.mobile),
    otp: (data) => validateOtp(data.otp),
    studentName: (data) => validateStudentName(data.studentName),
    fatherName: (data) => validateFatherName(data.fatherName, fatherRequired),
    email: (data) => validateEmail(data.email),
    dob: (data) => validateDob(data.dob, context.dobRange),
    classStream: (data) => validateClassStream(data.classStream),
    courseType: (data) => (data.courseType ? undefined : requiredOnly(data)),
    examSlot: (data) => validateExamSlot(data.examSlot),
    state: (data) => validateExamState(data.state, parents(data)),
    centre: (data) => validateCentre(data.centre, parents(data)),
    examDate: (data) => validateExamDate(data.examDate, parents(data)),
    // The coupon's own rule ("Please enter a coupon code.") applies when Apply is pressed, not here.
    coupon: undefined,
    paymentMethod: (data) => (data.paymentMethod ? undefined : requiredOnly(data)),
  };
  const rules: FieldRules = {};
  for (const field of fields) {
    const rule = byName[field.name];
    if (!rule) continue;
    rules[field.name] = field.required
      ? rule
      : (data) => (data[field.name] === undefined || data[field.name] === '' ? undefined : rule(data));
  }
  return rules;
}

/** Each field's first failing rule, as message keys; empty when the form may be submitted. */
export function ruleErrors(rules: FieldRules, data: FormValues): Partial<Record<FieldName, ValidationKey>> {
  const errors: Partial<Record<FieldName, ValidationKey>> = {};
  for (const [name, rule] of Object.entries(rules) as [FieldName, FieldRule][]) {
    const key = rule(data);
    if (key) errors[name] = key;
  }
  return errors;
}

const fieldOf = (property: string | undefined) => property?.replace(/^\./, '').split('.')[0];

/** Drops ajv's English messages on fields that have a rule: customValidate gives theirs. */
export function createTransformErrors(rules: FieldRules, t: Translate): ErrorTransformer<FormValues> {
  return (errors) =>
    errors
      .filter((error) => {
        const field = fieldOf(error.property);
        return !(field && field in rules);
      })
      .map((error) => ({
        ...error,
        message: t(error.name === 'required' ? 'validation.required' : 'validation.somethingWrong'),
      }));
}

/** Adds every ruled field's message, translated, to @rjsf's error schema. */
export function createCustomValidate(rules: FieldRules, t: Translate): CustomValidator<FormValues> {
  return (formData, errors) => {
    const found = ruleErrors(rules, formData ?? {});
    const handlers = errors as unknown as Record<string, { addError: (message: string) => void } | undefined>;
    for (const [name, key] of Object.entries(found)) handlers[name]?.addError(t(key));
    return errors;
  };
}
