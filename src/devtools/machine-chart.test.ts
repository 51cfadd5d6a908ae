import {
  and,
  assign,
  fromPromise,
  not,
  or,
  setup,
  stateIn,
  StateMachine,
  type AnyStateMachine,
} from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  acceptedEvents,
  edgeLabel,
  guardText,
  readGuard,
  readMachine,
  type ChartEdge,
} from './machine-chart';
import { MACHINES } from './machine-list';

// A small machine with one of everything the registry reads.
const sample = setup({
  types: { events: {} as { type: 'door.open' } | { type: 'door.close' } | { type: 'light.toggle' } },
  actors: { fetchThing: fromPromise(async () => 1) },
  actions: { beep: () => {}, log: () => {} },
  guards: { isOpen: () => true, isLocked: () => false, isNight: () => true },
  delays: { shortWait: 1500 },
}).createMachine({
  id: 'sample',
  initial: 'boot',
  states: {
    boot: {
      always: [{ guard: and(['isOpen', not('isLocked')]), target: 'house' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'fetchThing',
        src: 'fetchThing',
        onDone: 'house',
        onError: { target: 'failed', actions: 'beep' },
      },
    },
    failed: { after: { shortWait: 'loading' } },
    house: {
      type: 'parallel',
      entry: 'beep',
      exit: ['log'],
      states: {
        door: {
          initial: 'closed',
          states: {
            closed: {
              tags: ['quiet'],
              on: { 'door.open': { guard: or(['isNight', stateIn('#lightOn')]), target: 'open' } },
            },
            open: { on: { 'door.close': 'closed' } },
            memory: { type: 'history', history: 'deep' },
          },
        },
        light: {
          initial: 'off',
          states: {
            off: { on: { 'light.toggle': { target: 'on', actions: assign({}) } } },
            on: { id: 'lightOn', on: { 'light.toggle': 'off' } },
          },
        },
      },
      onDone: 'done',
    },
    done: { type: 'final' },
  },
});

describe('readMachine', () => {
  const chart = readMachine(sample, 'sample', 'Sample');
  const edge = (source: string, match: Partial<ChartEdge>): ChartEdge | undefined =>
    chart.edges.find(
      (e) =>
        e.source === source &&
        Object.entries(match).every(
          ([k, v]) => JSON.stringify(e[k as keyof ChartEdge]) === JSON.stringify(v),
        ),
    );

  it('keeps nesting, node types, initial states, history, tags, entry and exit actions', () => {
    expect(chart.root).toBe('sample');
    expect(chart.nodes.sample?.initial).toBe('sample.boot');
    expect(chart.nodes['sample.house']?.type).toBe('parallel');
    expect(chart.nodes['sample.house']?.children).toEqual(['sample.house.door', 'sample.house.light']);
    expect(chart.nodes['sample.house.door']?.initial).toBe('sample.house.door.closed');
    expect(chart.nodes['sample.house.door.memory']).toMatchObject({ type: 'history', history: 'deep' });
    expect(chart.nodes['sample.done']?.type).toBe('final');
    expect(chart.nodes.lightOn?.path).toEqual(['house', 'light', 'on']);
    expect(chart.nodes['sample.house.door.closed']?.tags).toEqual(['quiet']);
    expect(chart.nodes['sample.house']).toMatchObject({ entry: ['beep'], exit: ['log'] });
  });

  it('reads always transitions with and/not guards, in order, with the fallback', () => {
    const always = chart.edges.filter((e) => e.source === 'sample.boot');
    expect(always.map((e) => [e.kind, e.targets, e.guard && guardText(e.guard)])).toEqual([
      ['always', ['sample.house'], 'isOpen && !isLocked'],
      ['always', ['sample.loading'], undefined],
    ]);
  });

  it('reads invoke done and error arrows with their actor and actions', () => {
    expect(chart.nodes['sample.loading']?.invoke).toEqual([{ id: 'fetchThing', src: 'fetchThing' }]);
    expect(edge('sample.loading', { kind: 'invoke.done' })).toMatchObject({
      invokeId: 'fetchThing',
      targets: ['sample.house'],
    });
    const error = edge('sample.loading', { kind: 'invoke.error' });
    expect(error).toMatchObject({ targets: ['sample.failed'], actions: ['beep'] });
    expect(error && edgeLabel(error)).toBe('error: fetchThing');
  });

  it('reads delays by name with their time from setup()', () => {
    const after = edge('sample.failed', { kind: 'after' });
    expect(after?.delay).toEqual({ name: 'shortWait', ms: 1500 });
    expect(after && edgeLabel(after)).toBe('after shortWait (1.5 s)');
    expect(chart.implementations.delays).toEqual({ shortWait: 1500 });
  });

  it('reads events with or/stateIn guards, the state done arrow and built-in actions', () => {
    const open = edge('sample.house.door.closed', { event: 'door.open' });
    expect(open && edgeLabel(open)).toBe('door.open [isNight || in(#lightOn)]');
    expect(edge('sample.house', { kind: 'state.done' })?.targets).toEqual(['sample.done']);
    expect(edge('sample.house.light.off', { event: 'light.toggle' })?.actions).toEqual(['xstate.assign']);
  });

  it('lists the events a state accepts, with its ancestors’', () => {
    expect(acceptedEvents(chart, 'sample.house.door.closed')).toEqual(['door.open']);
    expect(acceptedEvents(chart, 'lightOn')).toEqual(['light.toggle']);
  });

  it('reads every machine in the list, names unique and kebab-case', () => {
    const names = MACHINES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    const mobileStep = MACHINES.find((m) => m.name === 'registration-mobile');
    const chartOf = mobileStep && readMachine(mobileStep.machine, 'registration-mobile');
    // The registration flow's caller-identity polling (its step 1 machine): a named delay from setup().
    expect(
      chartOf?.edges.find((e) => e.kind === 'after' && e.delay?.name === 'pollInterval')?.delay?.ms,
    ).toBeGreaterThan(0);
    // The registration flow, its parent and its step machines together.
    const registration = MACHINES.filter((m) => m.name.startsWith('registration'));
    const nodes = registration.map((m) => Object.keys(readMachine(m.machine, m.name).nodes).length);
    expect(nodes.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(30);
  });

  it('lists every machine that src/machines exports (a new one fails here until it is added)', () => {
    const modules = import.meta.glob<Record<string, unknown>>('../machines/*-machine.ts', { eager: true });
    expect(Object.keys(modules).length).toBeGreaterThan(6);
    const listed = new Set(MACHINES.map((m) => m.machine.root.id));
    const exported = Object.values(modules)
      .flatMap((module) => Object.values(module))
      .filter((value): value is AnyStateMachine => value instanceof StateMachine)
      .map((machine) => machine.root.id);
    expect(exported.length).toBeGreaterThan(6);
    expect(exported.filter((id) => !listed.has(id))).toEqual([]);
  });
});

describe('readGuard in a minified build', () => {
  // `npm run inspect` minifies: and/or/not lose their function names (`t`), and the chart must
  // still read `a && !(b || c)`, never `t()`.
  const minified = <T>(fn: T): T => {
    Object.defineProperty(fn, 'name', { value: 't' });
    return fn;
  };
  it('tells and, or, not and stateIn apart without their names', () => {
    const guard = minified(
      and([
        'examDetailsComplete',
        minified(not(minified(or(['isFree', 'isPaid'])))),
        stateIn('#examListsIdle'),
      ]),
    );
    expect(guardText(readGuard(guard) ?? { kind: 'inline' })).toBe(
      'examDetailsComplete && !(isFree || isPaid) && in(#examListsIdle)',
    );
  });

  it('labels every guard of every machine by name', () => {
    const labels = MACHINES.flatMap(({ machine, name, title }) =>
      readMachine(machine, name, title).edges.flatMap((e) => (e.guard ? [guardText(e.guard)] : [])),
    );
    expect(labels.length).toBeGreaterThan(10);
    expect(labels.filter((l) => /inline guard|\b\w\(\)/.test(l))).toEqual([]);
  });
});
