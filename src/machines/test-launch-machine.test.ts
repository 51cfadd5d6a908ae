import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import type { TestState } from '../generated/api/dashboard';
import type { LaunchUrls } from '../generated/api/exam-launch';
import { answeredWith, refusal } from '../api/client.test-support';
import { startExam } from '../api/endpoints/exam-start';
import { launchTest } from '../api/endpoints/test-launch';
import {
  launchKey,
  mainLaunchKey,
  testLaunchMachine,
  testLaunchView,
  type LaunchExam,
  type LaunchRequest,
  type TestLaunchContext,
  type TestLaunchMachine,
  type TestLaunchView,
} from './test-launch-machine';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type ModelStep,
} from './model-based.test-support';

const paper: LaunchExam = { exam_short_code: 'JEE-P1', external_schedule_id: 'S3-2026-05-02' };
const noSchedule: LaunchExam = { exam_short_code: 'JEE-P1', external_schedule_id: '' };
const EXAM_URL = 'http://localhost:3000/sandbox/test-player/t1';
const RESULT_URL = 'http://localhost:3000/result?x=1';

/** An ApiRequestError as the app's client throws it, by shape. */
const apiError = (msg: string) =>
  Object.assign(new Error(msg), { status: 409, body: { success: 'false', msg } });

const view = (snapshot: AnyMachineSnapshot): TestLaunchView =>
  testLaunchView(snapshot as SnapshotFrom<TestLaunchMachine>);

/** The effects the actions had, in order, since the last step. */
const effects: string[] = [];

/** What the student sees after each event (part 2 §4 "Test launch", §8). */
function expectLaunchView(step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot): void {
  const after = view(actual);
  const before = view(previous);
  const event = step.event as {
    type: string;
    testShortCode?: string;
    exam?: LaunchExam;
    state?: TestState;
    url?: string;
    output?: Partial<LaunchUrls>;
    error?: unknown;
  };
  const eventType = (actual.context as TestLaunchContext).eventType;
  const done = effects.splice(0);
  const unchanged = () => {
    expect(after).toEqual(before);
    expect(done).toEqual([]);
  };
  switch (event.type) {
    case 'xstate.init':
      expect(after).toEqual({ busy: false, code: null, blockedUrl: null, error: null });
      expect(done).toEqual([]);
      break;
    case 'test.start':
      if (event.testShortCode?.trim() && (event.state === 'open' || event.state === 'resume')) {
        // The main card's button spins; an earlier blocked link or message goes away.
        expect(after).toEqual({
          busy: true,
          code: mainLaunchKey(event.testShortCode),
          blockedUrl: null,
          error: null,
        });
        expect(done).toEqual([]);
      } else unchanged();
      break;
    case 'test.launch': {
      const launches =
        (event.state === 'open' || event.state === 'resume' || event.state === 'result') &&
        Boolean(event.exam?.external_schedule_id);
      if (launches) {
        expect(after).toEqual({
          busy: true,
          code: launchKey(event.exam as LaunchExam),
          blockedUrl: null,
          error: null,
        });
        expect(eventType).toBe(event.state === 'result' ? 'result' : 'exam');
        expect(done).toEqual([]);
      } else unchanged(); // missed, or nothing to launch: the press does nothing
      break;
    }
    case 'xstate.done.actor.launch': {
      const url = eventType === 'exam' ? event.output?.exam_url : event.output?.result_url;
      expect(after.busy).toBe(false);
      expect(after.code).toBe(before.code);
      if (url) {
        // The page the launch asked for opens in a new tab; nothing is tracked.
        expect(after.error).toBeNull();
        expect(done).toEqual([`open ${url}`]);
      } else {
        // An answer without the page's address is a failure like any other.
        expect(after.error).toEqual({
          key: eventType === 'exam' ? 'testLaunch.startFailed' : 'testLaunch.resultFailed',
        });
        expect(done).toEqual([
          'log',
          `track ${eventType === 'exam' ? 'test_start_failure' : 'result_view_failure'}`,
        ]);
      }
      break;
    }
    case 'xstate.error.actor.launch': {
      const server = (event.error as { body?: { msg?: string } }).body?.msg;
      expect(after.busy).toBe(false);
      expect(after.code).toBe(before.code);
      expect(after.error).toEqual({
        key: eventType === 'exam' ? 'testLaunch.startFailed' : 'testLaunch.resultFailed',
        ...(server ? { server } : {}),
      });
      expect(done).toEqual([
        'log',
        `track ${eventType === 'exam' ? 'test_start_failure' : 'result_view_failure'}`,
      ]);
      break;
    }
    case 'tab.blocked':
      expect(after).toEqual({ ...before, blockedUrl: event.url });
      expect(done).toEqual([]);
      break;
    case 'launch.dismiss':
      expect(after).toEqual({ ...before, blockedUrl: null, error: null });
      expect(done).toEqual([]);
      break;
    default:
      throw new Error(`no expectation for ${event.type}`);
  }
}

describe('test launch machine: model', () => {
  const calls = new PendingCalls();
  const machine = testLaunchMachine.provide({
    actors: { launch: calls.actor<LaunchUrls, LaunchRequest>('launch') },
    actions: {
      openTab: (_, { url }) => void effects.push(`open ${url}`),
      logFailure: () => void effects.push('log'),
      trackFailure: (_, { name }) => void effects.push(`track ${name}`),
    },
  });
  const events = [
    { type: 'test.start', testShortCode: 'JEE-MAIN', state: 'open' },
    { type: 'test.start', testShortCode: 'JEE-MAIN', state: 'upcoming' },
    { type: 'test.start', testShortCode: ' ', state: 'resume' },
    { type: 'test.launch', exam: paper, state: 'open' },
    { type: 'test.launch', exam: paper, state: 'resume' },
    { type: 'test.launch', exam: paper, state: 'result' },
    { type: 'test.launch', exam: paper, state: 'missed' },
    { type: 'test.launch', exam: noSchedule, state: 'open' },
    { type: 'tab.blocked', url: EXAM_URL },
    { type: 'launch.dismiss' },
    { type: 'xstate.done.actor.launch', output: { exam_url: EXAM_URL } },
    { type: 'xstate.done.actor.launch', output: { exam_url: '' } },
    { type: 'xstate.done.actor.launch', output: { result_url: RESULT_URL } },
    { type: 'xstate.error.actor.launch', error: apiError('Your test is not open yet.') },
    { type: 'xstate.error.actor.launch', error: new Error('offline') },
  ];

  it('takes every transition and reaches every state, showing what the student should see', async () => {
    const coverage = emptyCoverage();
    const paths = transitionCoverPaths({ machine, events });
    for (const path of paths) {
      effects.length = 0;
      await replayPath(path, { machine, calls, delays: {}, coverage, expectView: expectLaunchView });
      // Whatever the path, a paper's call carries exactly the two ids the server builds the
      // payload from, and the main exam's its short code: never a disabled or empty launch.
      for (const request of (calls.inputs.get('launch') ?? []) as LaunchRequest[]) {
        expect([
          { kind: 'paper', ...paper },
          { kind: 'main', test_short_code: 'JEE-MAIN', source_type: 'dashboard' },
        ]).toContainEqual(request);
      }
    }
    console.log(`test launch machine: ${paths.length} model paths`);
    expect(paths.length).toBeGreaterThan(5);
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
  });
});

function run(urls: LaunchUrls = { exam_url: EXAM_URL }, options: { blocks?: boolean } = {}) {
  const launch = vi.fn(async (_: LaunchRequest): Promise<LaunchUrls> => urls);
  const opened: string[] = [];
  const trackFailure = vi.fn();
  const machine = testLaunchMachine.provide({
    actors: { launch: fromPromise<LaunchUrls, LaunchRequest>(({ input }) => launch(input)) },
    actions: {
      // As the app does it: window.open answers null when the browser blocks the tab.
      openTab: ({ self }, { url }) => {
        if (options.blocks) self.send({ type: 'tab.blocked', url });
        else opened.push(url);
      },
      trackFailure: (_, params) => trackFailure(params),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  return { actor, launch, opened, trackFailure };
}

describe('test launch machine: rules', () => {
  it('starts the main exam with POST /api/exam/start and opens its exam_url', async () => {
    const { actor, launch, opened } = run();
    actor.send({ type: 'test.start', testShortCode: 'IACST-8', state: 'resume' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(launch).toHaveBeenCalledWith({
      kind: 'main',
      test_short_code: 'IACST-8',
      source_type: 'dashboard',
    });
    expect(opened).toEqual([EXAM_URL]);
  });

  it('launches a paper once however often it is pressed while the first launch is in flight', async () => {
    const { actor, launch, opened } = run();
    const exam = { ...paper, start_time: '2026-05-02T03:30:00.000Z', btn_txt: 'Begin Test' };
    actor.send({ type: 'test.launch', exam, state: 'open' });
    actor.send({ type: 'test.launch', exam, state: 'open' });
    actor.send({ type: 'test.start', testShortCode: 'JEE-MAIN', state: 'open' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(launch).toHaveBeenCalledTimes(1);
    // Only the two ids go to the server, not the rest of the card's exam data.
    expect(launch).toHaveBeenCalledWith({ kind: 'paper', ...paper });
    expect(opened).toEqual([EXAM_URL]);
  });

  it('opens result_url for View Result', async () => {
    const { actor, opened } = run({ exam_url: EXAM_URL, result_url: RESULT_URL });
    actor.send({ type: 'test.launch', exam: paper, state: 'result' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(opened).toEqual([RESULT_URL]);
  });

  it('keeps the blocked tab as a link for the student to open', async () => {
    const { actor } = run({ exam_url: EXAM_URL }, { blocks: true });
    actor.send({ type: 'test.launch', exam: paper, state: 'open' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(testLaunchView(actor.getSnapshot())).toEqual({
      busy: false,
      code: launchKey(paper),
      blockedUrl: EXAM_URL,
      error: null,
    });
    actor.send({ type: 'launch.dismiss' });
    expect(actor.getSnapshot().context.blockedUrl).toBeNull();
  });

  it('tracks result view failure when View Result fails, and test start failure when Begin Test fails', async () => {
    const failing = run({});
    failing.actor.send({ type: 'test.launch', exam: paper, state: 'result' });
    await waitFor(failing.actor, (s) => s.matches('idle'));
    expect(failing.trackFailure).toHaveBeenCalledWith({ name: 'result_view_failure' });
    expect(failing.actor.getSnapshot().context.error).toEqual({ key: 'testLaunch.resultFailed' });

    const { actor, launch, trackFailure } = run();
    launch.mockRejectedValueOnce(apiError('This test has closed.'));
    actor.send({ type: 'test.launch', exam: paper, state: 'open' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(trackFailure).toHaveBeenCalledWith({ name: 'test_start_failure' });
    expect(actor.getSnapshot().context.error).toEqual({
      key: 'testLaunch.startFailed',
      server: 'This test has closed.',
    });
    // The buttons work again: the next press launches.
    actor.send({ type: 'test.launch', exam: paper, state: 'open' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("takes a 200 whose body says success 'false' as a failed launch, with the server's sentence", async () => {
    // The dashboard's wiring (dashboard-route.tsx): the answer's data holds the page's address.
    const { actor, launch, opened, trackFailure } = run();
    launch.mockImplementationOnce(async (request) => {
      if (request.kind !== 'paper') throw new Error('expected a paper');
      const { exam_short_code, external_schedule_id } = request;
      const body = { exam_short_code, external_schedule_id };
      return (
        await answeredWith(refusal('Your result is not ready yet.'), (o) => launchTest('token', body, o))
      ).data;
    });
    launch.mockImplementationOnce(async (request) => {
      if (request.kind !== 'main') throw new Error('expected the main exam');
      const body = { test_short_code: request.test_short_code, source_type: request.source_type };
      return (
        await answeredWith(refusal('Your exam window has not opened yet.'), (o) =>
          startExam('token', body, o),
        )
      ).data;
    });
    actor.send({ type: 'test.launch', exam: paper, state: 'result' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(trackFailure).toHaveBeenCalledWith({ name: 'result_view_failure' });
    expect(actor.getSnapshot().context.error).toEqual({
      key: 'testLaunch.resultFailed',
      server: 'Your result is not ready yet.',
    });
    actor.send({ type: 'test.start', testShortCode: 'IACST-8', state: 'open' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error?.key === 'testLaunch.startFailed');
    expect(opened).toEqual([]);
    expect(trackFailure).toHaveBeenCalledWith({ name: 'test_start_failure' });
    expect(actor.getSnapshot().context.error).toEqual({
      key: 'testLaunch.startFailed',
      server: 'Your exam window has not opened yet.',
    });
  });

  it.each<TestState>(['missed', 'upcoming', 'awaited', 'locked', 'offline_day'])(
    'never launches a button whose card is %s',
    (state) => {
      const { actor, launch } = run();
      actor.send({ type: 'test.launch', exam: paper, state });
      actor.send({ type: 'test.start', testShortCode: 'JEE-MAIN', state });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(launch).not.toHaveBeenCalled();
    },
  );

  it('never starts the main exam from a result card (its button is a link to the result)', () => {
    const { actor, launch } = run();
    actor.send({ type: 'test.start', testShortCode: 'JEE-MAIN', state: 'result' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(launch).not.toHaveBeenCalled();
  });
});
