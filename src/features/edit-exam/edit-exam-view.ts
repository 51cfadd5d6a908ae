// What the student sees of the edit-exam flow, from the machine's snapshot alone: the dialog renders
// it and the model test asserts it at every state. The rules are the machine's (its exported pure
// functions and `can`); nothing here decides on its own.
import type { SnapshotFrom } from 'xstate';
import { attemptNumber, onlineIsFree, unlimitedEdits } from '../../domain/exam-edit-rules';
import { editModes } from '../../domain/exam-modes';
import type { EditExamMachine } from '../../machines/edit-exam-machine';
import {
  editChain,
  editChanged,
  editComplete,
  offlineFee,
  paysForSwitch,
  slotsOf,
  type EditField,
  type EditMode,
} from '../../machines/edit-exam-model';
import type { Message } from '../../machines/message';

export type EditExamSnapshot = SnapshotFrom<EditExamMachine>;

export type EditScreen =
  'closed' | 'loading' | 'notAllowed' | 'noEditsLeft' | 'form' | 'saving' | 'redirecting';

export interface EditOption {
  value: string;
  label: string;
}

export interface ModeOption {
  value: EditMode;
  /** 'free': the Free tag; a number: the fee; 'none': no tag (already paid or already offline). */
  price: 'free' | 'none' | number;
}

export interface EditFieldView {
  value: string;
  options: EditOption[];
}

export type AttemptsView =
  { kind: 'unlimited' } | { kind: 'counted'; attempt: number; max: number; left: number };

export interface EditExamView {
  screen: EditScreen;
  /** The payment did not go through (back from the gateway). */
  notice?: Message;
  attempts?: AttemptsView;
  modes: ModeOption[];
  /** The selects this mode shows, in order, with the machine's values and lists. */
  fields: Partial<Record<Exclude<EditField, 'mode'>, EditFieldView>>;
  mode: EditMode | '';
  listsBusy: boolean;
  listError?: Message;
  /** A list loaded empty: said, not left blank. */
  emptyList: boolean;
  /** The offline fee notice, when the chosen offline switch will be charged. */
  feeDue: number;
  submit: {
    /** 'pay': "Pay ₹{amount} and update". */
    label: 'submit' | 'pay';
    amount: number;
    enabled: boolean;
    /** Why it is disabled. */
    why?: 'busy' | 'incomplete' | 'unchanged';
  };
}

function screenOf(state: EditExamSnapshot): EditScreen {
  if (state.matches('notAllowed')) return 'notAllowed';
  if (state.matches('noEditsLeft')) return 'noEditsLeft';
  if (state.matches('editing')) return 'form';
  if (state.matches('submitting')) return 'saving';
  if (state.matches('redirecting')) return 'redirecting';
  if (state.matches('loadingProfile') || state.matches('opening') || state.matches('deciding'))
    return 'loading';
  return 'closed';
}

export function editExamView(state: EditExamSnapshot): EditExamView {
  const { context } = state;
  const { profile, lists, choice } = context;
  const screen = screenOf(state);
  const fee = offlineFee(context);
  const modes: ModeOption[] = editModes(context.programme).map((value) => ({
    value,
    price: value === 'Online' ? (profile && onlineIsFree(profile) ? 'free' : 'none') : fee > 0 ? fee : 'none',
  }));
  const chain = editChain(context);
  const field = (name: Exclude<EditField, 'mode'>, options: EditOption[] | undefined) =>
    chain.includes(name) ? { [name]: { value: choice[name], options: options ?? [] } } : {};
  const fields: EditExamView['fields'] = {
    ...field(
      'classStream',
      lists.classStreams?.map((c) => ({ value: c.stream, label: c.display_name })),
    ),
    // The slots are the programme config's, with their configured labels.
    ...field(
      'slot',
      slotsOf(context.programme, choice.mode).map((s) => ({ value: s.id, label: s.label })),
    ),
    ...field(
      'state',
      lists.states?.map((s) => ({ value: s.tid, label: s.stateName })),
    ),
    ...field(
      'centre',
      lists.centres?.map((c) => ({ value: c.value, label: c.label })),
    ),
    ...field('examDate', lists.dates),
  };
  const listsBusy =
    screen === 'form' && !state.matches({ editing: 'idle' }) && !state.matches({ editing: 'failed' });
  const emptyList =
    screen === 'form' &&
    (
      [
        lists.classStreams,
        chain.includes('state') ? lists.states : undefined,
        chain.includes('centre') ? lists.centres : undefined,
        lists.dates,
      ] as const
    ).some((list) => list !== undefined && list.length === 0);
  const pays = paysForSwitch(context);
  const enabled = state.can({ type: 'editExam.submit' });
  const why = enabled
    ? undefined
    : screen !== 'form' || listsBusy
      ? 'busy'
      : !editComplete(context)
        ? 'incomplete'
        : !editChanged(context)
          ? 'unchanged'
          : 'busy';
  return {
    screen,
    notice: context.notice,
    attempts: profile
      ? unlimitedEdits(profile)
        ? { kind: 'unlimited' }
        : {
            kind: 'counted',
            attempt: attemptNumber(profile),
            max: profile.max_exam_edit_allowed,
            left: Math.max(0, profile.exam_attempts_left),
          }
      : undefined,
    modes,
    fields,
    mode: choice.mode,
    listsBusy,
    listError: state.matches({ editing: 'failed' }) ? context.listError : undefined,
    emptyList,
    feeDue: pays ? fee : 0,
    submit: { label: pays ? 'pay' : 'submit', amount: pays ? fee : 0, enabled, why },
  };
}
