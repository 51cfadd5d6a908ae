// The funnel's steps, in the order a visitor reaches them. One list for the page's
// reporter, the server's recording and the report. The browser reports the first seven; the
// server records "registered" and "paid" itself, so a closed tab loses neither.
// Stored as a number (the rank, with gaps so a step can be slotted in later without renumbering):
// the report orders each visitor's steps by it, straight from the index.

/** A campaign value (utm_source, utm_medium, utm_campaign) is kept to this many characters: the
 * funnel stores it with every event (schemas/api/funnel-events.schema.json says the same). */
export const CAMPAIGN_VALUE_MAX = 60;

export const CLIENT_FUNNEL_STEPS = [
  'page_view',
  'card_started',
  'otp_sent',
  'otp_verified',
  'details_saved',
  'exam_chosen',
  'payment_started',
] as const;
export const SERVER_FUNNEL_STEPS = ['registered', 'paid'] as const;

export type ClientFunnelStep = (typeof CLIENT_FUNNEL_STEPS)[number];
export type ServerFunnelStep = (typeof SERVER_FUNNEL_STEPS)[number];
export type FunnelStep = ClientFunnelStep | ServerFunnelStep;

/** Every step in funnel order. */
export const FUNNEL_STEPS: readonly FunnelStep[] = [...CLIENT_FUNNEL_STEPS, ...SERVER_FUNNEL_STEPS];

/** The stored code of each step: its rank × 10. */
export const stepCode = (step: FunnelStep): number => (FUNNEL_STEPS.indexOf(step) + 1) * 10;

/** The step of a stored code; undefined for a code this version does not know. */
export const stepOfCode = (code: number): FunnelStep | undefined =>
  code % 10 === 0 ? FUNNEL_STEPS[code / 10 - 1] : undefined;

/** The steps only a paid registration has. */
const PAYMENT_STEPS: readonly FunnelStep[] = ['payment_started', 'paid'];

/** The steps a programme's funnel has, in order: a free programme (no fee) has no payment steps. */
export const funnelStepsOf = (programme: { fee: { amount: number } }): readonly FunnelStep[] =>
  programme.fee.amount > 0 ? FUNNEL_STEPS : FUNNEL_STEPS.filter((s) => !PAYMENT_STEPS.includes(s));
