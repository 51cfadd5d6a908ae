// The Studio's Funnel view and its home page's last 7 days (decision 049): the funnel report and
// a comparison of two variants, read from this server's own database (the server is the portal).
// A bad range or pair is refused in words.
import { daysBetween } from '../../../src/domain/dates';
import type { AppContext } from '../../context';
import { FUNNEL_STEPS, funnelStepsOf } from '../../../src/domain/funnel-steps';
import {
  compareVariants,
  funnelCampaigns,
  funnelReport,
  type FunnelFilter,
  type StepsOf,
  type VariantId,
} from './report';

/** The longest range a report covers: a year and a month (the roll-up keeps older days too). */
const MAX_DAYS = 400;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Where the numbers come from, in words. */
export const FUNNEL_SOURCE = 'this server’s database';

export class FunnelRefusal extends Error {}

function validDay(value: string | undefined): value is string {
  return (
    value !== undefined && DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  );
}

interface FunnelQuery {
  from?: string;
  to?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
}

/** The filter of a request's query, or a refusal in words. */
export function funnelFilter(query: FunnelQuery): FunnelFilter {
  const { from, to } = query;
  if (!validDay(from) || !validDay(to))
    throw new FunnelRefusal('Choose a first and a last day for the report.');
  const days = daysBetween(from, to);
  if (days < 0) throw new FunnelRefusal('The first day must come before the last day.');
  if (days >= MAX_DAYS) throw new FunnelRefusal(`Choose at most ${MAX_DAYS} days.`);
  return {
    from,
    to,
    ...(query.utm_source === undefined ? {} : { utmSource: query.utm_source }),
    ...(query.utm_medium === undefined ? {} : { utmMedium: query.utm_medium }),
    ...(query.utm_campaign === undefined ? {} : { utmCampaign: query.utm_campaign }),
  };
}

/** `programme:variant` → the variant. */
export function variantOf(value: string | undefined): VariantId | undefined {
  const match = /^([a-z0-9-]{1,60}):([A-Za-z0-9_-]{1,80})$/.exec(value ?? '');
  return match?.[1] && match[2] ? { programme: match[1], variant: match[2] } : undefined;
}

/** Each programme's steps by its published fee (a programme no longer on the site: all steps). */
function stepsOfSite(ctx: AppContext): StepsOf {
  return (id) => {
    const programme = ctx.site.programmes[id];
    return programme ? funnelStepsOf(programme) : FUNNEL_STEPS;
  };
}

export async function studioFunnel(ctx: AppContext, query: FunnelQuery) {
  const filter = funnelFilter(query);
  const [variants, campaigns] = await Promise.all([
    funnelReport(ctx.db, filter, stepsOfSite(ctx)),
    funnelCampaigns(ctx.db, filter),
  ]);
  return { source: FUNNEL_SOURCE, variants, campaigns };
}

export async function studioComparison(ctx: AppContext, query: FunnelQuery & { a?: string; b?: string }) {
  const filter = funnelFilter(query);
  const a = variantOf(query.a);
  const b = variantOf(query.b);
  if (!a || !b) throw new FunnelRefusal('Choose two variants to compare.');
  if (a.programme === b.programme && a.variant === b.variant)
    throw new FunnelRefusal('Choose two different variants.');
  return {
    source: FUNNEL_SOURCE,
    comparison: await compareVariants(ctx.db, filter, a, b, ctx.config.funnel.minSample),
  };
}
