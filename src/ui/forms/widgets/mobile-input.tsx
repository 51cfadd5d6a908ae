import { normaliseMobile } from '../../../domain/phone';
import { TextInput, type TextInputProps } from './text-input';
import { sendsOnError } from '../held-typing';

export type MobileInputProps = Omit<TextInputProps, 'type' | 'inputMode' | 'normalise' | 'maxLength'> & {
  /** On a field that also takes a student id (PSID): its most digits. */
  studentIdMax?: number;
};

/**
 * A mobile number: typed or pasted as people write it (+91, 0091, a leading 0, spaces, dashes), kept
 * as its 10 digits (domain/phone.ts). No maxLength: it would cut a pasted "+91 98111 22334" into
 * another number before the rule reads it.
 */
export function MobileInput({ studentIdMax, autoComplete = 'tel-national', ...props }: MobileInputProps) {
  return (
    <TextInput
      {...props}
      type="tel"
      inputMode="numeric"
      autoComplete={autoComplete}
      normalise={(value) => normaliseMobile(value, { studentIdMax })}
    />
  );
}

/** The field on its own (not in @rjsf): an error showing, its next edit goes at once. */
export const HeldMobileInput = /* @__PURE__ */ sendsOnError(MobileInput);
