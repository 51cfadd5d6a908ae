import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  waitFor,
  type AnyMachineSnapshot,
  type SnapshotFrom,
} from 'xstate';
import type { DashboardData } from '../generated/api/dashboard';
import type { StudentResultSummary } from '../generated/api/result-student';
import { dashboardData, mainCard } from '../features/dashboard/dashboard.test-support';
import { dashboardView } from '../features/dashboard/dashboard-view';
import { courseCall, dashboardFlow, dashboardMachine, type DashboardContext } from './dashboard-machine';
import { answeredWith, refusal } from '../api/client.test-support';
import { fetchCourses } from '../api/endpoints/courses';
import { fetchDashboard } from '../api/endpoints/dashboard';
import { fetchTestPlatformToken } from '../api/endpoints/test-platform-token';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type ModelStep,
} from './model-based.test-support';

const beforeExam = dashboardData();
const afterExam = dashboardData({
  main_exam: [mainCard({ view_report: 1, exam_button_text: 'View Result' })],
});
const nameless = dashboardData({ student_name: '' });
const result = { roll_number: '250000000005', overall_percentage: '75.0' } as StudentResultSummary;
const failure = Object.assign(new Error('Dashboard is down'), {
  status: 500,
  body: { msg: 'Dashboard is down' },
});

type Snapshot = SnapshotFrom<typeof dashboardMachine>;

/** What the student sees after each event (part 2 §2 "Dashboard layout", §4 "Dashboard loading"). */
function expectDashboardView(
  step: ModelStep,
  actualSnapshot: AnyMachineSnapshot,
  previousSnapshot: AnyMachineSnapshot,
) {
  const actual = actualSnapshot as Snapshot;
  const previous = previousSnapshot as Snapshot;
  const view = dashboardView(actual);
  const before = dashboardView(previous);
  const event = step.event as { type: string; output?: unknown; success?: string; data?: unknown };
  switch (event.type) {
    case 'xstate.init':
      expect(view).toMatchObject({ status: 'loading', error: null, refreshing: false });
      break;
    case 'dashboard.loaded': {
      // swr's answer (the app's event): a new flow while loaded, else the blocks show.
      const data = event.data as DashboardData;
      expect(actual.context.flow).toEqual(dashboardFlow(data));
      expect(view.status).toBe(previous.matches('error') ? before.status : 'loaded');
      if (!previous.matches('loading')) break;
      // The machine keeps its flow's part of the answer, never the answer (swr's).
      expect(actual.context.flow).toEqual(dashboardFlow(data));
      expect(Object.values(actual.context)).not.toContain(data);
      // Course data only when the main exam has view_report (after the profile's mobile); the
      // result's token first.
      expect(view.coursesLoading).toBe(data.main_exam[0]?.view_report === 1);
      expect(actual.matches({ loaded: { courses: 'loading' } })).toBe(
        data.main_exam[0]?.view_report === 1 && actual.context.mobileNumber !== null,
      );
      expect(view.resultLoading).toBe(true);
      expect(actual.matches({ loaded: { result: 'token' } })).toBe(true);
      break;
    }
    case 'dashboard.failed':
      // Heard only while the machine waits for an answer.
      if (!previous.matches('loading')) {
        expect(view).toEqual(before);
        break;
      }
      // First load: the error screen; a reload: the blocks stay with 'Error: …' above them.
      expect(view.status).toBe(actual.context.flow ? 'loaded' : 'error');
      expect(view.error).toEqual({ key: 'portal.loadFailed', server: 'Dashboard is down' });
      break;
    case 'xstate.done.actor.loadPlatformToken':
      // An empty token ends the spinner silently; else the result is fetched with it.
      expect(view.resultLoading).toBe(event.output !== '');
      if (event.output) expect(actual.context.platformToken).toBe(event.output);
      break;
    case 'xstate.error.actor.loadPlatformToken':
    case 'xstate.error.actor.loadResult':
      expect(view.resultLoading).toBe(false);
      expect(view.error).toBeNull();
      break;
    case 'xstate.done.actor.loadResult':
      // An empty answer ends the spinner silently and keeps the result shown (the machine's own).
      expect(view.resultLoading).toBe(false);
      expect(actual.matches({ loaded: { result: event.output ? 'ready' : 'none' } })).toBe(true);
      expect(actual.context.result).toEqual(event.output ?? previous.context.result);
      break;
    case 'courses.loaded':
      // swr's course read answered: the spinner ends when the machine waited for it.
      expect(view.coursesLoading).toBe(false);
      if (previous.matches({ loaded: { courses: 'loading' } }))
        expect(actual.matches({ loaded: { courses: 'ready' } })).toBe(true);
      break;
    case 'courses.failed':
      expect(view.coursesLoading).toBe(false);
      expect(view.status).toBe(before.status);
      break;
    case 'profile.loaded':
      // The mobile is kept; a course call that waited for it starts with it.
      expect(actual.context.mobileNumber).toBe((event as { mobileNumber?: string }).mobileNumber);
      expect(view.coursesLoading).toBe(before.coursesLoading);
      if (previous.matches({ loaded: { courses: 'profile' } }))
        expect(actual.matches({ loaded: { courses: 'loading' } })).toBe(true);
      break;
    case 'profile.failed':
      // No profile, no course call: the spinner ends, only logged (as a failed course call).
      if (previous.matches({ loaded: { courses: 'profile' } })) {
        expect(view.coursesLoading).toBe(false);
        expect(actual.matches({ loaded: { courses: 'none' } })).toBe(true);
      }
      expect(view.status).toBe(before.status);
      break;
    case 'profile.updated':
    case 'dashboard.refresh':
    case 'dashboard.retry': {
      const reloads = event.type !== 'profile.updated' || event.success === 'true';
      expect(view.status).toBe(reloads ? (actual.context.flow ? 'loaded' : 'loading') : before.status);
      expect(view.refreshing).toBe(reloads && actual.context.flow !== null);
      break;
    }
  }
}

/** The machine's requests to read the dashboard again (swr's to do, decision 044). */
const reloads = vi.fn();

describe('dashboard machine: model', () => {
  const calls = new PendingCalls();
  const delays = { nameWait: 4000 };
  const trackLoadFailure = vi.fn();
  const machine = dashboardMachine.provide({
    actors: {
      loadPlatformToken: calls.actor('loadPlatformToken'),
      loadResult: calls.actor('loadResult'),
    },
    actions: { trackLoadFailure, reloadDashboard: reloads },
    delays,
  });
  const events = [
    { type: 'dashboard.loaded', data: beforeExam },
    { type: 'dashboard.loaded', data: afterExam },
    { type: 'dashboard.failed', error: failure },
    { type: 'courses.loaded' },
    { type: 'courses.failed', error: failure },
    { type: 'xstate.done.actor.loadPlatformToken', output: 'platform-1' },
    { type: 'xstate.done.actor.loadPlatformToken', output: '' },
    { type: 'xstate.error.actor.loadPlatformToken', error: failure },
    { type: 'xstate.done.actor.loadResult', output: result },
    { type: 'xstate.done.actor.loadResult', output: null },
    { type: 'xstate.error.actor.loadResult', error: failure },
    { type: 'dashboard.refresh' },
    { type: 'dashboard.retry' },
    { type: 'profile.updated', success: 'true' },
    { type: 'profile.updated', success: 'false' },
    { type: 'profile.loaded', mobileNumber: '9876543210' },
    { type: 'profile.failed', error: failure },
  ];
  const project = (c: DashboardContext) => ({
    report: c.flow === null ? null : c.flow.showsReport,
    result: c.result !== null,
    profile: c.mobileNumber !== null,
    token: c.platformToken,
    error: c.error !== null,
  });

  it('takes every transition and reaches every state, asserting the view at each step', async () => {
    const coverage = emptyCoverage();
    const paths = transitionCoverPaths({ machine, events, project: (c) => project(c as DashboardContext) });
    for (const path of paths) {
      await replayPath(path, {
        machine,
        calls,
        delays,
        coverage,
        expectView: (step, actual, previous) => {
          expectDashboardView(step, actual, previous);
          // A refresh, a retry or a saved profile asks swr to read again, once; nothing else does.
          const type = step.event.type;
          const asks =
            (type === 'dashboard.refresh' || type === 'dashboard.retry' || type === 'profile.updated') &&
            actual.matches('loading') &&
            !previous.matches('loading');
          expect(reloads).toHaveBeenCalledTimes(asks ? 1 : 0);
          reloads.mockClear();
        },
      });
    }
    console.log(`dashboard machine: ${paths.length} model paths`);
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
  });
});

describe('dashboard machine: rules', () => {
  /**
   * The machine as the route runs it: swr's reads answer with events. The dashboard answers `data`
   * at start and on each reload the machine asks for; the course list answers once the machine
   * waits for it (its query is the one swr reads with).
   */
  function run(data: DashboardData, mobileNumber = '9876543210') {
    const clock = new SimulatedClock();
    const trackLoadFailure = vi.fn();
    const courseQueries: unknown[] = [];
    const loadResult = vi.fn(
      async (platformToken: string, _rollNumber: string): Promise<StudentResultSummary | null> => ({
        ...result,
        test_short_code: platformToken,
      }),
    );
    const dashboardReads = vi.fn();
    const machine = dashboardMachine.provide({
      actors: {
        loadPlatformToken: fromPromise(async () => 'platform-9'),
        loadResult: fromPromise(({ input }) => loadResult(input.platformToken, input.rollNumber)),
      },
      actions: {
        trackLoadFailure,
        reloadDashboard: () => {
          dashboardReads();
          queueMicrotask(() => actor.send({ type: 'dashboard.loaded', data }));
        },
      },
    });
    const actor = createActor(machine, { clock });
    let waiting = false;
    actor.subscribe((snapshot) => {
      const now = snapshot.matches({ loaded: { courses: 'loading' } });
      if (now && !waiting) {
        courseQueries.push(courseCall(snapshot.context));
        queueMicrotask(() => actor.send({ type: 'courses.loaded' }));
      }
      waiting = now;
    });
    actor.start();
    dashboardReads();
    actor.send({ type: 'dashboard.loaded', data });
    // The app sends the profile's mobile once swr has the profile.
    actor.send({ type: 'profile.loaded', mobileNumber });
    return { actor, clock, trackLoadFailure, courseQueries, loadResult, dashboardReads };
  }

  it('asks for course data only when the main exam has view_report', async () => {
    const before = run(beforeExam);
    await waitFor(before.actor, (s) => s.matches({ loaded: { result: 'ready' } }));
    expect(before.courseQueries).toEqual([]);
    const after = run(afterExam);
    await waitFor(after.actor, (s) => s.matches({ loaded: { courses: 'ready' } }));
    // The course call's query, from the dashboard's answer and the profile the app sent.
    expect(after.courseQueries).toEqual([
      {
        class: afterExam.class,
        stream: afterExam.stream,
        branch_code: afterExam.branch_code,
        roll_number: afterExam.roll_number,
        careerType: afterExam.main_exam[0]?.career_type || undefined,
        mobileNumber: '9876543210',
      },
    ]);
  });

  it("waits for the profile's mobile as an event: the course call never reads swr's cache", async () => {
    const logCourseError = vi.fn();
    const machine = dashboardMachine.provide({
      actors: { loadPlatformToken: fromPromise(async () => '') },
      actions: { logCourseError },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'dashboard.loaded', data: afterExam });
    // No profile yet: no course query, the course spinner shows.
    expect(actor.getSnapshot().matches({ loaded: { courses: 'profile' } })).toBe(true);
    expect(courseCall(actor.getSnapshot().context)).toBeNull();
    expect(dashboardView(actor.getSnapshot()).coursesLoading).toBe(true);
    actor.send({ type: 'profile.loaded', mobileNumber: '9123456780' });
    expect(actor.getSnapshot().matches({ loaded: { courses: 'loading' } })).toBe(true);
    expect(courseCall(actor.getSnapshot().context)?.mobileNumber).toBe('9123456780');
    actor.send({ type: 'courses.loaded' });
    expect(actor.getSnapshot().matches({ loaded: { courses: 'ready' } })).toBe(true);
    // A failed profile read ends the wait like a failed course call: logged, no spinner.
    const failing = createActor(machine).start();
    failing.send({ type: 'dashboard.loaded', data: afterExam });
    failing.send({ type: 'profile.failed', error: failure });
    expect(failing.getSnapshot().matches({ loaded: { courses: 'none' } })).toBe(true);
    expect(dashboardView(failing.getSnapshot()).coursesLoading).toBe(false);
    expect(logCourseError).toHaveBeenCalledTimes(1);
  });

  it('fetches the result with the test-platform token, and keeps it', async () => {
    const { actor, loadResult } = run(afterExam);
    await waitFor(actor, (s) => s.matches({ loaded: { result: 'ready' } }));
    expect(loadResult.mock.calls[0]).toEqual(['platform-9', afterExam.roll_number]);
    expect(actor.getSnapshot().context.result).toEqual({ ...result, test_short_code: 'platform-9' });
  });

  it('tracks "dashboard load failure" when the name is missing after 4 s, and only then', async () => {
    const missing = run(nameless);
    await waitFor(missing.actor, (s) => s.matches('loaded'));
    missing.clock.increment(3999);
    expect(missing.trackLoadFailure).not.toHaveBeenCalled();
    missing.clock.increment(1);
    expect(missing.trackLoadFailure).toHaveBeenCalledTimes(1);
    const named = run(beforeExam);
    await waitFor(named.actor, (s) => s.matches('loaded'));
    named.clock.increment(4000);
    expect(named.trackLoadFailure).not.toHaveBeenCalled();
  });

  it("takes a 200 whose body says success 'false' as a failure: 'Error: ' and the server's msg, or a quiet end", async () => {
    // The dashboard: the error card with the server's sentence (part 2 §8).
    const refusedError = await answeredWith(refusal('Your registration is on hold.'), (o) =>
      fetchDashboard('token', o),
    ).catch((error: unknown) => error);
    const refused = createActor(dashboardMachine).start();
    refused.send({ type: 'dashboard.failed', error: refusedError });
    expect(dashboardView(refused.getSnapshot())).toMatchObject({
      status: 'error',
      error: { key: 'portal.loadFailed', server: 'Your registration is on hold.' },
    });
    // The course data and the test-platform token: logged or ended quietly, never taken as answers.
    const logCourseError = vi.fn();
    const machine = dashboardMachine.provide({
      actors: {
        loadPlatformToken: fromPromise(
          async () =>
            (
              await answeredWith(refusal('The test platform is down.'), (o) =>
                fetchTestPlatformToken('token', o),
              )
            ).data,
        ),
      },
      actions: { logCourseError: (_, params) => logCourseError(params) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'dashboard.loaded', data: afterExam });
    actor.send({ type: 'profile.loaded', mobileNumber: '9876543210' });
    const query = courseCall(actor.getSnapshot().context);
    if (!query) throw new Error('no course query');
    const { mobileNumber, careerType, ...rest } = query;
    const coursesError = await answeredWith(refusal('No courses.'), (o) =>
      fetchCourses('token', { ...rest, mobile_number: mobileNumber }, careerType, o),
    ).catch((error: unknown) => error);
    actor.send({ type: 'courses.failed', error: coursesError });
    await waitFor(actor, (s) => s.matches({ loaded: { courses: 'none', result: 'none' } }));
    expect(logCourseError).toHaveBeenCalledWith({
      error: expect.objectContaining({ status: 200, message: 'No courses.' }),
    });
  });

  it('loads again after a profile update that answers success "true", not "false"', async () => {
    const { actor, dashboardReads } = run(beforeExam);
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'profile.updated', success: 'false' });
    expect(dashboardReads).toHaveBeenCalledTimes(1);
    actor.send({ type: 'profile.updated', success: 'true' });
    expect(dashboardView(actor.getSnapshot()).refreshing).toBe(true);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(dashboardReads).toHaveBeenCalledTimes(2);
  });
});
