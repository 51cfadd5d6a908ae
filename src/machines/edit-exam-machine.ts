// The edit-exam flow (part 2 §4 "Edit-exam flow", §6, §8, §9): a modal on the dashboard where the
// student changes class & stream → mode → state → centre → date with the one cascade
// (src/machines/cascade.ts: a choice clears what depends on it, a lone option is chosen by itself).
// Submit is possible once every field this mode needs is chosen and something changed. A first
// switch to an offline exam costs the programme's offlineSwitchFee: the edit is kept locally, the
// server answers with payment data and the app posts the gateway form; the server decides whether a
// payment is due (paying again after switching back is not charged), and the machine follows its
// answer. Back from a failed payment the modal reopens with the kept edit.
//
// The profile (GET /api/profile) and the programme config decide everything: nothing here names an
// exam type. Effects are named actors and actions the app supplies with `.provide()`.
import { editAvailability, noEditsLeft } from '../domain/exam-edit-rules';
import { editModes, offlineSwitchFeeDue, type ExamMode } from '../domain/exam-modes';
import { and, assign, fromPromise, not, setup } from 'xstate';
import type { ExamCentre, ExamCentresQuery, ExamCentresReply } from '../generated/api/exam-centres';
import type { ExamEditDatesBody, ExamEditDatesReply } from '../generated/api/exam-edit-dates';
import type {
  ExamEditInfoBody,
  ExamEditInfoReply,
  ExamEditPaymentData,
} from '../generated/api/exam-edit-info';
import type { ExamState, ExamStatesQuery, ExamStatesReply } from '../generated/api/exam-states';
import type {
  ClassStream,
  MasterClassStreamsQuery,
  MasterClassStreamsReply,
} from '../generated/api/master-class-streams';
import type { Profile } from '../generated/api/profile';
import type { Programme } from '../generated/config/programme';
import {
  cascadeComplete,
  fieldsAfter,
  loadingStates,
  loadRoutes,
  loneOption,
  loneOptionField,
  nextToLoad,
  type CascadeSpec,
  type FieldChange,
  type ListLoaderOf,
} from './cascade';
import { fromError, fromReply, say, type Message } from './message';

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

// ── Pure rules (exported for the view and tests) ─────────────────────────────────────────────
const EMPTY_CHOICE: EditChoice = { classStream: '', mode: '', slot: '', state: '', centre: '', examDate: '' };

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
  const { profile } = context;
  if (!profile) return 0;
  // The profile's is_payment_done includes the offline fee paid (the server's profile).
  return offlineSwitchFeeDue(context.programme, {
    mode: profile.exam_mode,
    offlinePaid: profile.is_payment_done,
  });
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
function branchCode(context: EditExamContext): string {
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
function choose(context: EditExamContext, field: EditField, value: string) {
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
function withList(context: EditExamContext, lists: EditLists, field: EditField): Partial<EditExamContext> {
  const next = { ...context, lists: { ...context.lists, ...lists } };
  const value = next.choice[field];
  if (value === '' || optionValues(next, field)?.includes(value)) return { lists: next.lists };
  const cleared = choose(next, field, '');
  return { choice: cleared.choice, lists: { ...cleared.lists, ...lists } };
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`edit exam: provide the ${name} actor`);
};

// ── The machine ─────────────────────────────────────────────────────────────────────────────────
const actors = {
  loadProfile: fromPromise<Profile>(notProvided('loadProfile')),
  loadClassStreams: fromPromise<MasterClassStreamsReply, MasterClassStreamsQuery>(
    notProvided('loadClassStreams'),
  ),
  loadStates: fromPromise<ExamStatesReply, ExamStatesQuery>(notProvided('loadStates')),
  loadCentres: fromPromise<ExamCentresReply, ExamCentresQuery>(notProvided('loadCentres')),
  loadDates: fromPromise<ExamEditDatesReply, ExamEditDatesBody>(notProvided('loadDates')),
  updateExamInfo: fromPromise<ExamEditInfoReply, ExamEditInfoBody>(notProvided('updateExamInfo')),
};

/** How each loaded list of the chain loads (the one cascade shape; modes and slots are config). */
const loaders = {
  classStream: {
    id: 'loadClassStreams',
    src: 'loadClassStreams',
    input: ({ context }) => ({ registration_page: context.profile?.exam_type ?? '' }),
    loaded: (context, output) => withList(context, { classStreams: output.data }, 'classStream'),
  },
  state: {
    id: 'loadStates',
    src: 'loadStates',
    input: ({ context }) => ({
      exam_mode: 'Offline',
      class_stream: context.choice.classStream,
      exam_type: context.profile?.exam_type ?? '',
    }),
    loaded: (context, output) => withList(context, { states: output.data }, 'state'),
  },
  centre: {
    id: 'loadCentres',
    src: 'loadCentres',
    input: ({ context }) => ({
      mode: 'Offline',
      state: context.choice.state,
      class_stream: context.choice.classStream,
      exam_type: context.profile?.exam_type ?? '',
    }),
    loaded: (context, output) => withList(context, { centres: output.data }, 'centre'),
  },
  examDate: {
    id: 'loadDates',
    src: 'loadDates',
    input: ({ context }) => ({
      exam_mode: context.choice.mode === '' ? 'Online' : context.choice.mode,
      branch_code: branchCode(context),
      class_and_stream: context.choice.classStream,
    }),
    loaded: (context, output) =>
      withList(
        context,
        {
          dates: Object.entries(output.data).map(([value, label]) => ({ value, label: label ?? value })),
        },
        'examDate',
      ),
  },
} satisfies Partial<Record<EditField, ListLoaderOf<EditExamContext, typeof actors>>>;

export const editExamMachine = setup({
  types: {
    input: {} as EditExamInput,
    context: {} as EditExamContext,
    events: {} as EditExamEvent,
  },
  actors,
  actions: {
    /** A list's reply (or its failure) applied to the context. */
    applyList: assign((_, patch: Partial<EditExamContext>) => patch),
    showToast: (_, _params: EditToast) => {},
    /** Keeps the edit for the return from the gateway (local storage; the app picks the key). */
    saveDraft: (_, _params: { draft: EditChoice }) => {},
    clearDraft: () => {},
    /** The app posts the gateway's form and leaves the page. */
    postPaymentForm: (_, _params: { paymentData: ExamEditPaymentData }) => {},
    /** The app re-fetches the dashboard and the profile and shows /dashboard. */
    finish: () => {},
    /** The student closed the dialog (close button, Escape): the app drops ?editExam=true. */
    dialogClosed: () => {},
  },
  guards: {
    reopened: ({ context }) => context.pendingDraft !== undefined,
    openedByAddress: ({ context }) => context.startOpen,
    profileKnown: ({ context }) => context.profile !== null,
    hidden: ({ context }) => context.profile !== null && editAvailability(context.profile) === 'hidden',
    editAllowed: ({ context }) => context.profile !== null && context.profile.is_edit_allowed,
    noEditsLeft: ({ context }) => context.profile !== null && noEditsLeft(context.profile),
    needsList: ({ context }, params: { field: EditField }) =>
      nextToLoad(editCascade, context) === params.field,
    hasLoneOption: ({ context }) => loneOptionField(editCascade, context) !== undefined,
    /** The event's field is one this mode uses and its value is one of its options. */
    validChange: ({ context, event }) =>
      event.type === 'field.change' &&
      editChain(context).includes(event.field) &&
      (event.value === '' || (optionValues(context, event.field) ?? []).includes(event.value)),
    canSubmit: ({ context }) => editComplete(context) && editChanged(context),
    paysForSwitch: ({ context }) => paysForSwitch(context),
    /**
     * The server's answer decides: a payment when it asks for one (not the client's guess), done
     * when it succeeded; success 'false' is a failure whatever the status (part 2 §8).
     */
    answered: (_, params: { reply: ExamEditInfoReply; outcome: 'payment' | 'done' }) => {
      const { reply, outcome } = params;
      if (reply.success !== 'true') return false;
      const payment = reply.payment_required === true && reply.data !== undefined;
      return outcome === 'payment' ? payment : !payment;
    },
  },
}).createMachine({
  id: 'editExam',
  context: ({ input }) => ({
    programme: input.programme,
    profile: input.profile ?? null,
    original: input.profile ? bookedChoice(input.profile, input.programme) : EMPTY_CHOICE,
    choice: EMPTY_CHOICE,
    lists: {},
    pendingDraft: input.reopen,
    startOpen: input.open === true,
    notice: input.reopen ? say('editExam.paymentFailed') : undefined,
  }),
  initial: 'entry',
  states: {
    entry: {
      // The input decides: back from a failed payment (with the kept edit), or opened by the address.
      always: [
        { guard: 'reopened', target: 'opening' },
        { guard: 'openedByAddress', target: 'opening' },
        'closed',
      ],
    },
    closed: {
      on: {
        'editExam.open': {
          target: 'opening',
          actions: assign(({ context, event }) => ({
            profile: event.profile ?? context.profile,
            pendingDraft: undefined,
            notice: undefined,
          })),
        },
        'editExam.reopen': {
          target: 'opening',
          actions: assign(({ context, event }) => ({
            profile: event.profile ?? context.profile,
            pendingDraft: event.draft,
            notice: say('editExam.paymentFailed'),
          })),
        },
      },
    },
    opening: {
      always: [{ guard: 'profileKnown', target: 'deciding' }, { target: 'loadingProfile' }],
    },
    loadingProfile: {
      tags: ['busy'],
      on: { 'editExam.close': { target: 'closed', actions: 'dialogClosed' } },
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'deciding', actions: assign({ profile: ({ event }) => event.output }) },
        onError: {
          target: 'closed',
          actions: {
            type: 'showToast',
            params: ({ event }) => ({
              type: 'danger',
              message: fromError(event.error, 'editExam.loadFailed'),
            }),
          },
        },
      },
    },
    deciding: {
      always: [
        { guard: 'hidden', target: 'closed' },
        { guard: not('editAllowed'), target: 'notAllowed' },
        { guard: 'noEditsLeft', target: 'noEditsLeft' },
        {
          target: 'editing',
          // The form starts from the booked exam, or from the edit kept before a failed payment.
          actions: assign(({ context }) => {
            const original = context.profile
              ? bookedChoice(context.profile, context.programme)
              : EMPTY_CHOICE;
            return {
              original,
              choice: context.pendingDraft ?? original,
              lists: {},
              listError: undefined,
              pendingDraft: undefined,
            };
          }),
        },
      ],
    },
    notAllowed: { on: { 'editExam.close': { target: 'closed', actions: 'dialogClosed' } } },
    noEditsLeft: { on: { 'editExam.close': { target: 'closed', actions: 'dialogClosed' } } },
    editing: {
      initial: 'routing',
      on: {
        'editExam.close': { target: 'closed', actions: 'dialogClosed' },
        'field.change': {
          guard: 'validChange',
          target: '.routing',
          actions: assign(({ context, event }) => choose(context, event.field, event.value)),
        },
      },
      states: {
        routing: {
          always: [
            {
              guard: 'hasLoneOption',
              actions: assign(({ context }) => {
                const lone = loneOption(editCascade, context, optionValues);
                return lone ? choose(context, lone.field, lone.value) : {};
              }),
            },
            ...loadRoutes(EDIT_CHAIN, loaders),
            { target: 'idle' },
          ],
        },
        idle: {
          on: {
            'editExam.submit': [
              {
                guard: and(['canSubmit', 'paysForSwitch']),
                target: '#editExam.submitting',
                actions: { type: 'saveDraft', params: ({ context }) => ({ draft: context.choice }) },
              },
              { guard: 'canSubmit', target: '#editExam.submitting' },
            ],
          },
        },
        failed: {
          on: { 'editExam.retry': { target: 'routing', actions: assign({ listError: undefined }) } },
        },
        ...loadingStates(loaders, (error) => ({ listError: fromError(error, 'editExam.optionsFailed') })),
      },
    },
    /** One call in flight: the submit is not taken again until it answers (once is once). */
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'updateExamInfo',
        src: 'updateExamInfo',
        input: ({ context }) => editBody(context),
        onDone: [
          {
            guard: { type: 'answered', params: ({ event }) => ({ reply: event.output, outcome: 'payment' }) },
            target: 'redirecting',
            actions: {
              type: 'postPaymentForm',
              // The guard checked the data is there; the fallback only satisfies the type.
              params: ({ event }) => ({ paymentData: event.output.data as ExamEditPaymentData }),
            },
          },
          {
            guard: { type: 'answered', params: ({ event }) => ({ reply: event.output, outcome: 'done' }) },
            target: 'closed',
            actions: [
              {
                type: 'showToast',
                params: ({ event }) => ({
                  type: 'success',
                  message: fromReply(event.output.msg, 'editExam.updated'),
                }),
              },
              'clearDraft',
              'finish',
            ],
          },
          {
            target: '#editExam.editing.idle',
            actions: { type: 'showToast', params: { type: 'danger', message: say('editExam.updateFailed') } },
          },
        ],
        onError: {
          target: '#editExam.editing.idle',
          actions: { type: 'showToast', params: { type: 'danger', message: say('editExam.updateFailed') } },
        },
      },
    },
    /** The gateway's page is loading: nothing more to do here. */
    redirecting: { type: 'final', tags: ['busy'] },
  },
});

export type EditExamMachine = typeof editExamMachine;
