// The dashboard's loading (part 2 §4 "Dashboard loading"): the dashboard, then, in parallel, the
// course data (only when the main exam has view_report) and the result (the test-platform token
// first, then the result with it). An empty token or result ends that spinner silently. A profile
// update that answers success 'true' loads the dashboard again, keeping what is shown meanwhile.
// Pure: the app provides the actors and the actions (analytics, logging, asking swr to read again).
// Each read has one owner (decision 044). swr owns the dashboard's and the course list's answers
// (the views read them there): the app tells the machine when swr answers (`dashboard.loaded` /
// `dashboard.failed`, `courses.loaded` / `courses.failed`) and the machine keeps only what its flow
// needs of the dashboard, never a copy of an answer; when the flow wants the dashboard again it
// asks (`reloadDashboard`) and swr reads it. The course call waits in `courses.loading` until swr's
// read answers. The test-platform token and the result are the machine's own (no other view reads
// them): it fetches them and keeps the result. The course call also needs the profile's mobile:
// the app sends it (`profile.loaded`) once swr has the profile, so the machine never reads swr's
// cache.
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
  /** The last result summary that came (an empty answer keeps the one shown). */
  result: StudentResultSummary | null;
  /** 'Error: ' plus this (part 2 §8): the failed call's message or the server's msg. */
  error: Message<'portal.loadFailed'> | null;
}

export type DashboardEvent =
  /** swr's dashboard read answered (its first answer, or a new one after a reload). */
  | { type: 'dashboard.loaded'; data: DashboardData }
  /** swr's dashboard read failed ('Error: ' and its message). */
  | { type: 'dashboard.failed'; error: unknown }
  /** swr's course read answered, or failed (only logged, part 2 §8). */
  | { type: 'courses.loaded' }
  | { type: 'courses.failed'; error: unknown }
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
    loadPlatformToken: fromPromise<string>(async () => fail()),
    /** The result summary, or null when there is none yet (an empty answer keeps the one shown). */
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
    /** Asks swr to read the dashboard again; its answer comes back as `dashboard.loaded` or `.failed`. */
    reloadDashboard: () => {},
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
  context: { flow: null, mobileNumber: null, platformToken: null, result: null, error: null },
  initial: 'loading',
  // The profile may answer before, during or after the dashboard: kept for the course call.
  on: {
    'profile.loaded': { actions: assign({ mobileNumber: ({ event }) => event.mobileNumber }) },
  },
  // A root-level delayed transition fires once, 4 s after the machine starts.
  after: { nameWait: { guard: 'nameMissing', actions: 'trackLoadFailure' } },
  states: {
    /** Waiting for swr's dashboard answer (the first, or the one a reload asked for). */
    loading: {
      tags: ['busy'],
      on: {
        'dashboard.loaded': {
          target: 'loaded',
          actions: assign({ flow: ({ event }) => dashboardFlow(event.data), error: null }),
        },
        'dashboard.failed': {
          target: 'error',
          actions: assign({ error: ({ event }) => fromError(event.error, 'portal.loadFailed') }),
        },
      },
    },
    loaded: {
      type: 'parallel',
      on: {
        'dashboard.refresh': { target: 'loading', actions: 'reloadDashboard' },
        'profile.updated': { guard: 'profileSaved', target: 'loading', actions: 'reloadDashboard' },
        // swr read it again by itself (a view mounted): the flow follows, nothing is asked again.
        'dashboard.loaded': { actions: assign({ flow: ({ event }) => dashboardFlow(event.data) }) },
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
            /** swr reads the course list for `courseCall(context)` meanwhile (the app's). */
            loading: {
              tags: ['busy'],
              on: {
                'courses.loaded': 'ready',
                'courses.failed': {
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
                onDone: [
                  { guard: 'emptyAnswer', target: 'none' },
                  { target: 'ready', actions: assign({ result: ({ event }) => event.output }) },
                ],
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
      on: {
        'dashboard.retry': { target: 'loading', actions: 'reloadDashboard' },
        'dashboard.refresh': { target: 'loading', actions: 'reloadDashboard' },
      },
    },
  },
});
