// Where a student reads each text of the string table (config/i18n/<locale>.json), in marketing's
// words: the one table the Studio's Texts screen groups by (decision 057). A key's place is that of
// the longest rule that matches it: a rule ending in "." is a key prefix, any other names one key
// (an exception where a prefix is too coarse). text-places.test.ts proves every key has a place and
// every rule still places a key.

import type { CardStep } from '../../features/registration/card-view';

/** The places, in the order the Texts screen lists them. */
export const PLACES = [
  'Registration card · Step 1 (mobile number)',
  'Registration card · Student details',
  'Registration card · Exam details',
  'Registration card · Payment',
  'Registration card · Registration done',
  'Registration card · Every step',
  'Every form · Buttons and hints',
  'Landing page · Header, footer and links',
  'Landing page · FAQ, carousels and steps',
  'Login',
  'Forgot roll number or password',
  'Dashboard',
  'Dashboard · Mock test series',
  'Dashboard · Opening a test',
  'Dashboard · Change exam details',
  'Payment being confirmed (back from paying)',
  'Courses and checkout',
  'Result page',
  'Page not found',
  'Messages and errors · Under a form field',
  'Messages and errors · Mobile number and OTP',
  'Messages and errors · Registration and payment',
  'Messages and errors · Login and sign-in help',
  'Messages and errors · Dashboard, tests and courses',
  'Messages and errors · Names of fields inside messages',
  'Messages and errors · Technical problems',
] as const;

export type Place = (typeof PLACES)[number];

const STEP_1: Place = 'Registration card · Step 1 (mobile number)';
const DETAILS: Place = 'Registration card · Student details';
const EXAM: Place = 'Registration card · Exam details';
const PAYMENT: Place = 'Registration card · Payment';
const DONE: Place = 'Registration card · Registration done';
const FORMS: Place = 'Every form · Buttons and hints';
const FRAME: Place = 'Landing page · Header, footer and links';
const BLOCKS: Place = 'Landing page · FAQ, carousels and steps';
const FORGOT: Place = 'Forgot roll number or password';
const OTP_MESSAGES: Place = 'Messages and errors · Mobile number and OTP';
const SIGNUP_MESSAGES: Place = 'Messages and errors · Registration and payment';
const LOGIN_MESSAGES: Place = 'Messages and errors · Login and sign-in help';
const PORTAL_MESSAGES: Place = 'Messages and errors · Dashboard, tests and courses';
const TECHNICAL: Place = 'Messages and errors · Technical problems';

const each = (place: Place, keys: string[]): [string, Place][] => keys.map((key) => [key, place]);

/** Key prefix (ending in ".") or whole key → place. */
export const PLACE_RULES: readonly (readonly [string, Place])[] = [
  ['registration.', 'Registration card · Every step'],
  ...each(
    STEP_1,
    [
      'heading',
      'verifyHeading',
      'verify',
      'otpSent',
      'editNumber',
      'resendOtp',
      'resendWait',
      'verifying',
      'callerIdentity',
      'callerWaiting',
      'cancel',
      'accountExists',
      'login',
      'otherNumber',
      'verifyAgain',
      'callerIdentityFailed',
      'callerIdentityBadMobile',
    ].map((k) => `registration.${k}`),
  ),
  ...each(STEP_1, [
    'verify.',
    'ui.disabled.mobile',
    'ui.disabled.mobileOrId',
    'ui.verifyHint',
    'form.mobile',
    'form.mobileOrId',
    'form.otp',
    'form.otpDigit',
  ]),
  ...each(DETAILS, [
    'registration.detailsHeading',
    'registration.editDetails',
    'form.studentName',
    'form.fatherName',
    'form.email',
    'form.dob',
    'form.dobHint',
    'form.classStream',
    'picker.',
    'classStream.',
    'ui.locked.note',
  ]),
  ...each(
    EXAM,
    ['examHeading', 'courseOnline', 'nearestCentre', 'noneOpen', 'noDateOpen', 'locateFailed'].map(
      (k) => `registration.${k}`,
    ),
  ),
  ...each(EXAM, ['form.examSlot', 'form.state', 'form.centre', 'form.examDate', 'ui.courseType.']),
  ...each(
    PAYMENT,
    [
      'applyCoupon',
      'fee',
      'discount',
      'payable',
      'payAndRegister',
      'redirecting',
      'paymentFailed',
      'paymentFailedText',
      'tryAgain',
      'couponApplied',
      'couponInvalid',
    ].map((k) => `registration.${k}`),
  ),
  ...each(PAYMENT, ['form.coupon', 'form.paymentMethod']),
  ...each(
    DONE,
    [
      'success',
      'rollNumber',
      'copy',
      'password',
      'examDate',
      'examSlot',
      'examCentre',
      'goToDashboard',
      'copied',
      'copyFailed',
      'tests',
      'seriesTest',
      'testTimings',
      'seriesWindow',
      'examTime',
      'timeRange',
      'reportingTime',
      'reportBy',
    ].map((k) => `registration.${k}`),
  ),
  ...each(FORMS, ['form.', 'ui.', 'screen.']),
  ...each(FRAME, ['skipToContent', 'header.', 'footer.', 'legal.', 'backToTop', 'ui.footer.', 'ui.close']),
  ...each(BLOCKS, ['faq.', 'howToRegister.', 'carousel.', 'steps.', 'cardStack.']),
  ['login.', 'Login'],
  ...each(FORGOT, ['recover.', 'ui.recover.', 'ui.disabled.recoverId', 'ui.disabled.recoverOtp']),
  ['portal.', 'Dashboard'],
  ['dashboard.', 'Dashboard'],
  ['mockJee.', 'Dashboard · Mock test series'],
  ['testLaunch.', 'Dashboard · Opening a test'],
  ['editExam.', 'Dashboard · Change exam details'],
  ['payment.', 'Payment being confirmed (back from paying)'],
  ['course.', 'Courses and checkout'],
  ['result.', 'Result page'],
  ['notFound.', 'Page not found'],
  ['validation.', 'Messages and errors · Under a form field'],
  ...each(OTP_MESSAGES, ['api.otp.', 'api.psid.', 'api.token.', 'api.sms.']),
  ...each(SIGNUP_MESSAGES, [
    'api.signup.',
    'api.coupon.',
    'api.payment.',
    'api.link.',
    'api.lists.',
    'api.geo.',
    'api.order.',
    'api.email.',
  ]),
  ...each(LOGIN_MESSAGES, ['api.login.', 'api.recover.', 'api.session.']),
  ...each(PORTAL_MESSAGES, [
    'api.exam.',
    'api.profile.',
    'api.test.',
    'api.testPlatform.',
    'api.mockPack.',
    'api.course.',
    'api.checkout.',
    'api.documents.',
    'api.branch.',
    'api.result.',
  ]),
  ['api.field.', 'Messages and errors · Names of fields inside messages'],
  ...each(TECHNICAL, ['api.request.', 'api.server.', 'api.database.', 'api.config.', 'api.examType.']),
];

const RULES = new Map(PLACE_RULES);

const matches = (rule: string, key: string) => (rule.endsWith('.') ? key.startsWith(rule) : key === rule);

/** The rule that places a key (the longest that matches), or undefined when none does. */
export function ruleFor(key: string): string | undefined {
  let best: string | undefined;
  for (const rule of RULES.keys())
    if (matches(rule, key) && (best === undefined || rule.length > best.length)) best = rule;
  return best;
}

/** Where a student reads the text of `key`; a key no rule places is "Elsewhere" (a test forbids it). */
export function placeOf(key: string): Place | 'Elsewhere' {
  const rule = ruleFor(key);
  return rule === undefined ? 'Elsewhere' : (RULES.get(rule) ?? 'Elsewhere');
}

/** The registration card's screen where the texts of a place show (the Texts screen's "See it in the card"). */
const CARD_STEP_OF_PLACE: Partial<Record<Place, CardStep>> = {
  [STEP_1]: 'mobile',
  [DETAILS]: 'details',
  [EXAM]: 'exam',
  // The fee, the coupon and the Pay button are on the exam step.
  [PAYMENT]: 'exam',
  [DONE]: 'success',
  'Registration card · Every step': 'mobile',
};

/** Texts of a place shown on another screen than the place's. */
export const CARD_STEP_OF_KEY: Readonly<Record<string, CardStep>> = {
  'registration.verifyHeading': 'otp',
  'registration.otpSent': 'otp',
  'registration.editNumber': 'otp',
  'registration.resendOtp': 'otp',
  'registration.resendWait': 'otp',
  'registration.verifying': 'otp',
  'form.otp': 'otp',
  'form.otpDigit': 'otp',
  'registration.accountExists': 'accountExists',
  'registration.login': 'accountExists',
  'registration.otherNumber': 'accountExists',
  'registration.paymentFailed': 'paymentFailed',
  'registration.paymentFailedText': 'paymentFailed',
  'registration.tryAgain': 'paymentFailed',
  'registration.redirecting': 'payment',
};

/** The card's screen a registration text shows on, or undefined for a text outside the card. */
export function cardStepOf(key: string): CardStep | undefined {
  const place = placeOf(key);
  const step = place === 'Elsewhere' ? undefined : CARD_STEP_OF_PLACE[place];
  return step && (CARD_STEP_OF_KEY[key] ?? step);
}
