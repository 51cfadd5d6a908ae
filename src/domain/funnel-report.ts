// The funnel report's shape (decision 029): what the server's report computes
// (server/services/funnel/report.ts) and the Studio's Funnel view shows. Types and the steps'
// names in words, no logic.
import type { FunnelStep } from './funnel-steps';

export interface FunnelFilter {
  /** First and last day, YYYY-MM-DD in India time, both included. */
  from: string;
  to: string;
  programme?: string;
  /** Only these variants. */
  variants?: readonly VariantId[];
  /** Only visits from this UTM source, medium, campaign ('' for visits without one). */
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

/** A campaign's three UTM values ('' where the visit had none), as the Funnel view's filters list them. */
export interface Campaign {
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

export interface VariantId {
  programme: string;
  variant: string;
}

export interface StepFigures {
  step: FunnelStep;
  visitors: number;
  /** visitors ÷ the visitors of the step before it in this funnel (a free programme has no payment
   * steps, so its registered step follows exam_chosen); null for the page view or when the step
   * before had none. */
  fromPrevious: number | null;
  /** visitors ÷ page views; null without page views. */
  fromView: number | null;
  /** Median time from each visitor's previous step to this one, ms, read from the gap buckets
   * (within 4.4 % of the exact median: gap-buckets.ts); null when none is timed. */
  medianMsFromPrevious: number | null;
  /** Visitors with a time from their previous step. */
  timed: number;
}

export interface VariantFunnel extends VariantId {
  steps: StepFigures[];
  /** Of the page view's visitors, those made up by `npm run demo:traffic` (the sandbox mark): more
   * than 0 and the view says the figures include demo traffic. */
  sandboxVisitors: number;
  bySource: { utmSource: string; steps: StepFigures[] }[];
}

export interface Interval {
  low: number;
  high: number;
}

export interface Proportion {
  /** Conversions. */
  x: number;
  /** Page views (visitors who saw the variant). */
  n: number;
}

export interface RateWithInterval extends Proportion {
  /** x / n, null with no views. */
  rate: number | null;
  interval: Interval;
}

export type Comparison =
  | { enough: true; a: RateWithInterval; b: RateWithInterval; difference: number; z: number; p: number }
  | { enough: false; a: RateWithInterval; b: RateWithInterval; reason: string };

export interface VariantComparison {
  a: VariantId;
  b: VariantId;
  /** View → registered and view → paid, each variant's rate with its Wilson 95 % interval, and the
   * two-proportion z-test's p-value, or "not enough data yet". */
  registered: Comparison;
  paid: Comparison;
}

/** Each step as a marketing report names it. */
export const FUNNEL_STEP_NAMES: Record<FunnelStep, string> = {
  page_view: 'Page view',
  card_started: 'Started the form',
  otp_sent: 'OTP sent',
  otp_verified: 'OTP verified',
  details_saved: 'Details saved',
  exam_chosen: 'Exam chosen',
  payment_started: 'Payment started',
  registered: 'Registered',
  paid: 'Paid',
};
