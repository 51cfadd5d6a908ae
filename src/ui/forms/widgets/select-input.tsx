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
}

/**
 * A native, non-searchable select: small, keyboard and screen-reader friendly on low-end phones. It
 * shows the value and options it is given; choosing a lone option or clearing stale ones is the
 * flow machine's rule (src/machines/cascade.ts), never an effect here.
 */
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
}: SelectInputProps) {
  // A value its list does not hold (yet) shows as no choice rather than a wrong one.
  const known = value !== undefined && options.some((o) => o.value === value);

  return (
    <div className="ef-field">
      <FieldLabel htmlFor={id} label={label} required={required} optionalText={optionalText} />
      <FieldHint id={id} hint={hint} />
      <select
        id={id}
        name={id}
        className="ef-select"
        value={known ? value : ''}
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
