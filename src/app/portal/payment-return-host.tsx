// The gateway's return to /dashboard for the sample pack and a paid exam edit (part 2 §2 /dashboard
// query): the server's order, not the URL, decides the toast. A lazy chunk, loaded only when the
// address carries a status; the course purchase reads its own return (its actor's input, course-purchase.ts).
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fetchOrderStatus } from '../../api/endpoints/order-status';
import { usePortal } from './portal-provider';

export default function PaymentReturnHost({ onPaid }: { onPaid: () => void }) {
  const { token, t, store } = usePortal();
  const [query, setQuery] = useSearchParams();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const orderId = query.get('order_id');
    const edit = query.get('editExam') === 'true';
    // A failed edit payment reopens the dialog with the kept edit (EditExamHost), nothing else.
    if (edit && query.get('status') !== 'success') return;
    if (!orderId) {
      // A return without its order says nothing the server could confirm: drop it from the address.
      setQuery(new URLSearchParams(), { replace: true });
      return;
    }
    void fetchOrderStatus({ order_id: orderId }, { token })
      .then((order) => {
        const paid = order.data.status === 'paid';
        store.showToast({
          type: paid ? 'success' : 'error',
          message: paid ? t(edit ? 'portal.edit.paid' : 'portal.mock.paid') : t('portal.payment.failed'),
        });
        if (paid) onPaid();
      })
      .catch(() => store.showToast({ type: 'error', message: t('portal.payment.failed') }))
      .finally(() => {
        const next = new URLSearchParams(query);
        for (const name of ['status', 'order_id', 'mode', 'editExam']) next.delete(name);
        setQuery(next, { replace: true });
      });
  }, [query, setQuery, store, t, token, onPaid]);
  return null;
}
