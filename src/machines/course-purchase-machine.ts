// The course purchase (part 2 §4 "Course views and checkout", "Exit intent", "Payment", "Retention
// pop-up"): which view shows (the dashboard, a course's description, its checkout, the payment's
// success), the order post and the hand-over to the gateway, the gateway's return (the server's
// order status decides, never the query), the 'Payment failed!' modal, the exit-intent modal and
// the retention pop-up. Each view is a route of the logged-in app, and the address alone decides
// which view shows (decision 044): the app sends `course.open` / `course.close` whenever the address
// changes, and only these events move the machine between views. Where the flow's outcome is another
// view (proceed, the back arrow, the gateway's return confirmed), the machine emits `view.request`
// and the app changes the address, which then sends `course.open` like any other change. The
// gateway's return is its input: the app reads the address once, when it creates the actor, and the
// machine starts by confirming the order. What the order post needs of the server's reads (the student,
// the profile, the course) comes with the submit: the machine never reads the app's cache.
import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import {
  checkoutErrors,
  emptyCheckoutFields,
  errorsAfterEdit,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutFields,
} from '../domain/checkout';
import type { CourseItem } from '../generated/api/course-list';
import type { DashboardData } from '../generated/api/dashboard';
import type { Profile } from '../generated/api/profile';
import { fromError, fromReply, type Message } from './message';
import { notProvided } from './not-provided';
import { orderConfirmationMachine, type OrderConfirmationOutput } from './order-confirmation-machine';

const missing = (name: string) => notProvided('course purchase', name);

/** What the order post answers (part 2 §3 "Payment data / order response"), as far as the flow goes. */
export interface OrderAnswer {
  success: string;
  msg?: string;
  data?: {
    order_id: string;
    action_url: string;
    form_name: string;
    fields: Record<string, string | undefined>;
  };
}

/** The server's reads the order post is built from (the checkout view has them from swr). */
export interface OrderFacts {
  dashboard: DashboardData;
  profile: Profile;
  course: CourseItem;
}

export interface OrderRequest {
  courseId: string;
  fields: CheckoutFields;
  /** Null only if a submit came without them (the post then fails: nothing to build it from). */
  facts: OrderFacts | null;
}

/** The gateway came back to /dashboard with a course payment (read from the address at start). */
export interface PaymentReturn {
  /** The order to confirm with the server; '' when the return names none (nothing to confirm). */
  orderId: string;
  /** The gateway's redirect said success (worth waiting for its callback); else one look. */
  gatewaySaidPaid: boolean;
  /** The course the stored order was for (null when the return is not the stored order). */
  courseId: string | null;
  fromDescription: boolean;
  /** The address entered before the gateway (kept by the app across the page load). */
  fields?: CheckoutFields;
}

export interface PurchaseInput {
  fields?: Partial<CheckoutFields>;
  paymentReturn?: PaymentReturn;
}

export type PurchaseView = 'dashboard' | 'description' | 'checkout' | 'success';

/**
 * The flow's outcome is another view (emitted: the app moves the address, decision 044). It
 * carries what the view's address is made of, as the context has it when the request is made.
 */
export interface ViewRequest {
  type: 'view.request';
  view: PurchaseView;
  courseId: string | null;
  fromDescription: boolean;
  orderId: string | null;
  /** The gateway's return found the order unpaid ('Payment failed!' on the checkout). */
  failed: boolean;
}

export interface PurchaseContext {
  courseId: string | null;
  /** The checkout was opened from the description (breadcrumb 'Course', the back arrow's target). */
  fromDescription: boolean;
  /** The open course is purchased already (no exit intent, no payment button). */
  purchased: boolean;
  fields: CheckoutFields;
  /** The errors of the last submit, less those the student has since edited. */
  errors: CheckoutErrors;
  /** The order post's answer (kept), and the order id the gateway returns with. */
  order: OrderAnswer | null;
  orderId: string | null;
  /** The e-commerce failed flag: the gateway returned without a payment. */
  failed: boolean;
  /**
   * Why the last Pay started no payment: the server's sentence (the course was bought in another
   * tab, the order was refused), else a general one. Shown by Pay until the next try.
   */
  orderError?: Message<'course.checkout.orderFailed'>;
  /** 'Try again' after a failure (retry-payment). */
  retry: boolean;
  exitShown: boolean;
  retentionShown: boolean;
  /** The actor started on the gateway's return (its input). */
  returned: boolean;
  gatewaySaidPaid: boolean;
}

export type PurchaseEvent =
  | {
      type: 'course.open';
      courseId: string;
      view: 'description' | 'checkout' | 'success';
      fromDescription?: boolean;
      purchased?: boolean;
      orderId?: string;
    }
  | { type: 'course.close' }
  | { type: 'course.proceed' }
  | { type: 'course.back' }
  | { type: 'checkout.back' }
  | { type: 'checkout.change'; field: CheckoutField; value: string | boolean }
  | { type: 'checkout.fill'; city: string; state: string }
  | { type: 'checkout.submit'; facts: OrderFacts }
  | { type: 'checkout.reset' }
  | { type: 'payment.retry' }
  | { type: 'payment.check' }
  | { type: 'exit.attempt' }
  | { type: 'exit.stay' }
  | { type: 'exit.close' }
  | { type: 'retention.arm'; eligible: boolean }
  | { type: 'retention.close' }
  | { type: 'retention.register' };

export type PurchaseTrack =
  | 'course_proceed'
  | 'provisional_fee_proceed'
  | 'payment_retry'
  | 'exit_intent_shown'
  | 'retention_shown'
  | 'retention_register';

const initialContext = (): PurchaseContext => ({
  courseId: null,
  fromDescription: false,
  purchased: false,
  fields: emptyCheckoutFields(),
  errors: {},
  order: null,
  orderId: null,
  failed: false,
  retry: false,
  exitShown: false,
  retentionShown: false,
  returned: false,
  gatewaySaidPaid: false,
});

function contextOf(input: PurchaseInput | undefined): PurchaseContext {
  const fields = { ...emptyCheckoutFields(), ...input?.fields };
  const back = input?.paymentReturn;
  if (!back) return { ...initialContext(), fields };
  if (!back.orderId) return { ...initialContext(), fields, returned: true };
  return {
    ...initialContext(),
    returned: true,
    gatewaySaidPaid: back.gatewaySaidPaid,
    orderId: back.orderId,
    courseId: back.courseId,
    fromDescription: back.fromDescription,
    fields: back.fields ?? fields,
  };
}

export const coursePurchaseMachine = setup({
  types: {
    input: {} as PurchaseInput | undefined,
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
    children: {} as { confirmOrder: 'confirmOrder' },
    emitted: {} as ViewRequest,
  },
  actors: {
    postOrder: fromPromise<OrderAnswer, OrderRequest>(missing('postOrder')),
    /** The server's verdict on the order the gateway returned from (decision 030). */
    confirmOrder: orderConfirmationMachine,
  },
  delays: {
    /** The retention pop-up opens this long after the course data loads (part 2 §9: 10 s). */
    retentionDelay: 10_000,
  },
  actions: {
    /** Asks the app for another view: the address decides, and its route then sends `course.open`. */
    requestView: emit(({ context }, params: { view: PurchaseView }) => ({
      type: 'view.request' as const,
      view: params.view,
      courseId: context.courseId,
      fromDescription: context.fromDescription,
      orderId: context.orderId,
      failed: context.failed,
    })),
    track: (_, _params: { name: PurchaseTrack }) => {},
    /** Stores the order id under iacst_order_id (part 3 "Local keys"), with the course to return to. */
    storeOrder: (
      _,
      _params: { orderId: string; courseId: string; fromDescription: boolean; fields: CheckoutFields },
    ) => {},
    /** Posts the hidden form to the gateway (the page leaves). */
    postToGateway: (_, _params: { order: OrderAnswer }) => {},
    /** A failed order post is only logged (part 2 §8). */
    logOrderFailure: (_, _params: { error: unknown }) => {},
    /** Focuses and scrolls to the first invalid field (80 px offset). */
    focusFirstInvalid: () => {},
    /** 'Stay and Continue' on the checkout submits the form (the view validates it first). */
    requestSubmit: () => {},
    scrollToCourses: () => {},
    openCourse: assign(({ context, event }) => {
      if (event.type !== 'course.open') return {};
      const same = context.courseId === event.courseId;
      return {
        courseId: event.courseId,
        purchased: event.purchased ?? (same ? context.purchased : false),
        fromDescription: event.fromDescription ?? (same ? context.fromDescription : false),
        orderId: event.orderId ?? context.orderId,
        errors: same ? context.errors : {},
        order: same ? context.order : null,
        failed: same ? context.failed : false,
      };
    }),
  },
  guards: {
    returnedWithOrder: ({ context }) => context.returned && context.orderId !== null,
    paymentFailed: ({ context }) => context.failed,
    formValid: ({ context }) => Object.keys(checkoutErrors(context.fields)).length === 0,
    orderAccepted: (_, params: { answer: OrderAnswer }) =>
      params.answer.success === 'true' && params.answer.data !== undefined,
    paid: (_, params: { output: OrderConfirmationOutput }) => params.output.paid,
    exitIntentDue: ({ context }) => !context.exitShown,
    backShowsExitIntent: ({ context }) => !context.purchased && !context.exitShown,
    fromDescription: ({ context }) => context.fromDescription,
    retentionDue: ({ context, event }) =>
      event.type === 'retention.arm' && event.eligible && !context.retentionShown,
    opensDescription: ({ event }) => event.type === 'course.open' && event.view === 'description',
    opensCheckout: ({ event }) => event.type === 'course.open' && event.view === 'checkout',
    opensSuccess: ({ event }) => event.type === 'course.open' && event.view === 'success',
  },
}).createMachine({
  id: 'coursePurchase',
  context: ({ input }) => contextOf(input),
  initial: 'starting',
  on: {
    // The address decides the view (Back, reload, a link): a new course keeps the typed address.
    'course.open': [
      { guard: 'opensDescription', target: '.description', actions: 'openCourse' },
      { guard: 'opensCheckout', target: '.checkout', actions: 'openCourse' },
      { guard: 'opensSuccess', target: '.success', actions: 'openCourse' },
    ],
    'course.close': { target: '.dashboard' },
  },
  states: {
    /** The input decides: the gateway's return (with an order to confirm, or none), else the dashboard. */
    starting: {
      always: [{ guard: 'returnedWithOrder', target: 'dashboard.confirming' }, { target: 'dashboard' }],
    },
    dashboard: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'retention.arm': { guard: 'retentionDue', target: 'waiting' } },
        },
        waiting: {
          after: { retentionDelay: { target: 'retention' } },
        },
        retention: {
          entry: [assign({ retentionShown: true }), { type: 'track', params: { name: 'retention_shown' } }],
          on: {
            'retention.close': { target: 'idle' },
            'retention.register': {
              target: 'idle',
              actions: ['scrollToCourses', { type: 'track', params: { name: 'retention_register' } }],
            },
          },
        },
        /**
         * The gateway came back: the server's record of the order decides what shows (waited for,
         * and "being confirmed" with Check again while it stays open).
         */
        confirming: {
          tags: ['busy'],
          on: { 'payment.check': { actions: sendTo('confirmOrder', { type: 'payment.check' }) } },
          invoke: {
            id: 'confirmOrder',
            src: 'confirmOrder',
            input: ({ context }) => ({
              orderId: context.orderId ?? '',
              gatewaySaidPaid: context.gatewaySaidPaid,
            }),
            // The verdict asks for its view; the checkout opens on 'Payment failed!' while the flag holds.
            onDone: [
              {
                guard: { type: 'paid', params: ({ event }) => ({ output: event.output }) },
                target: 'idle',
                actions: { type: 'requestView', params: { view: 'success' } },
              },
              {
                target: 'idle',
                actions: [assign({ failed: true }), { type: 'requestView', params: { view: 'checkout' } }],
              },
            ],
            // An order the server cannot confirm is not paid: the failure modal offers a new try.
            onError: {
              target: 'idle',
              actions: [assign({ failed: true }), { type: 'requestView', params: { view: 'checkout' } }],
            },
          },
        },
      },
    },
    description: {
      initial: 'reading',
      on: {
        'course.proceed': {
          actions: [
            assign({ fromDescription: true }),
            // The fee panel's Proceed on the description (part 2 §7 "provisional-fee proceed").
            { type: 'track', params: { name: 'provisional_fee_proceed' } },
            { type: 'requestView', params: { view: 'checkout' } },
          ],
        },
      },
      states: {
        reading: {
          on: {
            'course.back': [
              { guard: 'backShowsExitIntent', target: 'exitIntent' },
              { actions: { type: 'requestView', params: { view: 'dashboard' } } },
            ],
            'exit.attempt': { guard: 'exitIntentDue', target: 'exitIntent' },
          },
        },
        exitIntent: {
          entry: [assign({ exitShown: true }), { type: 'track', params: { name: 'exit_intent_shown' } }],
          on: {
            'exit.stay': {
              target: 'reading',
              actions: [
                assign({ fromDescription: true }),
                { type: 'requestView', params: { view: 'checkout' } },
              ],
            },
            'exit.close': { target: 'reading' },
          },
        },
      },
    },
    checkout: {
      initial: 'opening',
      on: {
        'checkout.change': {
          actions: assign(({ context, event }) => ({
            fields: { ...context.fields, [event.field]: event.value },
            errors: errorsAfterEdit(context.errors, event.field),
          })),
        },
        'checkout.fill': {
          actions: assign(({ context, event }) => ({
            fields: { ...context.fields, city: event.city, state: event.state },
            errors: errorsAfterEdit(errorsAfterEdit(context.errors, 'city'), 'state'),
          })),
        },
        'checkout.back': [
          { guard: 'fromDescription', actions: { type: 'requestView', params: { view: 'description' } } },
          { actions: { type: 'requestView', params: { view: 'dashboard' } } },
        ],
        // Back from the gateway (a page from the browser's cache) or a new course: the entered
        // address stays, the order and the flags go.
        'checkout.reset': {
          target: '.editing',
          actions: assign({ order: null, errors: {}, failed: false, retry: false }),
        },
      },
      states: {
        /** Opened after the gateway's return found the order unpaid: 'Payment failed!' first. */
        opening: {
          always: [{ guard: 'paymentFailed', target: 'failed' }, { target: 'editing' }],
        },
        editing: {
          on: {
            'checkout.submit': [
              {
                guard: 'formValid',
                target: 'submitting',
                // The checkout's Pay (part 2 §7 "proceed").
                actions: [
                  assign({ errors: {}, orderError: undefined }),
                  { type: 'track', params: { name: 'course_proceed' } },
                ],
              },
              {
                actions: [
                  assign({ errors: ({ context }) => checkoutErrors(context.fields) }),
                  'focusFirstInvalid',
                ],
              },
            ],
            'exit.attempt': { guard: 'exitIntentDue', target: 'exitIntent' },
          },
        },
        exitIntent: {
          entry: [assign({ exitShown: true }), { type: 'track', params: { name: 'exit_intent_shown' } }],
          on: {
            'exit.stay': { target: 'editing', actions: 'requestSubmit' },
            'exit.close': { target: 'editing' },
          },
        },
        /** One order post in flight: Pay is not taken again until it answers. */
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'postOrder',
            src: 'postOrder',
            input: ({ context, event }) => ({
              courseId: context.courseId ?? '',
              fields: context.fields,
              facts: event.type === 'checkout.submit' ? event.facts : null,
            }),
            onDone: [
              {
                guard: { type: 'orderAccepted', params: ({ event }) => ({ answer: event.output }) },
                target: 'redirecting',
                actions: [
                  assign({
                    order: ({ event }) => event.output,
                    orderId: ({ event }) => event.output.data?.order_id ?? null,
                  }),
                  {
                    type: 'storeOrder',
                    params: ({ context, event }) => ({
                      orderId: event.output.data?.order_id ?? '',
                      courseId: context.courseId ?? '',
                      fromDescription: context.fromDescription,
                      fields: context.fields,
                    }),
                  },
                  { type: 'postToGateway', params: ({ event }) => ({ order: event.output }) },
                ],
              },
              {
                // success "false" (even with HTTP 200) is a refusal: said by Pay, not only logged.
                target: 'editing',
                actions: [
                  { type: 'logOrderFailure', params: ({ event }) => ({ error: event.output }) },
                  assign({
                    orderError: ({ event }) => fromReply(event.output.msg, 'course.checkout.orderFailed'),
                  }),
                ],
              },
            ],
            onError: {
              target: 'editing',
              actions: [
                { type: 'logOrderFailure', params: ({ event }) => ({ error: event.error }) },
                assign({ orderError: ({ event }) => fromError(event.error, 'course.checkout.orderFailed') }),
              ],
            },
          },
        },
        /** The hidden form went to the gateway; the page is leaving. */
        redirecting: { tags: ['busy'] },
        /** 'Payment failed!': Try again (or close) clears the flag and sets retry. */
        failed: {
          on: {
            'payment.retry': {
              target: 'editing',
              actions: [
                assign({ failed: false, retry: true }),
                { type: 'track', params: { name: 'payment_retry' } },
              ],
            },
          },
        },
      },
    },
    success: {},
  },
});

export type CoursePurchaseMachine = typeof coursePurchaseMachine;
