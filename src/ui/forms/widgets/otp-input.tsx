import { useEffect, useRef, type ClipboardEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '../../../domain/otp-rules';
import { FieldError, FieldHint, FieldLabel, describedBy, type FieldProps } from './field-parts';
import { useTypedValue } from '../held-typing';

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
  /**
   * Changing this shows the owner's value again, dropping digits not yet told, and focuses the first
   * box (error_code 1 clears the boxes and refocuses the first). Also on mount, when it is set.
   */
  focusKey?: string | number;
  autoFocus?: boolean;
}

/**
 * What was typed or pasted into a box that held `held`. A second tap on a box puts the caret beside
 * its digit instead of selecting it (Chromium, touch and mouse), so the box holds the digit and the
 * new text side by side, the new text ending at the caret: it is one typed digit, not a pasted code.
 */
function arrived(box: HTMLInputElement, held: string): string {
  const text = box.value;
  if (!held || text.length <= held.length) return text;
  const end = box.selectionEnd ?? text.length;
  return text.slice(end - (text.length - held.length), end);
}

/**
 * One box per digit; typing moves on, Backspace moves back, a pasted code fills every box. The
 * boxes keep the digits themselves (useTypedValue, held-typing.tsx): a digit renders nothing, and
 * the owner is told after a pause, on leaving the boxes or on a submit. A whole code, an edit of
 * one, and an edit while an error shows go as soon as they are painted: the verify-mobile flow
 * checks a code as it completes, its Verify button follows whether the code is whole, and the
 * owner clears its error.
 */
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
  // The code the boxes show: the owner's value, or the digits typed since.
  const shown = useRef(value);
  const labelId = `${id}-label`;
  const show = (code: string) => {
    shown.current = code;
    boxes.current.forEach((box, i) => {
      if (box && box.value !== (code[i] ?? '')) box.value = code[i] ?? '';
    });
  };
  const typed = useTypedValue(id, value, onChange, { show });

  // A wrong code: the owner emptied it (perhaps before it drew it), and the first box takes focus.
  useEffect(() => {
    if (focusKey === undefined) return;
    typed.reset();
    boxes.current[0]?.focus();
  }, [focusKey, typed]);

  function update(next: string, focusIndex: number) {
    const before = shown.current;
    const code = next.replace(/\D/g, '').slice(0, length);
    show(code);
    typed.change(code, Boolean(error) || code.length === length || before.length === length);
    boxes.current[Math.min(focusIndex, length - 1)]?.focus();
    if (code.length === length && code !== before) onComplete?.(code);
  }

  function setDigit(index: number, typedText: string) {
    const digit = typedText.replace(/\D/g, '').slice(-1);
    const code = shown.current;
    // A letter is not a digit: the box shows what it showed.
    if (!digit) return show(code);
    // Digits fill from the left: a box past the end of the code writes to the first empty one.
    const at = Math.min(index, code.length);
    update(code.slice(0, at) + digit + code.slice(at + 1), at + 1);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    const code = shown.current;
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (code[index]) update(code.slice(0, index) + code.slice(index + 1), index);
      else if (index > 0) update(code.slice(0, index - 1) + code.slice(index), index - 1);
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
    if (event.currentTarget.contains(event.relatedTarget)) return;
    typed.send();
    onBlur?.(shown.current);
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
        {Array.from({ length }, (_, index) => (
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
            defaultValue={value[index] ?? ''}
            disabled={disabled}
            required={required}
            autoFocus={autoFocus && index === 0}
            aria-label={digitLabel(index + 1, length)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedIds}
            onChange={(event) => {
              const text = arrived(event.target, shown.current[index] ?? '');
              // Some keyboards (and autofill of one-time-code) put the whole code into one box.
              if (text.replace(/\D/g, '').length > 1) update(text, text.length);
              else setDigit(index, text);
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
