// The course views of the logged-in app (lazy routes, decision 012): a course's description
// (/dashboard/course/:id), its checkout (/dashboard/course/:id/checkout from the description,
// /dashboard/checkout/:id from Register Now) and the payment's success
// (/dashboard/payment-success/:orderId). Each reads the student's courses through swr (the
// dashboard's own call fills the same key) and the purchase machine's view.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useBranches } from '../../api/endpoints/branches';
import { coursesKey, fetchCourses } from '../../api/endpoints/courses';
import { dashboardKey, fetchDashboard } from '../../api/endpoints/dashboard';
import { useOrderStatus } from '../../api/endpoints/order-status';
import { usePaymentOptions } from '../../api/endpoints/payment-options';
import { fetchGeoReverse } from '../../api/endpoints/geo-reverse';
import { fetchPincode } from '../../api/endpoints/pincode';
import { useProfile } from '../../api/endpoints/profile';
import { useStates } from '../../api/endpoints/states';
import { useApiRead } from '../../api/endpoints/use-api-read';
import {
  checkoutPaymentMethod,
  isCompletePincode,
  normalisePincode,
  type CheckoutField,
} from '../../domain/checkout';
import { CheckoutScreen, shownPayButton } from '../../features/course/checkout-screen';
import { CourseDescription } from '../../features/course/course-description';
import { PaymentSuccess } from '../../features/course/payment-success';
import { ExitIntentDialog, PaymentFailedDialog } from '../../features/course/purchase-dialogs';
import { dashboardFacts } from '../../features/dashboard/dashboard-facts';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen';
import type { CourseItem } from '../../generated/api/course-list';
import type { DashboardReply } from '../../generated/api/dashboard';
import type { AnalyticsEventName } from '../analytics';
import { allowedBrowserPosition, checkoutGeo, rememberTypedPincode } from '../location';
import { useBackAsLeaveAttempt } from './back-guard';
import { coursePaths } from './course-paths';
import {
  courseParams,
  usePurchaseActor,
  usePurchaseView,
  useRouteView,
  type PurchaseActor,
} from './course-purchase';
import { usePortal } from './portal-provider';

function useCourseData() {
  const { token } = usePortal();
  // The dashboard route fills these keys through swr's cache; a reload here fetches them.
  const dashboard = useApiRead<string, DashboardReply>(token, dashboardKey, fetchDashboard);
  const profile = useProfile(token);
  const call = courseParams(dashboard.data?.data, profile.data?.data);
  const courses = useApiRead(
    call,
    (c) => coursesKey(token, c.params, c.careerType),
    (c) => fetchCourses(token, c.params, c.careerType),
  );
  const error = dashboard.error ?? profile.error ?? courses.error;
  const data = dashboard.data?.data;
  return {
    dashboard: data,
    profile: profile.data?.data,
    courses: courses.data,
    loading: !error && !courses.data,
    error: error as unknown,
    digitalOnly: data ? dashboardFacts(data, new Date()).digitalOnly : false,
  };
}

function Loading({ error }: { error?: unknown }) {
  const { t } = usePortal();
  if (error)
    return (
      <DashboardScreen
        status="error"
        t={t}
        error={t('portal.loadFailed')}
        onRetry={() => window.location.reload()}
      />
    );
  return (
    <p role="status" className="ef-course">
      {t('course.loading')}
    </p>
  );
}

function NotOffered() {
  const { t } = usePortal();
  const navigate = useNavigate();
  return (
    <div className="ef-course">
      <p role="alert">{t('course.notFound')}</p>
      <a
        href={coursePaths.dashboard}
        onClick={(event) => {
          event.preventDefault();
          navigate(coursePaths.dashboard);
        }}
      >
        {t('course.success.continue')}
      </a>
    </div>
  );
}

/** Whether the student is typing: a leave attempt then is not an exit intent (part 2 §4). */
const typing = () => {
  const active = document.activeElement;
  return (
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement
  );
};

/**
 * Leave attempts on the description and the checkout (part 2 §4 "Exit intent"): the pointer leaving
 * the window at the top and the browser's Back (the back arrow is the machine's own: course.back).
 * Answers the exit-intent modal while the machine shows it.
 */
function useExitIntent(actor: PurchaseActor, shown: boolean): ReactNode {
  const { t } = usePortal();
  useBackAsLeaveAttempt(actor, typing);
  useEffect(() => {
    const out = (event: MouseEvent) => {
      if (event.relatedTarget === null && event.clientY <= 0 && !typing())
        actor.send({ type: 'exit.attempt' });
    };
    document.addEventListener('mouseout', out);
    return () => document.removeEventListener('mouseout', out);
  }, [actor]);
  return shown ? (
    <ExitIntentDialog
      t={t}
      onStay={() => actor.send({ type: 'exit.stay' })}
      onClose={() => actor.send({ type: 'exit.close' })}
    />
  ) : null;
}

function track(analytics: { track: (name: AnalyticsEventName) => Promise<void> }, open: boolean) {
  void analytics.track(open ? 'fee_breakup_open' : 'fee_breakup_close');
}

function findCourse(list: CourseItem[] | undefined, id: string | undefined): CourseItem | undefined {
  return list?.find((course) => course.product_id === id);
}

export function CourseRoute() {
  const { id = '' } = useParams();
  const { t, analytics } = usePortal();
  const actor = usePurchaseActor();
  const view = usePurchaseView(actor);
  const data = useCourseData();
  const course = findCourse(data.courses?.data, id);
  useRouteView(actor, {
    view: 'description',
    courseId: id,
    purchased: course ? course.purchased === 1 : undefined,
  });
  const exitIntent = useExitIntent(actor, view.modal === 'exitIntent');
  useEffect(() => {
    // (Braces: Chromium answers scrollTo with a promise, which an effect must not return.)
    window.scrollTo(0, 0);
  }, [id]);
  if (data.loading || data.error) return <Loading error={data.error} />;
  if (!course) return <NotOffered />;
  return (
    <>
      <CourseDescription
        course={course}
        t={t}
        digitalOnly={data.digitalOnly}
        paying={false}
        onBack={() => actor.send({ type: 'course.back' })}
        onProceed={() => actor.send({ type: 'course.proceed' })}
        onToggleFee={(open) => track(analytics, open)}
        onDownloadContent={(href) => {
          void analytics.track('course_content_download');
          const link = document.createElement('a');
          link.href = href;
          link.download = 'course_detail.pdf';
          document.body.append(link);
          link.click();
          link.remove();
        }}
      />
      {exitIntent}
    </>
  );
}

function CheckoutView({ fromDescription }: { fromDescription: boolean }) {
  const { id = '' } = useParams();
  const { t, analytics, store } = usePortal();
  const navigate = useNavigate();
  const actor = usePurchaseActor();
  const view = usePurchaseView(actor);
  const data = useCourseData();
  const course = findCourse(data.courses?.data, id);
  useRouteView(actor, {
    view: 'checkout',
    courseId: id,
    fromDescription,
    purchased: course ? course.purchased === 1 : undefined,
  });
  const exitIntent = useExitIntent(actor, view.modal === 'exitIntent');
  const options = usePaymentOptions(data.dashboard?.branch_code);
  const states = useStates();
  const pincode = view.fields.pincode;
  const filled = useRef('');
  const [lookingUp, setLookingUp] = useState(false);
  useEffect(() => {
    // (Braces: Chromium answers scrollTo with a promise, which an effect must not return.)
    window.scrollTo(0, 0);
  }, [id]);

  // The profile's father name fills an empty field.
  const fatherName = data.profile?.father_name ?? '';
  useEffect(() => {
    if (fatherName && !actor.getSnapshot().context.fields.fatherName)
      actor.send({ type: 'checkout.change', field: 'fatherName', value: fatherName });
  }, [actor, fatherName]);
  // The place of the last hour, else the browser's location when allowed, fills an empty pincode
  // (part 2 §3 "Geo cache"); its look-up then fills the city and the state.
  useEffect(() => {
    let live = true;
    checkoutGeo({
      store,
      now: Date.now,
      allowedPosition: allowedBrowserPosition,
      reverse: (point) => fetchGeoReverse(point),
    })
      .then((geo) => {
        if (live && geo && !actor.getSnapshot().context.fields.pincode)
          actor.send({ type: 'checkout.change', field: 'pincode', value: normalisePincode(geo.pincode) });
      })
      // A geo error is only logged (part 2 §8): the student types the pincode.
      .catch((error: unknown) => console.error('Location look-up failed', error));
    return () => {
      live = false;
    };
  }, [actor, store]);
  // Six digits look up the city and the state (once per pincode). A plain call, not usePincode: the
  // registration card shares pincode.ts, and its hook would pull swr into the card's chunks.
  useEffect(() => {
    if (!isCompletePincode(pincode) || filled.current === pincode) return;
    filled.current = pincode;
    let live = true;
    const started = window.setTimeout(() => live && setLookingUp(true), 0);
    fetchPincode({ pincode })
      .then((place) => {
        if (!live) return;
        actor.send({ type: 'checkout.fill', city: place.city, state: place.state_desc });
        rememberTypedPincode({ store, now: Date.now }, pincode, place);
      })
      // A pincode the look-up does not know is only logged (part 2 §8): the student types the city.
      .catch((error: unknown) => console.error('Pincode look-up failed', error))
      .finally(() => {
        window.clearTimeout(started);
        if (live) setLookingUp(false);
      });
    return () => {
      live = false;
      filled.current = '';
    };
  }, [pincode, actor, store]);
  // Back from the gateway, a phone may show this page from its cache: the form works again.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: 'checkout.reset' });
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [actor]);

  if (data.loading || data.error) return <Loading error={data.error} />;
  const { dashboard, profile } = data;
  if (!course || !profile || !dashboard) return <NotOffered />;
  const method = options.data ? checkoutPaymentMethod(options.data.data) : 'hdfc';
  const methodLabel = method === 'hdfc' ? 'HDFC' : (options.data?.data.others ?? method);
  const onChange = (field: CheckoutField, value: string | boolean) => {
    if (field === 'terms') void analytics.track('checkout_terms_toggle', { checked: value === true });
    actor.send({ type: 'checkout.change', field, value });
  };
  return (
    <>
      <CheckoutScreen
        course={course}
        view={view}
        contact={{
          firstName: profile.student_firstname,
          lastName: profile.student_lastname,
          mobile: profile.mobile_number,
          email: profile.email,
        }}
        t={t}
        locale={document.documentElement.lang || 'en'}
        digitalOnly={data.digitalOnly}
        states={states.data?.data ?? []}
        termsLink={data.courses?.flags.term_condition_link ?? ''}
        paymentMethodLabel={methodLabel}
        lookingUp={lookingUp}
        dashboardHref={coursePaths.dashboard}
        courseHref={coursePaths.description(id)}
        onNavigate={(href) => navigate(href)}
        onBack={() => actor.send({ type: 'checkout.back' })}
        onChange={onChange}
        // What the order is built from comes with the submit: the machine reads no cache.
        onSubmit={() => actor.send({ type: 'checkout.submit', facts: { dashboard, profile, course } })}
        onToggleFee={(open) => track(analytics, open)}
      />
      {view.modal === 'paymentFailed' ? (
        <PaymentFailedDialog
          t={t}
          onRetry={() => actor.send({ type: 'payment.retry' })}
          // Try again: the pay button, to pay again with the address kept.
          returnFocus={shownPayButton}
        />
      ) : null}
      {exitIntent}
    </>
  );
}

export function PaymentSuccessRoute() {
  const { orderId = '' } = useParams();
  const { t, token } = usePortal();
  const navigate = useNavigate();
  const actor = usePurchaseActor();
  const data = useCourseData();
  // The server's record decides: a success address for an unpaid order shows no success.
  const order = useOrderStatus({ order_id: orderId }, { token });
  const branches = useBranches(data.digitalOnly ? null : data.dashboard?.branch_code);
  useRouteView(actor, { view: 'success', courseId: '', orderId });
  if (order.error) return <Loading error={order.error} />;
  if (!order.data || !data.dashboard) return <Loading />;
  if (order.data.data.status !== 'paid')
    return (
      <div className="ef-course">
        <p role="alert">{t('course.success.notPaid')}</p>
      </div>
    );
  return (
    <PaymentSuccess
      t={t}
      orderId={orderId}
      digitalOnly={data.digitalOnly}
      branch={branches.data?.data[0] ?? null}
      dashboardHref={coursePaths.dashboard}
      onNavigate={(href) => navigate(href)}
    />
  );
}

export function CheckoutFromCourseRoute() {
  return <CheckoutView fromDescription />;
}

export function CheckoutRoute() {
  return <CheckoutView fromDescription={false} />;
}
