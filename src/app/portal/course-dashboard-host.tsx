// The purchase machine's part on /dashboard (lazy: loaded when the student has courses or comes
// back from the gateway with a course payment): the gateway's return (the server's order decides:
// Payment Successful! or the checkout with 'Payment failed!'), and the retention pop-up 'Stay with
// Us!' 10 s after the courses load, when the programme has it, nothing is purchased, the list is
// not empty and the branch is not digital-only (part 2 §4 "Retention pop-up").
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RetentionDialog } from '../../features/course/purchase-dialogs';
import type { CourseListReply } from '../../generated/api/course-list';
import { storedReturn, usePurchaseActor, usePurchaseView, useRouteView } from './course-purchase';
import { usePortal } from './portal-provider';

export interface CourseDashboardHostProps {
  /** The course answer (null until it loads: the pop-up's 10 s count from then). */
  courses: CourseListReply | null;
  digitalOnly: boolean;
}

export default function CourseDashboardHost({ courses, digitalOnly }: CourseDashboardHostProps) {
  const { t, config, store } = usePortal();
  const coursesLoaded = courses !== null;
  const retentionEligible =
    config.programme.dashboard.retentionPopup === true &&
    courses?.flags.course_purchased === 0 &&
    courses.data.length > 0 &&
    !digitalOnly;
  const actor = usePurchaseActor();
  const view = usePurchaseView(actor);
  const [query, setQuery] = useSearchParams();
  const handled = useRef(false);
  const returning = query.get('type') === config.courseReturnType && query.get('status') !== null;
  useRouteView(actor, { view: 'dashboard' });

  // The gateway's return: read once, then dropped from the address (a reload does not repeat it).
  useEffect(() => {
    if (handled.current || !returning) return;
    handled.current = true;
    const stored = storedReturn();
    const orderId = query.get('order_id') ?? store.get('iacst_order_id') ?? stored?.orderId ?? '';
    const next = new URLSearchParams(query);
    for (const name of ['status', 'order_id', 'mode', 'type']) next.delete(name);
    setQuery(next, { replace: true });
    if (!orderId) return;
    actor.send({
      type: 'payment.return',
      orderId,
      courseId: stored?.orderId === orderId ? stored.courseId : null,
      fromDescription: stored?.orderId === orderId ? stored.fromDescription : false,
      fields: stored?.orderId === orderId ? stored.fields : undefined,
    });
  }, [returning, query, setQuery, store, actor]);

  useEffect(() => {
    if (coursesLoaded) actor.send({ type: 'retention.arm', eligible: retentionEligible });
  }, [coursesLoaded, retentionEligible, actor]);

  if (view.confirming)
    return (
      <p role="status" className="ef-visually-hidden">
        {t('course.confirming')}
      </p>
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
