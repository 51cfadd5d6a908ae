// The Studio's funnel requests: the Funnel view's numbers and the home page's last
// 7 days, read from the portal's database through a StudioFunnel the dev server lends (it opens
// the database read-only: scripts/lib/studio-funnel.ts; src/ never imports the server). The
// file API (file-api.ts) checks the caller first, as for every Studio request.
import { daysBetween } from '../../domain/dates';
import type { FunnelFilter, VariantComparison, VariantFunnel, VariantId } from '../../domain/funnel-report';

/** What the Studio reads the funnel through. */
export interface StudioFunnel {
  /** Where the numbers come from, in words ("this computer's portal database", "PostgreSQL db on host"). */
  source: string;
  /** The funnel per variant, or why there is none to read (no database yet, no funnel tables). */
  report(filter: FunnelFilter): Promise<VariantFunnel[] | Unavailable>;
  compare(filter: FunnelFilter, a: VariantId, b: VariantId): Promise<VariantComparison | Unavailable>;
}

export interface Unavailable {
  unavailable: string;
}

export const isUnavailable = (value: object): value is Unavailable => 'unavailable' in value;

export interface FunnelAnswer {
  status: number;
  body: Record<string, unknown>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The longest range a report covers: a year and a month (the roll-up keeps older days too). */
const MAX_DAYS = 400;

const refused = (message: string): FunnelAnswer => ({ status: 400, body: { error: 'bad-request', message } });

function validDay(value: string | null): value is string {
  return value !== null && DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/** `programme:variant` → the variant, or undefined. */
function variantOf(value: string | null): VariantId | undefined {
  const match = /^([a-z0-9-]{1,60}):([A-Za-z0-9_-]{1,80})$/.exec(value ?? '');
  return match?.[1] && match[2] ? { programme: match[1], variant: match[2] } : undefined;
}

/** The filter of a request's query, or the words that refuse it. */
function filterOf(query: URLSearchParams): FunnelFilter | string {
  const from = query.get('from');
  const to = query.get('to');
  if (!validDay(from) || !validDay(to)) return 'Choose a first and a last day for the report.';
  const days = daysBetween(from, to);
  if (days < 0) return 'The first day must come before the last day.';
  if (days >= MAX_DAYS) return `Choose at most ${MAX_DAYS} days.`;
  const source = query.get('utm_source');
  if (source !== null && source.length > 100) return 'That campaign source is too long.';
  return { from, to, ...(source === null ? {} : { utmSource: source }) };
}

/** GET /funnel and GET /funnel/compare of the Studio's API. */
export async function answerFunnel(
  funnel: StudioFunnel | undefined,
  route: '/funnel' | '/funnel/compare',
  query: URLSearchParams,
): Promise<FunnelAnswer> {
  if (!funnel)
    return {
      status: 200,
      body: { source: '', unavailable: 'The funnel is not available in this Studio.' },
    };
  const filter = filterOf(query);
  if (typeof filter === 'string') return refused(filter);
  if (route === '/funnel') {
    const variants = await funnel.report(filter);
    return {
      status: 200,
      body: isUnavailable(variants)
        ? { source: funnel.source, ...variants }
        : { source: funnel.source, variants },
    };
  }
  const a = variantOf(query.get('a'));
  const b = variantOf(query.get('b'));
  if (!a || !b) return refused('Choose two variants to compare.');
  if (a.programme === b.programme && a.variant === b.variant)
    return refused('Choose two different variants.');
  const comparison = await funnel.compare(filter, a, b);
  return {
    status: 200,
    body: isUnavailable(comparison)
      ? { source: funnel.source, ...comparison }
      : { source: funnel.source, comparison },
  };
}
