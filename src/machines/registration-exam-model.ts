// The exam step's cascade rules (part 2 §1, §4): which options a loaded list offers, what a choice
// clears, what the course-type switch keeps. Pure; the exam step's machine applies them.
import type { ExamCentre } from '../generated/api/exam-centres';
import type { ExamDate } from '../generated/api/exam-dates';
import type { ExamSlot } from '../generated/api/exam-slots';
import type { ExamState } from '../generated/api/exam-states';
import { modeAllowedInState } from '../domain/exam-modes';
import { fieldsAfter, type CascadeSpec } from './cascade';
import {
  chosen,
  EXAM_CHAIN,
  examChain,
  examMode,
  onlineOnly,
  type CourseType,
  type ExamField,
  type ExamStepData,
  type OptionLists,
  type RegistrationContext,
} from './registration-model';

/** What the cascade reads: the programme, the choices and the loaded lists. */
export type ExamCascadeContext = Pick<RegistrationContext, 'programme' | 'exam' | 'options'>;

/** Chosen values and loaded lists after `field`'s position are dropped: they depended on it. */
export function clearAfter(context: ExamCascadeContext, field: ExamField | 'courseType') {
  // The course type decides the mode the states, centres and dates are listed for.
  const drop = new Set<ExamField>(
    field === 'courseType' ? ['state', ...fieldsAfter(EXAM_CHAIN, 'state')] : fieldsAfter(EXAM_CHAIN, field),
  );
  const exam = { ...context.exam };
  const options = { ...context.options };
  if (drop.has('examSlot')) [exam.slot, options.slots] = [undefined, undefined];
  if (drop.has('state')) [exam.state, options.states] = [undefined, undefined];
  if (drop.has('centre')) [exam.centre, options.centres] = [undefined, undefined];
  if (drop.has('examDate')) [exam.date, options.dates] = [undefined, undefined];
  return { exam, options };
}

/** Where the exam choice keeps each field's chosen option. */
const choiceKey = { examSlot: 'slot', state: 'state', centre: 'centre', examDate: 'date' } as const;

/** An option's identity, as the selects and the machine's events name it. */
const optionKey = (field: ExamField, option: ExamSlot | ExamState | ExamCentre | ExamDate): string =>
  'tid' in option ? option.tid : option.value;

/**
 * What the exam step offers of a loaded list: online-only offers online slots; the states a slot's
 * mode may be taken in (config offlineOnlyStates: iACST only offline in Gujarat, part 2 §1).
 */
function offered<T extends ExamSlot | ExamState | ExamCentre | ExamDate>(
  context: ExamCascadeContext,
  field: ExamField,
  list: T[],
): T[] {
  if (field === 'examSlot' && onlineOnly(context))
    return list.filter((o) => !('mode' in o) || o.mode === 'Online');
  if (field === 'state') {
    const mode = examMode(context);
    return list.filter(
      (o) => !('shortCode' in o) || modeAllowedInState(context.programme, mode, o.shortCode),
    );
  }
  return list;
}

/**
 * A list just loaded: kept in the options (what the exam step offers of it); a choice already made for it (kept across the gateway)
 * stays only if the list still offers it, as that list's own option; otherwise it and what
 * followed it are cleared.
 */
export function withLoadedList<T extends ExamSlot | ExamState | ExamCentre | ExamDate>(
  context: ExamCascadeContext,
  field: ExamField,
  list: T[],
): Partial<ExamStepData> {
  const listName = { examSlot: 'slots', state: 'states', centre: 'centres', examDate: 'dates' } as const;
  const options = { ...context.options, [listName[field]]: offered(context, field, list) };
  const current = context.exam[choiceKey[field]];
  if (!current) return { options, ...wantedFrom(context, field, options) };
  const listed = offered(context, field, list).find((o) => optionKey(field, o) === optionKey(field, current));
  if (listed) return { options, exam: { ...context.exam, [choiceKey[field]]: listed } };
  const cleared = clearAfter({ ...context, options }, field);
  return { options: cleared.options, exam: { ...cleared.exam, [choiceKey[field]]: undefined } };
}

/** A wanted choice's key, as the option carries it (the lead names a centre by its code). */
const wantedKey = (field: ExamField, option: ExamSlot | ExamState | ExamCentre | ExamDate): string =>
  field === 'centre' && 'code' in option ? option.code : optionKey(field, option);

/** A wanted choice (examFromLead) the loaded list offers: chosen, and no longer wanted. */
function wantedFrom(context: ExamCascadeContext, field: ExamField, options: OptionLists) {
  const key = choiceKey[field];
  const want = context.exam.wanted?.[key];
  if (want === undefined) return {};
  const { [key]: _chosen, ...wanted } = context.exam.wanted ?? {};
  const option = listOf(options, field)?.find((o) => wantedKey(field, o) === want);
  return { exam: { ...context.exam, wanted, ...(option ? { [key]: option } : {}) } };
}

const listOf = (options: OptionLists, field: ExamField) =>
  ({ examSlot: options.slots, state: options.states, centre: options.centres, examDate: options.dates })[
    field
  ];

/** The exam selects as one cascade: the config's chain, the loaded lists, the choices. */
export const examCascade: CascadeSpec<ExamCascadeContext, ExamField> = {
  fields: examChain,
  list: (context, field) => listOf(context.options, field),
  isChosen: (context, field) => chosen(context.exam, field),
};

/**
 * The course type switched: state, centre and date are cleared (part 2 §4). Online-only offers
 * only online slots, so an offline slot chosen is dropped; back on classroom the slots load again
 * (the offline ones were not offered), keeping the chosen one.
 */
export function switchCourseType(context: ExamCascadeContext, courseType: CourseType): Partial<ExamStepData> {
  const { exam, options } = clearAfter(context, 'courseType');
  const next = { ...context, exam: { ...exam, courseType, wanted: undefined }, options };
  if (courseType === 'classroom') return { exam: next.exam, options: { ...options, slots: undefined } };
  const slots = options.slots && offered(next, 'examSlot', options.slots);
  const slot = exam.slot && slots?.some((s) => s.tid === exam.slot?.tid) ? exam.slot : undefined;
  return { exam: { ...next.exam, slot }, options: { ...options, slots } };
}

/** A field's option chosen by its key (a select's value), with what depended on it cleared. */
export function choose(
  context: ExamCascadeContext,
  field: ExamField,
  value: string,
  by: 'student' | 'loneOption' = 'student',
): Partial<ExamStepData> {
  const { exam, options } = clearAfter(context, field);
  const option = listOf(options, field)?.find((o) => optionKey(field, o) === value);
  // The student's own choice: nothing of an earlier registration is chosen for them any more.
  const wanted = by === 'student' ? undefined : exam.wanted;
  return { exam: { ...exam, wanted, [choiceKey[field]]: option }, options };
}

/** The keys a loaded list offers, as the selects name them. */
export const optionKeys = (context: Pick<RegistrationContext, 'options'>, field: ExamField) =>
  listOf(context.options, field)?.map((o) => optionKey(field, o));
