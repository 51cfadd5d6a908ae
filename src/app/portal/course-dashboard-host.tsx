// The purchase machine's part on /dashboard (lazy: loaded when the student has courses or comes
// back from the gateway with a course payment): the gateway's return (the actor starts with it as
// its input and confirms it: the server's order decides Payment Successful! or the checkout with
// 'Payment failed!'; this view shows only that it is checking), and the retention pop-up 'Stay with
// Us!' 10 s after the courses load, when the programme has it, nothing is purchased, the list is
// not empty and the branch is not digital-only (part 2 §4 "Retention pop-up").
import { useEffect } from 'react';
import { RetentionDialog } from '../../features/course/purchase-dialogs';
import { PaymentConfirmationBanner } from '../../features/dashboard/payment-confirmation-banner';
import { confirmationView } from '../../machines/order-confirmation-machine';
import { useChildSnapshot } from '../../ui/use-child-snapshot';
import type { CourseListReply } from '../../generated/api/course-list';
import { usePurchaseActor, usePurchaseView, useRouteView } from './course-purchase';
import { usePortal } from './portal-provider';

export interface CourseDashboardHostProps {
  /** The course answer (null until it loads: the pop-up's 10 s count from then). */
  courses: CourseListReply | null;
  digitalOnly: boolean;
}

export default function CourseDashboardHost({ courses, digitalOnly }: CourseDashboardHostProps) {
  const { t, config } = usePortal();
  const coursesLoaded = courses !== null;
  const retentionEligible =
    config.programme.dashboard.retentionPopup === true &&
    courses?.flags.course_purchased === 0 &&
    courses.data.length > 0 &&
    !digitalOnly;
  const actor = usePurchaseActor();
  const view = usePurchaseView(actor);
  useRouteView(actor, { view: 'dashboard' });

  useEffect(() => {
    if (coursesLoaded) actor.send({ type: 'retention.arm', eligible: retentionEligible });
  }, [coursesLoaded, retentionEligible, actor]);

  // The confirmation is the purchase actor's child: its own changes re-render this view.
  const child = view.confirming ? actor.getSnapshot().children.confirmOrder : undefined;
  useChildSnapshot(child);
  const confirmation = confirmationView(child);
  if (confirmation)
    return (
      <PaymentConfirmationBanner
        state={confirmation}
        t={t}
        onCheck={() => actor.send({ type: 'payment.check' })}
      />
    );
  if (view.modal !== 'retention') return null;
  return (
    <RetentionDialog
      t={t}
      product={config.programme.shortName}
      onRegister={() => actor.send({ type: 'retention.register' })}
      onClose={() => actor.send({ type: 'retention.close' })}
    />
  );
}
