// What a student typed into prerendered fields before the island's script arrived. React keeps
// such a value in the DOM while hydrating but does not tell the component: its state still holds
// the prerendered value, and the next render would put that back. Replaying the value as an input
// event sends it through the field's own onChange, exactly as if it were typed now.

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** The element's text fields whose value differs from the value they were rendered with. */
function typedFields(root: ParentNode): TextField[] {
  return [...root.querySelectorAll<TextField>('input, textarea')].filter(
    (field) =>
      !(
        field instanceof HTMLInputElement &&
        /^(hidden|checkbox|radio|submit|button|reset|file)$/.test(field.type)
      ) && field.value !== field.defaultValue,
  );
}

/** Call once the root is hydrated: each changed field's value reaches its onChange. */
export function replayTypedValues(root: ParentNode): void {
  for (const field of typedFields(root)) {
    const typed = field.value;
    // React ignores an input event whose value it has already seen. Assigning `value` goes through
    // React's tracker (it now remembers the rendered value); the prototype's setter does not.
    field.value = field.defaultValue;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    setValue?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
