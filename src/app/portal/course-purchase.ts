// The course purchase wired to the API, the router and the session store. One actor for the app,
// from the portal's provider (purchase-provider.tsx): the dashboard (the gateway's return, the
// retention pop-up) and the course views (description, checkout, payment success) share it, so a
// Back or a route change never loses the entered address. The actor reads no cache: the gateway's
// return is its input, and the order post's data comes with the submit.
// This module is a lazy chunk: /dashboard loads it only when it has courses or a gateway return.
import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { createActor, fromPromise } from 'xstate';
import { postCourseOrder } from '../../api/endpoints/course-order';
import { fetchPaymentOptions } from '../../api/endpoints/payment-options';
import {
  billingName,
  checkoutPaymentMethod,
  emptyCheckoutFields,
  firstInvalid,
  type CheckoutFields,
} from '../../domain/checkout';
import { coursePurchaseView, type CoursePurchaseView } from '../../features/course/course-purchase-view';
import { checkoutFieldId } from '../../features/course/checkout-field-id';
import type { CourseListParams } from '../../generated/api/course-list';
import type { DashboardReply } from '../../generated/api/dashboard';
import type { ProfileReply } from '../../generated/api/profile';
import {
  coursePurchaseMachine,
  type OrderAnswer,
  type OrderRequest,
  type PaymentReturn,
  type ViewRequest,
} from '../../machines/course-purchase-machine';
import type { Analytics } from '../analytics';
import { postToGateway } from '../gateway';
import { orderConfirmation } from '../order-confirmation';
import type { SessionStore } from '../session-store';
import { coursePaths } from './course-paths';
import { usePortal, type PortalValue } from './portal-provider';
import { isSessionError } from './portal-session';
import { usePurchaseSlot, type PurchaseActor } from './purchase-provider';

export type { PurchaseActor } from './purchase-provider';

/** Where the gateway's return finds the course it paid for (the order id is under iacst_order_id). */
const RETURN_KEY = 'examflow:course-order';

/** The address of the view the machine asks for (decision 044: the address decides the view). */
export function pathOf(request: Omit<ViewRequest, 'type'>): string {
  const id = request.courseId ?? '';
  switch (request.view) {
    case 'dashboard':
      return coursePaths.dashboard;
    case 'description':
      return coursePaths.description(id);
    case 'checkout':
      // A return whose course is unknown (no stored order) has no checkout to show.
      return id ? coursePaths.checkout(id, request.fromDescription) : coursePaths.dashboard;
    case 'success':
      return coursePaths.success(request.orderId ?? '');
  }
}

export interface CourseData {
  dashboard: DashboardReply['data'];
  profile: ProfileReply['data'];
  params: CourseListParams;
  careerType: string | undefined;
}

/** The course call's parameters from the dashboard and the profile (the same as the dashboard's). */
export function courseParams(
  dashboard: DashboardReply['data'] | undefined,
  profile: ProfileReply['data'] | undefined,
): Omit<CourseData, 'dashboard' | 'profile'> | null {
  if (!dashboard || !profile) return null;
  return {
    params: {
      class: dashboard.class,
      stream: dashboard.stream,
      branch_code: dashboard.branch_code,
      roll_number: dashboard.roll_number,
      mobile_number: profile.mobile_number,
    },
    careerType: dashboard.main_exam[0]?.career_type || undefined,
  };
}

interface Deps {
  token: string;
  analytics: Analytics;
  store: SessionStore;
  onSessionError: (error?: unknown) => void;
  scrollToAndFocus: PortalValue['scrollToAndFocus'];
  scrollToCourses: () => void;
}

/** The purchase machine with the app's API and effects, all given here, once. */
function purchaseMachine(deps: Deps) {
  return coursePurchaseMachine.provide({
    actors: {
      // The order is built from what the checkout view read (swr's answers, sent with the submit).
      postOrder: fromPromise<OrderAnswer, OrderRequest>(async ({ input }) => {
        const { facts, fields } = input;
        if (!facts) throw new Error('The student details are not loaded.');
        const { dashboard, profile, course } = facts;
        if (course.product_id !== input.courseId) throw new Error(`Course ${input.courseId} is not offered.`);
        const options = await fetchPaymentOptions(dashboard.branch_code);
        // The phone's country is the checkout's location's (India when none was looked up).
        const country = deps.store.get('user_geo_info')?.country_code.toUpperCase() ?? '';
        // The amount is not sent: the server prices the course for the logged-in student.
        const reply = await postCourseOrder(deps.token, {
          roll_number: dashboard.roll_number,
          student_stream: dashboard.stream,
          sf_id: profile.sf_id,
          payment_method: checkoutPaymentMethod(options.data),
          billing_name: billingName(profile.student_firstname, profile.student_lastname),
          billing_address: fields.billingAddress.trim(),
          billing_city: fields.city.trim(),
          billing_state: fields.state.trim(),
          billing_zip: fields.pincode,
          billing_email: profile.email,
          product_id: course.product_id,
          product_course_term: course.product_course_term,
          center_code: dashboard.branch_code,
          mobile_no: profile.mobile_number,
          ...(/^[A-Z]{2}$/.test(country) ? { country_code: country } : {}),
          father_name: fields.fatherName.trim(),
        }).catch((error: unknown) => {
          if (isSessionError(error)) deps.onSessionError(error);
          throw error;
        });
        return reply;
      }),
      confirmOrder: orderConfirmation({ token: deps.token }),
    },
    actions: {
      track: (_, { name }) => void deps.analytics.track(name),
      storeOrder: (_, { orderId, courseId, fromDescription, fields }) => {
        deps.store.set('iacst_order_id', orderId);
        try {
          // The address too: after a failed payment the checkout shows it again (this tab only).
          sessionStorage.setItem(RETURN_KEY, JSON.stringify({ orderId, courseId, fromDescription, fields }));
        } catch {
          // Without session storage the return still confirms the order; the checkout reopens empty.
        }
      },
      postToGateway: (_, { order }) => {
        if (!order.data) return;
        // The order post's whole answer is the gateway's payment data (part 2 §3).
        postToGateway(order.data as unknown as Parameters<typeof postToGateway>[0]);
      },
      logOrderFailure: (_, { error }) => console.error('Course payment order failed', error),
      focusFirstInvalid: ({ context }) => {
        // After the errors render: the first invalid field, 80 px below the top (part 2 §9).
        requestAnimationFrame(() => {
          const field = firstInvalid(context.errors);
          const element = field ? document.getElementById(checkoutFieldId(field)) : null;
          if (element) deps.scrollToAndFocus(element, 80);
        });
      },
      requestSubmit: () => {
        const form = document.getElementById('checkout-form');
        if (form instanceof HTMLFormElement) requestAnimationFrame(() => form.requestSubmit());
      },
      // After the pop-up has closed (and given focus back to what was focused before it).
      scrollToCourses: () => window.setTimeout(deps.scrollToCourses, 0),
    },
  });
}

/** An address less the gateway's query on a course payment's return (part 2 §2 /dashboard query). */
function withoutReturnQuery({ pathname, search }: { pathname: string; search: string }): string {
  const next = new URLSearchParams(search);
  for (const name of ['status', 'order_id', 'mode', 'type']) next.delete(name);
  const query = next.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}

/**
 * The gateway's return, read from the address once, when the actor is created: the order to
 * confirm (the query's, else the stored one), with the course and the address kept for it.
 */
export function paymentReturnOf(
  location: { pathname: string; search: string },
  returnType: string,
  store: Pick<SessionStore, 'get'>,
): PaymentReturn | undefined {
  const query = new URLSearchParams(location.search);
  if (location.pathname !== coursePaths.dashboard) return undefined;
  if (query.get('type') !== returnType || query.get('status') === null) return undefined;
  const stored = storedReturn();
  const orderId = query.get('order_id') ?? store.get('iacst_order_id') ?? stored?.orderId ?? '';
  const same = stored !== null && stored.orderId === orderId;
  return {
    orderId,
    gatewaySaidPaid: query.get('status') === 'success',
    courseId: same ? stored.courseId : null,
    fromDescription: same ? stored.fromDescription : false,
    ...(same && stored.fields ? { fields: stored.fields } : {}),
  };
}

/**
 * The app's purchase actor, from the portal's provider: created on first use with the portal's
 * dependencies and the address's gateway return as its input, started after that render commits.
 */
export function usePurchaseActor(): PurchaseActor {
  const portal = usePortal();
  const slot = usePurchaseSlot();
  const location = useLocation();
  const actor = slot.actor(() => {
    const machine = purchaseMachine({
      token: portal.token,
      analytics: portal.analytics,
      store: portal.store,
      onSessionError: portal.onSessionError,
      scrollToAndFocus: portal.scrollToAndFocus,
      scrollToCourses: portal.scrollToCourses,
    });
    const paymentReturn = paymentReturnOf(location, portal.config.courseReturnType, portal.store);
    const fields = keptAddress.read();
    const created = createActor(machine, {
      input: { ...(fields ? { fields } : {}), ...(paymentReturn ? { paymentReturn } : {}) },
    });
    keptAddress.follow(created);
    // The machine never moves the address (decision 044): the view it asks for is opened here, and
    // its route then tells the machine (useRouteView). A request for the address already shown
    // (a second tap before the view changed) adds no history entry.
    created.on('view.request', (request) => {
      const to = pathOf(request);
      if (to === window.location.pathname + window.location.search) return;
      // The gateway's return is replaced, so Back does not land on it again.
      slot.navigate(to, { replace: request.view === 'success' || request.failed });
    });
    // The return is read once: its query goes as the actor starts, so a reload does not repeat it.
    return { actor: created, replaceWith: paymentReturn ? withoutReturnQuery(location) : undefined };
  });
  // Before the first paint, like the route's own sync (useRouteView): events sent before the start
  // wait in the actor's mailbox, in order.
  useLayoutEffect(() => slot.start(), [slot]);
  return actor;
}

/** The machine's view, re-rendering only when what the student sees changes. */
export function usePurchaseView(actor: PurchaseActor): CoursePurchaseView {
  const last = useRef<{ json: string; view: CoursePurchaseView } | null>(null);
  const read = useCallback(() => {
    const view = coursePurchaseView(actor.getSnapshot());
    const json = JSON.stringify(view);
    if (last.current?.json !== json) last.current = { json, view };
    return last.current.view;
  }, [actor]);
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(subscribe, read);
}

/**
 * The address typed on the checkout, kept for the tab (decision 041): a reload, a tab the phone
 * discarded or Back from the gateway finds it as it was. Forgotten once the course is paid, and
 * with everything else the tab kept when the student logs out (session-store.ts).
 */
const ADDRESS_KEY = 'examflow:checkout-address';

const keptAddress = {
  read(): CheckoutFields | undefined {
    try {
      return checkoutFieldsOf(JSON.parse(sessionStorage.getItem(ADDRESS_KEY) ?? 'null'));
    } catch {
      return undefined;
    }
  },
  /** Keeps the fields each time they change, and forgets them at the payment's success. */
  follow(actor: PurchaseActor): void {
    let last = actor.getSnapshot().context.fields;
    actor.subscribe((snapshot) => {
      try {
        if (snapshot.matches('success')) sessionStorage.removeItem(ADDRESS_KEY);
        else if (snapshot.context.fields !== last)
          sessionStorage.setItem(ADDRESS_KEY, JSON.stringify(snapshot.context.fields));
      } catch {
        // Storage blocked or full: a reload shows the checkout empty, as before.
      }
      last = snapshot.context.fields;
    });
  },
};

/** Stored fields, read back only as the strings and the boolean they were (anything else is empty). */
function checkoutFieldsOf(value: unknown): CheckoutFields | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : '');
  return {
    ...emptyCheckoutFields(),
    fatherName: text('fatherName'),
    billingAddress: text('billingAddress'),
    pincode: text('pincode').replace(/\D/g, '').slice(0, 6),
    city: text('city'),
    state: text('state'),
    terms: record.terms !== false,
  };
}

/** The stored return of the last order (the course and how the checkout was opened). */
function storedReturn(): {
  orderId: string;
  courseId: string;
  fromDescription: boolean;
  fields?: CheckoutFields;
} | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(RETURN_KEY) ?? 'null') as unknown;
    if (
      parsed &&
      typeof parsed === 'object' &&
      'orderId' in parsed &&
      'courseId' in parsed &&
      typeof parsed.orderId === 'string' &&
      typeof parsed.courseId === 'string'
    )
      return {
        orderId: parsed.orderId,
        courseId: parsed.courseId,
        fromDescription: 'fromDescription' in parsed && parsed.fromDescription === true,
        fields: 'fields' in parsed ? checkoutFieldsOf(parsed.fields) : undefined,
      };
  } catch {
    // A broken entry is no return.
  }
  return null;
}

/**
 * Keeps the machine's view in step with the address: a route that shows a view the machine is not
 * in (Back, reload, a link) tells it so, whenever the address or what the route knows changes.
 * A route still on screen after the address has moved on (the machine's own move, rendered as a
 * transition, or a lazy chunk loading) is stale and says nothing: it must not pull the machine
 * back. Once the address returns to it (Back before the move was drawn) it speaks again.
 */
export function useRouteView(
  actor: PurchaseActor,
  route:
    | { view: 'dashboard' }
    | {
        view: 'description' | 'checkout' | 'success';
        courseId: string;
        fromDescription?: boolean;
        purchased?: boolean;
        orderId?: string;
      },
): void {
  const key = JSON.stringify(route);
  const location = useLocation();
  // Before the first paint: a tap on the view's buttons always finds the machine in step.
  useLayoutEffect(() => {
    if (location.pathname !== window.location.pathname) return;
    const snapshot = actor.getSnapshot();
    const current = coursePurchaseView(snapshot);
    if (route.view === 'dashboard') {
      if (current.view !== 'dashboard') actor.send({ type: 'course.close' });
      return;
    }
    if (
      current.view !== route.view ||
      (route.view !== 'success' && current.courseId !== route.courseId) ||
      (route.view === 'checkout' && current.fromDescription !== Boolean(route.fromDescription)) ||
      (route.purchased !== undefined && snapshot.context.purchased !== route.purchased)
    )
      actor.send({ type: 'course.open', ...route });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, key, location]);
}
