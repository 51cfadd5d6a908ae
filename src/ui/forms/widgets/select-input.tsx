import { useEffect } from 'react';
import { FieldError, FieldHint, FieldLabel, describedBy, type FieldProps } from './field-parts';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectInputProps extends FieldProps {
  value: string | undefined;
  options: readonly SelectOption[];
  /** Text of the first, empty option ("Select"). */
  placeholder: string;
  onChange: (value: string | undefined) => void;
  onBlur?: (value: string | undefined) => void;
  onFocus?: (value: string | undefined) => void;
  /** Choose the only option by itself (part 2 §4: a select with a single option auto-selects it). */
  autoSelectSingle?: boolean;
  /** Drop a value that is no longer among the options (its parent changed and the list was refetched). */
  clearStale?: boolean;
}

/** A native, non-searchable select: small, keyboard and screen-reader friendly on low-end phones. */
export function SelectInput({
  id,
  label,
  error,
  hint,
  required,
  optionalText,
  disabled,
  value,
  options,
  placeholder,
  onChange,
  onBlur,
  onFocus,
  autoSelectSingle = false,
  clearStale = false,
}: SelectInputProps) {
  const only = options.length === 1 ? options[0] : undefined;
  const stale = clearStale && value !== undefined && value !== '' && !options.some((o) => o.value === value);
  useEffect(() => {
    if (autoSelectSingle && only && value !== only.value && !disabled) onChange(only.value);
    else if (stale) onChange(undefined);
  }, [autoSelectSingle, only, value, stale, disabled, onChange]);

  return (
    <div className="ef-field">
      <FieldLabel htmlFor={id} label={label} required={required} optionalText={optionalText} />
      <FieldHint id={id} hint={hint} />
      <select
        id={id}
        name={id}
        className="ef-select"
        value={stale ? '' : (value ?? '')}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, hint, error })}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={(event) => onBlur?.(event.target.value === '' ? undefined : event.target.value)}
        onFocus={(event) => onFocus?.(event.target.value === '' ? undefined : event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
