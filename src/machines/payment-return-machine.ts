// The gateway's return to /dashboard for the sample pack and a paid exam edit (part 2 §2 /dashboard
// query). The server's order, not the address, decides what the student is told: a paid order says
// so and refreshes the dashboard, anything else says the payment failed. A failed edit payment is
// the edit-exam flow's (it reopens the dialog with the kept edit), so this flow stays silent then.
// The course purchase reads its own return (course-purchase-machine). Pure: the app provides the
// order look-up and the actions (a toast in the page's words, dropping the query, the refresh).
import { fromPromise, setup } from 'xstate';

export interface PaymentReturnInput {
  orderId: string | null;
  /** The return of a paid exam edit (?editExam=true). */
  edit: boolean;
  /** The gateway's own word (?status=…): only used to leave a failed edit to its dialog. */
  status: string | null;
}

export type PaymentReturnMessageKey = 'portal.mock.paid' | 'portal.edit.paid' | 'portal.payment.failed';

const notProvided = (): never => {
  throw new Error('payment-return machine: actor not provided');
};

export const paymentReturnMachine = setup({
  types: {
    input: {} as PaymentReturnInput,
    context: {} as PaymentReturnInput,
  },
  actors: {
    /** Whether the server recorded the order as paid. */
    orderPaid: fromPromise<boolean, { orderId: string }>(async () => notProvided()),
  },
  guards: {
    editLeftToItsDialog: ({ context }) => context.edit && context.status !== 'success',
    hasOrder: ({ context }) => context.orderId !== null && context.orderId !== '',
    paid: ({ event }) => (event as { output?: unknown }).output === true,
  },
  actions: {
    say: (_, _params: { kind: 'success' | 'error'; key: PaymentReturnMessageKey }) => {},
    /** Drops status, order_id, mode and editExam from the address. */
    clearQuery: () => {},
    refreshDashboard: () => {},
  },
}).createMachine({
  id: 'paymentReturn',
  context: ({ input }) => input,
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'editLeftToItsDialog', target: 'done' },
        { guard: 'hasOrder', target: 'checking' },
        // A return without its order says nothing the server could confirm.
        { target: 'done', actions: 'clearQuery' },
      ],
    },
    checking: {
      invoke: {
        id: 'orderPaid',
        src: 'orderPaid',
        input: ({ context }) => ({ orderId: context.orderId ?? '' }),
        onDone: [
          {
            guard: 'paid',
            target: 'done',
            actions: [
              {
                type: 'say',
                params: ({ context }) => ({
                  kind: 'success' as const,
                  key: context.edit ? ('portal.edit.paid' as const) : ('portal.mock.paid' as const),
                }),
              },
              'refreshDashboard',
              'clearQuery',
            ],
          },
          {
            target: 'done',
            actions: [{ type: 'say', params: { kind: 'error', key: 'portal.payment.failed' } }, 'clearQuery'],
          },
        ],
        onError: {
          target: 'done',
          actions: [{ type: 'say', params: { kind: 'error', key: 'portal.payment.failed' } }, 'clearQuery'],
        },
      },
    },
    done: { type: 'final' },
  },
});
