// Forgot roll number or password: the recovery machine drives it; this view shows its state.
import { useEffect, useRef, type FormEvent } from 'react';
import type { ActorRefFrom, InspectionEvent, Snapshot } from 'xstate';
import { showDob } from '../../domain/dates';
import { messageText } from '../../machines/message';
import { codeEntryView } from '../../machines/verify-mobile-machine';
import { type RecoveryMachine, type RecoveryMessageKey } from '../../machines/recovery-machine';
import { normaliseLoginId } from '../../domain/phone';
import { canRecover } from '../../domain/validation';
import { HeldTypingForm } from '../../ui/forms/held-typing';
import { OtpInput } from '../../ui/forms/widgets/otp-input';
import { HeldTextInput } from '../../ui/forms/widgets/text-input';
import { useChildSnapshot } from '../../ui/use-child-snapshot';
import { useKeptMachine } from '../../ui/use-kept-machine';
import { wakeResumedRecovery } from '../../machines/recovery-resume';
import { recoveryView, type RecoveryFormData } from './recovery-view';

interface RecoveryFormProps extends RecoveryFormData {
  /** The recovery machine with the app's actors and actions provided. */
  machine: RecoveryMachine;
  /** The app's inspector for the machine (development only; undefined in production and tests). */
  inspect?: (event: InspectionEvent) => void;
  /** A kept flow to go on from (a reload at the OTP step), and where to keep it as it moves. */
  resume?: Snapshot<unknown>;
  onMoved?: (actor: ActorRefFrom<RecoveryMachine>) => void;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));

export function RecoveryForm({
  machine,
  strings,
  messages,
  loginPath,
  inspect,
  resume,
  onMoved,
}: RecoveryFormProps) {
  const t = (key: RecoveryMessageKey) => messages[key];
  const [state, send] = useKeptMachine(machine, { inspect, resume, onMoved, onResumed: wakeResumedRecovery });
  const { loginId, idError, maskedMobile, details } = state.context;
  // The mobile user's verify-mobile child (the OTP step): the view reads and talks to it.
  const child = state.children.verifyMobile;
  const verify = useChildSnapshot(child);
  // What the student sees here (recovery-view.ts): the step and what it offers.
  const view = recoveryView(state, verify);
  // Focus follows the step, never falling to the page's body when the control that was pressed goes
  // or is disabled (Edit, Next, Verify): on the first step (back by Edit, refused, or while Next is
  // busy) the field, later the step's first line (the OTP step focuses its first box itself). The
  // page's first paint takes nothing.
  const stepStart = useRef<HTMLElement | null>(null);
  const shownStep = useRef(view.step);
  useEffect(() => {
    const before = shownStep.current;
    shownStep.current = view.step;
    if (before === view.step) return;
    const lost = (element: Element | null) =>
      !element || element === document.body || (element instanceof HTMLButtonElement && element.disabled);
    if (view.step === 'sending' || view.step === 'id') {
      if (view.step === 'id' || lost(document.activeElement)) document.getElementById('login_id')?.focus();
    } else stepStart.current?.focus();
  }, [view.step]);
  const submit = (type: 'id.submit') => (event: FormEvent) => {
    event.preventDefault();
    send({ type });
  };

  if (view.step === 'id' || view.step === 'sending') {
    // Keys stay in the field until a pause, leaving it or Next (held-typing.tsx).
    return (
      <HeldTypingForm
        className="ef-recover__form"
        onSubmit={submit('id.submit')}
        noValidate
        aria-busy={view.step === 'sending'}
      >
        <HeldTextInput
          id="login_id"
          label={strings.loginId}
          value={loginId}
          error={messageText(t, idError)}
          inputMode="numeric"
          // No maxLength: it would cut a pasted "+91 98765 43210" before the rule reads it.
          normalise={normaliseLoginId}
          // Next waits for a whole mobile or roll number (canRecover): a key that enables or
          // disables it goes at once.
          sendsAtOnce={(next) => canRecover(next) !== canRecover(loginId)}
          onChange={(value) => send({ type: 'id.change', value })}
        />
        <button
          type="submit"
          className="ef-button ef-button--primary"
          disabled={!state.can({ type: 'id.submit' })}
          aria-describedby={state.can({ type: 'id.submit' }) ? undefined : 'login_id-why'}
        >
          {strings.next}
        </button>
        {state.can({ type: 'id.submit' }) ? null : (
          <p id="login_id-why" className="ef-why">
            {strings.disabledId}
          </p>
        )}
        <p>
          <a href={loginPath}>{strings.backToLogin}</a>
        </p>
      </HeldTypingForm>
    );
  }

  /** The resend action once the machine allows it (45 s after the last code), else the wait text. */
  const resend = (can: boolean, onClick: () => void, label: string, wait?: string) =>
    can ? (
      <button type="button" className="ef-button ef-button--link" onClick={onClick}>
        {label}
      </button>
    ) : wait ? (
      <p className="ef-field__hint">{wait}</p>
    ) : null;
  const resendDetails = (wait?: string) =>
    resend(
      state.can({ type: 'details.resend' }),
      () => send({ type: 'details.resend' }),
      strings.sendAgain,
      wait,
    );

  // A link-styled action, as registration's "Edit number".
  const edit = (
    <button type="button" className="ef-button ef-button--link" onClick={() => send({ type: 'id.edit' })}>
      {strings.edit}
    </button>
  );

  if (view.step === 'otp' && child && verify) {
    const onSubmit = (event: FormEvent) => {
      event.preventDefault();
      child.send({ type: 'otp.submit' });
    };
    // The boxes as the verify-mobile flow says (its view model, shared with the registration card).
    const code = codeEntryView(verify);
    return (
      <HeldTypingForm className="ef-recover__form" onSubmit={onSubmit} noValidate aria-busy={code.busy}>
        <p role="status">
          {fill(strings.otpSent, { mobile: maskedMobile })} {edit}
        </p>
        <OtpInput
          id="otp"
          label={fill(strings.otp, { digits: code.length })}
          value={code.value}
          length={code.length}
          error={messageText(t, code.error)}
          disabled={code.busy}
          digitLabel={(n, total) => fill(strings.otpDigit, { n, total })}
          onChange={(value) => child.send({ type: 'otp.change', value })}
          // error_code 1 empties the boxes: focus returns to the first one.
          focusKey={code.focusKey}
          autoFocus
        />
        <button
          type="submit"
          className="ef-button ef-button--primary"
          disabled={!code.canSubmit}
          aria-describedby={code.canSubmit ? undefined : 'otp-why'}
        >
          {strings.verify}
        </button>
        {code.canSubmit ? null : (
          <p id="otp-why" className="ef-why">
            {fill(strings.disabledOtp, { digits: code.length })}
          </p>
        )}
        {resend(
          code.canResend,
          () => child.send({ type: 'otp.resend' }),
          strings.resendOtp,
          strings.resendWait,
        )}
      </HeldTypingForm>
    );
  }

  if (view.step === 'detailsSent') {
    return (
      <div className="ef-recover__done">
        <p role="status" ref={(node) => void (stepStart.current = node)} tabIndex={-1}>
          {fill(strings.detailsSent, { mobile: maskedMobile })} {edit}
        </p>
        <p>
          <a className="ef-button ef-button--primary" href={loginPath}>
            {strings.toLogin}
          </a>
        </p>
        {/* No code was sent on this path: the wait is for sending the details again. */}
        {resendDetails(strings.resendDetailsWait)}
      </div>
    );
  }

  return (
    <div className="ef-recover__done">
      <h2 ref={(node) => void (stepStart.current = node)} tabIndex={-1}>
        {strings.yourDetails}
      </h2>
      <dl className="ef-recover__details">
        <dt>{strings.rollNumber}</dt>
        <dd>{details?.roll_number}</dd>
        <dt>{strings.password}</dt>
        <dd>{details ? showDob(details.dob) : null}</dd>
      </dl>
      <p>
        <a className="ef-button ef-button--primary" href={loginPath}>
          {strings.toLogin}
        </a>
      </p>
      {resendDetails()}
    </div>
  );
}
