// The edit-exam flow's model (part 2 §4, §7): its types and the pure rules the machine
// (edit-exam-machine.ts), the dialog's view and the tests share: the booked exam as choices, the
// fields a mode needs, the options each offers, what a choice clears, the body of the update.
import { editModes, offlineFeeDue, type ExamMode } from '../domain/exam-modes';
import type { ExamCentre } from '../generated/api/exam-centres';
import type { ExamEditInfoBody } from '../generated/api/exam-edit-info';
import type { ExamState } from '../generated/api/exam-states';
import type { ClassStream } from '../generated/api/master-class-streams';
import type { Profile } from '../generated/api/profile';
import type { Programme } from '../generated/config/programme';
import { cascadeComplete, fieldsAfter, type CascadeSpec, type FieldChange } from './cascade';
import type { Message } from './message';

// ── Types ─────────────────────────────────────────────────────────────────────────────────────
export type EditMode = ExamMode;
/** The cascade's fields, in order (part 2 §4): each one's choice clears those after it. */
export const EDIT_CHAIN = ['classStream', 'mode', 'slot', 'state', 'centre', 'examDate'] as const;
export type EditField = (typeof EDIT_CHAIN)[number];

/** The parts of the programme config the flow reads. */
export type EditProgramme = Pick<Programme, 'mode' | 'fee'> & {
  schedule: Pick<Programme['schedule'], 'slots'>;
};

/** The student's choices, as option values ('' = not chosen). Also what is kept for the gateway's return. */
export interface EditChoice {
  /** class&stream, e.g. 11&SOM */
  classStream: string;
  mode: EditMode | '';
  /** A slot id of the programme config (schedule.slots) of this mode. */
  slot: string;
  /** A state's tid. */
  state: string;
  /** A centre's value name-code-id. */
  centre: string;
  /** YYYY-MM-DD */
  examDate: string;
}

export interface EditDate {
  value: string;
  label: string;
}

/** Loaded option lists; undefined = not loaded (or cleared by an earlier choice). */
export interface EditLists {
  classStreams?: ClassStream[];
  states?: ExamState[];
  centres?: ExamCentre[];
  dates?: EditDate[];
}

export interface EditExamInput {
  programme: EditProgramme;
  /** The profile when the app already has it; otherwise the flow loads it when it opens. */
  profile?: Profile;
  /** Back from a failed payment (editExam=true&status=failure): open at once with the kept edit. */
  reopen?: EditChoice;
  /** The address asks for the dialog (editExam=true, no gateway status): open at once. */
  open?: boolean;
  /** The choice the tab kept while the dialog was open: a reload or a discarded tab opens with it. */
  resume?: EditChoice;
}

export interface EditExamContext {
  programme: EditProgramme;
  profile: Profile | null;
  /** The exam as booked: "something changed" compares with it. */
  original: EditChoice;
  choice: EditChoice;
  lists: EditLists;
  /** The edit kept before the gateway, to restore when the modal reopens after a failed payment. */
  pendingDraft?: EditChoice;
  /** The input asked for the dialog (the address shows it): the flow starts open. */
  startOpen: boolean;
  /** A list failed to load. */
  listError?: Message;
  /** Said at the top of the form: the payment did not go through. */
  notice?: Message;
  /**
   * The server changed (or refused) the exam since the profile was read: the next open reads the
   * profile again rather than trust one it is handed (a cached copy would offer an edit used up).
   */
  rereadProfile?: boolean;
}

export type EditExamEvent =
  | { type: 'editExam.open'; profile?: Profile }
  | { type: 'editExam.reopen'; draft: EditChoice; profile?: Profile }
  | { type: 'editExam.close' }
  | FieldChange<EditField>
  | { type: 'editExam.retry' }
  | { type: 'editExam.submit' };

export interface EditToast {
  type: 'success' | 'danger';
  message: Message;
}

// ── Pure rules (for the machine, the view and tests) ────────────────────────────────────────────
export const EMPTY_CHOICE: EditChoice = {
  classStream: '',
  mode: '',
  slot: '',
  state: '',
  centre: '',
  examDate: '',
};

/** The programme's slots of a mode (the config's, as the server reads them). */
export const slotsOf = (programme: EditProgramme, mode: EditMode | '') =>
  programme.schedule.slots.filter((slot) => slot.mode === mode);

/** The exam as booked, as choices (the slot when it is one of the booked mode's). */
export function bookedChoice(profile: Profile, programme: EditProgramme): EditChoice {
  // The server sends the booked mode as a code (decision 026); the slot label is only shown.
  const mode = profile.exam_mode;
  const offline = mode === 'Offline';
  const slot = slotsOf(programme, mode).some((s) => s.id === profile.exam_slot_id)
    ? profile.exam_slot_id
    : '';
  return {
    classStream: profile.classtream,
    mode,
    slot,
    state: offline ? profile.exam_state_id : '',
    centre: offline ? profile.exam_center : '',
    examDate: profile.exam_date_id,
  };
}

/** The fee a switch to offline would cost now; 0 when none is due (already offline or paid). */
export function offlineFee(context: Pick<EditExamContext, 'programme' | 'profile'>): number {
  // The profile carries the booking as the one fee rule reads it (exam_mode, offline_fee_paid).
  return context.profile ? offlineFeeDue(context.programme, context.profile) : 0;
}

/**
 * The fields this choice of mode needs: an online exam has no state and centre; a mode the config
 * gives no slots of its own (iACST's offline switch) has no slot field.
 */
export const editChain = (context: Pick<EditExamContext, 'choice' | 'programme'>): EditField[] =>
  EDIT_CHAIN.filter(
    (field) =>
      !(context.choice.mode === 'Online' && (field === 'state' || field === 'centre')) &&
      !(
        field === 'slot' &&
        context.choice.mode !== '' &&
        slotsOf(context.programme, context.choice.mode).length === 0
      ),
  );

/** The options a field offers, as values. The modes come from the config, the rest from the API. */
export function optionValues(
  context: Pick<EditExamContext, 'programme' | 'lists' | 'choice'>,
  field: EditField,
): string[] | undefined {
  const { lists } = context;
  switch (field) {
    case 'classStream':
      return lists.classStreams?.map((c) => c.stream);
    case 'mode':
      return editModes(context.programme);
    case 'slot':
      return slotsOf(context.programme, context.choice.mode).map((s) => s.id);
    case 'state':
      return lists.states?.map((s) => s.tid);
    case 'centre':
      return lists.centres?.map((c) => c.value);
    case 'examDate':
      return lists.dates?.map((d) => d.value);
  }
}

export const editCascade: CascadeSpec<Pick<EditExamContext, 'programme' | 'lists' | 'choice'>, EditField> = {
  fields: editChain,
  list: optionValues,
  isChosen: (context, field) => context.choice[field] !== '',
};

/** Every field this mode needs is chosen (class, mode, date; state and centre when offline). */
export const editComplete = (context: Pick<EditExamContext, 'programme' | 'lists' | 'choice'>): boolean =>
  cascadeComplete(editCascade, context);

/** Something differs from the booked exam, in the fields this mode uses. */
export const editChanged = (context: Pick<EditExamContext, 'choice' | 'original' | 'programme'>): boolean =>
  editChain(context).some((field) => context.choice[field] !== context.original[field]);

/** The offline switch will be charged (as far as the client knows; the server's answer decides). */
export const paysForSwitch = (context: Pick<EditExamContext, 'programme' | 'profile' | 'choice'>): boolean =>
  context.choice.mode === 'Offline' && offlineFee(context) > 0;

/** The centre's code (its own field of the option), else the student's branch for an online exam. */
export function branchCode(context: EditExamContext): string {
  const centre = context.lists.centres?.find((c) => c.value === context.choice.centre);
  return centre?.code ?? context.profile?.branch_code ?? '';
}

/** POST /api/exam-info's body (part 2 §7): state and centre are empty for an online exam. */
export function editBody(context: EditExamContext): ExamEditInfoBody {
  const { choice } = context;
  const offline = choice.mode === 'Offline';
  return {
    state_id: offline ? choice.state : '',
    exam_date: choice.examDate,
    exam_mode: choice.mode === '' ? 'Online' : choice.mode,
    exam_center: offline ? choice.centre : '',
    class_and_stream: choice.classStream,
    ...(choice.slot ? { exam_slot: choice.slot } : {}),
  };
}

/** A choice and the lists after it: the later choices are dropped, and the later lists reload. */
export function choose(context: EditExamContext, field: EditField, value: string) {
  // The slot's options depend on the mode alone, and no list after it depends on the slot (a
  // date has every slot of its mode): choosing a slot clears nothing, so the place is kept.
  const after = field === 'slot' ? [] : fieldsAfter(EDIT_CHAIN, field);
  const choice = { ...context.choice, [field]: value };
  const lists = { ...context.lists };
  for (const later of after) {
    choice[later] = '';
    if (later === 'classStream') lists.classStreams = undefined;
    if (later === 'state') lists.states = undefined;
    if (later === 'centre') lists.centres = undefined;
    if (later === 'examDate') lists.dates = undefined;
  }
  return { choice, lists };
}

/**
 * A list loaded: a preset choice (the booked exam, or the kept edit) it no longer offers is
 * dropped with what depended on it, so nothing stale is submitted.
 */
export function withList(
  context: EditExamContext,
  lists: EditLists,
  field: EditField,
): Partial<EditExamContext> {
  const next = { ...context, lists: { ...context.lists, ...lists } };
  const value = next.choice[field];
  if (value === '' || optionValues(next, field)?.includes(value)) return { lists: next.lists };
  const cleared = choose(next, field, '');
  return { choice: cleared.choice, lists: { ...cleared.lists, ...lists } };
}
