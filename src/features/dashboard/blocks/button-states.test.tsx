// @vitest-environment jsdom
// The dashboard's test buttons follow the state the server sends on each card (exam_data.state,
// decision 026), never their words. The same answers are rendered three times: with the spec's
// words, with every state worded as another state's button (so code that matched a label would get
// each button wrong), and in Hindi. Which buttons are enabled, which say why they wait and what a
// press launches must be the same each time, and must be what the state says.
import { cleanup, fireEvent, render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardData, SampleExamCard, TestState } from '../../../generated/api/dashboard';
import { LiveTest } from './live-test';
import { jeeContext, jeeData, NOW, SERIES_BUTTON, series } from './mock-jee.test-support';
import { fakeActions } from '../dashboard.test-support';
import { SamplePapers } from './sample-papers';

type Words = Readonly<Record<TestState, string>>;

/** Each state worded as another state's button: matching these would invert every decision. */
const SWAPPED: Words = {
  upcoming: 'Begin Test',
  open: 'Missed',
  resume: 'Upcoming',
  offline_day: 'Resume Test',
  missed: 'View Result',
  awaited: 'Start Now',
  result: 'Locked',
  locked: 'View Report',
};
const HINDI: Words = {
  upcoming: 'जल्द आ रहा है',
  open: 'टेस्ट शुरू करें',
  resume: 'टेस्ट जारी रखें',
  offline_day: 'आज परीक्षा है',
  missed: 'छूट गया',
  awaited: 'परिणाम की प्रतीक्षा',
  result: 'परिणाम देखें',
  locked: 'बंद',
};
const WORDINGS: Array<[string, Words]> = [
  ['swapped', SWAPPED],
  ['Hindi', HINDI],
];

const STATES: TestState[] = [
  'upcoming',
  'open',
  'resume',
  'offline_day',
  'missed',
  'awaited',
  'result',
  'locked',
];

interface ButtonBehaviour {
  enabled: boolean;
  /** The button points at a reason it cannot be pressed. */
  saysWhy: boolean;
  /** What a press launched: the paper's code and the state sent with it, or nothing. */
  launched: string | null;
}

/** Every button of what was rendered, in order: enabled, says why, and what a press launches. */
function behaviour(root: HTMLElement, actions: ReturnType<typeof fakeActions>): ButtonBehaviour[] {
  return within(root)
    .getAllByRole('button')
    .map((button) => {
      actions.launchPaper.mockClear();
      const enabled = !button.hasAttribute('disabled');
      if (enabled) fireEvent.click(button);
      const exam = actions.launchPaper.mock.calls[0]?.[0];
      return {
        enabled,
        saysWhy: button.hasAttribute('aria-describedby'),
        launched: exam ? `${exam.exam_short_code}:${exam.state}` : null,
      };
    });
}

const sampleCard = (state: TestState, words: Words): SampleExamCard => ({
  card_title: `Sample paper (${state})`,
  exam_end_date: '23 Nov 2027',
  card_description: 'One hour.',
  exam_button_text: words[state],
  exam_button_link: '',
  view_report: 0,
  report_text: '',
  report_link: '',
  exam_data: {
    exam_short_code: `SAMPLE-${state}`,
    external_schedule_id: 'sample',
    start_time: '2026-01-01T00:00:00.000Z',
    end_time: '2027-01-01T00:00:00.000Z',
    btn_txt: words[state],
    state,
    exam_date: '2027-01-01',
    test_name: `Sample paper (${state})`,
  },
});

function samples(words: Words): DashboardData {
  const data = jeeData([]);
  return {
    ...data,
    sample_exam: STATES.map((state) => sampleCard(state, words)),
    // Bought: no promo, so every button of the block is a paper's.
    static_data: { ...data.static_data, mock_purchased: true },
  };
}

function renderSamples(words: Words): ButtonBehaviour[] {
  const actions = fakeActions();
  const { container } = render(
    <SamplePapers block={{ type: 'samplePapers' }} context={jeeContext(samples(words), actions)} />,
  );
  const found = behaviour(container, actions);
  cleanup();
  return found;
}

/** Today's series with its two papers in these states. */
function renderSeries(states: [TestState, TestState], words: Words): ButtonBehaviour[] {
  const actions = fakeActions();
  const data = jeeData([series(3, 'Ongoing', 0, states, undefined, words)]);
  const { container } = render(<LiveTest block={{ type: 'liveTest' }} context={jeeContext(data, actions)} />);
  const found = behaviour(container, actions);
  cleanup();
  return found;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('sample and mock papers: the button follows exam_data.state', () => {
  const spec = () => renderSamples(SERIES_BUTTON);

  it('opens for open, resume and result; is disabled, saying why, for every other state', () => {
    expect(spec()).toEqual(
      STATES.map((state) => {
        const opens = state === 'open' || state === 'resume' || state === 'result';
        return { enabled: opens, saysWhy: !opens, launched: opens ? `SAMPLE-${state}:${state}` : null };
      }),
    );
  });

  it.each(WORDINGS)('behaves the same with the buttons worded otherwise (%s)', (_, words) => {
    expect(renderSamples(words)).toEqual(spec());
  });
});

describe("a series' papers: each follows its state, and Paper 2 waits for an open Paper 1", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });

  const cases: Array<[TestState, TestState, ButtonBehaviour[]]> = [
    [
      'open',
      'open',
      [
        { enabled: true, saysWhy: false, launched: 'JEE-ADV-P1:open' },
        { enabled: false, saysWhy: true, launched: null },
      ],
    ],
    [
      'resume',
      'open',
      [
        { enabled: true, saysWhy: false, launched: 'JEE-ADV-P1:resume' },
        { enabled: false, saysWhy: true, launched: null },
      ],
    ],
    [
      'result',
      'open',
      [
        { enabled: true, saysWhy: false, launched: 'JEE-ADV-P1:result' },
        { enabled: true, saysWhy: false, launched: 'JEE-ADV-P2:open' },
      ],
    ],
    [
      'awaited',
      'resume',
      [
        { enabled: false, saysWhy: false, launched: null },
        { enabled: true, saysWhy: false, launched: 'JEE-ADV-P2:resume' },
      ],
    ],
    [
      'missed',
      'upcoming',
      [
        { enabled: false, saysWhy: false, launched: null },
        { enabled: false, saysWhy: false, launched: null },
      ],
    ],
  ];

  it.each(cases)('%s, %s: with the spec words', (first, second, expected) => {
    expect(renderSeries([first, second], SERIES_BUTTON)).toEqual(expected);
  });

  it.each(cases)('%s, %s: the same with the buttons worded otherwise', (first, second, expected) => {
    for (const [, words] of WORDINGS) expect(renderSeries([first, second], words)).toEqual(expected);
  });
});
