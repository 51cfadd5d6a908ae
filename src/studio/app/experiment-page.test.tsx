// @vitest-environment jsdom
// The Studio's experiments screens over a fake API: a new experiment planned from the page's
// traffic with its problems linked to their inputs; the results in plain words (not enough data
// yet; a verdict past the minimums; the split warning that hides the results); actions by role.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import type { StudioExperimentResults } from '../../generated/api/studio-experiment';
import type { StudioExperiment } from '../../generated/api/studio-experiments';
import { createFakeStudioApi, fakeLanding } from './studio-api.test-support';
import { renderStudioAs } from './studio-render.test-support';

afterEach(cleanup);

const EXPERIMENT: StudioExperiment = {
  id: 'shorter-hero-abcd',
  name: 'Shorter hero',
  hypothesis: 'A shorter first screen gets more repeaters to register.',
  path: '/neet-repeater-scholarship',
  programme: 'iacst',
  arms: [
    { variantKey: 'iacst_repeater_neet', weight: 50 },
    { variantKey: 'iacst_repeater_jee', weight: 50 },
  ],
  goal: 'registered',
  secondary: [],
  minEffect: 0.2,
  plannedPerArm: 3841,
  baselineRate: 0.1,
  status: 'running',
  createdBy: 'Test Editor',
  createdAt: '2026-12-01T05:00:00.000Z',
  startedAt: '2026-12-01T05:30:00.000Z',
  stoppedAt: null,
  winner: null,
};

const results = (over: Partial<StudioExperimentResults>): StudioExperimentResults => ({
  arms: [
    {
      variantKey: 'iacst_repeater_neet',
      weight: 50,
      exposed: 37,
      steps: [{ step: 'registered', conversions: 3, rate: 3 / 37 }],
    },
    {
      variantKey: 'iacst_repeater_jee',
      weight: 50,
      exposed: 41,
      steps: [{ step: 'registered', conversions: 5, rate: 5 / 41 }],
    },
  ],
  srm: { chiSquare: 0.2, p: 0.65, mismatch: false },
  days: 2,
  shortfall: { kind: 'visitors', arm: 0, have: 37, need: 100 },
  verdict: null,
  ...over,
});

function setUp(result: StudioExperimentResults, experiment = EXPERIMENT) {
  const api = createFakeStudioApi({ 'landings/neet-repeater.json': fakeLanding() });
  api.experimentsFake.list.push({ ...experiment });
  api.experimentsFake.results.set(experiment.id, result);
  return api;
}

describe('an experiment’s results', () => {
  it('says there is not enough data yet, and shows no change before the minimums', async () => {
    const api = setUp(results({}));
    const { container } = renderStudioAs(api, 'editor', `/experiments/${EXPERIMENT.id}`);
    expect(await screen.findByRole('heading', { name: 'Shorter hero' })).toBeTruthy();
    expect(
      await screen.findByText(/Not enough data yet: 37 of 100 visitors on “NEET Repeater Scholarship”/),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Results by version' });
    expect(within(table).getByRole('rowheader', { name: /JEE Repeater Scholarship/ })).toBeTruthy();
    expect(within(table).getByText('5 (12.2 %)')).toBeTruthy();
    expect(within(table).getByText('Shown once there is enough data')).toBeTruthy();
    expect(screen.getByText(/you may look every day/)).toBeTruthy();
    // An editor may pause, not start, stop or choose the winner.
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Stop/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Make it the page/ })).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('gives the change with its range and the verdict once the minimums are met', async () => {
    const test = {
      relative: { estimate: 0.24, se: 0.1, low: 0.03, high: 0.45 },
      absolute: { estimate: 0.024, se: 0.01, low: 0.003, high: 0.045 },
      p: 0.01,
      adjustedP: 0.01,
    };
    const api = setUp(
      results({
        arms: [
          {
            variantKey: 'iacst_repeater_neet',
            weight: 50,
            exposed: 2000,
            steps: [{ step: 'registered', conversions: 200, rate: 0.1 }],
          },
          {
            variantKey: 'iacst_repeater_jee',
            weight: 50,
            exposed: 2010,
            steps: [{ step: 'registered', conversions: 249, rate: 249 / 2010, test }],
          },
        ],
        shortfall: null,
        days: 9,
        verdict: { kind: 'winner', variantKey: 'iacst_repeater_jee' },
      }),
    );
    renderStudioAs(api, 'publisher', `/experiments/${EXPERIMENT.id}`);
    expect(await screen.findByText(/“JEE Repeater Scholarship” does better on “Registered”/)).toBeTruthy();
    expect(screen.getByText('+24 % (somewhere between +3.0 % and +45 %); +2.4 points')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Winner'), 'iacst_repeater_jee');
    await userEvent.click(
      screen.getByRole('button', { name: 'Make it the page at /neet-repeater-scholarship' }),
    );
    await waitFor(() =>
      expect(api.experimentsFake.actions).toEqual([
        { id: EXPERIMENT.id, body: { action: 'declare', winner: 'iacst_repeater_jee' } },
      ]),
    );
    const status = await screen.findByText(
      '“JEE Repeater Scholarship” is now the page at /neet-repeater-scholarship.',
    );
    await waitFor(() => expect(document.activeElement).toBe(status));
  });

  it('hides the results behind a warning when the split went wrong', async () => {
    const api = setUp(
      results({
        arms: [
          {
            variantKey: 'iacst_repeater_neet',
            weight: 50,
            exposed: 1348,
            steps: [{ step: 'registered', conversions: 130, rate: 130 / 1348 }],
          },
          {
            variantKey: 'iacst_repeater_jee',
            weight: 50,
            exposed: 1589,
            steps: [{ step: 'registered', conversions: 170, rate: 170 / 1589 }],
          },
        ],
        srm: { chiSquare: 19.8, p: 0.0000087, mismatch: true },
        shortfall: null,
        days: 9,
        verdict: null,
      }),
    );
    renderStudioAs(api, 'editor', `/experiments/${EXPERIMENT.id}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/not shared out as planned/);
    expect(alert.textContent).toMatch(/got 1,348 visitors \(planned 50 %\)/);
    expect(screen.queryByRole('table', { name: 'Results by version' })).toBeNull();
  });
});

describe('a new experiment', () => {
  it('plans the visitors from the page’s traffic, links problems to inputs, and creates it', async () => {
    const api = createFakeStudioApi({
      'landings/neet-repeater.json': fakeLanding({ paths: ['/neet-repeater-scholarship'] }),
    });
    const { container } = renderStudioAs(api, 'editor', '/experiments/new?path=%2Fneet-repeater-scholarship');
    await userEvent.type(
      await screen.findByLabelText('Smallest improvement worth finding (%)'),
      '{Backspace}{Backspace}20',
    );
    expect(screen.getByText(/Each version needs about 3,841 visitors/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create experiment' }));
    const summary = await screen.findByRole('heading', { name: 'The experiment was not created' });
    expect(summary).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-describedby')).toBe('st-exp-name-error');
    expect(
      screen.getByRole('link', { name: 'Choose at least one other version of the page to show.' }),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), 'Shorter hero');
    await userEvent.click(screen.getByRole('checkbox', { name: /JEE Repeater Scholarship/ }));
    // 2 versions at 50 % each of 400 a day: 3,841 ÷ 200 = 20 days.
    expect(screen.getByText(/about 20 days at the last 14 days’ traffic/)).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Create experiment' }));
    expect(await screen.findByRole('heading', { name: 'Shorter hero' })).toBeTruthy();
    expect(api.experimentsFake.list[0]).toMatchObject({
      arms: [
        { variantKey: 'iacst_repeater_neet', weight: 50 },
        { variantKey: 'iacst_repeater_jee', weight: 50 },
      ],
      plannedPerArm: 3841,
      baselineRate: 0.1,
      minEffect: 0.2,
    });
  });
});
