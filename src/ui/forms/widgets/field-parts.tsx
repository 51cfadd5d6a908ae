// Label, hint and error of one control, and the ids that tie them together: every error is linked
// to its input with aria-describedby and marks it aria-invalid (GOV.UK Frontend's pattern).

/** Props every examflow control takes, inside @rjsf or on its own. */
export interface FieldProps {
  id: string;
  label: string;
  /** A translated message; the control shows it and links it when present. */
  error?: string;
  hint?: string;
  required?: boolean;
  /** Appended to the label of an optional field, e.g. "(optional)". */
  optionalText?: string;
  disabled?: boolean;
}

export const errorIdOf = (id: string) => `${id}-error`;
export const hintIdOf = (id: string) => `${id}-hint`;

/** aria-describedby for a control: its hint and its error, only those that are rendered. */
export function describedBy({
  id,
  hint,
  error,
}: Pick<FieldProps, 'id' | 'hint' | 'error'>): string | undefined {
  const ids = [hint ? hintIdOf(id) : undefined, error ? errorIdOf(id) : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldLabel({
  htmlFor,
  id,
  label,
  required,
  optionalText,
}: {
  htmlFor?: string;
  id?: string;
  label: string;
  required?: boolean;
  optionalText?: string;
}) {
  const text = (
    <>
      {label}
      {!required && optionalText ? (
        <>
          {' '}
          <span className="ef-field__optional">{optionalText}</span>
        </>
      ) : null}
    </>
  );
  // A group (the OTP boxes) is named by a plain element; a single control by a <label>.
  return htmlFor ? (
    <label className="ef-field__label" htmlFor={htmlFor} id={id}>
      {text}
    </label>
  ) : (
    <span className="ef-field__label" id={id}>
      {text}
    </span>
  );
}

export function FieldHint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p className="ef-field__hint" id={hintIdOf(id)}>
      {hint}
    </p>
  ) : null;
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="ef-field__error" id={errorIdOf(id)}>
      {error}
    </p>
  ) : null;
}
