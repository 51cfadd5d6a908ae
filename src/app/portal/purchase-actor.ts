// The course purchase's actor wired to the API, the session store and the tab's storage: its
// machine with every dependency given once, and its input (the gateway's return read from the
// address, the address typed on the checkout kept for the tab). The portal's provider
// (purchase-provider.tsx) creates the one actor of the app from it.
import { fromPromise, type ActorRefFrom, type Subscription } from 'xstate';
import { postCourseOrder } from '../../api/endpoints/course-order';
import { fetchPaymentOptions } from '../../api/endpoints/payment-options';
import {
  billingName,
  checkoutPaymentMethod,
  emptyCheckoutFields,
  firstInvalid,
  type CheckoutFields,
} from '../../domain/checkout';
import { checkoutFieldId } from '../../features/course/checkout-field-id';
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
import type { PortalValue } from './portal-provider';
import { isSessionError } from './portal-session';

export type PurchaseActor = ActorRefFrom<typeof coursePurchaseMachine>;

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

interface Deps {
  token: string;
  analytics: Analytics;
  store: SessionStore;
  onSessionError: (error?: unknown) => void;
  scrollToAndFocus: PortalValue['scrollToAndFocus'];
  scrollToCourses: () => void;
}

/** The purchase machine with the app's API and effects, all given here, once. */
export function purchaseMachine(deps: Deps) {
  return coursePurchaseMachine.provide({
    actors: {
      // The order is built from what the checkout view read (swr's answers, sent with the submit).
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
        return postCourseOrder(deps.token, {
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
export function withoutReturnQuery({ pathname, search }: { pathname: string; search: string }): string {
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
 * The address typed on the checkout, kept for the tab (decision 041): a reload, a tab the phone
 * discarded or Back from the gateway finds it as it was. Forgotten once the course is paid, and
 * with everything else the tab kept when the student logs out (session-store.ts).
 */
const ADDRESS_KEY = 'examflow:checkout-address';

export const keptAddress = {
  read(): CheckoutFields | undefined {
    try {
      return checkoutFieldsOf(JSON.parse(sessionStorage.getItem(ADDRESS_KEY) ?? 'null'));
    } catch {
      return undefined;
    }
  },
  /** Keeps the fields each time they change, and forgets them at the payment's success. */
  follow(actor: PurchaseActor): Subscription {
    let last = actor.getSnapshot().context.fields;
    return actor.subscribe((snapshot) => {
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
