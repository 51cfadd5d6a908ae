import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  emptyCoverage,
  PendingCalls,
  replayPath,
  stateNodePaths,
  transitionCoverPaths,
  transitionKeys,
  type ModelStep,
} from './model-based.test-support';
import {
  confirmationView,
  orderConfirmationMachine,
  type OrderConfirmationInput,
  type OrderVerdict,
} from './order-confirmation-machine';

const done = (output: OrderVerdict) => ({ type: 'xstate.done.actor.waitForOrder', output });

describe('order-confirmation machine: model', () => {
  const calls = new PendingCalls();
  const machine = orderConfirmationMachine.provide({
    actors: { waitForOrder: calls.actor<OrderVerdict, { orderId: string; again: boolean }>('waitForOrder') },
  });
  const events = [
    { type: 'payment.check' },
    done('paid'),
    done('failed'),
    done('aborted'),
    done('pending'),
    { type: 'xstate.error.actor.waitForOrder', error: new Error('offline') },
  ];
  const inputs: Record<string, OrderConfirmationInput> = {
    'the gateway said success': { orderId: 'EF1', gatewaySaidPaid: true },
    'the gateway said failure': { orderId: 'EF2', gatewaySaidPaid: false },
  };

  // One coverage for both returns: together they take every transition.
  const coverage = emptyCoverage();

  it.each(Object.entries(inputs))('%s: waits, then shows the verdict', async (_name, input) => {
    const paths = transitionCoverPaths({ machine, input, events, project: () => null });
    const expectView = (step: ModelStep, actual: AnyMachineSnapshot, previous: AnyMachineSnapshot) => {
      const event = step.event as { type: string; output?: OrderVerdict };
      const view = confirmationView({ getSnapshot: () => actual });
      const looks = calls.inputs.get('waitForOrder') ?? [];
      switch (event.type) {
        case 'xstate.init':
          // A success return waits for the callback; a failure return looks once.
          expect(view).toBe('waiting');
          expect(looks).toEqual([{ orderId: input.orderId, again: !input.gatewaySaidPaid }]);
          return;
        case 'payment.check':
          // One look each press; none while one runs.
          if (previous.value === 'unconfirmed') {
            expect(view).toBe('checking');
            expect(looks.at(-1)).toEqual({ orderId: input.orderId, again: true });
          } else expect(actual.value).toBe(previous.value);
          return;
        case 'xstate.done.actor.waitForOrder': {
          const verdict = event.output;
          if (verdict === 'paid') expect(actual.output).toEqual({ paid: true });
          else if (verdict !== 'pending' || !input.gatewaySaidPaid) {
            // Recorded failed, or still open on a return that said failure: the failure stands.
            expect(actual.status).toBe('done');
            expect(actual.output).toEqual({ paid: false });
          } else {
            expect(view).toBe('unconfirmed');
          }
          return;
        }
        case 'xstate.error.actor.waitForOrder':
          if (input.gatewaySaidPaid) expect(view).toBe('unconfirmed');
          else expect(actual.output).toEqual({ paid: false });
          return;
      }
    };
    for (const path of paths)
      await replayPath(path, { machine, input, calls, delays: {}, coverage, expectView });
    // A failure return never says "being confirmed".
    if (!input.gatewaySaidPaid)
      expect(paths.some((p) => p.steps.some((s) => s.state.value === 'unconfirmed'))).toBe(false);
  });

  it('together the returns take every transition and reach every state', () => {
    expect([...transitionKeys(machine).values()].filter((k) => !coverage.transitions.has(k))).toEqual([]);
    expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
  });

  it('never confirmed, then Check again finds it paid', async () => {
    const { createActor, fromPromise } = await import('xstate');
    const answers: OrderVerdict[] = ['pending', 'pending', 'paid'];
    const looks: boolean[] = [];
    const actor = createActor(
      orderConfirmationMachine.provide({
        actors: {
          waitForOrder: fromPromise(async ({ input }) => {
            looks.push(input.again);
            return answers[looks.length - 1] ?? 'pending';
          }),
        },
      }),
      { input: { orderId: 'EF1', gatewaySaidPaid: true } },
    ).start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(confirmationView(actor)).toBe('unconfirmed');
    actor.send({ type: 'payment.check' });
    expect(confirmationView(actor)).toBe('checking');
    await new Promise((resolve) => setImmediate(resolve));
    expect(confirmationView(actor)).toBe('unconfirmed');
    actor.send({ type: 'payment.check' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().output).toEqual({ paid: true });
    expect(confirmationView(actor)).toBeNull();
    expect(looks).toEqual([false, true, true]);
  });
});
