// The Studio's funnel through its real route and database: a free programme (iACST, fee 0) has no
// payment steps and each step converts from the one above it; a paid one (NEET mock) keeps them;
// the report filters by UTM source, medium and campaign and lists the range's campaigns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelStep } from '../../../src/domain/funnel-steps';
import { recordServerSteps } from '../../services/funnel/events';
import { contentApp, type ContentApp } from './content.test-support';

let c: ContentApp;
beforeAll(async () => {
  c = await contentApp();
  const at = new Date('2026-01-10T06:00:00Z');
  const visit = async (
    programme: string,
    visitor: string,
    steps: FunnelStep[],
    utm: { utm_source?: string; utm_medium?: string; utm_campaign?: string } = {},
  ) =>
    recordServerSteps(
      c.t.db,
      {
        programme,
        variant: 'default',
        visitor,
        host: 'localhost',
        path: '/',
        locale: 'en',
        has_gclid: false,
        ...utm,
      },
      steps,
      at,
    );
  const google = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'नीट-2026' };
  await visit(
    'iacst',
    'free-visitor-000001',
    ['page_view', 'card_started', 'exam_chosen', 'registered'],
    google,
  );
  await visit('iacst', 'free-visitor-000002', ['page_view', 'card_started'], {
    utm_source: 'google',
    utm_medium: 'email',
  });
  await visit('iacst', 'free-visitor-000003', ['page_view']);
  await visit(
    'mock-neet',
    'paid-visitor-000001',
    ['page_view', 'payment_started', 'registered', 'paid'],
    google,
  );
});
afterAll(async () => c?.t.close());

interface Step {
  step: string;
  visitors: number;
  fromPrevious: number | null;
}
interface Variant {
  programme: string;
  steps: Step[];
}

const report = async (query: string) => {
  const answer = await c.s.as(c.people.esha, {
    method: 'GET',
    url: `/studio/api/funnel?from=2026-01-01&to=2026-01-31${query}`,
  });
  expect(answer.statusCode).toBe(200);
  return answer.data as { variants: Variant[]; campaigns: unknown[] };
};

describe('the funnel in the Studio', () => {
  it('shows a free programme without payment steps, each step from the one above it', async () => {
    const { variants } = await report('');
    const free = variants.find((v) => v.programme === 'iacst');
    const paid = variants.find((v) => v.programme === 'mock-neet');
    expect(free?.steps.map((s) => s.step)).not.toContain('payment_started');
    expect(free?.steps.map((s) => s.step)).not.toContain('paid');
    const steps = free?.steps ?? [];
    // Every step's share is of the row shown above it (none: no share of nobody).
    steps.forEach((s, i) => {
      const above = steps[i - 1];
      expect(s.fromPrevious, s.step).toBe(i === 0 || !above?.visitors ? null : s.visitors / above.visitors);
    });
    expect(steps.find((s) => s.step === 'registered')).toMatchObject({ visitors: 1, fromPrevious: 1 });
    expect(paid?.steps.map((s) => s.step)).toContain('payment_started');
    expect(paid?.steps.find((s) => s.step === 'paid')).toMatchObject({ visitors: 1, fromPrevious: 1 });
  });

  it('filters by UTM source, medium and campaign, and lists the campaigns of the range', async () => {
    const email = await report('&utm_source=google&utm_medium=email');
    expect(email.variants.map((v) => [v.programme, v.steps[0]?.visitors])).toEqual([['iacst', 1]]);
    const campaign = await report(`&utm_campaign=${encodeURIComponent('नीट-2026')}`);
    expect(campaign.variants.map((v) => [v.programme, v.steps[0]?.visitors])).toEqual([
      ['iacst', 1],
      ['mock-neet', 1],
    ]);
    expect((await report('&utm_medium=none-such')).variants).toEqual([]);
    // The list of campaigns is the range's, whatever the filter.
    expect(email.campaigns).toEqual([
      { utmSource: '', utmMedium: '', utmCampaign: '' },
      { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'नीट-2026' },
      { utmSource: 'google', utmMedium: 'email', utmCampaign: '' },
    ]);
  });
});
