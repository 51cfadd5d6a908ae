// One dependent-select cascade (part 1 §4, part 2 §4; DESIGN.md: one of each mechanism): an ordered
// chain of choices where a choice clears everything after it, the next list loads once the choices
// before it are made, and a list with a single option chooses it by itself. The registration card's
// exam step (slot → state → centre → date), the edit-exam flow (class → mode → slot → state → centre
// → date) and the profile (board → city → school) use it. Only the machine applies the rule: views
// render what it says.

import type { AnyActorLogic, InputFrom, OutputFrom } from 'xstate';

/** How a machine's context holds one chain: which fields it has, their lists and their choices. */
export interface CascadeSpec<C, F extends string> {
  /** The chain's fields for this context, in order (the config decides which appear). */
  fields: (context: C) => readonly F[];
  /** A field's loaded options; undefined while not loaded (or cleared by an earlier choice). */
  list: (context: C, field: F) => readonly unknown[] | undefined;
  isChosen: (context: C, field: F) => boolean;
}

/** The fields a choice of `field` invalidates: every one after it in the full chain. */
export function fieldsAfter<F extends string>(chain: readonly F[], field: F): F[] {
  const at = chain.indexOf(field);
  return at === -1 ? [] : chain.slice(at + 1);
}

/** The list to load next: the first unloaded one whose earlier choices are all made. */
export function nextToLoad<C, F extends string>(spec: CascadeSpec<C, F>, context: C): F | undefined {
  for (const field of spec.fields(context)) {
    if (spec.list(context, field) === undefined) return field;
    if (!spec.isChosen(context, field)) return undefined;
  }
  return undefined;
}

/** The first field to choose by itself: loaded with exactly one option, earlier choices made. */
export function loneOptionField<C, F extends string>(spec: CascadeSpec<C, F>, context: C): F | undefined {
  for (const field of spec.fields(context)) {
    const list = spec.list(context, field);
    if (list === undefined) return undefined;
    if (!spec.isChosen(context, field)) return list.length === 1 ? field : undefined;
  }
  return undefined;
}

/** The lone option to choose by itself: its field and its value, as the machine reads values. */
export function loneOption<C, F extends string>(
  spec: CascadeSpec<C, F>,
  context: C,
  valuesOf: (context: C, field: F) => readonly string[] | undefined,
): { field: F; value: string } | undefined {
  const field = loneOptionField(spec, context);
  const value = field === undefined ? undefined : valuesOf(context, field)?.[0];
  return field !== undefined && value !== undefined ? { field, value } : undefined;
}

/** Every field of the chain is chosen. */
export const cascadeComplete = <C, F extends string>(spec: CascadeSpec<C, F>, context: C): boolean =>
  spec.fields(context).every((field) => spec.isChosen(context, field));

// ── The one machine shape (part 2 §4 "One cascade shape") ─────────────────────────────────────
// Every dependent select is changed by one event, and every list loads through one kind of state:
// `routing` chooses a lone option, else goes to the loading state of the next list to load (the
// machine's 'needsList' guard), else idles; a loading state invokes the list's loader, applies
// its reply ('applyList') and routes again; a failure goes to `failed` until a retry.

/** A dependent select changed: one event for every select of a flow's chain. */
export interface FieldChange<F extends string> {
  type: 'field.change';
  field: F;
  value: string;
}

/**
 * How one list loads: the invoke (its id is what tests settle calls by) and what its reply does to
 * the context. A machine types its table of loaders with `ListLoaderOf`, which ties each loader's
 * input and reply to its actor's.
 */
export interface ListLoader<C, TSrc extends string, TInput, TOutput> {
  id: string;
  src: TSrc;
  input: (args: { context: C }) => TInput;
  loaded: (context: C, output: TOutput) => Partial<C>;
}

/** A loader of any of a machine's actors (its setup's `actors`), with that actor's input and output. */
export type ListLoaderOf<C, A extends Record<string, AnyActorLogic>> = {
  [S in keyof A & string]: ListLoader<C, S, InputFrom<A[S]>, OutputFrom<A[S]>>;
}[keyof A & string];

type AnyLoader<C> = ListLoader<C, string, unknown, never>;
type OutputOf<L> = L extends ListLoader<infer _C, string, unknown, infer O> ? O : never;

/** A field's loading state's name: loadingState, loadingCentre, loadingExamDate … */
export type LoadingStateOf<F extends string> = `loading${Capitalize<F>}`;
export const loadingStateOf = <F extends string>(field: F): LoadingStateOf<F> =>
  `loading${field.charAt(0).toUpperCase()}${field.slice(1)}` as LoadingStateOf<F>;

interface LoadRoute<F extends string> {
  guard: { type: 'needsList'; params: { field: F } };
  target: LoadingStateOf<F>;
}

/**
 * routing's routes to the loading states, in chain order: each taken when its list is the next
 * to load. `before` puts a machine's own step ahead of a field's route (an online-only preset).
 */
export function loadRoutes<F extends string, R = never>(
  chain: readonly F[],
  loaders: { readonly [K in F]?: unknown },
  before: { readonly [K in F]?: readonly R[] } = {},
): (LoadRoute<F> | R)[] {
  return chain.flatMap((field) => [
    ...(before[field] ?? []),
    ...(loaders[field] === undefined
      ? []
      : [{ guard: { type: 'needsList' as const, params: { field } }, target: loadingStateOf(field) }]),
  ]);
}

type LoadingState<C, L> = {
  tags: ['busy'];
  invoke: {
    id: string;
    src: L extends { src: infer S } ? S : never;
    input: L extends { input: infer I } ? I : never;
    onDone: {
      target: 'routing';
      actions: {
        type: 'applyList';
        params: (args: { context: C; event: { output: OutputOf<L> } }) => Partial<C>;
      };
    };
    onError: {
      target: 'failed';
      actions: { type: 'applyList'; params: (args: { event: { error: unknown } }) => Partial<C> };
    };
  };
};

/**
 * The loading states of a cascade's lists, one per loader, all of one shape. `failed` says what
 * a failed load does to the context (the flow's own message).
 */
export function loadingStates<C, T extends { readonly [field: string]: AnyLoader<C> | undefined }>(
  loaders: T,
  failed: (error: unknown) => Partial<NoInfer<C>>,
): { [K in keyof T & string as LoadingStateOf<K>]-?: LoadingState<C, NonNullable<T[K]>> } {
  const states = Object.entries(loaders).flatMap(([field, loader]) =>
    loader === undefined
      ? []
      : [
          [
            loadingStateOf(field),
            {
              tags: ['busy'],
              invoke: {
                id: loader.id,
                src: loader.src,
                input: loader.input,
                onDone: {
                  target: 'routing',
                  actions: {
                    type: 'applyList',
                    // The table's type ties this reply to this loader's actor (ListLoaderOf).
                    params: ({ context, event }: { context: C; event: { output: never } }) =>
                      loader.loaded(context, event.output),
                  },
                },
                onError: {
                  target: 'failed',
                  actions: {
                    type: 'applyList',
                    params: ({ event }: { event: { error: unknown } }) => failed(event.error),
                  },
                },
              },
            },
          ] as const,
        ],
  );
  return Object.fromEntries(states) as {
    [K in keyof T & string as LoadingStateOf<K>]-?: LoadingState<C, NonNullable<T[K]>>;
  };
}
