import type { HTMLInputAutoCompleteAttribute } from 'react';
import { FieldError, FieldHint, FieldLabel, describedBy, type FieldProps } from './field-parts';
import { withHeldTyping } from '../held-typing';

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
}: TextInputProps) {
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
        value={value}
        required={required}
        disabled={disabled}
        readOnly={readOnly}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, hint, error })}
        onChange={(event) => onChange(normalise ? normalise(event.target.value) : event.target.value)}
        onBlur={(event) => onBlur?.(event.target.value)}
        onFocus={(event) => onFocus?.(event.target.value)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The same field holding its keys until a pause, leaving it or a submit (held-typing.tsx). */
export const HeldTextInput = /* @__PURE__ */ withHeldTyping(TextInput);
