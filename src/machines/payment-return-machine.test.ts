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
import type {
  OrderConfirmationInput,
  OrderConfirmationMachine,
  OrderConfirmationOutput,
} from './order-confirmation-machine';
import { paymentReturnMachine, type PaymentReturnInput } from './payment-return-machine';

type Said =
  { action: 'say'; kind: string; key: string } | { action: 'clearQuery' } | { action: 'refreshDashboard' };

const inputs: Record<string, PaymentReturnInput> = {
  'the mock pack, back with its order': { orderId: 'EF1', edit: false, status: 'success' },
  'the mock pack, back saying failure': { orderId: 'EF4', edit: false, status: 'failure' },
  'a paid edit, back with its order': { orderId: 'EF2', edit: true, status: 'success' },
  'a failed edit (its dialog reopens)': { orderId: 'EF3', edit: true, status: 'failure' },
  'a failed edit naming no order': { orderId: null, edit: true, status: 'failure' },
  'a return without its order': { orderId: null, edit: false, status: 'success' },
};

describe('payment-return machine: model', () => {
  const calls = new PendingCalls();
  const log: Said[] = [];
  const machine = paymentReturnMachine.provide({
    actors: {
      // A promise stands in for the confirmation machine (its own test walks it): the parent
      // reads only its output.
      confirmOrder: calls.actor<OrderConfirmationOutput, OrderConfirmationInput>(
        'confirmOrder',
      ) as unknown as OrderConfirmationMachine,
    },
    actions: {
      say: (_, { kind, key }) => void log.push({ action: 'say', kind, key }),
      clearQuery: () => void log.push({ action: 'clearQuery' }),
      refreshDashboard: () => void log.push({ action: 'refreshDashboard' }),
    },
  });
  const events = [
    { type: 'payment.check' },
    { type: 'xstate.done.actor.confirmOrder', output: { paid: true } },
    { type: 'xstate.done.actor.confirmOrder', output: { paid: false } },
    { type: 'xstate.error.actor.confirmOrder', error: new Error('offline') },
  ];

  it.each(Object.entries(inputs))('%s: the server decides what the student is told', async (_name, input) => {
    const coverage = emptyCoverage();
    const paths = transitionCoverPaths({ machine, input, events, project: () => null });
    const failedEdit = input.edit && input.status !== 'success';
    const expectView = (step: ModelStep, actual: AnyMachineSnapshot) => {
      const event = step.event as { type: string; output?: OrderConfirmationOutput };
      if (event.type === 'xstate.init' || event.type === 'payment.check') {
        if (input.orderId) {
          // An order is confirmed with the server, waiting only when the gateway said success
          // (a failure return looks once: a late payment still shows as paid).
          expect(actual.value).toBe('checking');
          expect(calls.inputs.get('confirmOrder')).toEqual([
            { orderId: input.orderId, gatewaySaidPaid: input.status === 'success' },
          ]);
          expect(log).toEqual([]);
        } else {
          // No order: a failed edit is its dialog's; else only the address is cleaned.
          expect(actual.status).toBe('done');
          expect(log).toEqual(failedEdit ? [] : [{ action: 'clearQuery' }]);
        }
        return;
      }
      expect(actual.status).toBe('done');
      const paid = event.type === 'xstate.done.actor.confirmOrder' && event.output?.paid === true;
      expect(log).toEqual(
        paid
          ? [
              { action: 'say', kind: 'success', key: input.edit ? 'portal.edit.paid' : 'portal.mock.paid' },
              { action: 'refreshDashboard' },
              { action: 'clearQuery' },
            ]
          : failedEdit
            ? []
            : [{ action: 'say', kind: 'error', key: 'portal.payment.failed' }, { action: 'clearQuery' }],
      );
    };
    for (const path of paths) {
      log.length = 0;
      await replayPath(path, { machine, input, calls, delays: {}, coverage, expectView });
    }
    // Every state and transition this input can reach, taken on the real actor.
    if (input.orderId) {
      expect(paths.length).toBeGreaterThanOrEqual(3);
      expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
    }
    expect(coverage.transitions.size).toBeGreaterThan(0);
    expect(transitionKeys(machine).size).toBeGreaterThanOrEqual(coverage.transitions.size);
  });
});
