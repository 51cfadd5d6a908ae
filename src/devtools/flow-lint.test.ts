import { fromPromise, setup, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { formatProblem, lintChart, type FlowRule } from './flow-lint';
import { readMachine } from './machine-chart';
import { MACHINES } from './machine-list';

const lint = (machine: AnyStateMachine) => lintChart(readMachine(machine, 'planted')).map(formatProblem);

// A clean base: each test below plants one mistake in a copy of it.
const base = setup({
  types: { events: {} as { type: 'form.submit' } | { type: 'form.reset' } },
  actors: { save: fromPromise(async () => 1) },
  actions: { notify: () => {} },
  guards: { valid: () => true },
  delays: { retryWait: 1000 },
});
// setup()'s types already refuse an unknown event, guard or action in typed code; the lint also
// catches them where the types were bypassed, so the planted ones go in untyped.
const plant = (config: object): AnyStateMachine =>
  base.createMachine(config as Parameters<typeof base.createMachine>[0]);

describe('flow lint', () => {
  it('passes a machine that keeps every rule', () => {
    const clean = base.createMachine({
      id: 'clean',
      initial: 'editing',
      states: {
        editing: { on: { 'form.submit': { guard: 'valid', target: 'saving', actions: 'notify' } } },
        saving: { invoke: { src: 'save', id: 'save', onDone: 'done', onError: 'retrying' } },
        retrying: { after: { retryWait: 'saving' } },
        done: { type: 'final' },
      },
    });
    expect(lint(clean)).toEqual([]);
  });

  const planted: [FlowRule, AnyStateMachine, string][] = [
    [
      'reachable',
      base.createMachine({
        id: 'm',
        initial: 'a',
        states: {
          a: { on: { 'form.submit': 'z' } },
          orphan: { on: { 'form.reset': 'a' } },
          z: { type: 'final' },
        },
      }),
      'planted: orphan: reachable: no transition or initial state leads here',
    ],
    [
      'way-out',
      base.createMachine({
        id: 'm',
        initial: 'a',
        states: {
          a: { on: { 'form.submit': 'stuck' } },
          stuck: { on: { 'form.reset': { actions: 'notify' } } },
        },
      }),
      'planted: stuck: way-out: not final, and no transition leaves it',
    ],
    [
      'invoke-error-path',
      base.createMachine({
        id: 'm',
        initial: 'a',
        states: { a: { invoke: { id: 'save', src: 'save', onDone: 'z' } }, z: { type: 'final' } },
      }),
      'planted: a: invoke-error-path: invoked actor "save" has no onError',
    ],
    [
      'named-delay',
      base.createMachine({
        id: 'm',
        initial: 'a',
        states: { a: { after: { 3000: 'z' } }, z: { type: 'final' } },
      }),
      'planted: a: named-delay: delay 3000 ms is a number: name it in setup({ delays })',
    ],
    [
      'event-name',
      plant({
        id: 'm',
        initial: 'a',
        states: { a: { on: { SUBMIT: 'z' } }, z: { type: 'final' } },
      }),
      'planted: a: event-name: event "SUBMIT" is not domain.verb',
    ],
    [
      'guard-implemented',
      plant({
        id: 'm',
        initial: 'a',
        states: {
          a: { on: { 'form.submit': { guard: 'missingGuard', target: 'z' } } },
          z: { type: 'final' },
        },
      }),
      'planted: a: guard-implemented: guard "missingGuard" is not in setup({ guards })',
    ],
    [
      'action-implemented',
      plant({
        id: 'm',
        initial: 'a',
        states: { a: { entry: 'missingAction', on: { 'form.submit': 'z' } }, z: { type: 'final' } },
      }),
      'planted: a: action-implemented: action "missingAction" is not in setup({ actions })',
    ],
  ];

  for (const [rule, machine, expected] of planted)
    it(`catches a planted ${rule} mistake with the state's path and the rule`, () => {
      expect(lint(machine)).toEqual([expected]);
    });

  it('names nested paths and finds a guard missing inside not()', () => {
    const nested = base.createMachine({
      id: 'm',
      initial: 'outer',
      states: {
        outer: {
          initial: 'inner',
          states: {
            inner: {
              on: { 'form.submit': { guard: { type: 'valid' }, target: '#m.end' } },
              after: { oops: '#m.end' },
            },
          },
        },
        end: { type: 'final' },
      },
    });
    expect(lint(nested)).toEqual([
      'planted: outer.inner: named-delay: delay "oops" is not in setup({ delays })',
    ]);
  });

  it('finds nothing wrong in any of the project’s machines', () => {
    const problems = MACHINES.flatMap((m) => lintChart(readMachine(m.machine, m.name)).map(formatProblem));
    expect(problems).toEqual([]);
  });
});
