import { MOBILE_LENGTH } from '../../../domain/otp-rules';
import { digitsOnly } from '../../../domain/validation';
import { TextInput, type TextInputProps } from './text-input';
import { withHeldTyping } from '../held-typing';

export type MobileInputProps = Omit<TextInputProps, 'type' | 'inputMode' | 'normalise'>;

/** A mobile number: digits only (anything else typed or pasted is dropped), 10 by default. */
export function MobileInput({
  maxLength = MOBILE_LENGTH,
  autoComplete = 'tel-national',
  ...props
}: MobileInputProps) {
  return (
    <TextInput
      {...props}
      type="tel"
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={maxLength}
      normalise={(value) => digitsOnly(value, maxLength)}
    />
  );
}

/** The same field holding its keys until a pause, leaving it or a submit (held-typing.tsx). */
export const HeldMobileInput = /* @__PURE__ */ withHeldTyping(MobileInput);
