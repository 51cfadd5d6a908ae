// What a prerendered landing page hands its registration card island (a JSON data block): the
// slice of the programme config the registration machine reads, the UI strings the card uses
// and the site's settings. Built here, where both the landing block and the card can read it.
import type { UiStringTable } from '../generated/config/i18n';
import type { StringKey } from './i18n';
import type { Block, Landing } from '../generated/config/landing';
import type { Programme } from '../generated/config/programme';
import { OTP_LENGTH } from '../domain/otp-rules';
import type { Site } from '../generated/config/site';

export interface RegistrationCardData {
  programme: Pick<Programme, 'id' | 'examType' | 'mode' | 'fee' | 'registration' | 'payment' | 'analytics'>;
  /** The exam type, or the landing's variant key (iacst_adst …), as the API is told. */
  registrationPage: string;
  /** The card's heading element id (its section is labelled by it). */
  headingId: string;
  /** Step-1 heading from the landing config, else the UI string. */
  heading?: string;
  locale: string;
  /** The UI strings the card uses. */
  strings: Partial<UiStringTable>;
  supportEmail: string;
  /** The digits of a code the server sends (site config otp.length), for the words before a send. */
  otpLength: number;
  loginPath: string;
  toast: { durationMs: number; warnDurationMs: number };
  /** Opens the caller-identity app for a request ({requestId}); absent: no caller identity. */
  callerIdentityLink?: string;
  /** This page fixes the course type (online-only: preset state and centre, no switch). */
  fixedCourseType?: 'online';
  /** State and centre lists keep only those with an open exam date (isCheckedState / isCheckedCentre). */
  checkedLists: boolean;
  /** The programme config's version the page shows (its fee, its dates): the signup says it, so a
   *  publish meanwhile does not change what the student saw (decision 049). */
  programmeVersion?: number;
}

/**
 * The strings the card can show, by name: its own, the form's and validation's, and the shared UI
 * texts (why a button waits, locked fields, the loader, the date picker). The card's page carries
 * exactly these (a missing one would throw in the card's translator). registration-card.test.ts
 * derives the keys from the code and forms the card runs and fails when this list differs.
 */
export const CARD_STRING_KEYS = [
  'registration.heading',
  'registration.verifyHeading',
  'registration.scriptFailed',
  'registration.placeholder',
  'registration.verify',
  'registration.otpSent',
  'registration.editNumber',
  'registration.resendOtp',
  'registration.resendWait',
  'registration.verifying',
  'registration.callerIdentity',
  'registration.callerWaiting',
  'registration.cancel',
  'registration.accountExists',
  'registration.login',
  'registration.otherNumber',
  'registration.detailsHeading',
  'registration.examHeading',
  'registration.editDetails',
  'registration.courseOnline',
  'registration.nearestCentre',
  'registration.applyCoupon',
  'registration.fee',
  'registration.discount',
  'registration.payable',
  'registration.payAndRegister',
  'registration.loading',
  'registration.retry',
  'registration.noneOpen',
  'registration.noDateOpen',
  'registration.redirecting',
  'registration.paymentFailed',
  'registration.paymentFailedText',
  'registration.tryAgain',
  'registration.verifyAgain',
  'registration.backAgainToLeave',
  'verify.codeJustSent',
  'payment.confirming',
  'payment.unconfirmedHeading',
  'payment.unconfirmed',
  'payment.checkAgain',
  'registration.success',
  'registration.rollNumber',
  'registration.copy',
  'registration.password',
  'registration.examDate',
  'registration.examSlot',
  'registration.examCentre',
  'registration.tests',
  'registration.seriesTest',
  'registration.testTimings',
  'registration.seriesWindow',
  'registration.examTime',
  'registration.timeRange',
  'registration.reportingTime',
  'registration.reportBy',
  'registration.goToDashboard',
  'registration.callerIdentityFailed',
  'registration.callerIdentityBadMobile',
  'registration.couponApplied',
  'registration.couponInvalid',
  'registration.signupFailed',
  'registration.optionsFailed',
  'registration.copied',
  'registration.copyFailed',
  'registration.locateFailed',
  'ui.disabled.mobile',
  'ui.disabled.mobileOrId',
  'ui.disabled.form',
  'ui.disabled.loading',
  'ui.locked.note',
  'ui.courseType.legend',
  'ui.courseType.classroom',
  'ui.loader',
  'ui.verifyHint',
  'ui.close',
  'validation.required',
  'validation.somethingWrong',
  'validation.studentName.required',
  'validation.fatherName.required',
  'validation.name.minLength',
  'validation.name.maxLength',
  'validation.name.alphabets',
  'validation.email.required',
  'validation.email.invalid',
  'validation.dob.required',
  'validation.dob.invalid',
  'validation.dob.day',
  'validation.dob.month',
  'validation.dob.range',
  'validation.classStream.required',
  'validation.phone.invalid',
  'validation.mobileOrId.required',
  'validation.mobileOrId.leadingZero',
  'validation.otp.invalid',
  'validation.examSlot.required',
  'validation.examSlot.first',
  'validation.state.required',
  'validation.state.first',
  'validation.centre.required',
  'validation.centre.first',
  'validation.examDate.required',
  'validation.coupon.required',
  'validation.login.rollNumber',
  'validation.login.password',
  'form.studentName',
  'form.fatherName',
  'form.email',
  'form.dob',
  'form.dobHint',
  'form.classStream',
  'form.mobile',
  'form.mobileOrId',
  'form.otp',
  'form.otpDigit',
  'form.examSlot',
  'form.state',
  'form.centre',
  'form.examDate',
  'form.coupon',
  'form.paymentMethod',
  'form.selectPlaceholder',
  'form.optional',
  'form.next',
  'form.submit',
  'picker.open',
  'picker.dialog',
  'picker.month',
  'picker.year',
  'picker.close',
  'picker.days',
  'classStream.option',
  'classStream.class',
  'classStream.passed',
  'classStream.stream.SOE',
  'classStream.stream.SOF',
  'classStream.stream.SOM',
] as const satisfies readonly StringKey[];

export function registrationCardData(input: {
  site: Site;
  programme: Programme;
  landing: Landing;
  /** The card block of the page, and the path the page is rendered for. */
  block: Extract<Block, { type: 'registration-card' }>;
  path: string;
  strings: UiStringTable;
  headingId: string;
  programmeVersion?: number;
}): RegistrationCardData {
  const { site, programme, landing, strings, block } = input;
  const { id, examType, mode, fee, registration, payment, analytics } = programme;
  return {
    programme: { id, examType, mode, fee, registration, payment, analytics },
    // A variant's key tells the API which landing (and programme) this is; the main page, its exam type.
    registrationPage: landing.variantKey === 'default' ? examType : landing.variantKey,
    headingId: input.headingId,
    heading: block.heading,
    locale: landing.locale,
    strings: Object.fromEntries(CARD_STRING_KEYS.map((key) => [key, strings[key]])),
    supportEmail: site.support.email,
    otpLength: site.otp?.length ?? OTP_LENGTH,
    loginPath: site.screens.login.paths[0] ?? '/',
    toast: { durationMs: site.toast.durationMs, warnDurationMs: site.toast.warnDurationMs },
    callerIdentityLink: site.callerIdentity?.appLink,
    ...(block.courseType ? { fixedCourseType: block.courseType } : {}),
    checkedLists: (block.checkedListsOn ?? []).includes(input.path),
    ...(input.programmeVersion ? { programmeVersion: input.programmeVersion } : {}),
  };
}
