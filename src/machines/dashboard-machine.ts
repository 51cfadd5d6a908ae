// The dashboard's loading (part 2 §4 "Dashboard loading"): the dashboard, then, in parallel, the
// course data (only when the main exam has view_report) and the result (the test-platform token
// first, then the result with it). An empty token or result ends that spinner silently. A profile
// update that answers success 'true' loads the dashboard again, keeping what is shown meanwhile.
// Pure: the app provides the actors (the API through swr) and the actions (analytics, logging).
// The answers are swr's, and the views read them there: the machine keeps only what its flow needs
// of the dashboard (from the load's done event), never a copy of an answer. The course call also
// needs the profile's mobile: the app sends it (`profile.loaded`) once swr has the profile, so the
// machine never reads swr's cache.
import { assign, fromPromise, setup } from 'xstate';
import type { DashboardData } from '../generated/api/dashboard';
import type { StudentResultSummary } from '../generated/api/result-student';
import { fromError, type Message } from './message';

/** What the flow needs of the dashboard's answer (the answer itself is swr's). */
export interface DashboardFlow {
  /** The result call's roll number. */
  rollNumber: string;
  /** The student's name is there to show (part 2 §8: else 'dashboard load failure' at 4 s). */
  named: boolean;
  /** The main exam has view_report: the course data is asked for. */
  showsReport: boolean;
  /** The course call's query, as far as the dashboard gives it (the mobile is the profile's). */
  courseQuery: Pick<DashboardData, 'class' | 'stream' | 'branch_code' | 'roll_number'> & {
    careerType: string | undefined;
  };
}

export function dashboardFlow(data: DashboardData): DashboardFlow {
  const main = data.main_exam[0];
  return {
    rollNumber: data.roll_number,
    named: Boolean(data.student_name),
    showsReport: main?.view_report === 1,
    courseQuery: {
      class: data.class,
      stream: data.stream,
      branch_code: data.branch_code,
      roll_number: data.roll_number,
      careerType: main?.career_type || undefined,
    },
  };
}

/** The course call's whole query: the dashboard's part and the profile's mobile. */
export type CourseCall = DashboardFlow['courseQuery'] & { mobileNumber: string };

export interface DashboardContext {
  /** Null until the dashboard first loads (then the blocks show, from swr's answer). */
  flow: DashboardFlow | null;
  /** The profile's mobile, from the last `profile.loaded` (null until the app has the profile). */
  mobileNumber: string | null;
  /** The short-lived test-platform token the result call is authorised by. */
  platformToken: string | null;
  /** 'Error: ' plus this (part 2 §8): the failed call's message or the server's msg. */
  error: Message<'portal.loadFailed'> | null;
}

export type DashboardEvent =
  | { type: 'dashboard.refresh' }
  | { type: 'profile.updated'; success: string }
  | { type: 'dashboard.retry' }
  /** The app's profile read (swr) answered: the course call waits for its mobile. */
  | { type: 'profile.loaded'; mobileNumber: string }
  /** The profile read failed: no course call (as a failed course call, only logged). */
  | { type: 'profile.failed'; error: unknown };

/** The course call's query once both the dashboard and the profile are in, else null. */
export function courseCall(context: DashboardContext): CourseCall | null {
  return context.flow && context.mobileNumber !== null
    ? { ...context.flow.courseQuery, mobileNumber: context.mobileNumber }
    : null;
}

const fail = (): never => {
  throw new Error('dashboard machine: actor not provided');
};

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    loadDashboard: fromPromise<DashboardData>(async () => fail()),
    /** Fills swr's course answer (the views read it there). */
    loadCourses: fromPromise<undefined, CourseCall>(async () => fail()),
    loadPlatformToken: fromPromise<string>(async () => fail()),
    /** Fills swr's result answer when there is one (an empty answer keeps the one shown). */
    loadResult: fromPromise<StudentResultSummary | null, { platformToken: string; rollNumber: string }>(
      async () => fail(),
    ),
  },
  guards: {
    showsReport: ({ context }) => context.flow?.showsReport === true,
    hasProfile: ({ context }) => context.mobileNumber !== null,
    nameMissing: ({ context }) => !context.flow?.named,
    profileSaved: ({ event }) => event.type === 'profile.updated' && event.success === 'true',
    /** An empty token or result ends that spinner silently (part 2 §4). */
    emptyAnswer: ({ event }) => !(event as { output?: unknown }).output,
  },
  actions: {
    /** The "dashboard load failure" analytics event (part 2 §8). */
    trackLoadFailure: () => {},
    /** 'Error fetching course data' is only logged (part 2 §8). */
    logCourseError: (_, _params: { error: unknown }) => {},
  },
  delays: {
    /** The name must be on screen by then (part 2 §8). */
    nameWait: 4000,
  },
}).createMachine({
  id: 'dashboard',
  context: { flow: null, mobileNumber: null, platformToken: null, error: null },
  initial: 'loading',
  // The profile may answer before, during or after the dashboard: kept for the course call.
  on: {
    'profile.loaded': { actions: assign({ mobileNumber: ({ event }) => event.mobileNumber }) },
  },
  // A root-level delayed transition fires once, 4 s after the machine starts.
  after: { nameWait: { guard: 'nameMissing', actions: 'trackLoadFailure' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadDashboard',
        src: 'loadDashboard',
        onDone: {
          target: 'loaded',
          actions: assign({ flow: ({ event }) => dashboardFlow(event.output), error: null }),
        },
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => fromError(event.error, 'portal.loadFailed') }),
        },
      },
    },
    loaded: {
      type: 'parallel',
      on: {
        'dashboard.refresh': 'loading',
        'profile.updated': { guard: 'profileSaved', target: 'loading' },
      },
      states: {
        courses: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'showsReport', target: 'profile' }, { target: 'none' }] },
            // The course call needs the profile's mobile: it waits for the app's `profile.loaded`.
            profile: {
              tags: ['busy'],
              always: { guard: 'hasProfile', target: 'loading' },
              on: {
                'profile.failed': {
                  target: 'none',
                  actions: { type: 'logCourseError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            loading: {
              tags: ['busy'],
              invoke: {
                id: 'loadCourses',
                src: 'loadCourses',
                input: ({ context }) => courseCall(context) as CourseCall,
                onDone: 'ready',
                onError: {
                  target: 'none',
                  actions: { type: 'logCourseError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            ready: {},
            none: {},
          },
        },
        result: {
          initial: 'token',
          states: {
            token: {
              tags: ['busy'],
              invoke: {
                id: 'loadPlatformToken',
                src: 'loadPlatformToken',
                onDone: [
                  { guard: 'emptyAnswer', target: 'none' },
                  { target: 'fetching', actions: assign({ platformToken: ({ event }) => event.output }) },
                ],
                onError: 'none',
              },
            },
            fetching: {
              tags: ['busy'],
              invoke: {
                id: 'loadResult',
                src: 'loadResult',
                input: ({ context }) => ({
                  platformToken: context.platformToken ?? '',
                  rollNumber: context.flow?.rollNumber ?? '',
                }),
                onDone: [{ guard: 'emptyAnswer', target: 'none' }, { target: 'ready' }],
                onError: 'none',
              },
            },
            ready: {},
            none: {},
          },
        },
      },
    },
    error: {
      on: { 'dashboard.retry': 'loading', 'dashboard.refresh': 'loading' },
    },
  },
});
