// Step 2 of the registration card (part 2 §4): the student's details. The page's classes and
// streams load once (the parent keeps them); an existing student's prefilled fields stay locked.
// The parent invokes it with what it kept and takes the submitted details back as its output.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  ClassStream,
  MasterClassStreamsQuery,
  MasterClassStreamsReply,
} from '../generated/api/master-class-streams';
import { fromError, type Message } from './message';
import {
  fieldsOf,
  track,
  withLockedFields,
  type RegistrationContext,
  type StudentDetails,
  type TrackParams,
} from './registration-model';

export interface DetailsStepInput extends Pick<
  RegistrationContext,
  'programme' | 'registrationPage' | 'student' | 'locked'
> {
  /** The form as typed elsewhere (another tab or device of this number): the step starts from it. */
  draft?: DetailsDraft;
  /** The page's classes and streams, once loaded. */
  classStreams?: ClassStream[];
}

export interface DetailsStepContext extends DetailsStepInput {
  optionsError?: Message;
  /** The details as submitted, locked fields kept. */
  submitted?: StudentDetails;
  /** The form as typed so far (the date of birth as shown): a reload shows it again. */
  draft?: DetailsDraft;
}

/** The details form's fields as typed, before they are submitted. */
export type DetailsDraft = Partial<Record<keyof StudentDetails, string>>;

export interface DetailsStepOutput {
  details: StudentDetails;
  classStreams?: ClassStream[];
}

export type DetailsStepEvent =
  | { type: 'details.submit'; details: StudentDetails }
  | { type: 'details.draft'; draft: DetailsDraft }
  | { type: 'classStreams.retry' };

export const registrationDetailsMachine = setup({
  types: {
    input: {} as DetailsStepInput,
    context: {} as DetailsStepContext,
    events: {} as DetailsStepEvent,
    output: {} as DetailsStepOutput,
  },
  actors: {
    loadClassStreams: fromPromise<MasterClassStreamsReply, MasterClassStreamsQuery>(async () => {
      throw new Error('registration details step: provide the loadClassStreams actor');
    }),
  },
  actions: {
    /** An analytics event: where the flow is, sent as it happens (never from a view's re-render). */
    track: (_, _params: TrackParams) => {},
    keepDraft: assign({
      draft: ({ event }) => {
        assertEvent(event, 'details.draft');
        return event.draft;
      },
    }),
  },
  guards: {
    /** The submitted details (with locked fields kept) have every field the config requires. */
    detailsComplete: ({ context, event }) => {
      assertEvent(event, 'details.submit');
      const details = withLockedFields(context, event.details);
      return fieldsOf(context.programme, 'student-details').every(
        (f) => !f.required || !(f.name in details) || details[f.name as keyof StudentDetails].trim() !== '',
      );
    },
    classStreamsLoaded: ({ context }) => context.classStreams !== undefined,
  },
}).createMachine({
  id: 'registrationDetails',
  context: ({ input }) => ({ ...input }),
  output: ({ context }) => ({
    details: context.submitted ?? context.student,
    classStreams: context.classStreams,
  }),
  initial: 'routing',
  states: {
    routing: {
      always: [{ guard: 'classStreamsLoaded', target: 'ready' }, { target: 'loadingClassStreams' }],
    },
    loadingClassStreams: {
      invoke: {
        id: 'loadClassStreams',
        src: 'loadClassStreams',
        input: ({ context }) => ({ registration_page: context.registrationPage }),
        onDone: {
          target: 'ready',
          actions: assign({ classStreams: ({ event }) => event.output.data, optionsError: undefined }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            optionsError: ({ event }) => fromError(event.error, 'registration.optionsFailed'),
          }),
        },
      },
      on: { 'details.draft': { actions: 'keepDraft' } },
    },
    // The form is on screen while its lists load, once they have, and when they failed.
    ready: { on: { 'details.draft': { actions: 'keepDraft' } } },
    failed: {
      on: { 'classStreams.retry': 'loadingClassStreams', 'details.draft': { actions: 'keepDraft' } },
    },
    done: { type: 'final' },
  },
  on: {
    'details.submit': {
      guard: 'detailsComplete',
      target: '.done',
      actions: [
        assign({ submitted: ({ context, event }) => withLockedFields(context, event.details) }),
        track('student_details_submitted'),
      ],
    },
  },
});

export type RegistrationDetailsMachine = typeof registrationDetailsMachine;
