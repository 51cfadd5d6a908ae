// A fake of the Studio's experiments API for component tests: experiments kept in memory, a plan
// for any landing page, results as the test sets them, and every action recorded.
import type { StudioExperimentActionBody } from '../../generated/api/studio-experiment-action';
import type { StudioExperimentPlanReply } from '../../generated/api/studio-experiment-plan';
import type { StudioExperimentResults } from '../../generated/api/studio-experiment';
import type { StudioExperiment } from '../../generated/api/studio-experiments';
import { StudioApiError, type StudioApi } from './studio-api';

export interface FakeExperiments extends Pick<
  StudioApi,
  'experiments' | 'experimentPlan' | 'createExperiment' | 'experiment' | 'experimentAction'
> {
  list: StudioExperiment[];
  /** Results by experiment id (default: nobody exposed yet). */
  results: Map<string, StudioExperimentResults>;
  actions: { id: string; body: StudioExperimentActionBody }[];
  plan: StudioExperimentPlanReply;
}

export const FAKE_PLAN: StudioExperimentPlanReply = {
  path: '/neet-repeater-scholarship',
  title: 'NEET Repeater Scholarship',
  variantKey: 'iacst_repeater_neet',
  paid: false,
  variants: [
    {
      variantKey: 'iacst_repeater_neet',
      title: 'NEET Repeater Scholarship',
      path: '/neet-repeater-scholarship',
    },
    {
      variantKey: 'iacst_repeater_jee',
      title: 'JEE Repeater Scholarship',
      path: '/jee-repeater-scholarship',
    },
    {
      variantKey: 'iacst_repeater_neet_hindi',
      title: 'NEET Repeater Scholarship (Hindi)',
      path: '/neet-repeater-scholarship-hindi',
    },
  ],
  dailyVisitors: 400,
  rates: { registered: 0.1, paid: 0 },
};

export const noResults = (experiment: StudioExperiment): StudioExperimentResults => ({
  arms: experiment.arms.map((a) => ({
    ...a,
    exposed: 0,
    steps: [experiment.goal, ...experiment.secondary].map((step) => ({ step, conversions: 0, rate: 0 })),
  })),
  srm: { chiSquare: 0, p: 1, mismatch: false },
  days: 0,
  shortfall: { kind: 'visitors', arm: 0, have: 0, need: 100 },
  verdict: null,
});

export function createFakeExperiments(list: StudioExperiment[] = []): FakeExperiments {
  const fake: FakeExperiments = {
    list,
    results: new Map(),
    actions: [],
    plan: FAKE_PLAN,
    async experiments() {
      return fake.list;
    },
    async experimentPlan(path) {
      if (path !== fake.plan.path)
        throw new StudioApiError(404, 'not-found', 'There is no page at that address.');
      return fake.plan;
    },
    async createExperiment(body) {
      const created: StudioExperiment = {
        ...body,
        id: `${body.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-abcd`,
        programme: 'iacst',
        status: 'draft',
        createdBy: 'Test Editor',
        createdAt: '2026-12-07T05:00:00.000Z',
        startedAt: null,
        stoppedAt: null,
        winner: null,
      };
      fake.list.unshift(created);
      return created;
    },
    async experiment(id) {
      const experiment = fake.list.find((e) => e.id === id);
      if (!experiment) throw new StudioApiError(404, 'not-found', 'There is no such experiment.');
      return { experiment, results: fake.results.get(id) ?? noResults(experiment) };
    },
    async experimentAction(id, body) {
      fake.actions.push({ id, body });
      const experiment = fake.list.find((e) => e.id === id);
      if (!experiment) throw new StudioApiError(404, 'not-found', 'There is no such experiment.');
      const status = { start: 'running', pause: 'paused', stop: 'stopped', declare: 'decided' } as const;
      Object.assign(experiment, {
        status: status[body.action],
        ...(body.action === 'start' ? { startedAt: '2026-12-07T05:30:00.000Z' } : {}),
        ...(body.winner ? { winner: body.winner } : {}),
      });
      return experiment;
    },
  };
  return fake;
}
