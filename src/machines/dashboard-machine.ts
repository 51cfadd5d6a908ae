// The dashboard's loading (part 2 §4 "Dashboard loading"): the dashboard, then, in parallel, the
// course data (only when the main exam has view_report) and the result (the test-platform token
// first, then the result with it). An empty token or result ends that spinner silently. A profile
// update that answers success 'true' loads the dashboard again, keeping what is shown meanwhile.
// Pure: the app provides the actors (the API through swr) and the actions (analytics, logging).
import { assign, fromPromise, setup } from 'xstate';
import type { DashboardData } from '../generated/api/dashboard';
import type { CourseListReply } from '../generated/api/course-list';
import type { StudentResultSummary } from '../generated/api/result-student';
import { fromError, type Message } from './message';

export interface DashboardContext {
  dashboard: DashboardData | null;
  courses: CourseListReply | null;
  result: StudentResultSummary | null;
  /** The short-lived test-platform token the result call is authorised by. */
  platformToken: string | null;
  /** 'Error: ' plus this (part 2 §8): the failed call's message or the server's msg. */
  error: Message<'portal.loadFailed'> | null;
}

export type DashboardEvent =
  { type: 'dashboard.refresh' } | { type: 'profile.updated'; success: string } | { type: 'dashboard.retry' };

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
    loadCourses: fromPromise<CourseListReply, DashboardData>(async () => fail()),
    loadPlatformToken: fromPromise<string>(async () => fail()),
    loadResult: fromPromise<StudentResultSummary | null, { platformToken: string; dashboard: DashboardData }>(
      async () => fail(),
    ),
  },
  guards: {
    showsReport: ({ context }) => context.dashboard?.main_exam[0]?.view_report === 1,
    nameMissing: ({ context }) => !context.dashboard?.student_name,
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
  context: { dashboard: null, courses: null, result: null, platformToken: null, error: null },
  initial: 'loading',
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
          actions: assign({ dashboard: ({ event }) => event.output, error: null }),
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
            deciding: { always: [{ guard: 'showsReport', target: 'loading' }, { target: 'none' }] },
            loading: {
              tags: ['busy'],
              invoke: {
                id: 'loadCourses',
                src: 'loadCourses',
                input: ({ context }) => context.dashboard as DashboardData,
                onDone: { target: 'ready', actions: assign({ courses: ({ event }) => event.output }) },
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
                  dashboard: context.dashboard as DashboardData,
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
      on: { 'dashboard.retry': 'loading', 'dashboard.refresh': 'loading' },
    },
  },
});
