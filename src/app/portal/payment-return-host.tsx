// The gateway's return to /dashboard for the sample pack and a paid exam edit: the payment-return
// machine decides from the server's order; this host only provides its effects. A lazy chunk,
// loaded only when the address carries a status; the course purchase reads its own return (its
// actor's input, course-purchase.ts).
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { fetchOrderStatus } from '../../api/endpoints/order-status';
import { actorInspect } from '../../devtools/live/actor-inspect';
import { paymentReturnMachine, type PaymentReturnInput } from '../../machines/payment-return-machine';
import { usePortal } from './portal-provider';

const RETURN_PARAMS = ['status', 'order_id', 'mode', 'editExam'];

export default function PaymentReturnHost({ onPaid }: { onPaid: () => void }) {
  const { token, t, store } = usePortal();
  const [query, setQuery] = useSearchParams();
  // The return as the page was opened with it: the actor's input, read once.
  const [input] = useState<PaymentReturnInput>(() => ({
    orderId: query.get('order_id'),
    edit: query.get('editExam') === 'true',
    status: query.get('status'),
  }));
  useActorRef(
    paymentReturnMachine.provide({
      actors: {
        orderPaid: fromPromise(async ({ input: { orderId } }) => {
          const order = await fetchOrderStatus({ order_id: orderId }, { token });
          return order.data.status === 'paid';
        }),
      },
      actions: {
        say: (_, { kind, key }) => store.showToast({ type: kind, message: t(key) }),
        clearQuery: () =>
          setQuery(
            (current) => {
              const next = new URLSearchParams(current);
              for (const name of RETURN_PARAMS) next.delete(name);
              return next;
            },
            { replace: true },
          ),
        refreshDashboard: () => onPaid(),
      },
    }),
    { input, inspect: actorInspect },
  );
  return null;
}
