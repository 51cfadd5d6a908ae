import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import {
  cascadeComplete,
  fieldsAfter,
  loadingStates,
  loadRoutes,
  loneOption,
  loneOptionField,
  nextToLoad,
  type CascadeSpec,
  type FieldChange,
  type ListLoaderOf,
} from './cascade';

// The edit-exam chain (class → mode → state → centre → date), held as plain lists and choices.
const chain = ['class', 'mode', 'state', 'centre', 'date'] as const;
type Field = (typeof chain)[number];
interface Ctx {
  fields: readonly Field[];
  lists: Partial<Record<Field, string[]>>;
  chosen: Partial<Record<Field, string>>;
}
const spec: CascadeSpec<Ctx, Field> = {
  fields: (c) => c.fields,
  list: (c, f) => c.lists[f],
  isChosen: (c, f) => c.chosen[f] !== undefined,
};
const ctx = (lists: Ctx['lists'], chosen: Ctx['chosen'], fields: readonly Field[] = chain): Ctx => ({
  fields,
  lists,
  chosen,
});

describe('cascade', () => {
  it('a choice invalidates every field after it, and none before', () => {
    expect(fieldsAfter(chain, 'mode')).toEqual(['state', 'centre', 'date']);
    expect(fieldsAfter(chain, 'date')).toEqual([]);
    expect(fieldsAfter(chain, 'class')).toEqual(['mode', 'state', 'centre', 'date']);
  });

  it('loads the first unloaded list once every earlier field is chosen, not before', () => {
    expect(nextToLoad(spec, ctx({}, {}))).toBe('class');
    expect(nextToLoad(spec, ctx({ class: ['11', '12'] }, {}))).toBeUndefined();
    expect(nextToLoad(spec, ctx({ class: ['11', '12'] }, { class: '11' }))).toBe('mode');
    expect(
      nextToLoad(
        spec,
        ctx({ class: ['11'], mode: ['On', 'Off'], state: ['DL', 'UP'] }, { class: '11', mode: 'On' }),
      ),
    ).toBeUndefined();
    // A field the config leaves out is skipped.
    expect(nextToLoad(spec, ctx({ class: ['11'] }, { class: '11' }, ['class', 'state', 'date']))).toBe(
      'state',
    );
  });

  it('chooses a single option by itself, only where the earlier choices are made', () => {
    expect(loneOptionField(spec, ctx({ class: ['11'] }, {}))).toBe('class');
    expect(loneOptionField(spec, ctx({ class: ['11', '12'] }, {}))).toBeUndefined();
    expect(loneOptionField(spec, ctx({ class: ['11', '12'], mode: ['On'] }, {}))).toBeUndefined();
    expect(loneOptionField(spec, ctx({ class: ['11', '12'], mode: ['On'] }, { class: '12' }))).toBe('mode');
    // Already chosen, or an empty list: nothing to choose.
    expect(loneOptionField(spec, ctx({ class: ['11'] }, { class: '11' }))).toBeUndefined();
    expect(loneOptionField(spec, ctx({ class: [] }, {}))).toBeUndefined();
  });

  it('names the lone option by the value the machine reads for it', () => {
    const upper = (c: Ctx, f: Field) => c.lists[f]?.map((v) => v.toUpperCase());
    expect(loneOption(spec, ctx({ class: ['11', '12'], mode: ['on'] }, { class: '12' }), upper)).toEqual({
      field: 'mode',
      value: 'ON',
    });
    expect(loneOption(spec, ctx({ class: ['11', '12'] }, {}), upper)).toBeUndefined();
    // A list the machine reads no value from chooses nothing.
    expect(loneOption(spec, ctx({ class: ['11'] }, {}), () => [])).toBeUndefined();
  });

  it('is complete when every field of the chain is chosen', () => {
    const all = { class: '11', mode: 'On', state: 'DL', centre: 'C1', date: 'D1' };
    expect(cascadeComplete(spec, ctx({}, all))).toBe(true);
    expect(cascadeComplete(spec, ctx({}, { ...all, date: undefined }))).toBe(false);
    expect(cascadeComplete(spec, ctx({}, { class: '11', date: 'D1' }, ['class', 'date']))).toBe(true);
  });
});

describe('cascade: the one machine shape', () => {
  it('routes to the loading state of each loaded list in chain order, a machine step before a field', () => {
    const loaders = { state: 1, class: 1, date: 1 };
    const preset = { guard: 'needsPreset', target: 'loadingPreset' } as const;
    expect(loadRoutes(chain, loaders, { centre: [preset] })).toEqual([
      { guard: { type: 'needsList', params: { field: 'class' } }, target: 'loadingClass' },
      { guard: { type: 'needsList', params: { field: 'state' } }, target: 'loadingState' },
      preset,
      { guard: { type: 'needsList', params: { field: 'date' } }, target: 'loadingDate' },
    ]);
  });

  // A two-list chain on a real machine: a change clears the later choice, the next list loads, a
  // lone option is chosen, a failure waits for a retry.
  interface Two {
    lists: Partial<Record<'city' | 'school', string[]>>;
    chosen: Partial<Record<'city' | 'school', string>>;
    error?: string;
  }
  const twoChain = ['city', 'school'] as const;
  const twoSpec: CascadeSpec<Two, 'city' | 'school'> = {
    fields: () => twoChain,
    list: (c, f) => c.lists[f],
    isChosen: (c, f) => c.chosen[f] !== undefined,
  };
  const actors = {
    loadCities: fromPromise<string[]>(async () => ['Delhi', 'Pune']),
    loadSchools: fromPromise<string[], { city: string }>(async ({ input }) =>
      input.city === 'Pune' ? ['Fergusson'] : ['DPS', 'KV'],
    ),
  };
  const loaders = {
    city: {
      id: 'loadCities',
      src: 'loadCities',
      input: () => undefined,
      loaded: (c, cities) => ({ lists: { ...c.lists, city: cities } }),
    },
    school: {
      id: 'loadSchools',
      src: 'loadSchools',
      input: ({ context }) => ({ city: context.chosen.city ?? '' }),
      loaded: (c, schools) => ({ lists: { ...c.lists, school: schools } }),
    },
  } satisfies Record<'city' | 'school', ListLoaderOf<Two, typeof actors>>;
  const machine = setup({
    types: { context: {} as Two, events: {} as FieldChange<'city' | 'school'> | { type: 'retry' } },
    actors,
    actions: { applyList: assign((_, patch: Partial<Two>) => patch) },
    guards: {
      needsList: ({ context }, params: { field: 'city' | 'school' }) =>
        nextToLoad(twoSpec, context) === params.field,
    },
  }).createMachine({
    context: { lists: {}, chosen: {} },
    initial: 'routing',
    on: {
      'field.change': {
        target: '.routing',
        actions: assign(({ context, event }) => ({
          chosen: {
            ...context.chosen,
            [event.field]: event.value,
            ...(event.field === 'city' ? { school: undefined } : {}),
          },
          lists: event.field === 'city' ? { city: context.lists.city } : context.lists,
        })),
      },
    },
    states: {
      routing: {
        always: [
          {
            guard: ({ context }) => loneOptionField(twoSpec, context) !== undefined,
            actions: assign(({ context }) => {
              const lone = loneOption(twoSpec, context, (c, f) => c.lists[f]);
              return lone ? { chosen: { ...context.chosen, [lone.field]: lone.value } } : {};
            }),
          },
          ...loadRoutes(twoChain, loaders),
          { target: 'idle' },
        ],
      },
      idle: {},
      failed: { on: { retry: 'routing' } },
      ...loadingStates(loaders, (error) => ({ error: String(error) })),
    },
  });

  it('loads each list through one kind of state and chooses a lone option', async () => {
    const actor = createActor(machine).start();
    expect(actor.getSnapshot().value).toBe('loadingCity');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.lists.city).toEqual(['Delhi', 'Pune']);
    actor.send({ type: 'field.change', field: 'city', value: 'Pune' });
    expect(actor.getSnapshot().value).toBe('loadingSchool');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.chosen).toEqual({ city: 'Pune', school: 'Fergusson' });
    actor.send({ type: 'field.change', field: 'city', value: 'Delhi' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.chosen).toEqual({ city: 'Delhi', school: undefined });
    expect(actor.getSnapshot().context.lists.school).toEqual(['DPS', 'KV']);
  });

  it('a failed load waits in failed with the flow’s own error', async () => {
    const down = machine.provide({
      actors: {
        loadCities: fromPromise<string[]>(async () => {
          throw new Error('down');
        }),
      },
    });
    const actor = createActor(down).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Error: down');
  });
});
