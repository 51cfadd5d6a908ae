// The server's verdict on an order the gateway sent the browser back from (decision 030), for every
// return: registration, the mock pack, a paid exam edit, a course. The redirect can arrive before
// the gateway's callback: on a return that says success the app waits for the order's record a
// while; an order still open after that is "being confirmed", and Check again takes one look.
// A return that says failure takes one look too: a payment that was confirmed meanwhile (a late
// one) is paid, anything else is the failure the gateway said. Reads only: nothing here pays.
// One rule for every page the gateway returns to: its parents invoke it as `confirmOrder`.
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './not-provided';

/** The server's record of an order the gateway returned from; `pending` while it is not confirmed. */
export type OrderVerdict = 'paid' | 'failed' | 'aborted' | 'pending';

export interface OrderConfirmationInput {
  orderId: string;
  /** The return link's order_token: how a page without the owner's session reads the order. */
  returnToken?: string;
  /** The gateway's redirect said success (`?status=success`): worth waiting for its callback. */
  gatewaySaidPaid: boolean;
}

export interface OrderConfirmationOutput {
  paid: boolean;
}

export type OrderConfirmationEvent = { type: 'payment.check' };

interface Context extends OrderConfirmationInput {
  paid: boolean;
}

const verdict = (event: unknown): OrderVerdict => (event as { output: OrderVerdict }).output;

export const orderConfirmationMachine = setup({
  types: {
    input: {} as OrderConfirmationInput,
    context: {} as Context,
    events: {} as OrderConfirmationEvent,
    output: {} as OrderConfirmationOutput,
  },
  actors: {
    /** The order's verdict: `again` is one look, else the app's wait (waitForOrder, src/app). */
    waitForOrder: fromPromise<OrderVerdict, { orderId: string; again: boolean; returnToken?: string }>(
      notProvided('order confirmation', 'waitForOrder'),
    ),
  },
  guards: {
    paid: ({ event }) => verdict(event) === 'paid',
    /** A recorded failure, or any open order on a return that said failure. */
    failed: ({ context, event }) => verdict(event) !== 'pending' || !context.gatewaySaidPaid,
    saidFailure: ({ context }) => !context.gatewaySaidPaid,
  },
}).createMachine({
  id: 'orderConfirmation',
  context: ({ input }) => ({ ...input, paid: false }),
  initial: 'waiting',
  states: {
    /** The first look (a wait on a success return): the page says it is confirming. */
    waiting: {
      tags: ['busy'],
      invoke: {
        id: 'waitForOrder',
        src: 'waitForOrder',
        input: ({ context }) => ({
          orderId: context.orderId,
          returnToken: context.returnToken,
          again: !context.gatewaySaidPaid,
        }),
        onDone: [
          { guard: 'paid', target: 'paid' },
          { guard: 'failed', target: 'failed' },
          { target: 'unconfirmed' },
        ],
        onError: [{ guard: 'saidFailure', target: 'failed' }, { target: 'unconfirmed' }],
      },
    },
    /** Not confirmed yet: "Payment being confirmed", and Check again. */
    unconfirmed: {
      on: { 'payment.check': 'checking' },
    },
    /** The one look Check again asked for; the button is disabled meanwhile. */
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'waitForOrder',
        src: 'waitForOrder',
        input: ({ context }) => ({ orderId: context.orderId, returnToken: context.returnToken, again: true }),
        onDone: [
          { guard: 'paid', target: 'paid' },
          { guard: 'failed', target: 'failed' },
          { target: 'unconfirmed' },
        ],
        onError: { target: 'unconfirmed' },
      },
    },
    paid: { type: 'final', entry: assign({ paid: true }) },
    failed: { type: 'final' },
  },
  output: ({ context }) => ({ paid: context.paid }),
});

export type OrderConfirmationMachine = typeof orderConfirmationMachine;

/** What the page shows of a confirmation in progress (null when there is none). */
export type ConfirmationView = 'waiting' | 'unconfirmed' | 'checking' | null;

/**
 * The confirmation's view from its parent's child (`snapshot.children.confirmOrder`). A child that
 * is not this machine (a test's stand-in) is still waiting.
 */
export function confirmationView(child: { getSnapshot: () => unknown } | undefined): ConfirmationView {
  if (!child) return null;
  const snapshot = child.getSnapshot() as { status?: string; value?: unknown };
  if (snapshot.status !== 'active') return null;
  if (snapshot.value === 'unconfirmed') return 'unconfirmed';
  if (snapshot.value === 'checking') return 'checking';
  return 'waiting';
}
