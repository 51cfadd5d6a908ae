// Buying the sample and mock paper pack from the dashboard (part 2 §4 "Mock test purchase"): Buy
// asks the server for the gateway's form and posts the browser there. While that runs, and while
// the browser is on its way to the gateway, the button is busy. It works again when the page comes
// back from the browser's cache (Back from the gateway: `page.restored`), or when the server could
// not start the payment (the dashboard says so; part 2 §8 shows no server message here). The
// payment method chosen is the machine's: it starts as the app gives it (the tab's last choice, so
// a failed payment comes back with it), and the app keeps each change.
import { assign, fromPromise, setup } from 'xstate';
import type { PaymentData } from '../generated/api/mock-payment-data';
import { notProvided } from './not-provided';

const missing = (name: string) => notProvided('mock pack', name);

export interface MockPackBuy {
  paymentMethod: string;
  branchCode: string | undefined;
}

export type MockPackEvent =
  | { type: 'pack.choose'; paymentMethod: string }
  | { type: 'pack.buy'; branchCode: string | undefined }
  | { type: 'page.restored' };

export interface MockPackContext {
  /** The payment method chosen. */
  paymentMethod: string;
}

export const mockPackMachine = setup({
  types: {
    input: {} as MockPackContext,
    context: {} as MockPackContext,
    events: {} as MockPackEvent,
  },
  actors: {
    /** The gateway's form data for the pack (GET /api/mock-payment). */
    startPayment: fromPromise<PaymentData, MockPackBuy>(missing('startPayment')),
  },
  actions: {
    /** The purchase's analytics event (mock_pack_buy). */
    track: (_, _params: { paymentMethod: string }) => {},
    /** Post the browser to the gateway with the server's form data. */
    goToGateway: (_, _params: { paymentData: PaymentData }) => {},
    /** The payment did not start: say so (or, for an ended session, end it). */
    sayFailed: (_, _params: { error: unknown }) => {},
    /** Keeps the method chosen for the tab: a failed payment comes back to the dashboard with it. */
    keepMethod: (_, _params: { paymentMethod: string }) => {},
  },
}).createMachine({
  id: 'mockPack',
  context: ({ input }) => ({ paymentMethod: input.paymentMethod }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pack.choose': {
          actions: [
            assign({ paymentMethod: ({ event }) => event.paymentMethod }),
            { type: 'keepMethod', params: ({ event }) => ({ paymentMethod: event.paymentMethod }) },
          ],
        },
        'pack.buy': 'starting',
      },
    },
    starting: {
      entry: {
        type: 'track',
        params: ({ context }) => ({ paymentMethod: context.paymentMethod }),
      },
      invoke: {
        src: 'startPayment',
        input: ({ context, event }) => {
          if (event.type !== 'pack.buy') throw new Error(`mock pack: started by ${event.type}`);
          return { paymentMethod: context.paymentMethod, branchCode: event.branchCode };
        },
        onDone: {
          target: 'atGateway',
          actions: { type: 'goToGateway', params: ({ event }) => ({ paymentData: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'sayFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The browser is leaving for the gateway; Back may show this page again from its cache. */
    atGateway: {
      on: { 'page.restored': 'idle' },
    },
  },
});

export type MockPackMachine = typeof mockPackMachine;

/** The Buy button is busy. */
export const mockPackBusy = (snapshot: { value: unknown }): boolean => snapshot.value !== 'idle';
