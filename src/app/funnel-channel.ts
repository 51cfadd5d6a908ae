// The card's side of the funnel (decision 029): the registration card talks to the
// funnel's reporter (entries/funnel.ts, a script of its own) through one window event, so the
// card's script carries none of the reporter. Dispatch is synchronous: a listener that fills
// `origin` has done so when dispatchEvent returns. Where no reporter runs (a page outside the
// funnel, the Studio's preview), nothing listens: no step is sent and the signup has no origin.
import type { ClientFunnelStep } from '../domain/funnel-steps';
import type { SignupFunnelOrigin } from '../generated/api/registration-signup';

export const FUNNEL_EVENT = 'examflow:funnel';

/** A step to report, or (no step) a question for the visit's origin, which the reporter answers. */
export interface FunnelMessage {
  step?: ClientFunnelStep;
  origin?: SignupFunnelOrigin;
}

const send = (detail: FunnelMessage): FunnelMessage => {
  dispatchEvent(new CustomEvent(FUNNEL_EVENT, { detail }));
  return detail;
};

/** Reports a step of this page's funnel (once per page: the reporter keeps count). */
export const reportFunnelStep = (step: ClientFunnelStep): void => void send({ step });

/** What a signup carries so the server records registered and paid on this visit's variant. */
export const funnelOrigin = (): SignupFunnelOrigin | undefined => send({}).origin;
