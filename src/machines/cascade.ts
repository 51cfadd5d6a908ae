// One dependent-select cascade (part 1 §4, part 2 §4; DESIGN.md: one of each mechanism): an ordered
// chain of choices where a choice clears everything after it, the next list loads once the choices
// before it are made, and a list with a single option chooses it by itself. The registration card's
// exam step (slot → state → centre → date) uses it now; the edit-exam flow (class → mode → state →
// centre → date) can use it next. Only the machine applies the rule: views render what it says.

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
