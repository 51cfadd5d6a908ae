// What the student sees of the course purchase, from the machine's snapshot alone: the view (and
// so the route), the open modal, the checkout's busy state and its errors. The components and the
// model-based test read this, so a wrong state shows as a wrong screen.
import type { Message } from '../../machines/message';
import type { SnapshotFrom } from 'xstate';
import type { CheckoutErrors, CheckoutFields } from '../../domain/checkout';
import type { CoursePurchaseMachine, PurchaseView } from '../../machines/course-purchase-machine';

export type CoursePurchaseSnapshot = SnapshotFrom<CoursePurchaseMachine>;

export type PurchaseModal = 'exitIntent' | 'paymentFailed' | 'retention' | null;

export interface CoursePurchaseView {
  view: PurchaseView;
  courseId: string | null;
  modal: PurchaseModal;
  /** The gateway's return is being checked with the server. */
  confirming: boolean;
  /** The order post is in flight or the page is leaving for the gateway: the Pay button spins. */
  paying: boolean;
  /** The breadcrumb shows 'Course' and the back arrow returns to the description. */
  fromDescription: boolean;
  fields: CheckoutFields;
  errors: CheckoutErrors;
  /** Why the last Pay started no payment (the server's sentence when it gave one). */
  orderError?: Message<'course.checkout.orderFailed'>;
  retry: boolean;
}

export function coursePurchaseView(snapshot: CoursePurchaseSnapshot): CoursePurchaseView {
  const { context } = snapshot;
  const view: PurchaseView = snapshot.matches('description')
    ? 'description'
    : snapshot.matches('checkout')
      ? 'checkout'
      : snapshot.matches('success')
        ? 'success'
        : 'dashboard';
  const modal: PurchaseModal =
    snapshot.matches({ description: 'exitIntent' }) || snapshot.matches({ checkout: 'exitIntent' })
      ? 'exitIntent'
      : snapshot.matches({ checkout: 'failed' })
        ? 'paymentFailed'
        : snapshot.matches({ dashboard: 'retention' })
          ? 'retention'
          : null;
  return {
    view,
    courseId: context.courseId,
    modal,
    confirming: snapshot.matches({ dashboard: 'confirming' }),
    paying: snapshot.matches({ checkout: 'submitting' }) || snapshot.matches({ checkout: 'redirecting' }),
    fromDescription: context.fromDescription,
    fields: context.fields,
    errors: context.errors,
    orderError: context.orderError,
    retry: context.retry,
  };
}
