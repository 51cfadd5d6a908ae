// The registration card (part 1 §2, §4; part 2 §2–§5, §8): step 1 verifies the mobile number (or
// student id) by OTP or caller identity, step 2 takes the student's details, step 3 the exam
// details (slot → state → centre → date, coupon, payment), then signup leads to the payment
// gateway or the thank-you state; step 0 is a failed payment. The page's query picks the entry.
//
// The programme config (machine input) decides the steps, the fields, the fee, the payment
// methods, the allowed registration count, the student id and the course-type switch: nothing here
// names an exam type. Every effect is a named actor or action the app supplies with `.provide()`.
import { and, assertEvent, assign, fromPromise, not, setup, stateIn } from 'xstate';
import type {
  ClassStream,
  MasterClassStreamsQuery,
  MasterClassStreamsReply,
} from '../generated/api/master-class-streams';
import type { ExamCentre, ExamCentresQuery, ExamCentresReply } from '../generated/api/exam-centres';
import type { ExamDate, ExamDatesQuery, ExamDatesReply } from '../generated/api/exam-dates';
import type { ExamSlot, ExamSlotsQuery, ExamSlotsReply } from '../generated/api/exam-slots';
import type { ExamState, ExamStatesQuery, ExamStatesReply } from '../generated/api/exam-states';
import type { RegistrationCallerIdentityStartReply } from '../generated/api/registration-caller-identity-start';
import type {
  RegistrationCallerIdentityParams,
  RegistrationCallerIdentityStatusReply,
} from '../generated/api/registration-caller-identity-status';
import type { RegistrationCouponBody, RegistrationCouponReply } from '../generated/api/registration-coupon';
import type {
  LeadRecord,
  RegistrationLeadBySfIdQuery,
  RegistrationLeadBySfIdReply,
} from '../generated/api/registration-lead-by-sf-id';
import type { RegistrationLeadsQuery, RegistrationLeadsReply } from '../generated/api/registration-leads';
import type { RegistrationOtpVerifyReply } from '../generated/api/registration-otp-verify';
import type {
  PaymentData,
  RegistrationSignupBody,
  RegistrationSignupReply,
} from '../generated/api/registration-signup';
import type { Programme } from '../generated/config/programme';
import type { EntryQuery, Tracking } from './entry-query';
import { examDateInstant } from '../domain/dates';
import { modeAllowedInState, type ExamMode } from '../domain/exam-modes';
import { MOBILE_LENGTH, STUDENT_ID_MAX } from '../domain/otp-rules';
import { digitsOnly as digits, validateCoupon, validateRegistrationMobile } from '../domain/validation';
import {
  fieldsAfter,
  loadingStates,
  loadRoutes,
  loneOption,
  loneOptionField,
  nextToLoad,
  type CascadeSpec,
  type FieldChange,
  type ListLoaderOf,
} from './cascade';
import { fromError, fromReply, say, type Message } from './message';
import { createVerifyMobileMachine, type VerifyOutcome } from './verify-mobile-machine';

/** Step 1's verify-mobile flow: its check answers with the registration's verify reply. */
export const registrationVerifyMachine = createVerifyMobileMachine<RegistrationOtpVerifyReply>();
export type RegistrationVerifyMachine = typeof registrationVerifyMachine;
export type RegistrationVerifyOutcome = VerifyOutcome<RegistrationOtpVerifyReply>;

// ── Constants and texts (part 1 §9, part 2 §5, §8, §9) ───────────────────────────────────────
/** Caller identity: the focus check after opening the app link, then polls every 12 s, twice. */
export const FOCUS_CHECK_DELAY_MS = 1_500;
export const POLL_INTERVAL_MS = 12_000;
export const MAX_POLLS = 2;
export const DEFAULT_SCHOOL_BOARD = 'CBSE';

// ── Types ─────────────────────────────────────────────────────────────────────────────────────
export type CourseType = 'classroom' | 'online';
/** The cascading exam selects, in their order: each one's choice clears those after it. */
export const EXAM_CHAIN = ['examSlot', 'state', 'centre', 'examDate'] as const;
export type ExamField = (typeof EXAM_CHAIN)[number];
export type LockableField = 'studentName' | 'fatherName' | 'dob' | 'email';

export interface StudentDetails {
  studentName: string;
  fatherName: string;
  email: string;
  /** YYYY-MM-DD */
  dob: string;
  /** class&stream, e.g. 11&SOM */
  classStream: string;
}

export interface ExamChoice {
  courseType: CourseType;
  slot?: ExamSlot;
  state?: ExamState;
  centre?: ExamCentre;
  date?: ExamDate;
}

/** The option lists; undefined means not loaded (or cleared by an earlier choice). */
export interface OptionLists {
  /** The registration page's classes and streams (the details step's dropdown). */
  classStreams?: ClassStream[];
  slots?: ExamSlot[];
  states?: ExamState[];
  centres?: ExamCentre[];
  dates?: ExamDate[];
}

/** What the app's preset actor chooses for the online-only course type (a Delhi test centre). */
export interface OnlinePreset {
  state: ExamState;
  centre: ExamCentre;
}

export interface LocateCentreInput {
  class_stream: string;
  exam_type: string;
  mode: ExamMode;
}

export interface OnlinePresetInput {
  exam_type: string;
  class_stream: string;
  /** The state's short code the config presets (courseTypeSwitch.onlineState). */
  state_code: string;
}

export interface CouponState {
  code: string;
  /** The code the discount belongs to; changing the code drops it. */
  applied?: string;
  discount: number;
  message?: Message;
}

export interface RegistrationResult {
  rollNumber: string;
  /** DD-MM-YYYY: the password. */
  dob: string;
  examDate: string;
  /** The chosen slot's label, for the exam schedule. */
  examSlot?: string;
  /** The chosen centre's label, for the exam schedule. */
  centre?: string;
  /** The signup reply's auto-login link; absent when the result came from the query. */
  dashboardLink?: string;
}

/**
 * The exam step's choices kept across the payment gateway's round trip (decision 005, beside the
 * registration token): "Try Again" after a failed payment offers them again, coupon included.
 */
export interface KeptChoices {
  exam: ExamChoice;
  coupon: Pick<CouponState, 'code' | 'applied' | 'discount'>;
  paymentMethod: string;
}

/**
 * What the app stored before leaving for the gateway (part 1 §3: user_info, exam_info, user_psid),
 * read back on the return: the payment-failure event reports it, the thank-you shows its slot and
 * centre (the gateway's return query carries only roll number, dob and exam date).
 */
export interface StoredRegistration {
  mobile: string;
  studentName?: string;
  email?: string;
  /** class&stream */
  classStream?: string;
  centre?: { label: string; code: string };
  /** YYYY-MM-DD */
  examDate?: string;
  /** The slot's label. */
  examSlot?: string;
  psid?: string;
}

/** The parts of a programme's config the registration card reads. */
export type RegistrationProgramme = Pick<
  Programme,
  'id' | 'examType' | 'mode' | 'fee' | 'registration' | 'payment' | 'analytics'
>;

export interface RegistrationInput {
  programme: RegistrationProgramme;
  /** The exam type or the registration-page key (iacst_adst …) the API is told. */
  registrationPage: string;
  query?: EntryQuery;
  tracking?: Tracking;
  /** Kept by the app across the gateway round trip, so "Try Again" need not verify the mobile again. */
  registrationToken?: string;
  /** The landing fixes the course type (online-only pages): no switch, state and centre preset. */
  fixedCourseType?: CourseType;
  /** The exam choices and coupon kept across the gateway, with the registration token. */
  kept?: KeptChoices;
  /** The registration the app stored before the gateway (local storage). */
  stored?: StoredRegistration;
}

export interface RegistrationContext {
  programme: RegistrationProgramme;
  registrationPage: string;
  query: EntryQuery;
  tracking: Tracking;
  /** The landing fixed the course type; the switch is not offered. */
  courseTypeFixed: boolean;
  mobile: string;
  mobileError?: Message;
  /** From the OTP (or caller-identity) verification; the app sends it as X-Registration-Token. */
  registrationToken?: string;
  callerIdentity: { requestId: string; polls: number; pageHasFocus: boolean };
  student: StudentDetails;
  /** An existing student's fields, prefilled and locked (part 2 §4). */
  locked: LockableField[];
  isNewUser: boolean;
  exam: ExamChoice;
  options: OptionLists;
  optionsError?: Message;
  /** The nearest-centre look-up failed (no location, or none near). */
  locateError?: Message;
  coupon: CouponState;
  paymentMethod: string;
  result?: RegistrationResult;
  /** The registration stored before the gateway, if any. */
  stored?: StoredRegistration;
}

export type RegistrationEvent =
  | { type: 'mobile.change'; value: string }
  | { type: 'mobile.blur' }
  | { type: 'mobile.edit' }
  | { type: 'otp.send' }
  | { type: 'callerIdentity.start' }
  | { type: 'callerIdentity.cancel' }
  | { type: 'page.focus' }
  | { type: 'page.blur' }
  | { type: 'details.submit'; details: StudentDetails }
  | { type: 'details.edit' }
  | { type: 'courseType.change'; courseType: CourseType }
  | FieldChange<ExamField>
  | { type: 'exam.retryOptions' }
  | { type: 'classStreams.retry' }
  | { type: 'exam.locate' }
  | { type: 'coupon.change'; code: string }
  | { type: 'coupon.apply' }
  | { type: 'payment.methodChange'; method: string }
  | { type: 'exam.submit' }
  | { type: 'payment.submit' }
  | { type: 'payment.retry' }
  | { type: 'rollNumber.copy' }
  | { type: 'dashboard.open' };

/** The analytics events the flow sends (the app adds the programme's prefix). */
export type TrackedEvent =
  | 'otp_sent'
  | 'otp_verified'
  | 'caller_identity_started'
  | 'student_details_submitted'
  | 'exam_details_submitted'
  | 'coupon_applied'
  | 'signup_success'
  | 'signup_failure'
  | 'payment_status_failure';

export interface TrackParams {
  event: TrackedEvent;
  payload?: Record<string, string>;
}

/** The `track` action with its event, for a transition's actions. */
const track = (event: TrackedEvent) => ({ type: 'track' as const, params: { event } });

export interface ToastParams {
  type: 'success' | 'danger' | 'warn';
  message: Message;
}

export interface WithRegistrationToken<T> {
  query: T;
  /** Sent as X-Registration-Token. */
  registrationToken?: string;
}

export interface SignupInput {
  body: RegistrationSignupBody;
  registrationToken?: string;
}

// ── Pure helpers (exported for views and tests) ─────────────────────────────────────────────────
const fieldsOf = (programme: RegistrationProgramme, step: 'student-details' | 'exam-details') =>
  programme.registration.steps.find((s) => s.id === step)?.fields ?? [];

/** The exam selects this programme shows, in cascade order; online-only presets state and centre. */
export function examChain(context: Pick<RegistrationContext, 'programme' | 'exam'>): ExamField[] {
  const names = new Set(fieldsOf(context.programme, 'exam-details').map((f) => f.name));
  const preset = onlineOnly(context);
  return EXAM_CHAIN.filter((f) => names.has(f) && !(preset && (f === 'state' || f === 'centre')));
}

/** The classroom / online switch shows: the programme offers it and the landing does not fix it. */
export const offersCourseTypeSwitch = (context: Pick<RegistrationContext, 'programme' | 'courseTypeFixed'>) =>
  Boolean(context.programme.registration.courseTypeSwitch) && !context.courseTypeFixed;

/** Online-only was chosen where the config offers the switch: state and centre are preset. */
export const onlineOnly = (context: Pick<RegistrationContext, 'programme' | 'exam'>) =>
  Boolean(context.programme.registration.courseTypeSwitch) && context.exam.courseType === 'online';

const chosen = (exam: ExamChoice, field: ExamField): boolean =>
  ({ examSlot: exam.slot, state: exam.state, centre: exam.centre, examDate: exam.date })[field] !== undefined;

/** The mode the lists and the signup use: the slot's, else online-only, else the programme's. */
export function examMode(context: Pick<RegistrationContext, 'programme' | 'exam'>): ExamMode {
  if (context.exam.slot) return context.exam.slot.mode;
  if (onlineOnly(context)) return 'Online';
  return context.programme.mode === 'online' ? 'Online' : 'Offline';
}

/** The centre's code: its own field of the option (the value name-code-id is never parsed). */
export const centreCode = (centre: ExamCentre): string => centre.code;

/** Fee minus the coupon discount (part 2 §4). */
export const payableAmount = (context: Pick<RegistrationContext, 'programme' | 'coupon'>): number =>
  context.programme.fee.amount - context.coupon.discount;

/** Payable ≤ 0: a plain Submit; otherwise Pay and Register Now. */
export const isFree = (context: Pick<RegistrationContext, 'programme' | 'coupon'>): boolean =>
  payableAmount(context) <= 0;

/** The config has an exam-details step; without one the details form submits the registration. */
export const hasExamDetailsStep = (programme: RegistrationProgramme): boolean =>
  fieldsOf(programme, 'exam-details').length > 0;

/** The dob as the client sends it: midnight in India, i.e. the day before at T18:30Z (part 2 §9). */
export const dobInstant = (isoDate: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? new Date(`${isoDate}T00:00:00+05:30`).toISOString() : isoDate;

/** What the mobile / student id field says is wrong (a message), or undefined when it may be sent. */
export function mobileProblem(mobile: string, acceptsStudentId: boolean): Message | undefined {
  const key = validateRegistrationMobile(mobile, acceptsStudentId);
  return key === undefined ? undefined : say(key);
}

/** A submitted form with an existing student's locked fields kept as they were prefilled. */
export function withLockedFields(
  context: Pick<RegistrationContext, 'student' | 'locked'>,
  details: StudentDetails,
) {
  const merged = { ...details };
  for (const field of context.locked) merged[field] = context.student[field];
  return merged;
}

/** The signup payload of part 2 §3. */
export function buildSignupBody(context: RegistrationContext): RegistrationSignupBody {
  const { student, exam, tracking, coupon } = context;
  const body: RegistrationSignupBody = {
    student_name: student.studentName.trim(),
    student_email: student.email.trim().toLowerCase(),
    student_dob: dobInstant(student.dob),
    student_mobile_no: context.mobile,
    school_board: DEFAULT_SCHOOL_BOARD,
    class_stream: student.classStream,
    exam_mode: examMode(context),
    whatsapp_status: true,
    registration_page: context.registrationPage,
  };
  if (student.fatherName.trim()) body.father_name = student.fatherName.trim();
  if (exam.slot) body.exam_slot = exam.slot.tid;
  if (exam.state) body.exam_state = exam.state.tid;
  if (exam.centre) body.branch_code = centreCode(exam.centre);
  if (exam.date) body.exam_date = exam.date.value;
  if (payableAmount(context) > 0) body.payment_mode = context.paymentMethod;
  if (coupon.applied && coupon.discount > 0) body.coupon_code = coupon.applied;
  for (const key of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_id', 'gclid'] as const) {
    const value = tracking[key];
    if (value) body[key] = value;
  }
  if (context.query.sf_id) body.student_sf_id = context.query.sf_id;
  return body;
}

/** What the app keeps across the gateway round trip for "Try Again" (see KeptChoices). */
export const keptChoices = (
  context: Pick<RegistrationContext, 'exam' | 'coupon' | 'paymentMethod'>,
): KeptChoices => ({
  exam: context.exam,
  coupon: { code: context.coupon.code, applied: context.coupon.applied, discount: context.coupon.discount },
  paymentMethod: context.paymentMethod,
});

/** The payment-failure event's payload: the stored user and exam info, the exam date at 03:30 UTC. */
export function paymentFailurePayload(stored: StoredRegistration): Record<string, string> {
  const payload: Record<string, string | undefined> = {
    mobile_no: stored.mobile,
    student_name: stored.studentName,
    email: stored.email,
    class_stream: stored.classStream,
    centre_code: stored.centre?.code,
    centre_name: stored.centre?.label,
    exam_slot: stored.examSlot,
    exam_date: stored.examDate ? examDateInstant(stored.examDate) : undefined,
    psid: stored.psid,
  };
  return Object.fromEntries(
    Object.entries(payload).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** The registration stored before the gateway, when it is the one the return query names. */
function storedFor(context: Pick<RegistrationContext, 'stored' | 'query'>): StoredRegistration | undefined {
  const { stored, query } = context;
  return stored && stored.examDate && stored.examDate === query.exam_date ? stored : undefined;
}

const emptyStudent = (): StudentDetails => ({
  studentName: '',
  fatherName: '',
  email: '',
  dob: '',
  classStream: '',
});

/**
 * The submitted details. A different class & stream changes which states, centres, dates and
 * coupons apply, so the exam step starts again (part 1 §4: changing class/stream resets autoFill).
 */
function submitDetails(context: RegistrationContext, details: StudentDetails): Partial<RegistrationContext> {
  const student = withLockedFields(context, details);
  if (student.classStream === context.student.classStream) return { student };
  return {
    student,
    exam: { courseType: context.exam.courseType },
    options: { classStreams: context.options.classStreams },
    optionsError: undefined,
    coupon: { code: '', discount: 0 },
  };
}

/** An earlier registration of this mobile: prefill its details and lock those it has. */
function prefillFromLead(lead: LeadRecord | undefined) {
  if (!lead) return { student: emptyStudent(), locked: [] as LockableField[], isNewUser: true };
  const student: StudentDetails = {
    studentName: lead.student_name,
    fatherName: lead.father_name,
    email: lead.student_email,
    dob: lead.student_dob,
    classStream: lead.class_stream,
  };
  const locked = (['studentName', 'fatherName', 'dob', 'email'] as const).filter(
    (f) => student[f].trim() !== '',
  );
  return { student, locked: [...locked], isNewUser: false };
}

/** Chosen values and loaded lists after `field`'s position are dropped: they depended on it. */
function clearAfter(context: RegistrationContext, field: ExamField | 'courseType') {
  // The course type decides the mode the states, centres and dates are listed for.
  const drop = new Set<ExamField>(
    field === 'courseType' ? ['state', ...fieldsAfter(EXAM_CHAIN, 'state')] : fieldsAfter(EXAM_CHAIN, field),
  );
  const exam = { ...context.exam };
  const options = { ...context.options };
  if (drop.has('examSlot')) [exam.slot, options.slots] = [undefined, undefined];
  if (drop.has('state')) [exam.state, options.states] = [undefined, undefined];
  if (drop.has('centre')) [exam.centre, options.centres] = [undefined, undefined];
  if (drop.has('examDate')) [exam.date, options.dates] = [undefined, undefined];
  return { exam, options };
}

/** Where the exam choice keeps each field's chosen option. */
const choiceKey = { examSlot: 'slot', state: 'state', centre: 'centre', examDate: 'date' } as const;

/** An option's identity, as the selects and the machine's events name it. */
const optionKey = (field: ExamField, option: ExamSlot | ExamState | ExamCentre | ExamDate): string =>
  'tid' in option ? option.tid : option.value;

/**
 * What the exam step offers of a loaded list: online-only offers online slots; the states a slot's
 * mode may be taken in (config offlineOnlyStates: iACST only offline in Gujarat, part 2 §1).
 */
function offered<T extends ExamSlot | ExamState | ExamCentre | ExamDate>(
  context: RegistrationContext,
  field: ExamField,
  list: T[],
): T[] {
  if (field === 'examSlot' && onlineOnly(context))
    return list.filter((o) => !('mode' in o) || o.mode === 'Online');
  if (field === 'state') {
    const mode = examMode(context);
    return list.filter(
      (o) => !('shortCode' in o) || modeAllowedInState(context.programme, mode, o.shortCode),
    );
  }
  return list;
}

/**
 * A list just loaded: kept in the options (what the exam step offers of it); a choice already made for it (kept across the gateway)
 * stays only if the list still offers it, as that list's own option; otherwise it and what
 * followed it are cleared.
 */
function withLoadedList<T extends ExamSlot | ExamState | ExamCentre | ExamDate>(
  context: RegistrationContext,
  field: ExamField,
  list: T[],
): Partial<RegistrationContext> {
  const listName = { examSlot: 'slots', state: 'states', centre: 'centres', examDate: 'dates' } as const;
  const options = { ...context.options, [listName[field]]: offered(context, field, list) };
  const current = context.exam[choiceKey[field]];
  if (!current) return { options };
  const listed = offered(context, field, list).find((o) => optionKey(field, o) === optionKey(field, current));
  if (listed) return { options, exam: { ...context.exam, [choiceKey[field]]: listed } };
  const cleared = clearAfter({ ...context, options }, field);
  return { options: cleared.options, exam: { ...cleared.exam, [choiceKey[field]]: undefined } };
}

const listOf = (options: OptionLists, field: ExamField) =>
  ({ examSlot: options.slots, state: options.states, centre: options.centres, examDate: options.dates })[
    field
  ];

/** The exam selects as one cascade: the config's chain, the loaded lists, the choices. */
export const examCascade: CascadeSpec<
  Pick<RegistrationContext, 'programme' | 'exam' | 'options'>,
  ExamField
> = {
  fields: examChain,
  list: (context, field) => listOf(context.options, field),
  isChosen: (context, field) => chosen(context.exam, field),
};

/**
 * The course type switched: state, centre and date are cleared (part 2 §4). Online-only offers
 * only online slots, so an offline slot chosen is dropped; back on classroom the slots load again
 * (the offline ones were not offered), keeping the chosen one.
 */
function switchCourseType(
  context: RegistrationContext,
  courseType: CourseType,
): Partial<RegistrationContext> {
  const { exam, options } = clearAfter(context, 'courseType');
  const next = { ...context, exam: { ...exam, courseType }, options };
  if (courseType === 'classroom') return { exam: next.exam, options: { ...options, slots: undefined } };
  const slots = options.slots && offered(next, 'examSlot', options.slots);
  const slot = exam.slot && slots?.some((s) => s.tid === exam.slot?.tid) ? exam.slot : undefined;
  return { exam: { ...next.exam, slot }, options: { ...options, slots } };
}

/** A field's option chosen by its key (a select's value), with what depended on it cleared. */
function choose(context: RegistrationContext, field: ExamField, value: string): Partial<RegistrationContext> {
  const { exam, options } = clearAfter(context, field);
  const option = listOf(options, field)?.find((o) => optionKey(field, o) === value);
  return { exam: { ...exam, [choiceKey[field]]: option }, options };
}

/** The keys a loaded list offers, as the selects name them. */
const optionKeys = (context: Pick<RegistrationContext, 'options'>, field: ExamField) =>
  listOf(context.options, field)?.map((o) => optionKey(field, o));

// ── The machine ─────────────────────────────────────────────────────────────────────────────────
const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`registration: provide the ${name} actor`);
};

const actors = {
  /** The verify-mobile flow; the app provides its sendCode and checkCode (the OTP endpoints). */
  verifyMobile: registrationVerifyMachine,
  /** Starts a request and opens the identity app link (the app makes the nonce). */
  startCallerIdentity: fromPromise<RegistrationCallerIdentityStartReply>(notProvided('startCallerIdentity')),
  checkCallerIdentity: fromPromise<RegistrationCallerIdentityStatusReply, RegistrationCallerIdentityParams>(
    notProvided('checkCallerIdentity'),
  ),
  fetchLeadBySfId: fromPromise<RegistrationLeadBySfIdReply, RegistrationLeadBySfIdQuery>(
    notProvided('fetchLeadBySfId'),
  ),
  fetchLeadsByMobile: fromPromise<RegistrationLeadsReply, WithRegistrationToken<RegistrationLeadsQuery>>(
    notProvided('fetchLeadsByMobile'),
  ),
  loadClassStreams: fromPromise<MasterClassStreamsReply, MasterClassStreamsQuery>(
    notProvided('loadClassStreams'),
  ),
  loadSlots: fromPromise<ExamSlotsReply, ExamSlotsQuery>(notProvided('loadSlots')),
  loadStates: fromPromise<ExamStatesReply, ExamStatesQuery>(notProvided('loadStates')),
  loadCentres: fromPromise<ExamCentresReply, ExamCentresQuery>(notProvided('loadCentres')),
  loadDates: fromPromise<ExamDatesReply, ExamDatesQuery>(notProvided('loadDates')),
  loadOnlinePreset: fromPromise<OnlinePreset, OnlinePresetInput>(notProvided('loadOnlinePreset')),
  /** The app asks the browser for its location, then the API for the nearest centre and its state. */
  locateNearestCentre: fromPromise<OnlinePreset, LocateCentreInput>(notProvided('locateNearestCentre')),
  validateCoupon: fromPromise<RegistrationCouponReply, RegistrationCouponBody>(notProvided('validateCoupon')),
  signup: fromPromise<RegistrationSignupReply, SignupInput>(notProvided('signup')),
  copyText: fromPromise<unknown, { text: string }>(notProvided('copyText')),
};

/** How each exam list loads (the one cascade shape, src/machines/cascade.ts). */
const loaders = {
  examSlot: {
    id: 'loadSlots',
    src: 'loadSlots',
    input: ({ context }) => ({ exam_type: context.registrationPage }),
    loaded: (context, output) => withLoadedList(context, 'examSlot', output.data),
  },
  state: {
    id: 'loadStates',
    src: 'loadStates',
    input: ({ context }) => ({
      exam_mode: examMode(context),
      class_stream: context.student.classStream,
      exam_type: context.registrationPage,
    }),
    loaded: (context, output) => withLoadedList(context, 'state', output.data),
  },
  centre: {
    id: 'loadCentres',
    src: 'loadCentres',
    input: ({ context }) => ({
      mode: examMode(context),
      state: context.exam.state?.tid ?? '',
      class_stream: context.student.classStream,
      exam_type: context.registrationPage,
    }),
    loaded: (context, output) => withLoadedList(context, 'centre', output.data),
  },
  examDate: {
    id: 'loadDates',
    src: 'loadDates',
    input: ({ context }) => ({
      ...(context.exam.centre ? { centre: centreCode(context.exam.centre) } : {}),
      stream: context.student.classStream,
      exam_type: context.registrationPage,
    }),
    loaded: (context, output) => withLoadedList(context, 'examDate', output.data),
  },
} satisfies Record<ExamField, ListLoaderOf<RegistrationContext, typeof actors>>;

export const registrationMachine = setup({
  types: {
    input: {} as RegistrationInput,
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    /** The one child views talk to: step 1's verify-mobile flow. */
    children: {} as { verifyMobile: 'verifyMobile' },
  },
  actors,
  actions: {
    /** A list's reply (or its failure) applied to the context. */
    applyList: assign((_, patch: Partial<RegistrationContext>) => patch),
    showToast: (_, _params: ToastParams) => {},
    /** The app posts the gateway form (payment_data) and leaves the page. */
    redirectToPayment: (_, _params: { paymentData: PaymentData }) => {},
    /**
     * Kept for the return from the gateway: user_info, exam_info, exam_fee, user_psid (part 1 §3),
     * and with the registration token the exam choices and coupon (keptChoices) for Try Again.
     */
    rememberRegistration: (
      _,
      _params: { mobile: string; rollNumber: string; examDate: string; fee: number; psid: string },
    ) => {},
    /** A completed registration found by sf_id: the app goes to /?roll_no=…&dob=… (auto-login). */
    goToLogin: (_, _params: { rollNumber: string; dob: string }) => {},
    /** The signup's dashboard link, else the origin with roll_no and dob (part 2 §2). */
    goToDashboard: (_, _params: { dashboardLink?: string; rollNumber: string; dob: string }) => {},
    /** An analytics event: where the flow is, sent as it happens (never from a view's re-render). */
    track: (_, _params: TrackParams) => {},
  },
  guards: {
    // Entry from the query (part 1 §4)
    querySaysRegistered: ({ context }) =>
      context.query.registeration === 'success' && Boolean(context.query.roll_no && context.query.dob),
    paymentFailedReturn: ({ context }) => context.query.status === 'failure' && Boolean(context.query.mobile),
    sfIdEntry: ({ context }) => Boolean(context.query.sf_id) && context.query.status !== 'failure',
    /** A payment can fail only where a fee is charged: the config's fee decides, not the exam type. */
    /** …and only when the user and exam info were stored before the gateway (part 1 §4). */
    tracksPaymentFailure: ({ context }) =>
      context.programme.analytics.paymentFailureEvent &&
      Boolean(context.stored?.mobile && context.stored.examDate),
    leadFound: (_, params: { reply: RegistrationLeadBySfIdReply }) =>
      params.reply.success === 'true' && (params.reply.student_details?.length ?? 0) > 0,
    registrationCompleted: (_, params: { reply: RegistrationLeadBySfIdReply }) =>
      params.reply.success === 'false' && Boolean(params.reply.data?.student_roll_no),
    // Step 1
    mobileLongEnough: ({ context }) => context.mobile.length >= MOBILE_LENGTH,
    mobileValid: ({ context }) =>
      mobileProblem(context.mobile, context.programme.registration.acceptsStudentId) === undefined,
    codeNotSent: (_, params: { outcome: RegistrationVerifyOutcome }) => params.outcome.status === 'notSent',
    accountExists: ({ context }, params: { outcome: RegistrationVerifyOutcome }) =>
      params.outcome.status === 'verified' &&
      (params.outcome.reply.student_details[0]?.registration_count ?? 0) >=
        context.programme.registration.allowedRegistrationCount,
    pageHasFocus: ({ context }) => context.callerIdentity.pageHasFocus,
    callerVerified: (_, params: { reply: RegistrationCallerIdentityStatusReply }) =>
      params.reply.status === 'verified' && params.reply.mobile.replace(/\D/g, '').length >= MOBILE_LENGTH,
    callerVerifiedWithBadMobile: (_, params: { reply: RegistrationCallerIdentityStatusReply }) =>
      params.reply.status === 'verified',
    callerPending: ({ context }, params: { reply: RegistrationCallerIdentityStatusReply }) =>
      params.reply.status === 'pending' && context.callerIdentity.polls < MAX_POLLS,
    // Step 2
    /** The submitted details (with locked fields kept) have every field the config requires. */
    detailsComplete: ({ context, event }) => {
      assertEvent(event, 'details.submit');
      const details = withLockedFields(context, event.details);
      return fieldsOf(context.programme, 'student-details').every(
        (f) => !f.required || !(f.name in details) || details[f.name as keyof StudentDetails].trim() !== '',
      );
    },
    hasExamDetailsStep: ({ context }) => hasExamDetailsStep(context.programme),
    classStreamsLoaded: ({ context }) => context.options.classStreams !== undefined,
    // Step 3
    offersCourseTypeSwitch: ({ context }) => offersCourseTypeSwitch(context),
    /** A centre is chosen here and the states it may be in are listed. */
    canLocateCentre: ({ context }) =>
      examChain(context).includes('centre') && context.options.states !== undefined,
    /** The next list to load: the first unloaded list of the chain whose earlier choices are made. */
    needsList: ({ context }, params: { field: ExamField }) =>
      nextToLoad(examCascade, context) === params.field,
    hasLoneOption: ({ context }) => loneOptionField(examCascade, context) !== undefined,
    needsOnlinePreset: ({ context }) => {
      if (!onlineOnly(context) || (context.exam.state && context.exam.centre)) return false;
      const names = new Set(fieldsOf(context.programme, 'exam-details').map((f) => f.name));
      return !names.has('examSlot') || Boolean(context.exam.slot);
    },
    couponEntered: ({ context }) => validateCoupon(context.coupon.code) === undefined,
    paymentMethodOffered: ({ context }, params: { method: string }) =>
      context.programme.payment.methods.some((m) => m.value === params.method),
    examDetailsComplete: ({ context }) =>
      fieldsOf(context.programme, 'exam-details').every(
        (f) =>
          !f.required ||
          !(EXAM_CHAIN as readonly string[]).includes(f.name) ||
          chosen(context.exam, f.name as ExamField),
      ) &&
      (!onlineOnly(context) || Boolean(context.exam.state && context.exam.centre)),
    isFree: ({ context }) => isFree(context),
    paymentMethodChosen: ({ context }) =>
      context.programme.payment.methods.some((m) => m.value === context.paymentMethod),
    paidWithPaymentData: (_, params: { reply: RegistrationSignupReply }) =>
      params.reply.data.isPaidExam && params.reply.data.payment_data !== null,
  },
  delays: {
    focusCheckDelay: FOCUS_CHECK_DELAY_MS,
    pollInterval: POLL_INTERVAL_MS,
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    programme: input.programme,
    registrationPage: input.registrationPage,
    query: input.query ?? {},
    tracking: input.tracking ?? {},
    courseTypeFixed: input.fixedCourseType !== undefined,
    mobile: digits(input.query?.mobile ?? '', MOBILE_LENGTH),
    callerIdentity: { requestId: '', polls: 0, pageHasFocus: true },
    student: emptyStudent(),
    locked: [],
    isNewUser: true,
    exam: {
      ...input.kept?.exam,
      courseType: input.fixedCourseType ?? input.kept?.exam.courseType ?? 'classroom',
    },
    options: {},
    coupon: input.kept ? { ...input.kept.coupon } : { code: '', discount: 0 },
    paymentMethod: input.programme.payment.methods.some((m) => m.value === input.kept?.paymentMethod)
      ? (input.kept?.paymentMethod ?? input.programme.payment.default)
      : input.programme.payment.default,
    registrationToken: input.registrationToken,
    stored: input.stored,
  }),
  initial: 'entry',
  states: {
    entry: {
      always: [
        {
          guard: 'querySaysRegistered',
          target: 'success',
          actions: assign({
            result: ({ context }) => {
              const stored = storedFor(context);
              return {
                rollNumber: context.query.roll_no ?? '',
                dob: context.query.dob ?? '',
                examDate: context.query.exam_date ?? '',
                ...(stored?.examSlot ? { examSlot: stored.examSlot } : {}),
                ...(stored?.centre ? { centre: stored.centre.label } : {}),
              };
            },
          }),
        },
        {
          guard: and(['paymentFailedReturn', 'tracksPaymentFailure']),
          target: 'paymentFailed',
          actions: {
            type: 'track',
            params: ({ context }) => ({
              event: 'payment_status_failure' as const,
              payload: paymentFailurePayload(context.stored ?? { mobile: context.mobile }),
            }),
          },
        },
        { guard: 'paymentFailedReturn', target: 'paymentFailed' },
        { guard: 'sfIdEntry', target: 'loadingLeadBySfId' },
        { target: 'step1' },
      ],
    },

    loadingLeadBySfId: {
      invoke: {
        id: 'fetchLeadBySfId',
        src: 'fetchLeadBySfId',
        input: ({ context }) => ({ sf_id: context.query.sf_id ?? '' }),
        onDone: [
          {
            guard: { type: 'leadFound', params: ({ event }) => ({ reply: event.output }) },
            target: 'step2',
            actions: assign(({ event }) => {
              const lead = event.output.student_details?.[0];
              return { ...prefillFromLead(lead), mobile: lead?.mobile_no ?? '' };
            }),
          },
          {
            guard: { type: 'registrationCompleted', params: ({ event }) => ({ reply: event.output }) },
            target: 'redirectingToLogin',
            actions: {
              type: 'goToLogin',
              params: ({ event }) => ({
                rollNumber: event.output.data?.student_roll_no ?? '',
                dob: event.output.data?.student_dob ?? '',
              }),
            },
          },
          { target: 'step1' },
        ],
        onError: { target: 'step1' },
      },
    },

    step1: {
      initial: 'enteringMobile',
      states: {
        enteringMobile: {
          id: 'enteringMobile',
          on: {
            'mobile.change': {
              actions: assign({
                mobile: ({ context, event }) =>
                  digits(
                    event.value,
                    context.programme.registration.acceptsStudentId ? STUDENT_ID_MAX : MOBILE_LENGTH,
                  ),
                mobileError: undefined,
              }),
            },
            'mobile.blur': {
              actions: assign({
                mobileError: ({ context }) =>
                  mobileProblem(context.mobile, context.programme.registration.acceptsStudentId),
              }),
            },
            'otp.send': [
              { guard: 'mobileValid', target: 'verifying', actions: assign({ mobileError: undefined }) },
              {
                guard: 'mobileLongEnough',
                actions: assign({
                  mobileError: ({ context }) =>
                    mobileProblem(context.mobile, context.programme.registration.acceptsStudentId),
                }),
              },
            ],
            'callerIdentity.start': {
              target: 'callerIdentity',
              actions: assign({
                mobileError: undefined,
                callerIdentity: { requestId: '', polls: 0, pageHasFocus: true },
              }),
            },
          },
        },
        /**
         * The verify-mobile flow as a child: it sends the code, takes it and offers a resend; the
         * view talks to it directly. Its outcome decides where the card goes.
         */
        verifying: {
          on: { 'mobile.edit': 'enteringMobile' },
          invoke: {
            id: 'verifyMobile',
            src: 'verifyMobile',
            input: ({ context }) => ({ to: context.mobile, page: context.registrationPage }),
            onDone: [
              {
                guard: { type: 'codeNotSent', params: ({ event }) => ({ outcome: event.output }) },
                target: 'enteringMobile',
                actions: assign({
                  mobileError: ({ event }) =>
                    event.output.status === 'notSent' ? event.output.error : undefined,
                }),
              },
              {
                guard: { type: 'accountExists', params: ({ event }) => ({ outcome: event.output }) },
                target: '#registration.accountExists',
                actions: track('otp_verified'),
              },
              {
                target: '#registration.step2',
                actions: [
                  assign(({ event }) => {
                    const reply = event.output.status === 'verified' ? event.output.reply : undefined;
                    return {
                      ...prefillFromLead(reply?.student_details[0]),
                      registrationToken: reply?.registration_token,
                    };
                  }),
                  track('otp_verified'),
                ],
              },
            ],
            // The verify flow itself failed (a bug, not a wrong code): back to the number, saying so.
            onError: {
              target: 'enteringMobile',
              actions: assign({ mobileError: () => say('validation.somethingWrong') }),
            },
          },
        },
        /** Android: the identity app confirms the number instead of an OTP (part 2 §4). */
        callerIdentity: {
          on: { 'callerIdentity.cancel': 'enteringMobile' },
          initial: 'starting',
          states: {
            starting: {
              invoke: {
                id: 'startCallerIdentity',
                src: 'startCallerIdentity',
                onDone: {
                  target: 'awaitingFocusCheck',
                  actions: [
                    assign({
                      callerIdentity: ({ event }) => ({
                        requestId: event.output.requestId,
                        polls: 0,
                        pageHasFocus: true,
                      }),
                    }),
                    track('caller_identity_started'),
                  ],
                },
                onError: {
                  target: '#enteringMobile',
                  actions: assign({ mobileError: say('registration.callerIdentityFailed') }),
                },
              },
            },
            awaitingFocusCheck: {
              on: {
                'page.blur': {
                  actions: assign({
                    callerIdentity: ({ context }) => ({ ...context.callerIdentity, pageHasFocus: false }),
                  }),
                },
                'page.focus': {
                  actions: assign({
                    callerIdentity: ({ context }) => ({ ...context.callerIdentity, pageHasFocus: true }),
                  }),
                },
              },
              after: {
                // Still focused after 1.5 s: the app did not open, so the student types the number.
                focusCheckDelay: [
                  { guard: 'pageHasFocus', target: '#enteringMobile' },
                  { target: 'polling' },
                ],
              },
            },
            polling: {
              initial: 'waiting',
              states: {
                waiting: { after: { pollInterval: 'checking' } },
                checking: {
                  entry: assign({
                    callerIdentity: ({ context }) => ({
                      ...context.callerIdentity,
                      polls: context.callerIdentity.polls + 1,
                    }),
                  }),
                  invoke: {
                    id: 'checkCallerIdentity',
                    src: 'checkCallerIdentity',
                    input: ({ context }) => ({ requestId: context.callerIdentity.requestId }),
                    onDone: [
                      {
                        guard: { type: 'callerVerified', params: ({ event }) => ({ reply: event.output }) },
                        target: '#registration.step2',
                        actions: assign(({ event }) => ({
                          mobile: event.output.mobile.replace(/\D/g, '').slice(-MOBILE_LENGTH),
                          student: {
                            ...emptyStudent(),
                            studentName: `${event.output.firstName} ${event.output.lastName}`.trim(),
                          },
                          locked: [],
                          isNewUser: true,
                          registrationToken: event.output.registration_token,
                        })),
                      },
                      {
                        guard: {
                          type: 'callerVerifiedWithBadMobile',
                          params: ({ event }) => ({ reply: event.output }),
                        },
                        target: '#enteringMobile',
                        actions: assign({ mobileError: say('registration.callerIdentityBadMobile') }),
                      },
                      {
                        guard: { type: 'callerPending', params: ({ event }) => ({ reply: event.output }) },
                        target: 'waiting',
                      },
                      {
                        target: '#enteringMobile',
                        actions: assign({ mobileError: say('registration.callerIdentityFailed') }),
                      },
                    ],
                    onError: {
                      target: '#enteringMobile',
                      actions: assign({ mobileError: say('registration.callerIdentityFailed') }),
                    },
                  },
                },
              },
            },
          },
        },
      },
    },

    /** registration_count reached the programme's allowed count. */
    accountExists: {
      on: { 'mobile.edit': 'step1' },
    },

    step2: {
      initial: 'routing',
      states: {
        routing: {
          always: [{ guard: 'classStreamsLoaded', target: 'ready' }, { target: 'loadingClassStreams' }],
        },
        loadingClassStreams: {
          invoke: {
            id: 'loadClassStreams',
            src: 'loadClassStreams',
            input: ({ context }) => ({ registration_page: context.registrationPage }),
            onDone: {
              target: 'ready',
              actions: assign({
                options: ({ context, event }) => ({ ...context.options, classStreams: event.output.data }),
                optionsError: undefined,
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({
                optionsError: ({ event }) => fromError(event.error, 'registration.optionsFailed'),
              }),
            },
          },
        },
        ready: {},
        failed: { on: { 'classStreams.retry': 'loadingClassStreams' } },
      },
      on: {
        'details.submit': [
          {
            guard: and(['detailsComplete', 'hasExamDetailsStep']),
            target: 'step3',
            actions: [
              assign(({ context, event }) => submitDetails(context, event.details)),
              track('student_details_submitted'),
            ],
          },
          {
            guard: 'detailsComplete',
            target: 'signingUp',
            actions: [
              assign(({ context, event }) => submitDetails(context, event.details)),
              track('student_details_submitted'),
            ],
          },
        ],
      },
    },

    step3: {
      type: 'parallel',
      on: {
        'details.edit': 'step2',
        'payment.methodChange': {
          guard: { type: 'paymentMethodOffered', params: ({ event }) => ({ method: event.method }) },
          actions: assign({ paymentMethod: ({ event }) => event.method }),
        },
        'exam.submit': {
          guard: and([
            'examDetailsComplete',
            'isFree',
            stateIn('#examListsIdle'),
            not(stateIn('#couponApplying')),
          ]),
          target: 'signingUp',
          actions: track('exam_details_submitted'),
        },
        'payment.submit': {
          guard: and([
            'examDetailsComplete',
            not('isFree'),
            'paymentMethodChosen',
            stateIn('#examListsIdle'),
            not(stateIn('#couponApplying')),
          ]),
          target: 'signingUp',
          actions: track('exam_details_submitted'),
        },
      },
      states: {
        lists: {
          initial: 'routing',
          on: {
            'field.change': {
              target: '.routing',
              actions: assign(({ context, event }) => choose(context, event.field, event.value)),
            },
            'courseType.change': {
              guard: 'offersCourseTypeSwitch',
              target: '.routing',
              actions: assign(({ context, event }) => switchCourseType(context, event.courseType)),
            },
          },
          states: {
            routing: {
              always: [
                {
                  // A list with one option chooses it; routing then goes on to the next list.
                  guard: 'hasLoneOption',
                  actions: assign(({ context }) => {
                    const lone = loneOption(examCascade, context, optionKeys);
                    return lone ? choose(context, lone.field, lone.value) : {};
                  }),
                },
                // Online-only presets state and centre once the slot is known (before the states).
                ...loadRoutes(EXAM_CHAIN, loaders, {
                  state: [{ guard: 'needsOnlinePreset', target: 'loadingOnlinePreset' } as const],
                }),
                { target: 'idle' },
              ],
            },
            idle: {
              id: 'examListsIdle',
              on: {
                'exam.locate': {
                  guard: 'canLocateCentre',
                  target: 'locating',
                  actions: assign({ locateError: undefined }),
                },
              },
            },
            /** Nearest centre from the student's location: it picks the state and the centre. */
            locating: {
              invoke: {
                id: 'locateNearestCentre',
                src: 'locateNearestCentre',
                input: ({ context }) => ({
                  class_stream: context.student.classStream,
                  exam_type: context.registrationPage,
                  mode: examMode(context),
                }),
                onDone: {
                  target: 'routing',
                  actions: assign(({ context, event }) => {
                    const { exam, options } = clearAfter(context, 'state');
                    return {
                      exam: { ...exam, state: event.output.state, centre: event.output.centre },
                      options,
                    };
                  }),
                },
                onError: {
                  target: 'routing',
                  actions: assign({
                    locateError: ({ event }) => fromError(event.error, 'registration.locateFailed'),
                  }),
                },
              },
            },
            failed: {
              on: {
                'exam.retryOptions': { target: 'routing', actions: assign({ optionsError: undefined }) },
              },
            },
            loadingOnlinePreset: {
              invoke: {
                id: 'loadOnlinePreset',
                src: 'loadOnlinePreset',
                input: ({ context }) => ({
                  exam_type: context.registrationPage,
                  class_stream: context.student.classStream,
                  state_code: context.programme.registration.courseTypeSwitch?.onlineState ?? '',
                }),
                onDone: {
                  target: 'routing',
                  actions: assign({
                    exam: ({ context, event }) => ({
                      ...context.exam,
                      state: event.output.state,
                      centre: event.output.centre,
                    }),
                  }),
                },
                onError: {
                  target: 'failed',
                  actions: assign({
                    optionsError: ({ event }) => fromError(event.error, 'registration.optionsFailed'),
                  }),
                },
              },
            },
            ...loadingStates(loaders, (error) => ({
              optionsError: fromError(error, 'registration.optionsFailed'),
            })),
          },
        },
        coupon: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'coupon.change': {
                  actions: assign({ coupon: ({ event }) => ({ code: event.code, discount: 0 }) }),
                },
                'coupon.apply': [
                  { guard: 'couponEntered', target: 'applying' },
                  {
                    actions: assign({
                      coupon: ({ context }) => ({
                        ...context.coupon,
                        message: say('validation.coupon.required'),
                      }),
                    }),
                  },
                ],
              },
            },
            applying: {
              id: 'couponApplying',
              invoke: {
                id: 'validateCoupon',
                src: 'validateCoupon',
                input: ({ context }) => ({
                  exam_type: context.registrationPage,
                  coupon_code: context.coupon.code.trim(),
                  class_stream: context.student.classStream,
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({
                      coupon: ({ context, event }) => ({
                        code: context.coupon.code,
                        applied: context.coupon.code.trim(),
                        discount: event.output.data.exam_discount_amount,
                        message: fromReply(event.output.message, 'registration.couponApplied'),
                      }),
                    }),
                    track('coupon_applied'),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    coupon: ({ context, event }) => ({
                      code: context.coupon.code,
                      discount: 0,
                      message: fromError(event.error, 'registration.couponInvalid'),
                    }),
                  }),
                },
              },
            },
          },
        },
      },
    },

    signingUp: {
      invoke: {
        id: 'signup',
        src: 'signup',
        input: ({ context }) => ({
          body: buildSignupBody(context),
          registrationToken: context.registrationToken,
        }),
        onDone: [
          {
            guard: { type: 'paidWithPaymentData', params: ({ event }) => ({ reply: event.output }) },
            target: 'redirectingToPayment',
            actions: [
              {
                type: 'rememberRegistration',
                params: ({ context, event }) => ({
                  mobile: context.mobile,
                  rollNumber: event.output.data.roll_number,
                  examDate: event.output.data.exam_date,
                  fee: event.output.data.exam_fee,
                  psid: event.output.data.psid,
                }),
              },
              {
                type: 'redirectToPayment',
                // paidWithPaymentData guarantees it; the fallback only satisfies the type.
                params: ({ event }) => ({ paymentData: event.output.data.payment_data as PaymentData }),
              },
              track('signup_success'),
            ],
          },
          {
            target: 'success',
            actions: [
              assign({
                result: ({ context, event }) => ({
                  rollNumber: event.output.data.roll_number,
                  dob: event.output.data.dob,
                  examDate: event.output.data.exam_date,
                  examSlot: context.exam.slot?.name,
                  centre: context.exam.centre?.label,
                  dashboardLink: event.output.data.dashboard_link,
                }),
              }),
              track('signup_success'),
            ],
          },
        ],
        onError: [
          {
            guard: 'hasExamDetailsStep',
            target: 'step3',
            actions: [
              {
                type: 'showToast',
                params: ({ event }) => ({
                  type: 'danger',
                  message: fromError(event.error, 'registration.signupFailed'),
                }),
              },
              track('signup_failure'),
            ],
          },
          {
            target: 'step2',
            actions: [
              {
                type: 'showToast',
                params: ({ event }) => ({
                  type: 'danger',
                  message: fromError(event.error, 'registration.signupFailed'),
                }),
              },
              track('signup_failure'),
            ],
          },
        ],
      },
    },

    redirectingToPayment: { type: 'final' },
    redirectingToLogin: { type: 'final' },

    /** Step 0: back from the gateway with status=failure. */
    paymentFailed: {
      on: { 'payment.retry': 'reloadingLead' },
    },
    reloadingLead: {
      invoke: {
        id: 'fetchLeadsByMobile',
        src: 'fetchLeadsByMobile',
        input: ({ context }) => ({
          query: { mobile_no: context.mobile, exam_type: context.registrationPage },
          registrationToken: context.registrationToken,
        }),
        onDone: {
          target: 'step2',
          actions: assign(({ event }) => prefillFromLead(event.output.student_details[0])),
        },
        // Without a usable registration token the number is verified again.
        onError: { target: 'step1' },
      },
    },

    /** "Registration Successful": roll number, dob password, exam schedule, Go to dashboard. */
    success: {
      initial: 'idle',
      on: {
        'dashboard.open': {
          actions: {
            type: 'goToDashboard',
            params: ({ context }) => ({
              dashboardLink: context.result?.dashboardLink,
              rollNumber: context.result?.rollNumber ?? '',
              dob: context.result?.dob ?? '',
            }),
          },
        },
      },
      states: {
        idle: { on: { 'rollNumber.copy': 'copying' } },
        copying: {
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: context.result?.rollNumber ?? '' }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'showToast',
                params: { type: 'success', message: say('registration.copied') },
              },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'showToast',
                params: { type: 'danger', message: say('registration.copyFailed') },
              },
            },
          },
        },
      },
    },
  },
});

export type RegistrationMachine = typeof registrationMachine;
