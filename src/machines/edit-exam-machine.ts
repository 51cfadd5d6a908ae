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
// exam type. Effects are named actors and actions the app supplies with `.provide()`. The types
// and pure rules are in edit-exam-model.ts.
import { editAvailability, noEditsLeft } from '../domain/exam-edit-rules';
import { and, assign, fromPromise, not, setup } from 'xstate';
import type { ExamCentresQuery, ExamCentresReply } from '../generated/api/exam-centres';
import type { ExamEditDatesBody, ExamEditDatesReply } from '../generated/api/exam-edit-dates';
import type {
  ExamEditInfoBody,
  ExamEditInfoReply,
  ExamEditPaymentData,
} from '../generated/api/exam-edit-info';
import type { ExamStatesQuery, ExamStatesReply } from '../generated/api/exam-states';
import type { MasterClassStreamsQuery, MasterClassStreamsReply } from '../generated/api/master-class-streams';
import type { Profile } from '../generated/api/profile';
import {
  loadingStates,
  loadRoutes,
  loneOption,
  loneOptionField,
  nextToLoad,
  type ListLoaderOf,
} from './cascade';
import {
  bookedChoice,
  branchCode,
  choose,
  EDIT_CHAIN,
  editBody,
  editCascade,
  editChain,
  editChanged,
  editComplete,
  EMPTY_CHOICE,
  optionValues,
  paysForSwitch,
  withList,
  type EditChoice,
  type EditExamContext,
  type EditExamEvent,
  type EditExamInput,
  type EditField,
  type EditToast,
} from './edit-exam-model';
import { fromError, fromReply, say } from './message';
import { serverRefused } from './server-error';
import { notProvided } from './not-provided';

const missing = (name: string) => notProvided('edit exam', name);

// ── The machine ─────────────────────────────────────────────────────────────────────────────────
const actors = {
  loadProfile: fromPromise<Profile>(missing('loadProfile')),
  loadClassStreams: fromPromise<MasterClassStreamsReply, MasterClassStreamsQuery>(
    missing('loadClassStreams'),
  ),
  loadStates: fromPromise<ExamStatesReply, ExamStatesQuery>(missing('loadStates')),
  loadCentres: fromPromise<ExamCentresReply, ExamCentresQuery>(missing('loadCentres')),
  loadDates: fromPromise<ExamEditDatesReply, ExamEditDatesBody>(missing('loadDates')),
  updateExamInfo: fromPromise<ExamEditInfoReply, ExamEditInfoBody>(missing('updateExamInfo')),
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
    /** Keeps the choice being made for the tab (session storage): a reload opens with it. */
    keepChoice: (_, _params: { choice: EditChoice }) => {},
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
     * The server refused the call (a 4xx with its sentence, or success "false" with a 200), not a
     * dropped connection or a busy server.
     */
    refused: (_, params: { error: unknown }) => serverRefused(params.error),
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
    pendingDraft: input.reopen ?? (input.open ? input.resume : undefined),
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
            profile: context.rereadProfile ? null : (event.profile ?? context.profile),
            pendingDraft: undefined,
            notice: undefined,
          })),
        },
        'editExam.reopen': {
          target: 'opening',
          actions: assign(({ context, event }) => ({
            profile: context.rereadProfile ? null : (event.profile ?? context.profile),
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
        onDone: {
          target: 'deciding',
          actions: assign({ profile: ({ event }) => event.output, rereadProfile: false }),
        },
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
          actions: [
            assign(({ context, event }) => choose(context, event.field, event.value)),
            { type: 'keepChoice', params: ({ context }) => ({ choice: context.choice }) },
          ],
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
              assign({ rereadProfile: true }),
              'clearDraft',
              'finish',
            ],
          },
          // Refused (success "false", even with HTTP 200): the server's sentence, then the profile
          // read again with the student's choice kept, so the dialog shows what is true now (no
          // edits left, editing closed) rather than offer an edit the server will refuse again.
          {
            target: 'loadingProfile',
            actions: [
              {
                type: 'showToast',
                params: ({ event }) => ({
                  type: 'danger',
                  message: fromReply(event.output.msg, 'editExam.updateFailed'),
                }),
              },
              assign(({ context }) => ({ pendingDraft: context.choice, profile: null })),
            ],
          },
        ],
        onError: [
          {
            // The server refused it (no edits left, editing closed): as a success "false" above.
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'loadingProfile',
            actions: [
              {
                type: 'showToast',
                params: ({ event }) => ({
                  type: 'danger',
                  message: fromError(event.error, 'editExam.updateFailed'),
                }),
              },
              assign(({ context }) => ({ pendingDraft: context.choice, profile: null })),
            ],
          },
          {
            // No answer (offline, a timeout): the form stays as it is for another try.
            target: '#editExam.editing.idle',
            actions: { type: 'showToast', params: { type: 'danger', message: say('editExam.updateFailed') } },
          },
        ],
      },
    },
    /** The gateway's page is loading: nothing more to do here. */
    redirecting: { type: 'final', tags: ['busy'] },
  },
});

export type EditExamMachine = typeof editExamMachine;
