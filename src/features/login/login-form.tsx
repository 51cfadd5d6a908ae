// The login form in the browser: the login machine drives it (validation, the call, the toast),
// this view only shows the machine's state and sends it events.
import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import type { InspectionEvent } from 'xstate';
import type { DobRange } from '../../domain/validation';
import {
  sanitizeRollNumber,
  type LoginInput,
  type LoginMachine,
  type LoginMessageKey,
} from '../../machines/login-machine';
import { messageText } from '../../machines/message';
import { HeldTypingForm } from '../../ui/forms/held-typing';
import { HeldDobInput, type DobPickerLabels } from '../../ui/forms/widgets/dob-input';
import { HeldTextInput } from '../../ui/forms/widgets/text-input';
import { loginView } from './login-view';

/** What the prerendered page hands the form (data-island-props). */
export interface LoginFormData {
  strings: {
    rollNumber: string;
    password: string;
    passwordHint: string;
    forgot: string;
    submit: string;
    picker: Omit<DobPickerLabels, 'days'> & { days: string };
  };
  /** The strings of what the machine may say (its message keys). */
  messages: Record<LoginMessageKey, string>;
  /** Why the session ended, by the code the page arrives with (?signed_out=…), when it says so. */
  signedOut: Record<SignedOutReason, string>;
  dobRange: DobRange;
  locale: string;
  recoverPath: string;
  toast: { durationMs: number; warnDurationMs: number };
}

/** The reasons a login page words (a session the server ended elsewhere). */
export type SignedOutReason = 'test_submitted';

interface LoginFormProps extends LoginFormData {
  /** The login machine with the app's actors and actions provided. */
  machine: LoginMachine;
  input: LoginInput;
  /** The page's ?signed_out= code: a tab whose session ended says why. */
  signedOutReason?: string | null;
  /** The app's inspector for the machine (development only; undefined in production and tests). */
  inspect?: (event: InspectionEvent) => void;
}

export function LoginForm({
  machine,
  input,
  strings,
  messages,
  dobRange,
  locale,
  recoverPath,
  signedOut,
  signedOutReason,
  inspect,
}: LoginFormProps) {
  const t = (key: LoginMessageKey) => messages[key];
  // Only a code the page words (never a property every object has, such as toString).
  const notice =
    signedOutReason && Object.prototype.hasOwnProperty.call(signedOut, signedOutReason)
      ? signedOut[signedOutReason as SignedOutReason]
      : undefined;
  const [state, send] = useMachine(machine, { input, inspect });
  // What the student sees here (login-view.ts).
  const { rollNumber, password, busy } = loginView(state);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'login.submit' });
  };
  // Keys stay in the fields until a pause, leaving one or Login (held-typing.tsx).
  return (
    <HeldTypingForm className="ef-login__form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      {notice ? (
        <p className="ef-login__notice" role="status">
          {notice}
        </p>
      ) : null}
      <HeldTextInput
        id="roll_number"
        label={strings.rollNumber}
        value={rollNumber.value}
        error={messageText(t, rollNumber.error)}
        inputMode="numeric"
        autoComplete="username"
        // No maxLength: it would cut a pasted "2500 0000 0001" before the digits are kept.
        normalise={sanitizeRollNumber}
        onChange={(value) => send({ type: 'rollNumber.change', value })}
      />
      <HeldDobInput
        id="date_of_birth"
        label={strings.password}
        hint={strings.passwordHint}
        value={password.value}
        error={messageText(t, password.error)}
        range={dobRange}
        locale={locale}
        autoComplete="bday"
        labels={{ ...strings.picker, days: (month) => strings.picker.days.replace('{month}', month) }}
        onChange={(value) => send({ type: 'password.change', value })}
      />
      <p>
        <a href={recoverPath}>{strings.forgot}</a>
      </p>
      <button type="submit" className="ef-button ef-button--primary" disabled={busy}>
        {strings.submit}
      </button>
    </HeldTypingForm>
  );
}
