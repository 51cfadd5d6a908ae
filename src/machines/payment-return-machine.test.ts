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
import { paymentReturnMachine, type PaymentReturnInput } from './payment-return-machine';

type Said =
  { action: 'say'; kind: string; key: string } | { action: 'clearQuery' } | { action: 'refreshDashboard' };

const inputs: Record<string, PaymentReturnInput> = {
  'the mock pack, back with its order': { orderId: 'EF1', edit: false, status: 'success' },
  'a paid edit, back with its order': { orderId: 'EF2', edit: true, status: 'success' },
  'a failed edit (its dialog reopens)': { orderId: 'EF3', edit: true, status: 'failure' },
  'a return without its order': { orderId: null, edit: false, status: 'success' },
};

describe('payment-return machine: model', () => {
  const calls = new PendingCalls();
  const log: Said[] = [];
  const machine = paymentReturnMachine.provide({
    actors: { orderPaid: calls.actor('orderPaid') },
    actions: {
      say: (_, { kind, key }) => void log.push({ action: 'say', kind, key }),
      clearQuery: () => void log.push({ action: 'clearQuery' }),
      refreshDashboard: () => void log.push({ action: 'refreshDashboard' }),
    },
  });
  const events = [
    { type: 'xstate.done.actor.orderPaid', output: true },
    { type: 'xstate.done.actor.orderPaid', output: false },
    { type: 'xstate.error.actor.orderPaid', error: new Error('offline') },
  ];

  it.each(Object.entries(inputs))('%s: the server decides what the student is told', async (_name, input) => {
    const coverage = emptyCoverage();
    const paths = transitionCoverPaths({ machine, input, events, project: () => null });
    const expectView = (step: ModelStep, actual: AnyMachineSnapshot) => {
      const event = step.event as { type: string; output?: unknown };
      if (event.type === 'xstate.init') {
        // A failed edit is the edit flow's; an order is checked; no order: only the address is cleaned.
        if (input.edit && input.status !== 'success') expect(log).toEqual([]);
        else if (input.orderId) expect(actual.value).toBe('checking');
        else expect(log).toEqual([{ action: 'clearQuery' }]);
        if (!input.orderId || (input.edit && input.status !== 'success')) expect(actual.status).toBe('done');
        return;
      }
      expect(actual.status).toBe('done');
      expect(calls.inputs.get('orderPaid')).toEqual([{ orderId: input.orderId }]);
      const paid = event.type === 'xstate.done.actor.orderPaid' && event.output === true;
      expect(log).toEqual(
        paid
          ? [
              { action: 'say', kind: 'success', key: input.edit ? 'portal.edit.paid' : 'portal.mock.paid' },
              { action: 'refreshDashboard' },
              { action: 'clearQuery' },
            ]
          : [{ action: 'say', kind: 'error', key: 'portal.payment.failed' }, { action: 'clearQuery' }],
      );
    };
    for (const path of paths) {
      log.length = 0;
      await replayPath(path, { machine, input, calls, delays: {}, coverage, expectView });
    }
    // Every state and transition this input can reach, taken on the real actor.
    if (input.orderId && !(input.edit && input.status !== 'success')) {
      expect(paths).toHaveLength(3);
      expect(stateNodePaths(machine).filter((p) => !coverage.states.has(p))).toEqual([]);
    }
    expect(coverage.transitions.size).toBeGreaterThan(0);
    expect(transitionKeys(machine).size).toBeGreaterThanOrEqual(coverage.transitions.size);
  });
});
