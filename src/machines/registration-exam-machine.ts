// Step 3 of the registration card (part 2 §1, §4): the exam selects as one cascade (slot → state →
// centre → date), the course-type switch with its online preset, the nearest centre, the coupon and
// the payment method. The parent registration machine invokes it with what it kept (the choices
// survive Edit details and a failed signup) and takes the step's data back as its output, with
// where the student goes next: back to the details, or on to the signup.
import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import type { ExamCentresQuery, ExamCentresReply } from '../generated/api/exam-centres';
import type { ExamDatesQuery, ExamDatesReply } from '../generated/api/exam-dates';
import type { ExamSlotsQuery, ExamSlotsReply } from '../generated/api/exam-slots';
import type { ExamStatesQuery, ExamStatesReply } from '../generated/api/exam-states';
import type { RegistrationCouponBody, RegistrationCouponReply } from '../generated/api/registration-coupon';
import { validateCoupon } from '../domain/validation';
import {
  loadingStates,
  loadRoutes,
  loneOption,
  loneOptionField,
  nextToLoad,
  type FieldChange,
  type ListLoaderOf,
} from './cascade';
import { fromError, fromReply, say, type Message } from './message';
import {
  centreCode,
  chosen,
  EXAM_CHAIN,
  examChain,
  examMode,
  fieldsOf,
  isFree,
  offersCourseTypeSwitch,
  onlineOnly,
  track,
  type CourseType,
  type ExamField,
  type ExamStepData,
  type LocateCentreInput,
  type OnlinePreset,
  type OnlinePresetInput,
  type ExamStepInput,
  type TrackParams,
} from './registration-model';
import {
  choose,
  clearAfter,
  examCascade,
  optionKeys,
  switchCourseType,
  withLoadedList,
} from './registration-exam-model';
import { notProvided } from './not-provided';

const missing = (name: string) => notProvided('registration exam step', name);

export interface ExamStepContext extends ExamStepInput {
  optionsError?: Message;
  /** Where the step ends: back to the details, or on to the signup. */
  next: 'details' | 'signup';
}

/** The step's data for the parent, and where the student goes next. */
export interface ExamStepOutput extends ExamStepData {
  next: 'details' | 'signup';
}

export type ExamStepEvent =
  | { type: 'details.edit' }
  | { type: 'courseType.change'; courseType: CourseType }
  | FieldChange<ExamField>
  | { type: 'exam.retryOptions' }
  | { type: 'exam.locate' }
  | { type: 'coupon.change'; code: string }
  | { type: 'coupon.apply' }
  | { type: 'payment.methodChange'; method: string }
  | { type: 'exam.submit' }
  | { type: 'payment.submit' };

const actors = {
  loadSlots: fromPromise<ExamSlotsReply, ExamSlotsQuery>(missing('loadSlots')),
  loadStates: fromPromise<ExamStatesReply, ExamStatesQuery>(missing('loadStates')),
  loadCentres: fromPromise<ExamCentresReply, ExamCentresQuery>(missing('loadCentres')),
  loadDates: fromPromise<ExamDatesReply, ExamDatesQuery>(missing('loadDates')),
  loadOnlinePreset: fromPromise<OnlinePreset, OnlinePresetInput>(missing('loadOnlinePreset')),
  /** The app asks the browser for its location, then the API for the nearest centre and its state. */
  locateNearestCentre: fromPromise<OnlinePreset, LocateCentreInput>(missing('locateNearestCentre')),
  validateCoupon: fromPromise<RegistrationCouponReply, RegistrationCouponBody>(missing('validateCoupon')),
};

/** How each exam list loads (the one cascade shape, src/machines/cascade.ts). */
const loaders = {
  examSlot: {
    id: 'loadSlots',
    src: 'loadSlots',
    input: ({ context }) => ({ exam_type: context.registrationPage }),
    loaded: (context, output): Partial<ExamStepContext> => withLoadedList(context, 'examSlot', output.data),
  },
  state: {
    id: 'loadStates',
    src: 'loadStates',
    input: ({ context }) => ({
      exam_mode: examMode(context),
      class_stream: context.classStream,
      exam_type: context.registrationPage,
    }),
    loaded: (context, output): Partial<ExamStepContext> => withLoadedList(context, 'state', output.data),
  },
  centre: {
    id: 'loadCentres',
    src: 'loadCentres',
    input: ({ context }) => ({
      mode: examMode(context),
      state: context.exam.state?.tid ?? '',
      class_stream: context.classStream,
      exam_type: context.registrationPage,
    }),
    loaded: (context, output): Partial<ExamStepContext> => withLoadedList(context, 'centre', output.data),
  },
  examDate: {
    id: 'loadDates',
    src: 'loadDates',
    input: ({ context }) => ({
      ...(context.exam.centre ? { centre: centreCode(context.exam.centre) } : {}),
      stream: context.classStream,
      exam_type: context.registrationPage,
    }),
    loaded: (context, output): Partial<ExamStepContext> => withLoadedList(context, 'examDate', output.data),
  },
} satisfies Record<ExamField, ListLoaderOf<ExamStepContext, typeof actors>>;

/** Both submits: the choices are complete, the lists settled and no coupon is being checked. */
const settled = [stateIn('#examListsIdle'), not(stateIn('#couponApplying'))] as const;

export const registrationExamMachine = setup({
  types: {
    input: {} as ExamStepInput,
    context: {} as ExamStepContext,
    events: {} as ExamStepEvent,
    output: {} as ExamStepOutput,
  },
  actors,
  actions: {
    /** A list's reply (or its failure) applied to the context. */
    applyList: assign((_, patch: Partial<ExamStepContext>) => patch),
    /** An analytics event: where the flow is, sent as it happens (never from a view's re-render). */
    track: (_, _params: TrackParams) => {},
  },
  guards: {
    offersCourseTypeSwitch: ({ context }) => offersCourseTypeSwitch(context),
    /** A centre is chosen here and the states it may be in are listed. */
    canLocateCentre: ({ context }) =>
      examChain(context).includes('centre') && context.options.states !== undefined,
    /** The next list to load: the first unloaded list of the chain whose earlier choices are made. */
    needsList: ({ context }, params: { field: ExamField }) =>
      nextToLoad(examCascade, context) === params.field,
    hasLoneOption: ({ context }) => loneOptionField(examCascade, context) !== undefined,
    needsOnlinePreset: ({ context }) => {
      if (!onlineOnly(context) || (context.exam.state && context.exam.centre)) return false;
      const names = new Set(fieldsOf(context.programme, 'exam-details').map((f) => f.name));
      return !names.has('examSlot') || Boolean(context.exam.slot);
    },
    couponEntered: ({ context }) => validateCoupon(context.coupon.code) === undefined,
    paymentMethodOffered: ({ context }, params: { method: string }) =>
      context.programme.payment.methods.some((m) => m.value === params.method),
    examDetailsComplete: ({ context }) =>
      fieldsOf(context.programme, 'exam-details').every(
        (f) =>
          !f.required ||
          !(EXAM_CHAIN as readonly string[]).includes(f.name) ||
          chosen(context.exam, f.name as ExamField),
      ) &&
      (!onlineOnly(context) || Boolean(context.exam.state && context.exam.centre)),
    isFree: ({ context }) => isFree(context),
    paymentMethodChosen: ({ context }) =>
      context.programme.payment.methods.some((m) => m.value === context.paymentMethod),
  },
}).createMachine({
  id: 'registrationExam',
  context: ({ input }) => ({ ...input, next: 'signup' }),
  output: ({ context }) => ({
    next: context.next,
    exam: context.exam,
    options: context.options,
    coupon: context.coupon,
    paymentMethod: context.paymentMethod,
    locateError: context.locateError,
  }),
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      on: {
        'details.edit': { target: 'done', actions: assign({ next: 'details' }) },
        'payment.methodChange': {
          guard: { type: 'paymentMethodOffered', params: ({ event }) => ({ method: event.method }) },
          actions: assign({ paymentMethod: ({ event }) => event.method }),
        },
        'exam.submit': {
          guard: and(['examDetailsComplete', 'isFree', ...settled]),
          target: 'done',
          actions: track('exam_details_submitted'),
        },
        'payment.submit': {
          guard: and(['examDetailsComplete', not('isFree'), 'paymentMethodChosen', ...settled]),
          target: 'done',
          actions: track('exam_details_submitted'),
        },
      },
      states: {
        lists: {
          initial: 'routing',
          on: {
            'field.change': {
              target: '.routing',
              actions: assign(({ context, event }) => choose(context, event.field, event.value)),
            },
            'courseType.change': {
              guard: 'offersCourseTypeSwitch',
              target: '.routing',
              actions: assign(({ context, event }) => switchCourseType(context, event.courseType)),
            },
          },
          states: {
            routing: {
              always: [
                {
                  // A list with one option chooses it; routing then goes on to the next list.
                  guard: 'hasLoneOption',
                  actions: assign(({ context }) => {
                    const lone = loneOption(examCascade, context, optionKeys);
                    return lone ? choose(context, lone.field, lone.value, 'loneOption') : {};
                  }),
                },
                // Online-only presets state and centre once the slot is known (before the states).
                ...loadRoutes(EXAM_CHAIN, loaders, {
                  state: [{ guard: 'needsOnlinePreset', target: 'loadingOnlinePreset' } as const],
                }),
                { target: 'idle' },
              ],
            },
            idle: {
              id: 'examListsIdle',
              on: {
                'exam.locate': {
                  guard: 'canLocateCentre',
                  target: 'locating',
                  actions: assign({ locateError: undefined }),
                },
              },
            },
            /** Nearest centre from the student's location: it picks the state and the centre. */
            locating: {
              invoke: {
                id: 'locateNearestCentre',
                src: 'locateNearestCentre',
                input: ({ context }) => ({
                  class_stream: context.classStream,
                  exam_type: context.registrationPage,
                  mode: examMode(context),
                }),
                onDone: {
                  target: 'routing',
                  actions: assign(({ context, event }) => {
                    const { exam, options } = clearAfter(context, 'state');
                    return {
                      exam: { ...exam, state: event.output.state, centre: event.output.centre },
                      options,
                    };
                  }),
                },
                onError: {
                  target: 'routing',
                  actions: assign({
                    locateError: ({ event }) => fromError(event.error, 'registration.locateFailed'),
                  }),
                },
              },
            },
            failed: {
              on: {
                'exam.retryOptions': { target: 'routing', actions: assign({ optionsError: undefined }) },
              },
            },
            loadingOnlinePreset: {
              invoke: {
                id: 'loadOnlinePreset',
                src: 'loadOnlinePreset',
                input: ({ context }) => ({
                  exam_type: context.registrationPage,
                  class_stream: context.classStream,
                  state_code: context.programme.registration.courseTypeSwitch?.onlineState ?? '',
                }),
                onDone: {
                  target: 'routing',
                  actions: assign({
                    exam: ({ context, event }) => ({
                      ...context.exam,
                      state: event.output.state,
                      centre: event.output.centre,
                    }),
                  }),
                },
                onError: {
                  target: 'failed',
                  actions: assign({
                    optionsError: ({ event }) => fromError(event.error, 'registration.optionsFailed'),
                  }),
                },
              },
            },
            ...loadingStates(loaders, (error) => ({
              optionsError: fromError(error, 'registration.optionsFailed'),
            })),
          },
        },
        coupon: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'coupon.change': {
                  actions: assign({ coupon: ({ event }) => ({ code: event.code, discount: 0 }) }),
                },
                'coupon.apply': [
                  { guard: 'couponEntered', target: 'applying' },
                  {
                    actions: assign({
                      coupon: ({ context }) => ({
                        ...context.coupon,
                        message: say('validation.coupon.required'),
                      }),
                    }),
                  },
                ],
              },
            },
            applying: {
              id: 'couponApplying',
              invoke: {
                id: 'validateCoupon',
                src: 'validateCoupon',
                input: ({ context }) => ({
                  exam_type: context.registrationPage,
                  coupon_code: context.coupon.code.trim(),
                  class_stream: context.classStream,
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({
                      coupon: ({ context, event }) => ({
                        code: context.coupon.code,
                        applied: context.coupon.code.trim(),
                        discount: event.output.data.exam_discount_amount,
                        message: fromReply(event.output.message, 'registration.couponApplied'),
                      }),
                    }),
                    track('coupon_applied'),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    coupon: ({ context, event }) => ({
                      code: context.coupon.code,
                      discount: 0,
                      message: fromError(event.error, 'registration.couponInvalid'),
                    }),
                  }),
                },
              },
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type RegistrationExamMachine = typeof registrationExamMachine;
