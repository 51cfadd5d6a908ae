// Test launch (part 2 §4 "Test launch", §7 POST test launch, §8): the main card's Start Now, and a
// paper's Begin Test or View Result. One launch at a time; the answer's exam_url or result_url is
// opened in a new tab; a failure is logged and tracked as 'test start failure' or 'result view
// failure'. Pure: the calls are named actors, opening the tab and analytics are named actions the
// app supplies with `.provide()`.
import { assign, fromPromise, setup } from 'xstate';
import type { LaunchUrls } from '../generated/api/exam-launch';
import type { TestState } from '../generated/api/dashboard';
import type { ExamStartBody } from '../generated/api/exam-launch-start';
import { launchEventType, testButtonState } from '../domain/test-buttons';
import { fromError, say, type Message } from './message';

export const TEST_LAUNCH_MESSAGE_KEYS = ['testLaunch.startFailed', 'testLaunch.resultFailed'] as const;
export type TestLaunchMessageKey = (typeof TEST_LAUNCH_MESSAGE_KEYS)[number];

/** The analytics events of a failed launch (part 2 §8), without the programme prefix. */
export type LaunchFailureEvent = 'test_start_failure' | 'result_view_failure';

/** What identifies a paper's launch: the server builds the payload from these (POST /api/test-launch). */
export interface LaunchExam {
  exam_short_code: string;
  external_schedule_id: string;
}

export type EventType = 'exam' | 'result';

/** Which button a launch belongs to, so only that button shows the spinner or the blocked link. */
export const launchKey = (exam: LaunchExam): string => `${exam.exam_short_code}|${exam.external_schedule_id}`;
/** The main exam's key: its short code alone (it has no schedule id of its own on the card). */
export const mainLaunchKey = (testShortCode: string): string => testShortCode;

/**
 * What the launch actor is asked to do: start the main exam (POST /api/exam/start, answers
 * data.exam_url) or open a paper or its result (POST /api/test-launch, answers data.exam_url or
 * data.result_url).
 */
export type LaunchRequest = ({ kind: 'main' } & ExamStartBody) | ({ kind: 'paper' } & LaunchExam);

export interface TestLaunchInput {
  /** POST /api/exam/start's source_type. */
  sourceType?: string;
}

export interface TestLaunchContext {
  sourceType: string;
  /** The launch under way, or the last one (its button shows the result). */
  key: string | null;
  eventType: EventType | null;
  /** What is being launched (the launch actor's input). */
  request: LaunchRequest | null;
  /** The browser blocked the new tab: the view offers this link to open by hand. */
  blockedUrl: string | null;
  error: Message<TestLaunchMessageKey> | null;
}

export type TestLaunchEvent =
  /** The main card's button: its card's state decides whether it may start (open, resume). */
  | { type: 'test.start'; testShortCode: string; state: TestState }
  /** A paper's button: its card's state decides whether it starts the test or opens the result. */
  | { type: 'test.launch'; exam: LaunchExam; state: TestState }
  /** The app's openTab found the tab blocked (window.open answered null). */
  | { type: 'tab.blocked'; url: string }
  /** The link was used, or the message closed. */
  | { type: 'launch.dismiss' };

export interface OpenTabParams {
  url: string;
}

export interface TrackFailureParams {
  name: LaunchFailureEvent;
}

export interface LogFailureParams {
  error: unknown;
}

const fail = (): never => {
  throw new Error('test launch machine: actor not provided');
};

const failureOf = (eventType: EventType | null): LaunchFailureEvent =>
  eventType === 'exam' ? 'test_start_failure' : 'result_view_failure';
const messageKeyOf = (eventType: EventType | null): TestLaunchMessageKey =>
  eventType === 'exam' ? 'testLaunch.startFailed' : 'testLaunch.resultFailed';

/** The address the answer gives for this launch, if any. */
const urlOf = (urls: LaunchUrls | undefined, eventType: EventType | null): string | undefined => {
  const url = eventType === 'exam' ? urls?.exam_url : urls?.result_url;
  return url?.trim() ? url : undefined;
};

const noAddress = (): LogFailureParams => ({
  error: new Error('test launch: the answer has no exam_url or result_url'),
});

const hasText = (value: string | undefined): boolean => typeof value === 'string' && value.trim() !== '';

export const testLaunchMachine = setup({
  types: {
    input: {} as TestLaunchInput | undefined,
    context: {} as TestLaunchContext,
    events: {} as TestLaunchEvent,
  },
  actors: {
    /** The call of the request's kind; answers its reply's data (the page's address). */
    launch: fromPromise<LaunchUrls, LaunchRequest>(async () => fail()),
  },
  guards: {
    /** Only an active main-card button starts the exam (part 2 §4 "Main card button states"). */
    startable: ({ event }) =>
      event.type === 'test.start' &&
      testButtonState(event.state) === 'active' &&
      hasText(event.testShortCode),
    /** A disabled button's state never launches, and the ids must be there to send. */
    launchable: ({ event }) =>
      event.type === 'test.launch' &&
      testButtonState(event.state) !== 'disabled' &&
      hasText(event.exam.exam_short_code) &&
      hasText(event.exam.external_schedule_id),
    answeredUrl: ({ context, event }) =>
      'output' in event && urlOf(event.output as LaunchUrls | undefined, context.eventType) !== undefined,
  },
  actions: {
    /** Open the URL in a new tab; if the browser blocks it, send `tab.blocked` back. */
    openTab: (_, _params: OpenTabParams) => {},
    /** The failure event of part 2 §8 (with the programme's prefix, by the app's analytics). */
    trackFailure: (_, _params: TrackFailureParams) => {},
    /** "Test launch failure: logged" (part 2 §8). */
    logFailure: (_, _params: LogFailureParams) => {},
  },
}).createMachine({
  id: 'testLaunch',
  context: ({ input }) => ({
    sourceType: input?.sourceType ?? 'dashboard',
    key: null,
    eventType: null,
    request: null,
    blockedUrl: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'test.start': {
          guard: 'startable',
          target: 'launching',
          actions: assign({
            key: ({ event }) => mainLaunchKey(event.testShortCode),
            eventType: 'exam',
            request: ({ context, event }) => ({
              kind: 'main',
              test_short_code: event.testShortCode,
              source_type: context.sourceType,
            }),
            blockedUrl: null,
            error: null,
          }),
        },
        'test.launch': {
          guard: 'launchable',
          target: 'launching',
          actions: assign({
            key: ({ event }) => launchKey(event.exam),
            eventType: ({ event }) => launchEventType(event.state),
            // Only the two ids: the server builds the payload from them and the session.
            request: ({ event }) => ({
              kind: 'paper',
              exam_short_code: event.exam.exam_short_code,
              external_schedule_id: event.exam.external_schedule_id,
            }),
            blockedUrl: null,
            error: null,
          }),
        },
        // openTab runs as the launch ends and reports a blocked tab at once, so this arrives here.
        'tab.blocked': { actions: assign({ blockedUrl: ({ event }) => event.url }) },
        'launch.dismiss': { actions: assign({ blockedUrl: null, error: null }) },
      },
    },
    // No test.start or test.launch here: a second press during a launch does nothing.
    launching: {
      tags: ['busy'],
      invoke: {
        id: 'launch',
        src: 'launch',
        input: ({ context }) => context.request as LaunchRequest,
        onDone: [
          {
            guard: 'answeredUrl',
            target: 'idle',
            actions: {
              type: 'openTab',
              params: ({ context, event }) => ({ url: urlOf(event.output, context.eventType) ?? '' }),
            },
          },
          { target: 'failed', actions: { type: 'logFailure', params: noAddress } },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
            assign({
              error: ({ context, event }) => fromError(event.error, messageKeyOf(context.eventType)),
            }),
          ],
        },
      },
    },
    // A transient state: every failure (a rejected call, or an answer without the page's address)
    // is tracked once, here, then the buttons are usable again.
    failed: {
      always: {
        target: 'idle',
        actions: [
          { type: 'trackFailure', params: ({ context }) => ({ name: failureOf(context.eventType) }) },
          assign({ error: ({ context }) => context.error ?? say(messageKeyOf(context.eventType)) }),
        ],
      },
    },
  },
});

export type TestLaunchMachine = typeof testLaunchMachine;

/** What the dashboard shows of a launch (the blocks' `context.launch`). */
export interface TestLaunchView {
  busy: boolean;
  /** launchKey / mainLaunchKey of the launch under way or the last one. */
  code: string | null;
  blockedUrl: string | null;
  error: Message<TestLaunchMessageKey> | null;
}

export function testLaunchView(snapshot: {
  hasTag(tag: 'busy'): boolean;
  context: TestLaunchContext;
}): TestLaunchView {
  const { key, blockedUrl, error } = snapshot.context;
  return { busy: snapshot.hasTag('busy'), code: key, blockedUrl, error };
}
