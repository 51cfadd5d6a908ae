// The gateway's return to /dashboard for the sample pack and a paid exam edit (part 2 §2 /dashboard
// query). The server's order, not the address, decides what the student is told (decision 030):
// the order-confirmation machine waits for its record (or, on a failure return, looks once, so a
// late payment shows as paid); a paid order says so and refreshes the dashboard, a failed one says
// the payment failed, one never confirmed stays "being confirmed" with Check again. A failed edit
// payment is the edit-exam flow's (it reopens the dialog with the kept edit), so this flow stays
// silent then, unless the order turns out paid. The course purchase reads its own return
// (course-purchase-machine). Pure: the app provides the confirmation's look-up and the actions (a
// toast in the page's words, dropping the query, the refresh).
import { sendTo, setup } from 'xstate';
import { orderConfirmationMachine, type OrderConfirmationOutput } from './order-confirmation-machine';

export interface PaymentReturnInput {
  orderId: string | null;
  /** The return of a paid exam edit (?editExam=true). */
  edit: boolean;
  /** The gateway's own word (?status=…): only used to leave a failed edit to its dialog. */
  status: string | null;
}

export type PaymentReturnMessageKey = 'portal.mock.paid' | 'portal.edit.paid' | 'portal.payment.failed';

export const paymentReturnMachine = setup({
  types: {
    input: {} as PaymentReturnInput,
    context: {} as PaymentReturnInput,
    events: {} as { type: 'payment.check' },
    children: {} as { confirmOrder: 'confirmOrder' },
  },
  actors: {
    /** The server's verdict on the order (the app provides its look-up). */
    confirmOrder: orderConfirmationMachine,
  },
  guards: {
    editFailed: ({ context }) => context.edit && context.status !== 'success',
    hasOrder: ({ context }) => context.orderId !== null && context.orderId !== '',
    paid: ({ event }) => (event as { output?: OrderConfirmationOutput }).output?.paid === true,
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
        { guard: 'hasOrder', target: 'checking' },
        // A return without its order says nothing the server could confirm.
        { guard: 'editFailed', target: 'done' },
        { target: 'done', actions: 'clearQuery' },
      ],
    },
    checking: {
      on: { 'payment.check': { actions: sendTo('confirmOrder', { type: 'payment.check' }) } },
      invoke: {
        id: 'confirmOrder',
        src: 'confirmOrder',
        input: ({ context }) => ({
          orderId: context.orderId ?? '',
          gatewaySaidPaid: context.status === 'success',
        }),
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
          // A failed edit is its dialog's (open already): nothing more to say.
          { guard: 'editFailed', target: 'done' },
          {
            target: 'done',
            actions: [{ type: 'say', params: { kind: 'error', key: 'portal.payment.failed' } }, 'clearQuery'],
          },
        ],
        onError: [
          { guard: 'editFailed', target: 'done' },
          {
            target: 'done',
            actions: [{ type: 'say', params: { kind: 'error', key: 'portal.payment.failed' } }, 'clearQuery'],
          },
        ],
      },
    },
    done: { type: 'final' },
  },
});
