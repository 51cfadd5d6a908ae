import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { answeredWith, refusal } from '../api/client.test-support';
import { postCourseOrder } from '../api/endpoints/course-order';
import { fetchPaymentOptions } from '../api/endpoints/payment-options';
import type { CourseOrderBody } from '../generated/api/course-order';
import { checkoutErrors, checkoutPaymentMethod, type CheckoutFields } from '../domain/checkout';
import { coursePurchaseView, type CoursePurchaseSnapshot } from '../features/course/course-purchase-view';
import {
  coursePurchaseMachine,
  type OrderAnswer,
  type OrderRequest,
  type OrderFacts,
  type PaymentReturn,
  type PurchaseContext,
  type PurchaseInput,
  type PurchaseTrack,
  type PurchaseView,
  type ViewRequest,
} from './course-purchase-machine';
import { serverMessage } from './server-error';
import type {
  OrderConfirmationInput,
  OrderConfirmationMachine,
  OrderConfirmationOutput,
} from './order-confirmation-machine';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type ModelStep,
} from './model-based.test-support';

type Logged =
  // The machine's `view.request` (emitted: the app moves the address, decision 044).
  | { action: 'requestView'; view: PurchaseView }
  | { action: 'track'; name: PurchaseTrack }
  | { action: 'storeOrder'; orderId: string; courseId: string; fields: CheckoutFields }
  | { action: 'postToGateway'; orderId: string }
  | { action: 'logOrderFailure' }
  | { action: 'focusFirstInvalid' }
  | { action: 'requestSubmit' }
  | { action: 'scrollToCourses' };

const accepted: OrderAnswer = {
  success: 'true',
  msg: 'Order created.',
  data: { order_id: 'EF1', action_url: '/sandbox/gateway', form_name: 'gw', fields: { order_id: 'EF1' } },
};
const refused: OrderAnswer = { success: 'false', msg: 'No' };
// The confirmation child's verdict (its own states are order-confirmation-machine.test.ts's).
const paid: OrderConfirmationOutput = { paid: true };
const notPaid: OrderConfirmationOutput = { paid: false };

// Everything but the billing address is filled: one change makes the form valid, one spoils it.
const fields: Partial<CheckoutFields> = {
  fatherName: 'Ramesh Kumar',
  pincode: '110001',
  city: 'New Delhi',
  state: 'Delhi',
};

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('Network') });

// What the order post is built from: the checkout view's reads come with the submit.
const facts = { course: { product_id: 'C1' } } as OrderFacts;
// The gateway's return (the actor's input): the stored order, and one whose address named none.
const paidReturn: PaymentReturn = {
  orderId: 'EF1',
  gatewaySaidPaid: true,
  courseId: 'C1',
  fromDescription: true,
  fields: { ...(fields as CheckoutFields), billingAddress: '12 MG Road', terms: true },
};

function expectView(log: Logged[], input: PurchaseInput, calls: PendingCalls) {
  return (step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot) => {
    const after = coursePurchaseView(actual as CoursePurchaseSnapshot);
    const before = coursePurchaseView(previous as CoursePurchaseSnapshot);
    const context = actual.context as PurchaseContext;
    const event = step.event as {
      type: string;
      view?: string;
      field?: string;
      output?: unknown;
      error?: unknown;
    };
    const requested = log.filter((l) => l.action === 'requestView').map((l) => (l as { view: string }).view);
    const tracked = log.filter((l) => l.action === 'track').map((l) => (l as { name: string }).name);
    // A modal belongs to its view: never a retention pop-up over a checkout, never two at once.
    if (after.modal === 'retention') expect(after.view).toBe('dashboard');
    if (after.modal === 'paymentFailed') expect(after.view).toBe('checkout');
    // The Pay button spins exactly while the order is posted or the page leaves for the gateway.
    expect(after.paying).toBe(
      actual.matches({ checkout: 'submitting' }) || actual.matches({ checkout: 'redirecting' }),
    );
    switch (event.type) {
      case 'xstate.init':
        expect(after.view).toBe('dashboard');
        if (input.paymentReturn?.orderId) {
          // The gateway came back: the server is asked, the entered address is back. (Its query is
          // the app's to drop: the machine never touches the address.)
          expect(after.confirming).toBe(true);
          expect(calls.inputs.get('confirmOrder')?.at(-1)).toEqual({ orderId: 'EF1', gatewaySaidPaid: true });
          expect(after.fields.billingAddress).toBe('12 MG Road');
          expect(after.fromDescription).toBe(true);
        } else {
          expect(after).toMatchObject({ confirming: false, modal: null, paying: false });
        }
        expect(log).toEqual([]);
        break;
      case 'course.open':
        expect(after.view).toBe(event.view);
        // The address already shows the view: the machine asks for none.
        expect(requested).toEqual([]);
        // The gateway's return found the order unpaid: the checkout opens on 'Payment failed!'.
        if (event.view === 'checkout' && context.failed) expect(after.modal).toBe('paymentFailed');
        break;
      case 'course.close':
        expect(after.view).toBe('dashboard');
        expect(after.modal).toBeNull();
        break;
      case 'course.proceed':
        // The checkout is asked for; the view changes only when its address sends course.open.
        expect(after.view).toBe('description');
        expect(after.fromDescription).toBe(true);
        expect(requested).toEqual(['checkout']);
        expect(tracked).toEqual(['provisional_fee_proceed']);
        break;
      case 'course.back':
        if (!context.purchased && !(previous.context as PurchaseContext).exitShown) {
          // The back arrow on an unpurchased description shows the exit intent first.
          expect(after).toMatchObject({ view: 'description', modal: 'exitIntent' });
          expect(requested).toEqual([]);
        } else {
          expect(after).toMatchObject({ view: 'description', modal: null });
          expect(requested).toEqual(['dashboard']);
        }
        break;
      case 'checkout.back':
        expect(after.view).toBe('checkout');
        expect(requested).toEqual([before.fromDescription ? 'description' : 'dashboard']);
        break;
      case 'checkout.change':
        // Editing a field clears its error; a new pincode clears the city's and the state's too.
        expect(after.errors[event.field as keyof typeof after.errors]).toBeUndefined();
        if (event.field === 'pincode') {
          expect(after.errors.city).toBeUndefined();
          expect(after.errors.state).toBeUndefined();
        }
        break;
      case 'checkout.submit':
        if (before.modal === null && Object.keys(checkoutErrors(before.fields)).length === 0) {
          expect(after.paying).toBe(true);
          expect(after.errors).toEqual({});
          expect(tracked).toEqual(['course_proceed']);
          // The order is built from the view's reads that came with the submit, and the form.
          expect(calls.inputs.get('postOrder')?.at(-1)).toEqual({
            courseId: context.courseId,
            fields: context.fields,
            facts,
          });
        } else {
          expect(after.paying).toBe(false);
          expect(after.errors).toEqual(checkoutErrors(before.fields));
          expect(log).toEqual([{ action: 'focusFirstInvalid' }]);
        }
        break;
      case 'checkout.reset':
        // The entered address stays.
        expect(after.fields).toEqual(before.fields);
        expect(after).toMatchObject({ modal: null, paying: false, errors: {} });
        expect(context.failed).toBe(false);
        break;
      case 'xstate.done.actor.postOrder':
        if ((event.output as OrderAnswer).success === 'true') {
          expect(context.order).toEqual(accepted);
          expect(log).toEqual([
            { action: 'storeOrder', orderId: 'EF1', courseId: context.courseId, fields: context.fields },
            { action: 'postToGateway', orderId: 'EF1' },
          ]);
        } else {
          // Refused (success "false"): the server's sentence by Pay, the address as it was.
          expect(after.paying).toBe(false);
          expect(after.orderError).toEqual({
            key: 'course.checkout.orderFailed',
            server: (event.output as OrderAnswer).msg,
          });
          expect(log).toEqual([{ action: 'logOrderFailure' }]);
        }
        break;
      case 'xstate.error.actor.postOrder': {
        // The server's sentence when it gave one (bought in another tab), else a general one.
        expect(after).toMatchObject({ view: 'checkout', modal: null, paying: false });
        const server = serverMessage(event.error);
        expect(after.orderError).toEqual(
          server ? { key: 'course.checkout.orderFailed', server } : { key: 'course.checkout.orderFailed' },
        );
        expect(log).toEqual([{ action: 'logOrderFailure' }]);
        break;
      }
      case 'payment.check':
        // Check again goes to the confirmation; the dashboard stays as it was.
        expect(after).toEqual(before);
        expect(log).toEqual([]);
        break;
      case 'xstate.done.actor.confirmOrder':
        // The server's record, not the query, decides.
        // (Its view opens when the app has moved the address and sends course.open.)
        expect(after).toMatchObject({ view: 'dashboard', confirming: false });
        if ((event.output as OrderConfirmationOutput).paid) {
          expect(requested).toEqual(['success']);
        } else {
          expect(context.failed).toBe(true);
          expect(requested).toEqual(['checkout']);
        }
        break;
      case 'xstate.error.actor.confirmOrder':
        expect(after).toMatchObject({ view: 'dashboard', confirming: false });
        expect(context.failed).toBe(true);
        expect(requested).toEqual(['checkout']);
        break;
      case 'payment.retry':
        expect(after).toMatchObject({ view: 'checkout', modal: null, retry: true });
        expect(context.failed).toBe(false);
        expect(tracked).toEqual(['payment_retry']);
        break;
      case 'exit.attempt':
        if (!(previous.context as PurchaseContext).exitShown && before.modal === null && !before.paying) {
          expect(after.modal).toBe('exitIntent');
          expect(tracked).toEqual(['exit_intent_shown']);
        } else expect(after.modal).toBe(before.modal);
        break;
      case 'exit.stay':
        expect(after.view).toBe(before.view);
        expect(after.modal).toBeNull();
        if (before.view === 'checkout') expect(log).toEqual([{ action: 'requestSubmit' }]);
        else expect(requested).toEqual(['checkout']);
        break;
      case 'exit.close':
        expect(after.view).toBe(before.view);
        expect(after.modal).toBeNull();
        break;
      case 'xstate.after.retentionDelay.coursePurchase.dashboard.waiting':
        expect(after.modal).toBe('retention');
        expect(tracked).toEqual(['retention_shown']);
        break;
      case 'retention.register':
        expect(after.modal).toBeNull();
        expect(log.map((l) => l.action)).toContain('scrollToCourses');
        break;
      case 'retention.close':
        expect(after.modal).toBeNull();
        break;
    }
    log.length = 0;
  };
}

describe('course-purchase machine: model', () => {
  it('takes every transition and reaches every state, showing the student the right thing', async () => {
    const calls = new PendingCalls();
    const log: Logged[] = [];
    const machine = coursePurchaseMachine.provide({
      actors: {
        postOrder: calls.actor<OrderAnswer, OrderRequest>('postOrder'),
        // A promise stands in for the confirmation machine: the parent reads only its output.
        confirmOrder: calls.actor<OrderConfirmationOutput, OrderConfirmationInput>(
          'confirmOrder',
        ) as unknown as OrderConfirmationMachine,
      },
      actions: {
        track: (_, { name }) => void log.push({ action: 'track', name }),
        storeOrder: (_, { orderId, courseId, fields: kept }) =>
          void log.push({ action: 'storeOrder', orderId, courseId, fields: kept }),
        postToGateway: (_, { order }) =>
          void log.push({ action: 'postToGateway', orderId: order.data?.order_id ?? '' }),
        logOrderFailure: () => void log.push({ action: 'logOrderFailure' }),
        focusFirstInvalid: () => void log.push({ action: 'focusFirstInvalid' }),
        requestSubmit: () => void log.push({ action: 'requestSubmit' }),
        scrollToCourses: () => void log.push({ action: 'scrollToCourses' }),
      },
    });
    const events = [
      { type: 'course.open', courseId: 'C1', view: 'description' },
      { type: 'course.open', courseId: 'C1', view: 'checkout' },
      { type: 'course.open', courseId: 'C1', view: 'success', orderId: 'EF1' },
      { type: 'course.close' },
      { type: 'course.proceed' },
      { type: 'course.back' },
      { type: 'checkout.back' },
      { type: 'checkout.change', field: 'billingAddress', value: '12 MG Road' },
      { type: 'checkout.change', field: 'billingAddress', value: '' },
      { type: 'checkout.change', field: 'pincode', value: '1100' },
      { type: 'checkout.fill', city: 'New Delhi', state: 'Delhi' },
      { type: 'checkout.submit', facts },
      { type: 'checkout.reset' },
      { type: 'payment.retry' },
      { type: 'payment.check' },
      { type: 'exit.attempt' },
      { type: 'exit.stay' },
      { type: 'exit.close' },
      { type: 'retention.arm', eligible: true },
      { type: 'retention.arm', eligible: false },
      { type: 'retention.close' },
      { type: 'retention.register' },
      done('postOrder', accepted),
      done('postOrder', refused),
      failed('postOrder'),
      {
        type: 'xstate.error.actor.postOrder',
        error: { status: 409, body: { success: 'false', msg: 'This course is already purchased.' } },
      },
      done('confirmOrder', paid),
      done('confirmOrder', notPaid),
      failed('confirmOrder'),
    ];
    // Only what a guard reads tells states apart (the rest is checked along every path).
    const project = (c: PurchaseContext) => ({
      valid: Object.keys(checkoutErrors(c.fields)).length === 0,
      errors: Object.keys(c.errors).sort().join(),
      from: c.fromDescription,
      exit: c.exitShown,
      retention: c.retentionShown,
      failed: c.failed,
    });
    const coverage = emptyCoverage();
    // Opened on the dashboard; and started by the gateway's return, with its order or naming none.
    // (The return naming no order starts where the first walk does: a few events show it.)
    const walks: Array<{ input: PurchaseInput; sample: typeof events }> = [
      { input: { fields }, sample: events },
      { input: { fields, paymentReturn: paidReturn }, sample: events },
      {
        input: {
          fields,
          paymentReturn: { orderId: '', gatewaySaidPaid: true, courseId: null, fromDescription: false },
        },
        sample: events.filter((e) => e.type.startsWith('retention.') || e.type === 'course.open'),
      },
    ];
    for (const { input, sample } of walks) {
      const paths = transitionCoverPaths({
        machine,
        input,
        events: sample,
        project: (c) => project(c as PurchaseContext),
      });
      console.log(`course-purchase machine: ${paths.length} model paths`);
      for (const path of paths) {
        log.length = 0;
        await replayPath(path, {
          machine,
          input,
          calls,
          delays: { retentionDelay: 10_000 },
          coverage,
          expectView: expectView(log, input, calls),
          onEmitted: (emitted) => {
            if (emitted.type === 'view.request')
              log.push({ action: 'requestView', view: (emitted as ViewRequest).view });
          },
        });
      }
    }
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
  }, 120_000);

  it('opens the retention pop-up only after the named delay, and only once', async () => {
    const { createActor, SimulatedClock } = await import('xstate');
    const clock = new SimulatedClock();
    const actor = createActor(coursePurchaseMachine, { clock, input: undefined }).start();
    actor.send({ type: 'retention.arm', eligible: true });
    clock.increment(9_999);
    expect(coursePurchaseView(actor.getSnapshot()).modal).toBeNull();
    clock.increment(1);
    expect(coursePurchaseView(actor.getSnapshot()).modal).toBe('retention');
    actor.send({ type: 'retention.close' });
    actor.send({ type: 'retention.arm', eligible: true });
    clock.increment(10_000);
    expect(coursePurchaseView(actor.getSnapshot()).modal).toBeNull();
    actor.stop();
  });
});

describe('course-purchase machine: a purchased course', () => {
  it('goes back from its description at once: no exit intent for a course already bought', async () => {
    const { createActor } = await import('xstate');
    const views: string[] = [];
    const actor = createActor(coursePurchaseMachine, { input: undefined });
    actor.on('view.request', ({ view }) => void views.push(view));
    actor.start();
    actor.send({ type: 'course.open', courseId: 'C1', view: 'description', purchased: true });
    actor.send({ type: 'exit.attempt' });
    expect(coursePurchaseView(actor.getSnapshot()).modal).toBe('exitIntent');
    actor.send({ type: 'exit.close' });
    actor.send({ type: 'course.open', courseId: 'C2', view: 'description', purchased: true });
    actor.send({ type: 'course.back' });
    expect(coursePurchaseView(actor.getSnapshot()).modal).toBeNull();
    expect(views).toEqual(['dashboard']);
    actor.stop();
  });
});

describe("course-purchase machine: a 200 whose body says success 'false'", () => {
  /** The app's order post (course-purchase.ts): the centre's payment options, then the order. */
  function checkout(answers: { options: unknown; order: unknown }) {
    const log: Logged[] = [];
    const machine = coursePurchaseMachine.provide({
      actors: {
        postOrder: fromPromise<OrderAnswer, OrderRequest>(async ({ input }) => {
          const options = await answeredWith(answers.options, (o) => fetchPaymentOptions('IC001', o));
          // The canned answer reads no body: only what the order names matters here.
          const body = {
            product_id: input.courseId,
            payment_method: checkoutPaymentMethod(options.data),
          } as CourseOrderBody;
          return answeredWith(answers.order, (o) => postCourseOrder('token', body, o));
        }),
      },
      actions: {
        postToGateway: (_, { order }) =>
          void log.push({ action: 'postToGateway', orderId: order.data?.order_id ?? '' }),
        logOrderFailure: () => void log.push({ action: 'logOrderFailure' }),
      },
    });
    const actor = createActor(machine, { input: { fields } }).start();
    actor.send({ type: 'course.open', courseId: 'C1', view: 'checkout' });
    actor.send({ type: 'checkout.change', field: 'billingAddress', value: '12 MG Road' });
    actor.send({ type: 'checkout.submit', facts });
    return { actor, log };
  }
  const optionsOk = { success: 'true', msg: 'Success', data: { hdfc: 'HDFC' } };

  it("says the order's refusal by Pay, with the server's sentence, and never posts to the gateway", async () => {
    const { actor, log } = checkout({
      options: optionsOk,
      order: refusal('This course is no longer offered at your centre.'),
    });
    await waitFor(
      actor,
      (s) => coursePurchaseView(s).orderError !== undefined && !coursePurchaseView(s).paying,
    );
    expect(coursePurchaseView(actor.getSnapshot())).toMatchObject({
      view: 'checkout',
      orderError: {
        key: 'course.checkout.orderFailed',
        server: 'This course is no longer offered at your centre.',
      },
    });
    expect(log).toEqual([{ action: 'logOrderFailure' }]);
  });

  it("says the payment options' refusal too: the checkout is not posted with a guessed method", async () => {
    const { actor, log } = checkout({
      options: refusal('Payment options are not available for this centre.'),
      order: { success: 'true', msg: 'Order created.', data: { order_id: 'EF1' } },
    });
    await waitFor(
      actor,
      (s) => coursePurchaseView(s).orderError !== undefined && !coursePurchaseView(s).paying,
    );
    expect(coursePurchaseView(actor.getSnapshot()).orderError).toEqual({
      key: 'course.checkout.orderFailed',
      server: 'Payment options are not available for this centre.',
    });
    expect(log).toEqual([{ action: 'logOrderFailure' }]);
  });
});
