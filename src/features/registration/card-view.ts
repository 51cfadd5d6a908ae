// What the student sees of the registration card in a machine state: the step, its heading, the
// mobile field of step 1, the messages on screen and the actions offered. The card renders from
// it, and the machine's model-based test checks it at every step (so a wrong transition or a wrong
// assignment shows as a wrong screen). Pure: a snapshot in, keys and values out; the view translates.
import type { StringKey } from '../../engine/i18n';
import type { Message } from '../../machines/message';
import {
  examChain,
  hasExamDetailsStep,
  isFree,
  type ExamField,
  type RegistrationContext,
} from '../../machines/registration-model';
import { codeEntryView } from '../../machines/verify-mobile-machine';
import { cardParts, type CardParts, type RegistrationSnapshot } from './card-state';

export type CardStep =
  | 'mobile'
  | 'sending'
  | 'otp'
  | 'callerIdentity'
  | 'accountExists'
  | 'details'
  | 'exam'
  | 'signingUp'
  | 'payment'
  | 'paymentFailed'
  | 'confirmingPayment'
  | 'paymentUnconfirmed'
  | 'success'
  | 'stepsNotLoaded'
  | 'loading';

export interface CardView {
  step: CardStep;
  heading: StringKey;
  /** Step 1's mobile (or student id) field. */
  mobile?: { value: string; readOnly: boolean; error?: Message };
  /** The code boxes while a code is entered. */
  code?: { value: string; error?: Message; busy: boolean };
  /** Alerts and notes on screen (other than field errors). */
  messages: Message[];
  /** The buttons and links offered now, by their label key; `enabled` false shows them disabled. */
  actions: Array<{ label: StringKey; enabled: boolean }>;
  /** Step 3's selects the programme shows, in cascade order: the chosen value and how many options. */
  exam?: Array<{ field: ExamField; value?: string; options?: number }>;
}

/** The exam step's form values: the machine's choices (the selects render these). */
export function examFormValues(
  context: Pick<RegistrationContext, 'exam' | 'paymentMethod'>,
): Record<ExamField | 'paymentMethod', string | undefined> {
  const { exam } = context;
  return {
    examSlot: exam.slot?.tid,
    state: exam.state?.tid,
    centre: exam.centre?.value,
    examDate: exam.date?.value,
    paymentMethod: context.paymentMethod,
  };
}

const LISTS = { examSlot: 'slots', state: 'states', centre: 'centres', examDate: 'dates' } as const;

function stepOf({ at, mobile, verify, confirmation }: CardParts): CardStep {
  if (at === 'confirmingPayment' && (confirmation === 'unconfirmed' || confirmation === 'checking'))
    return 'paymentUnconfirmed';
  if (at === 'step1' && mobile?.matches('callerIdentity')) return 'callerIdentity';
  if (at === 'step1' && mobile?.matches('verifying'))
    return verify && !verify.matches('sending') ? 'otp' : 'sending';
  const steps: Record<CardParts['at'], CardStep> = {
    step1: 'mobile',
    accountExists: 'accountExists',
    step2: 'details',
    step3: 'exam',
    signingUp: 'signingUp',
    redirectingToPayment: 'payment',
    paymentFailed: 'paymentFailed',
    confirmingPayment: 'confirmingPayment',
    success: 'success',
    stepsNotLoaded: 'stepsNotLoaded',
    loading: 'loading',
  };
  return steps[at];
}

const HEADINGS: Record<CardStep, StringKey> = {
  mobile: 'registration.heading',
  sending: 'registration.heading',
  callerIdentity: 'registration.heading',
  otp: 'registration.verifyHeading',
  accountExists: 'registration.heading',
  details: 'registration.detailsHeading',
  exam: 'registration.examHeading',
  signingUp: 'registration.examHeading',
  payment: 'registration.heading',
  paymentFailed: 'registration.paymentFailed',
  confirmingPayment: 'registration.heading',
  paymentUnconfirmed: 'payment.unconfirmedHeading',
  success: 'registration.success',
  stepsNotLoaded: 'registration.heading',
  loading: 'registration.heading',
};

const present = <T>(items: Array<T | undefined | false>): T[] => items.filter((x): x is T => Boolean(x));

/** The card as the student sees it in this snapshot (with the running step's machine, if any). */
export const cardView = (state: RegistrationSnapshot): CardView => viewOf(cardParts(state));

/** The card from its parts: the parent's place, the running step's snapshot and the data shown. */
export function viewOf(parts: CardParts): CardView {
  const { context, mobile, verify, details, exam, success } = parts;
  const step = stepOf(parts);
  const onExam = step === 'exam' || (step === 'signingUp' && hasExamDetailsStep(context.programme));
  const heading: StringKey = step === 'signingUp' && !onExam ? 'registration.detailsHeading' : HEADINGS[step];
  const view: CardView = { step, heading, messages: [], actions: [] };

  if (step === 'mobile' || step === 'sending' || step === 'callerIdentity' || step === 'otp') {
    view.mobile = { value: context.mobile, readOnly: step === 'otp', error: context.mobileError };
  }
  if (step === 'mobile' || step === 'sending') {
    view.actions.push({ label: 'registration.verify', enabled: mobile?.can({ type: 'otp.send' }) ?? false });
  }
  if (step === 'callerIdentity') view.actions.push({ label: 'registration.cancel', enabled: true });
  if (step === 'otp' && verify) {
    const code = codeEntryView(verify);
    view.code = { value: code.value, error: code.error, busy: code.busy };
    view.actions.push({ label: 'registration.editNumber', enabled: true });
    if (code.canResend) view.actions.push({ label: 'registration.resendOtp', enabled: true });
  }
  if (step === 'accountExists') {
    view.messages.push({ key: 'registration.accountExists' });
    view.actions.push(
      { label: 'registration.login', enabled: true },
      { label: 'registration.otherNumber', enabled: true },
    );
  }
  if (step === 'details' || (step === 'signingUp' && !onExam)) {
    if (details?.matches('failed') && context.optionsError) {
      view.messages.push(context.optionsError);
      view.actions.push({ label: 'registration.retry', enabled: true });
    }
    const label: StringKey = hasExamDetailsStep(context.programme)
      ? 'form.next'
      : isFree(context)
        ? 'form.submit'
        : 'registration.payAndRegister';
    view.actions.push({ label, enabled: details?.matches('ready') ?? false });
  }
  if (onExam) {
    const listsFailed = exam?.matches({ editing: { lists: 'failed' } }) ?? false;
    view.messages.push(
      ...present([listsFailed && context.optionsError, context.locateError, context.coupon.message]),
    );
    const values = examFormValues(context);
    view.exam = examChain(context).map((field) => ({
      field,
      value: values[field],
      options: context.options[LISTS[field]]?.length,
    }));
    view.actions.push({ label: 'registration.editDetails', enabled: step === 'exam' });
    if (listsFailed) view.actions.push({ label: 'registration.retry', enabled: true });
    view.actions.push({
      label: isFree(context) ? 'form.submit' : 'registration.payAndRegister',
      enabled: exam?.can({ type: isFree(context) ? 'exam.submit' : 'payment.submit' }) ?? false,
    });
  }
  if (step === 'paymentFailed') {
    view.messages.push({ key: 'registration.paymentFailedText' });
    view.actions.push({ label: 'registration.tryAgain', enabled: true });
  }
  if (step === 'confirmingPayment') view.messages.push({ key: 'payment.confirming' });
  if (step === 'paymentUnconfirmed') {
    view.messages.push({ key: 'payment.unconfirmed' });
    // Disabled while the look it asked for runs.
    view.actions.push({ label: 'payment.checkAgain', enabled: parts.confirmation === 'unconfirmed' });
  }
  if (step === 'success') {
    view.actions.push(
      { label: 'registration.copy', enabled: success?.can({ type: 'rollNumber.copy' }) ?? false },
      { label: 'registration.goToDashboard', enabled: true },
    );
  }
  if (step === 'payment') view.messages.push({ key: 'registration.redirecting' });
  if (step === 'stepsNotLoaded') {
    view.messages.push({ key: 'registration.scriptFailed' });
    view.actions.push({ label: 'registration.retry', enabled: true });
  }
  return view;
}
