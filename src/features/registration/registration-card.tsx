// The registration card on every landing variant (part 1 §2, §4; part 2 §2, §4): the registration
// machine drives it; this view only shows its state and sends its events. Step 1 (mobile and OTP)
// is light; the JSON-schema forms of steps 2 and 3 load only when step 2 opens (./form-steps).
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import type { ActorRefFrom, EventFrom, InspectionEvent, Snapshot } from 'xstate';
import { createTranslator, type StringKey, type Translate } from '../../engine/i18n';
import type { RegistrationCardData } from '../../engine/registration-card';
import type { UiStringTable } from '../../generated/config/i18n';
import { MOBILE_LENGTH, RESEND_DELAY_MS, STUDENT_ID_MAX } from '../../domain/otp-rules';
import { messageText } from '../../machines/message';
import { codeEntryView } from '../../machines/verify-mobile-machine';
import type { RegistrationMachine } from '../../machines/registration-machine';
import type {
  RegistrationMobileMachine,
  RegistrationVerifyMachine,
} from '../../machines/registration-mobile-machine';
import type { RegistrationInput } from '../../machines/registration-model';
import { wakeResumedCard } from '../../machines/registration-resume';
import { HeldTypingForm } from '../../ui/forms/held-typing';
import { HeldMobileInput } from '../../ui/forms/widgets/mobile-input';
import { ModalLoader } from '../../ui/loader/modal-loader';
import { loadingData } from './card-busy';
import { OtpInput } from '../../ui/forms/widgets/otp-input';
import { useChildSnapshot } from '../../ui/use-child-snapshot';
import { useKeptMachine } from '../../ui/use-kept-machine';
import { cardParts, stepActors, type VerifySnapshot } from './card-state';
import { cardView } from './card-view';

/** What the card's view reads of the page's card data (the island reads the rest: toasts, lists, links). */
export type RegistrationCardViewData = Pick<
  RegistrationCardData,
  | 'programme'
  | 'registrationPage'
  | 'headingId'
  | 'heading'
  | 'locale'
  | 'strings'
  | 'supportEmail'
  | 'otpLength'
  | 'loginPath'
>;

/** The card's view data out of the page's card data, and nothing more. */
export const cardViewData = ({
  programme,
  registrationPage,
  headingId,
  heading,
  locale,
  strings,
  supportEmail,
  otpLength,
  loginPath,
}: RegistrationCardData): RegistrationCardViewData => ({
  programme,
  registrationPage,
  headingId,
  heading,
  locale,
  strings,
  supportEmail,
  otpLength,
  loginPath,
});

interface RegistrationCardProps extends RegistrationCardViewData {
  /** The registration machine with the app's actors and actions provided. */
  machine: RegistrationMachine;
  input: Omit<RegistrationInput, 'programme' | 'registrationPage'>;
  /** Offer the caller-identity app (Android). */
  offerCallerIdentity?: boolean;
  /** The app's inspector for the machine (development only; undefined in production and tests). */
  inspect?: (event: InspectionEvent) => void;
  /** A persisted snapshot of this card to go on from (a reload, Back from the gateway). */
  resume?: Snapshot<unknown>;
  /** Told, once per task, that the card or one of its steps moved (the app keeps it for a reload). */
  onMoved?: (actor: ActorRefFrom<RegistrationMachine>) => void;
}

const FormSteps = lazy(() => import('./form-steps'));

/** Loads the form steps' chunk ahead of need (when the browser is idle). */
export const prefetchFormSteps = () => import('./form-steps');

/** What steps 2 to 5 show (provideRegistration's `loadForms`). */
export const loadLaterSteps = prefetchFormSteps;

export function RegistrationCard({
  machine,
  input,
  offerCallerIdentity = false,
  inspect,
  resume,
  onMoved,
  ...data
}: RegistrationCardProps) {
  const { programme, registrationPage, headingId, supportEmail, loginPath, strings } = data;
  const [state, send] = useKeptMachine(machine, {
    input: { ...input, programme, registrationPage },
    inspect,
    resume,
    onMoved,
    // A restored card starts again what XState does not (the resend wait, a list cut by the reload).
    onResumed: wakeResumedCard,
  });
  // The page's strings never change while the card lives.
  const [t] = useState(() => createTranslator(strings as UiStringTable));
  const heading = useRef<HTMLHeadingElement>(null);
  // The running step's machine (and step 1's verify-mobile flow): the view reads and talks to them,
  // and re-renders as they change (card-state.ts reads them out of the parent).
  const actors = stepActors(state);
  const mobileStep = useChildSnapshot(actors.mobile);
  useChildSnapshot(mobileStep?.children.verifyMobile);
  useChildSnapshot(actors.details);
  useChildSnapshot(actors.exam);
  useChildSnapshot(actors.success);
  // The payment step (order-confirmation-machine.ts): waiting, being confirmed, checking again.
  useChildSnapshot(state.children.confirmOrder);
  const parts = cardParts(state);
  const { context, verify, mobile } = parts;
  const mobileActor = actors.mobile;

  // What the student sees here: the step, its heading, step 1's field (card-view.ts).
  const view = cardView(state);
  const { step } = view;
  // Caller identity: the identity app taking the screen shows as the page losing focus.
  useEffect(() => {
    const blur = () => mobileActor?.send({ type: 'page.blur' });
    const focus = () => mobileActor?.send({ type: 'page.focus' });
    const visibility = () => (document.hidden ? blur() : focus());
    window.addEventListener('blur', blur);
    window.addEventListener('focus', focus);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('blur', blur);
      window.removeEventListener('focus', focus);
      document.removeEventListener('visibilitychange', visibility);
    };
  }, [mobileActor]);
  // A new step moves focus to the card's heading, so screen-reader and keyboard users follow it.
  const firstStep = useRef(step);
  useEffect(() => {
    if (step !== firstStep.current && step !== 'otp' && step !== 'signingUp' && step !== 'loading')
      heading.current?.focus();
  }, [step]);

  // Every step starts with its title, so the card's modal loader (§7) rides along with it. The
  // loader is the one voice of a busy card: it says what the card waits for (checking the code,
  // else loading), and no other live region repeats it (a screen reader would hear it twice).
  const busy = loadingData(state);
  const sendMobile = (event: EventFrom<RegistrationMobileMachine>) => actors.mobile?.send(event);
  const verifying = verify?.matches({ codeEntry: { code: 'verifying' } }) ?? false;
  const title = (key: StringKey) => (
    <>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="ef-register__heading">
        {key === 'registration.heading' && data.heading ? data.heading : t(key)}
      </h2>
      <ModalLoader busy={busy} label={t(verifying ? 'registration.verifying' : 'ui.loader')} />
    </>
  );

  // The screen is the one cardView names (the machine's model-based test asserts that same view),
  // never a reading of the state of the card's own: a wrong screen then fails a test.
  if (step === 'mobile' || step === 'sending' || step === 'callerIdentity' || step === 'otp') {
    const acceptsId = programme.registration.acceptsStudentId;
    const sending = step === 'sending';
    const codeShown = step === 'otp';
    const child = mobileStep?.children.verifyMobile;
    const canSend = mobile?.can({ type: 'otp.send' }) ?? false;
    const onSubmit = (event: FormEvent) => {
      event.preventDefault();
      sendMobile({ type: 'otp.send' });
    };
    return (
      <div className="ef-register__body">
        {title(view.heading)}
        {mobileStep?.context.notice ? (
          <p role="status" className="ef-register__note">
            {messageText(t, mobileStep.context.notice)}
          </p>
        ) : null}
        {/* Keys stay in the fields until a pause, leaving one or a submit (held-typing.tsx). */}
        <HeldTypingForm className="ef-register__form" onSubmit={onSubmit} noValidate aria-busy={sending}>
          <HeldMobileInput
            id="reg_mobile"
            label={t(acceptsId ? 'form.mobileOrId' : 'form.mobile')}
            required
            studentIdMax={acceptsId ? STUDENT_ID_MAX : undefined}
            value={context.mobile}
            error={messageText(t, context.mobileError)}
            readOnly={view.mobile?.readOnly}
            // Verify waits for the number's length: a key that reaches it or leaves it goes at once.
            sendsAtOnce={(next) => next.length >= MOBILE_LENGTH !== context.mobile.length >= MOBILE_LENGTH}
            onChange={(value) => sendMobile({ type: 'mobile.change', value })}
            onBlur={() => sendMobile({ type: 'mobile.blur' })}
          />
          {step === 'callerIdentity' ? (
            <p role="status" className="ef-register__note">
              {t('registration.callerWaiting')}{' '}
              <button
                type="button"
                className="ef-button ef-button--link"
                onClick={() => sendMobile({ type: 'callerIdentity.cancel' })}
              >
                {t('registration.cancel')}
              </button>
            </p>
          ) : codeShown && verify && child ? (
            <CodeEntry t={t} mobile={context.mobile} verify={verify} child={child} send={sendMobile} />
          ) : (
            <>
              <button
                type="submit"
                className="ef-button ef-button--primary"
                disabled={!canSend}
                aria-busy={sending || undefined}
                aria-describedby="reg_verify-why"
              >
                {t('registration.verify')}
              </button>
              {/* Why Verify is not yet possible (part 2 §5: enabled at the mobile's length), else what
                  it will do. The line stays: a reason that vanished would move the page (CLS), e.g.
                  when a number typed before the script reaches the machine. */}
              <p id="reg_verify-why" className="ef-why ef-why--slot">
                {sending
                  ? t('ui.disabled.loading')
                  : canSend
                    ? t('ui.verifyHint', { digits: data.otpLength })
                    : t(acceptsId ? 'ui.disabled.mobileOrId' : 'ui.disabled.mobile')}
              </p>
              {offerCallerIdentity && mobile?.can({ type: 'callerIdentity.start' }) ? (
                <button
                  type="button"
                  className="ef-button"
                  onClick={() => sendMobile({ type: 'callerIdentity.start' })}
                >
                  {t('registration.callerIdentity')}
                </button>
              ) : null}
            </>
          )}
        </HeldTypingForm>
      </div>
    );
  }

  if (step === 'accountExists') {
    return (
      <div className="ef-register__body">
        {title(view.heading)}
        <p role="alert" className="ef-register__message">
          {t('registration.accountExists', { email: supportEmail })}
        </p>
        <p className="ef-register__actions">
          <a className="ef-button ef-button--primary" href={loginPath}>
            {t('registration.login')}
          </a>
          <button type="button" className="ef-button" onClick={() => send({ type: 'mobile.edit' })}>
            {t('registration.otherNumber')}
          </button>
        </p>
      </div>
    );
  }

  if (step === 'details' || step === 'exam' || step === 'signingUp') {
    return (
      <div className="ef-register__body">
        {title(view.heading)}
        {/* A returning student's prefilled details are read-only: say why (part 2 §4). */}
        {view.heading === 'registration.detailsHeading' && context.locked.length > 0 ? (
          <p className="ef-register__locked">{t('ui.locked.note')}</p>
        ) : null}
        <Suspense fallback={<Loading t={t} announce={!busy} />}>
          <FormSteps
            screen={view.exam ? 'exam' : 'details'}
            parts={parts}
            actors={actors}
            t={t}
            locale={data.locale}
          />
        </Suspense>
      </div>
    );
  }

  if (step === 'paymentFailed') {
    return (
      <div className="ef-register__body">
        {title(view.heading)}
        <p role="alert" className="ef-register__message">
          {t('registration.paymentFailedText')}
        </p>
        <button
          type="button"
          className="ef-button ef-button--primary"
          onClick={() => send({ type: 'payment.retry' })}
        >
          {t('registration.tryAgain')}
        </button>
      </div>
    );
  }

  if (step === 'paymentUnconfirmed') {
    const checking = !view.actions.some((a) => a.label === 'payment.checkAgain' && a.enabled);
    return (
      <div className="ef-register__body">
        {title(view.heading)}
        <p role="status" className="ef-register__message">
          {t('payment.unconfirmed')}
        </p>
        <button
          type="button"
          className="ef-button ef-button--primary"
          disabled={checking}
          aria-busy={checking}
          onClick={() => send({ type: 'payment.check' })}
        >
          {t('payment.checkAgain')}
        </button>
      </div>
    );
  }

  if (step === 'success') {
    return (
      <div className="ef-register__body">
        {title(view.heading)}
        {/* With steps 2 to 5's machines, in the form steps' chunk (already here by now). */}
        <Suspense fallback={<Loading t={t} announce={!busy} />}>
          <FormSteps screen="success" parts={parts} actors={actors} t={t} locale={data.locale} />
        </Suspense>
      </div>
    );
  }

  if (step === 'stepsNotLoaded') {
    return (
      <div className="ef-register__body">
        {title(view.heading)}
        <p role="alert" className="ef-register__message">
          {t('registration.scriptFailed')}
        </p>
        <button
          type="button"
          className="ef-button ef-button--primary"
          onClick={() => send({ type: 'steps.retry' })}
        >
          {t('registration.retry')}
        </button>
      </div>
    );
  }

  // loading (entry, loadingLeadBySfId, loadingSteps, reloadingLead, redirectingToLogin) and payment
  return (
    <div className="ef-register__body">
      {title(view.heading)}
      {step === 'payment' || step === 'confirmingPayment' ? (
        <p role="status">{t(step === 'payment' ? 'registration.redirecting' : 'payment.confirming')}</p>
      ) : (
        <Loading t={t} announce={!busy} />
      )}
    </div>
  );
}

function CodeEntry({
  t,
  mobile,
  verify,
  child,
  send,
}: {
  t: Translate;
  mobile: string;
  verify: VerifySnapshot;
  child: { send: (event: EventFromVerify) => void };
  send: (event: EventFrom<RegistrationMobileMachine>) => void;
}) {
  // The boxes as the verify-mobile flow says (its view model, shared with the recovery screen).
  const code = codeEntryView(verify);
  return (
    <>
      <p role="status" className="ef-register__note">
        {t(code.sentElsewhere ? 'verify.codeJustSent' : 'registration.otpSent', {
          mobile: verify.context.sentTo || mobile,
        })}{' '}
        <button
          type="button"
          className="ef-button ef-button--link"
          onClick={() => send({ type: 'mobile.edit' })}
        >
          {t('registration.editNumber')}
        </button>
      </p>
      <OtpInput
        id="reg_otp"
        label={t('form.otp', { digits: code.length })}
        value={code.value}
        length={code.length}
        error={messageText(t, code.error)}
        disabled={code.busy}
        digitLabel={(n, total) => t('form.otpDigit', { n, total })}
        onChange={(value) => child.send({ type: 'otp.change', value })}
        // error_code 1 empties the boxes: focus returns to the first one.
        focusKey={code.focusKey}
        autoFocus
      />
      {code.canResend ? (
        <button
          type="button"
          className="ef-button ef-button--link"
          onClick={() => child.send({ type: 'otp.resend' })}
        >
          {t('registration.resendOtp')}
        </button>
      ) : (
        <p className="ef-field__hint">
          {t('registration.resendWait', {
            seconds: verify.context.resendWaitSeconds ?? RESEND_DELAY_MS / 1000,
          })}
        </p>
      )}
    </>
  );
}

type EventFromVerify = EventFrom<RegistrationVerifyMachine>;

/** "Loading…" in the card's body; a live region only when the modal loader is not already saying so. */
function Loading({ t, announce }: { t: Translate; announce: boolean }) {
  return (
    <p role={announce ? 'status' : undefined} className="ef-register__loading">
      {t('registration.loading')}
    </p>
  );
}
