// What the Studio's new-experiment form needs to plan (decision 056): the page at a path, the
// other pages of its programme, whether it is paid, and its last 14 days: visitors a day and the
// conversion to each goal (the planned sample size is computed from these, src/domain/experiment-plan.ts).
import { indiaDate } from '../../../src/domain/dates';
import type { AppContext } from '../../context';
import { ContentError } from '../content/errors';
import { funnelReport } from '../funnel/report';
import { pageAt } from './experiments';

export const PLAN_DAYS = 14;

export async function planInputs(ctx: Pick<AppContext, 'db' | 'now' | 'site'>, path: string) {
  const page = pageAt(ctx.site, path);
  if (!page) throw new ContentError('not-found', 'There is no page at that address.');
  const to = indiaDate(ctx.now());
  const from = indiaDate(new Date(ctx.now().getTime() - (PLAN_DAYS - 1) * 86_400_000));
  const [funnel] = await funnelReport(ctx.db, {
    from,
    to,
    variants: [{ programme: page.programme, variant: page.owner.variantKey }],
  });
  const visitors = (step: string) => funnel?.steps.find((s) => s.step === step)?.visitors ?? 0;
  const views = visitors('page_view');
  return {
    path,
    title: page.owner.title,
    variantKey: page.owner.variantKey,
    paid: page.paid,
    variants: page.variants,
    dailyVisitors: views / PLAN_DAYS,
    rates: {
      registered: views > 0 ? visitors('registered') / views : 0,
      paid: views > 0 ? visitors('paid') / views : 0,
    },
  };
}
