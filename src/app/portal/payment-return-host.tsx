// The gateway's return to /dashboard for the sample pack and a paid exam edit: the payment-return
// machine decides from the server's order; this host provides its effects and shows the
// confirmation's banner while the order is awaited (decision 030). A lazy chunk, loaded only when
// the address carries a status; the course purchase reads its own return (its actor's input,
// course-purchase.ts).
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { actorInspect } from '../../devtools/live/actor-inspect';
import { PaymentConfirmationBanner } from '../../features/dashboard/payment-confirmation-banner';
import { confirmationView } from '../../machines/order-confirmation-machine';
import { paymentReturnMachine, type PaymentReturnInput } from '../../machines/payment-return-machine';
import { useChildSnapshot } from '../../ui/use-child-snapshot';
import { orderConfirmation } from '../order-confirmation';
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
  const actor = useActorRef(
    paymentReturnMachine.provide({
      actors: { confirmOrder: orderConfirmation({ token }) },
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
  const child = useSelector(actor, (snapshot) => snapshot.children.confirmOrder);
  useChildSnapshot(child);
  const confirmation = confirmationView(child);
  return confirmation ? (
    <PaymentConfirmationBanner
      state={confirmation}
      t={t}
      onCheck={() => actor.send({ type: 'payment.check' })}
    />
  ) : null;
}
