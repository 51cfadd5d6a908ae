import type { HTMLInputAutoCompleteAttribute } from 'react';
import { FieldError, FieldHint, FieldLabel, describedBy, type FieldProps } from './field-parts';
import { sendsOnError, useTypedInput } from '../held-typing';

export interface TextInputProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: (value: string) => void;
  onFocus?: (value: string) => void;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  maxLength?: number;
  placeholder?: string;
  /** Locked fields (an existing student's prefilled details) are read-only, not disabled, so they stay readable and focusable. */
  readOnly?: boolean;
  autoFocus?: boolean;
  /** Rewrites what is typed, e.g. digits only or a name without leading spaces. */
  normalise?: (value: string) => string;
  /** An edit told at once: it changes what the screen shows besides the field (a button). */
  sendsAtOnce?: (next: string) => boolean;
}

export function TextInput({
  id,
  label,
  error,
  hint,
  required,
  optionalText,
  disabled,
  value,
  onChange,
  onBlur,
  onFocus,
  type = 'text',
  inputMode,
  autoComplete,
  maxLength,
  placeholder,
  readOnly,
  autoFocus,
  normalise,
  sendsAtOnce,
}: TextInputProps) {
  // The box keeps its value; the owner hears after a pause, a blur or a submit (held-typing.tsx).
  const { input } = useTypedInput(id, value, onChange, { normalise, atOnce: sendsAtOnce, onBlur });
  return (
    <div className="ef-field">
      <FieldLabel htmlFor={id} label={label} required={required} optionalText={optionalText} />
      <FieldHint id={id} hint={hint} />
      <input
        id={id}
        name={id}
        className="ef-input"
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={maxLength}
        placeholder={placeholder}
        {...input}
        required={required}
        disabled={disabled}
        readOnly={readOnly}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, hint, error })}
        onFocus={(event) => onFocus?.(event.target.value)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The field on its own (not in @rjsf): an error showing, its next edit goes at once. */
export const HeldTextInput = /* @__PURE__ */ sendsOnError(TextInput);
