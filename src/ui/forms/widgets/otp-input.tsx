import { useEffect, useRef, type ClipboardEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '../../../domain/otp-rules';
import { FieldError, FieldHint, FieldLabel, describedBy, type FieldProps } from './field-parts';
import { useHeldValue } from '../held-typing';

export interface OtpInputProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Called once every box holds a digit (registration verifies the code automatically then). */
  onComplete?: (value: string) => void;
  /** Called when focus leaves the whole group, not when it moves between boxes. */
  onBlur?: (value: string) => void;
  /** The accessible name of box n of total, e.g. "Digit 2 of 4". */
  digitLabel: (n: number, total: number) => string;
  length?: number;
  /** Changing this focuses the first box (error_code 1 clears the boxes and refocuses the first). */
  focusKey?: string | number;
  autoFocus?: boolean;
}

/** One box per digit; typing moves on, Backspace moves back, a pasted code fills every box. */
export function OtpInput({
  id,
  label,
  error,
  hint,
  required = true,
  disabled,
  value,
  onChange,
  onComplete,
  onBlur,
  digitLabel,
  length = OTP_LENGTH,
  focusKey,
  autoFocus,
}: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => value[i] ?? '');
  const labelId = `${id}-label`;

  useEffect(() => {
    if (focusKey !== undefined) boxes.current[0]?.focus();
  }, [focusKey]);

  function update(next: string, focusIndex: number) {
    const code = next.replace(/\D/g, '').slice(0, length);
    onChange(code);
    boxes.current[Math.min(focusIndex, length - 1)]?.focus();
    if (code.length === length && code !== value) onComplete?.(code);
  }

  function setDigit(index: number, typed: string) {
    const digit = typed.replace(/\D/g, '').slice(-1);
    if (!digit) return;
    // Digits fill from the left: a box past the end of the code writes to the first empty one.
    const at = Math.min(index, value.length);
    update(value.slice(0, at) + digit + value.slice(at + 1), at + 1);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) update(value.slice(0, index) + value.slice(index + 1), index);
      else if (index > 0) update(value.slice(0, index - 1) + value.slice(index), index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!pasted) return;
    event.preventDefault();
    update(pasted, pasted.length);
  }

  function onGroupBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) onBlur?.(value);
  }

  const describedIds = describedBy({ id, hint, error });
  return (
    <div className="ef-field">
      <FieldLabel id={labelId} label={label} required={required} />
      <FieldHint id={id} hint={hint} />
      <div
        className="ef-otp"
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedIds}
        onBlur={onGroupBlur}
      >
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            id={index === 0 ? id : `${id}-${index + 1}`}
            className="ef-otp__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            value={digit}
            disabled={disabled}
            required={required}
            autoFocus={autoFocus && index === 0}
            aria-label={digitLabel(index + 1, length)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedIds}
            onChange={(event) => {
              const typed = event.target.value;
              // Some keyboards (and autofill of one-time-code) put the whole code into one box.
              if (typed.replace(/\D/g, '').length > 1) update(typed, typed.length);
              else setDigit(index, typed);
            }}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={onPaste}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The same boxes holding their digits until a pause, leaving them or a submit (held-typing.tsx): a
 * digit re-renders the boxes, not the form around them. A whole code, an edit of one, and an edit
 * while an error shows go at once: the verify-mobile flow checks a code as it completes, its Verify
 * button follows whether the code is whole, and the owner clears its error.
 */
export function HeldOtpInput(props: OtpInputProps) {
  const length = props.length ?? OTP_LENGTH;
  const held = useHeldValue(
    props.id,
    props.value,
    props.onChange,
    (next) => Boolean(props.error) || next.length === length || props.value.length === length,
  );
  return (
    <OtpInput
      {...props}
      value={held.value}
      onChange={held.change}
      onBlur={(value) => {
        held.send();
        props.onBlur?.(value);
      }}
    />
  );
}
