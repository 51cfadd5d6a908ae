// The registration card's shared vocabulary (part 1 §2, §4; part 2 §2–§5, §8): the types its
// parent machine and its step machines pass each other, and the pure rules they and the card's
// view apply. No machine lives here: registration-machine.ts invokes one child per step
// (registration-mobile, -details, -exam, -signup, -success), each in its own file.
import type { ClassStream } from '../generated/api/master-class-streams';
import type { ExamCentre } from '../generated/api/exam-centres';
import type { ExamDate } from '../generated/api/exam-dates';
import type { ExamSlot } from '../generated/api/exam-slots';
import type { ExamState } from '../generated/api/exam-states';
import type { LeadRecord, RegistrationLeadBySfIdReply } from '../generated/api/registration-lead-by-sf-id';
import type { RegistrationDraft } from '../generated/api/registration-draft';
import type { RegistrationSchedule, RegistrationSignupBody } from '../generated/api/registration-signup';
import type { Programme } from '../generated/config/programme';
import type { EntryQuery, Tracking } from './entry-query';
import { examDateInstant } from '../domain/dates';
import { payableAfterCoupon } from '../domain/fees';
import type { ExamMode } from '../domain/exam-modes';
import { normaliseMobile } from '../domain/phone';
import { tidyName, validateRegistrationMobile } from '../domain/validation';
import { say, type Message } from './message';

// ── Constants and texts (part 1 §9, part 2 §5, §8, §9) ───────────────────────────────────────
/** Caller identity: the focus check after opening the app link, then polls every 12 s, twice. */
export const FOCUS_CHECK_DELAY_MS = 1_500;
export const POLL_INTERVAL_MS = 12_000;
export const MAX_POLLS = 2;

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
  /**
   * Choices to make again as their lists load, by key (slot and state tid, centre code, date
   * YYYY-MM-DD): a registration awaiting payment, resumed in another browser (examFromLead). Each
   * goes once it is chosen, all of them at the student's own first choice.
   */
  wanted?: WantedExam;
}

export type WantedExam = Partial<Record<'slot' | 'state' | 'centre' | 'date', string>>;

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
  /**
   * The signup's exam schedule (a series' tests, the slot's hours, the reporting time): the
   * server's, as the dashboard will show it; after the gateway, as stored before it.
   */
  schedule?: RegistrationSchedule;
  /** The signup reply's auto-login link; absent when the result came from the query. */
  dashboardLink?: string;
}

/** The signup's exam schedule, stored before the gateway with the roll number it is for. */
export interface BookedSchedule {
  rollNumber: string;
  schedule: RegistrationSchedule;
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
  /** The signup's exam schedule, for the thank-you of that roll number. */
  booked?: BookedSchedule;
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

/** What the parent keeps across the steps (each step's own state lives in its child machine). */
export interface RegistrationContext {
  programme: RegistrationProgramme;
  registrationPage: string;
  query: EntryQuery;
  tracking: Tracking;
  /** The landing fixed the course type; the switch is not offered. */
  courseTypeFixed: boolean;
  mobile: string;
  /** From the OTP (or caller-identity) verification; the app sends it as X-Registration-Token. */
  registrationToken?: string;
  student: StudentDetails;
  /** An existing student's fields, prefilled and locked (part 2 §4). */
  locked: LockableField[];
  isNewUser: boolean;
  exam: ExamChoice;
  options: OptionLists;
  /** The nearest-centre look-up failed (no location, or none near). */
  locateError?: Message;
  coupon: CouponState;
  paymentMethod: string;
  result?: RegistrationResult;
  /** The registration stored before the gateway, if any. */
  stored?: StoredRegistration;
  /** Said above the number: why the card asks for it again (Try Again in a browser without the token). */
  notice?: Message;
  /**
   * Step 2 as typed in another tab or device of this number (the server's copy, answered with the
   * verify): the details step starts from it. Dropped once step 2 is submitted.
   */
  resumedDetails?: Partial<Record<keyof StudentDetails, string>>;
}

/** What the exam step takes in and hands back (the parent keeps it across Edit details and signup). */
export type ExamStepData = Pick<
  RegistrationContext,
  'exam' | 'options' | 'coupon' | 'paymentMethod' | 'locateError'
>;

/** What the signup step reads: the parent's data, and what the app stores before the gateway. */
export type SignupStepInput = Pick<
  RegistrationContext,
  | 'programme'
  | 'registrationPage'
  | 'query'
  | 'tracking'
  | 'mobile'
  | 'registrationToken'
  | 'student'
  | 'isNewUser'
  | 'exam'
  | 'coupon'
  | 'paymentMethod'
>;

/** The analytics events the flow sends (the app adds the programme's prefix). */
/** The parent's names for its step machines: given by registration-provide.ts, never by the app. */
export type StepName = 'mobileStep' | 'detailsStep' | 'examStep' | 'signupStep' | 'successStep';

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
export const track = (event: TrackedEvent) => ({ type: 'track' as const, params: { event } });

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
export const fieldsOf = (programme: RegistrationProgramme, step: 'student-details' | 'exam-details') =>
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

export const chosen = (exam: ExamChoice, field: ExamField): boolean =>
  ({ examSlot: exam.slot, state: exam.state, centre: exam.centre, examDate: exam.date })[field] !== undefined;

/** The mode the lists and the signup use: the slot's, else online-only, else the programme's. */
export function examMode(context: Pick<RegistrationContext, 'programme' | 'exam'>): ExamMode {
  if (context.exam.slot) return context.exam.slot.mode;
  if (onlineOnly(context)) return 'Online';
  return context.programme.mode === 'online' ? 'Online' : 'Offline';
}

/** The centre's code: its own field of the option (the value name-code-id is never parsed). */
export const centreCode = (centre: ExamCentre): string => centre.code;

/** The fee after the coupon (the one rule, src/domain/fees.ts). */
export const payableAmount = (context: Pick<RegistrationContext, 'programme' | 'coupon'>): number =>
  payableAfterCoupon(context.programme.fee.amount, context.coupon.discount);

/** Payable ≤ 0: a plain Submit; otherwise Pay and Register Now. */
export const isFree = (context: Pick<RegistrationContext, 'programme' | 'coupon'>): boolean =>
  payableAmount(context) <= 0;

/** The config has an exam-details step; without one the details form submits the registration. */
export const hasExamDetailsStep = (programme: RegistrationProgramme): boolean =>
  fieldsOf(programme, 'exam-details').length > 0;

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
  // Names as they are sent and stored: no surrounding or doubled spaces (domain/validation.ts).
  const merged = {
    ...details,
    studentName: tidyName(details.studentName),
    fatherName: tidyName(details.fatherName),
  };
  for (const field of context.locked) merged[field] = context.student[field];
  return merged;
}

/**
 * The card this number left part-way in another tab or device (the server's copy, answered with
 * the verify): step 2 as typed, less the fields a found registration locks, and the exam step's
 * choices, as "Try Again" restores kept ones. A draft without them changes nothing.
 */
export function resumeDraft(
  context: Pick<RegistrationContext, 'programme' | 'courseTypeFixed' | 'exam' | 'locked' | 'student'>,
  draft: RegistrationDraft | undefined,
): Partial<RegistrationContext> {
  if (!draft) return {};
  const details = Object.fromEntries(
    Object.entries(draft.student ?? {}).filter(
      ([field, value]) => typeof value === 'string' && !(context.locked as string[]).includes(field),
    ),
  ) as Partial<Record<keyof StudentDetails, string>>;
  const choices = draft.choices;
  // Each choice an object of plain texts (as the lists give them), else the choices are dropped.
  const plain = (value: unknown) =>
    value === undefined ||
    (typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string'));
  const given = choices?.exam as Record<string, unknown> | undefined;
  const exam =
    given && ['slot', 'state', 'centre', 'date'].every((k) => plain(given[k]))
      ? (given as unknown as ExamChoice)
      : undefined;
  return {
    ...(Object.keys(details).length > 0 ? { resumedDetails: details } : {}),
    ...(choices && exam
      ? {
          // The choices were made for the draft's class & stream: step 2 submitted with the same
          // one keeps them (a different one clears them, as it would here).
          ...(draft.student?.classStream
            ? { student: { ...context.student, classStream: draft.student.classStream } }
            : {}),
          exam: {
            ...exam,
            courseType: context.courseTypeFixed ? context.exam.courseType : (exam.courseType ?? 'classroom'),
          },
          coupon: {
            code: choices.coupon.code ?? '',
            applied: choices.coupon.applied,
            discount: choices.coupon.discount ?? 0,
          },
          ...(context.programme.payment.methods.some((m) => m.value === choices.paymentMethod)
            ? { paymentMethod: choices.paymentMethod }
            : {}),
        }
      : {}),
  };
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
export function storedFor(
  context: Pick<RegistrationContext, 'stored' | 'query'>,
): StoredRegistration | undefined {
  const { stored, query } = context;
  return stored && stored.examDate && stored.examDate === query.exam_date ? stored : undefined;
}

export const emptyStudent = (): StudentDetails => ({
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
export function submitDetails(
  context: Pick<RegistrationContext, 'student' | 'locked' | 'exam' | 'options'>,
  details: StudentDetails,
): Partial<RegistrationContext> {
  const student = withLockedFields(context, details);
  if (student.classStream === context.student.classStream) return { student };
  return {
    student,
    exam: { courseType: context.exam.courseType },
    options: { classStreams: context.options.classStreams },
    coupon: { code: '', discount: 0 },
  };
}

/** An earlier registration of this mobile: prefill its details and lock those it has. */
export function prefillFromLead(lead: LeadRecord | undefined) {
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

/**
 * The exam choices of this programme's registration that awaits payment (Try Again in another
 * browser, where the tab's kept choices are not): chosen again as the lists offer them.
 */
export function examFromLead(
  exam: ExamChoice,
  lead: LeadRecord | undefined,
  programme: Pick<RegistrationProgramme, 'examType'>,
): ExamChoice {
  if (lead?.registration_status !== 'pending_payment' || lead.exam_type !== programme.examType) return exam;
  const keys = {
    slot: lead.exam_slot,
    state: lead.exam_state,
    centre: lead.branch_code,
    date: lead.exam_date,
  };
  const wanted = Object.fromEntries(Object.entries(keys).filter(([, key]) => key !== '')) as WantedExam;
  return Object.keys(wanted).length > 0 ? { ...exam, wanted } : exam;
}

/** The parent's data at the start: the query's number, the choices kept across the gateway. */
export const initialContext = (input: RegistrationInput): RegistrationContext => ({
  programme: input.programme,
  registrationPage: input.registrationPage,
  query: input.query ?? {},
  tracking: input.tracking ?? {},
  courseTypeFixed: input.fixedCourseType !== undefined,
  mobile: normaliseMobile(input.query?.mobile ?? ''),
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
});

/** Where a query enters the card (part 1 §4; a gateway return with its order: decision 030). */
export type CardEntry = 'gatewayReturn' | 'registered' | 'paymentFailed' | 'leadLink' | 'start';

export function entryOf({ query }: Pick<RegistrationContext, 'query'>): CardEntry {
  if (query.registeration === 'success' && query.roll_no && query.dob)
    return query.order_id ? 'gatewayReturn' : 'registered';
  if (query.status === 'failure' && query.mobile) return 'paymentFailed';
  if (query.sf_id && query.status !== 'failure') return 'leadLink';
  return 'start';
}

/** The config charges a fee and the user and exam info were stored before the gateway (part 1 §4). */
export const tracksPaymentFailure = ({
  programme,
  stored,
}: Pick<RegistrationContext, 'programme' | 'stored'>) =>
  programme.analytics.paymentFailureEvent && Boolean(stored?.mobile && stored.examDate);

/** A lead link's lead (?sf_id=…): its number, and its details prefilled and locked. */
export function prefillFromLeadLink(reply: RegistrationLeadBySfIdReply) {
  const lead = reply.student_details?.[0];
  return { ...prefillFromLead(lead), mobile: lead?.mobile_no ?? '' };
}

/** A lead link whose registration is complete: the login it goes to (auto-login, part 1 §4). */
export const loginOfLeadLink = (reply: RegistrationLeadBySfIdReply) => ({
  rollNumber: reply.data?.student_roll_no ?? '',
  dob: reply.data?.student_dob ?? '',
});

/**
 * registeration=success in the query: its roll number, dob and date, the stored slot and centre,
 * and the schedule the signup answered for this roll number (a series has no exam date to match).
 */
export function resultFromQuery(context: Pick<RegistrationContext, 'stored' | 'query'>): RegistrationResult {
  const stored = storedFor(context);
  const booked = context.stored?.booked;
  const rollNumber = context.query.roll_no ?? '';
  return {
    rollNumber,
    dob: context.query.dob ?? '',
    examDate: context.query.exam_date ?? '',
    ...(stored?.examSlot ? { examSlot: stored.examSlot } : {}),
    ...(stored?.centre ? { centre: stored.centre.label } : {}),
    ...(booked && rollNumber && booked.rollNumber === rollNumber ? { schedule: booked.schedule } : {}),
  };
}

export interface ExamStepInput
  extends ExamStepData, Pick<RegistrationContext, 'programme' | 'registrationPage' | 'courseTypeFixed'> {
  /** The student's class & stream: the lists and the coupon are for it. */
  classStream: string;
}

/** What the step takes of the parent's data. */
export const examStepInput = (context: RegistrationContext): ExamStepInput => ({
  programme: context.programme,
  registrationPage: context.registrationPage,
  courseTypeFixed: context.courseTypeFixed,
  classStream: context.student.classStream,
  exam: context.exam,
  options: context.options,
  coupon: context.coupon,
  paymentMethod: context.paymentMethod,
  locateError: context.locateError,
});
