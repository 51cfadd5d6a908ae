// Fixtures of the registration card's tests (the parent's and each step's model and rules): the
// programmes from config/, API replies shaped by the generated types, and the card's view of a
// step's machine as the card renders it (the parent's context with the step's snapshot).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getNextSnapshot, type AnyMachineSnapshot } from 'xstate';
import { partsOf, type StepSnapshots } from '../features/registration/card-state';
import { cardView, viewOf, type CardView } from '../features/registration/card-view';
import type { MasterClassStreamsReply } from '../generated/api/master-class-streams';
import type { ExamCentre, ExamCentresReply } from '../generated/api/exam-centres';
import type { ExamDate, ExamDatesReply } from '../generated/api/exam-dates';
import type { ExamSlot, ExamSlotsReply } from '../generated/api/exam-slots';
import type { ExamState, ExamStatesReply } from '../generated/api/exam-states';
import type { RegistrationCallerIdentityStartReply } from '../generated/api/registration-caller-identity-start';
import type { RegistrationCallerIdentityStatusReply } from '../generated/api/registration-caller-identity-status';
import type { RegistrationCouponReply } from '../generated/api/registration-coupon';
import type { LeadRecord, RegistrationLeadBySfIdReply } from '../generated/api/registration-lead-by-sf-id';
import type { RegistrationLeadsReply } from '../generated/api/registration-leads';
import type { RegistrationOtpSendReply } from '../generated/api/registration-otp-send';
import type { RegistrationOtpVerifyReply } from '../generated/api/registration-otp-verify';
import type {
  PaymentData,
  RegistrationSchedule,
  RegistrationSignupReply,
} from '../generated/api/registration-signup';
import type { Programme } from '../generated/config/programme';
import { registrationMachine } from './registration-machine';
import type {
  KeptChoices,
  OnlinePreset,
  RegistrationContext,
  StoredRegistration,
  StudentDetails,
} from './registration-model';

export const programme = (id: string): Programme =>
  JSON.parse(
    readFileSync(path.join(__dirname, '../../config/programmes', `${id}.json`), 'utf8'),
  ) as Programme;
export const iacst = programme('iacst'); // free; slot → date; student id; course-type switch; 2 registrations
export const mockNeet = programme('mock-neet'); // paid; state → centre → date; payment methods; 1 registration
export const iat = programme('iat'); // paid; slot → state → centre → date
export const mockJee = programme('mock-jee'); // paid; no exam selects, only coupon and payment
/** A variant whose config has no exam-details step: the details form submits the registration. */
export const noExamStep: Programme = {
  ...mockJee,
  registration: {
    ...mockJee.registration,
    steps: mockJee.registration.steps.filter(
      (s) => s.id !== 'exam-details',
    ) as Programme['registration']['steps'],
  },
};

// ── Fixtures shaped by the generated API types ────────────────────────────────────────────────
export const slot: ExamSlot = {
  tid: 'slot-1',
  name: 'Offline, 9 AM to 12 PM',
  mode: 'Offline',
  start: '09:00',
  end: '12:00',
};
export const onlineSlot: ExamSlot = {
  tid: 'slot-o',
  name: 'Online, 9 AM to 10 PM',
  mode: 'Online',
  start: '09:00',
  end: '22:00',
};
export const delhi: ExamState = { tid: '9', stateName: 'Delhi', shortCode: 'DL' };
export const centre: ExamCentre = {
  label: 'Delhi Central',
  value: 'RCC Delhi Central-DL001-1',
  code: 'DL001',
  id: '1',
};
export const testCentre: ExamCentre = {
  label: 'Digital Test Centre',
  value: 'Digital Test Centre-IC006-6',
  code: 'IC006',
  id: '6',
};
export const date: ExamDate = { value: '2025-04-13', label: '13 Apr 2025' };
export const slotsReply = (data: ExamSlot[]): ExamSlotsReply => ({ success: 'true', data });
export const classStreamsReply: MasterClassStreamsReply = {
  success: 'true',
  data: [{ id: 'cs-11-som', stream: '11&SOM', class: '11', display_name: 'Class 11 Medical' }],
};
export const statesReply: ExamStatesReply = { success: 'true', data: [delhi] };
export const centresReply: ExamCentresReply = { success: 'true', data: [centre] };
export const datesReply: ExamDatesReply = { success: 'true', data: [date] };
// Two options each: the student chooses (a single option would be chosen by the cascade itself).
export const up: ExamState = { tid: '10', stateName: 'Uttar Pradesh', shortCode: 'UP' };
export const noida: ExamCentre = { label: 'Noida', value: 'RCC Noida-UP002-2', code: 'UP002', id: '2' };
export const laterDate: ExamDate = { value: '2025-04-20', label: '20 Apr 2025' };
export const twoStates: ExamStatesReply = { success: 'true', data: [delhi, up] };
export const twoCentres: ExamCentresReply = { success: 'true', data: [centre, noida] };
export const twoDates: ExamDatesReply = { success: 'true', data: [date, laterDate] };
export const preset: OnlinePreset = { state: delhi, centre: testCentre };
/** What the app stored before the gateway (user_info, exam_info, user_psid). */
export const stored: StoredRegistration = {
  mobile: '9000000001',
  studentName: 'Ananya Rao',
  email: 'ananya@example.com',
  classStream: '11&SOM',
  centre: { label: centre.label, code: centre.code },
  examDate: date.value,
  examSlot: slot.name,
  psid: '12345678901',
};
/** The exam choices and coupon kept with the registration token across the gateway. */
export const kept: KeptChoices = {
  exam: { courseType: 'classroom', state: delhi, centre, date },
  coupon: { code: 'SAVE50', applied: 'SAVE50', discount: 50 },
  paymentMethod: 'hdfc',
};

export const lead = (count: number): LeadRecord => ({
  student_name: 'Ananya Rao',
  father_name: 'Suresh Rao',
  student_dob: '2008-01-05',
  student_email: 'ananya@example.com',
  mobile_no: '9000000001',
  registration_count: count,
  exam_type: 'MOCK-NEET',
  class_stream: '11&SOM',
  exam_state: '9',
  branch_code: 'DL001',
  exam_date: '2025-04-13',
  exam_slot: '',
  exam_mode: 'Offline',
  sf_id: 'sf-1',
  registration_status: 'pending_payment',
});
export const sent: RegistrationOtpSendReply = {
  success: 'true',
  msg: 'OTP sent',
  data: { mobile_no: '9000000001' },
};
export const verified = (details: LeadRecord[]): RegistrationOtpVerifyReply => ({
  success: 'true',
  msg: 'Verified',
  error_code: 0,
  student_details: details,
  allowed_registration_count: 1,
  registration_token: 'reg-token',
  registration_token_expires_at: '2025-04-01T00:00:00.000Z',
});
export const callerStart: RegistrationCallerIdentityStartReply = {
  success: 'true',
  requestId: 'req-1',
  ttl_ms: 24_000,
};
export const callerStatus = (
  status: RegistrationCallerIdentityStatusReply['status'],
  mobile = '+919000000001',
): RegistrationCallerIdentityStatusReply => ({
  status,
  mobile,
  firstName: 'Ananya',
  lastName: 'Rao',
  email: '',
  ...(status === 'verified' ? { registration_token: 'caller-token' } : {}),
});
export const couponReply = (discount: number): RegistrationCouponReply => ({
  success: 'true',
  message: 'Coupon applied',
  msg: 'Coupon applied',
  data: { exam_discount_amount: discount, exam_fee: 200, amount_payable: 200 - discount },
});
export const paymentData: PaymentData = {
  order_id: 'ord-1',
  amount: 200,
  TXN_AMOUNT: 200,
  action_url: '/sandbox/gateway',
  form_action: '/sandbox/gateway',
  form_name: 'paymentForm',
  redirect_url: '/mock-neet-exam',
  fields: { ORDER_ID: 'ord-1' },
};
/** What the server answers for a MOCK-NEET booking: its slot's hours and the reporting time. */
export const NEET_SCHEDULE: RegistrationSchedule = {
  opens_at: '10:00',
  closes_at: '13:20',
  report_at: '09:30',
};
export const signedUp = (paid: boolean): RegistrationSignupReply => ({
  success: 'true',
  msg: 'Registered',
  data: {
    roll_number: '250000000099',
    dob: '05-01-2008',
    dashboard_link: 'http://localhost:3000/?roll_no=250000000099&dob=05-01-2008',
    isPaidExam: paid,
    payment_data: paid ? paymentData : null,
    branch_phone_numbers: [],
    branch_gps: '',
    branch_address: '',
    gps_link: '',
    exam_fee: paid ? 200 : 0,
    exam_date: '2025-04-13',
    sf_id: 'sf-9',
    psid: '',
    schedule: NEET_SCHEDULE,
  },
});
export const sfIdFound: RegistrationLeadBySfIdReply = { success: 'true', student_details: [lead(1)] };
export const sfIdCompleted: RegistrationLeadBySfIdReply = {
  success: 'false',
  msg: 'Already registered',
  data: { student_roll_no: '250000000011', student_dob: '19-01-2007' },
};
export const leadsReply: RegistrationLeadsReply = { success: 'true', student_details: [lead(0)] };
export const apiError = (msg: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(msg), { status: 400, body: { success: 'false', msg, ...extra } });

export const details: StudentDetails = {
  studentName: 'Ananya Rao',
  fatherName: '',
  email: 'Ananya.Rao@Example.COM',
  dob: '2008-01-05',
  classStream: '11&SOM',
};

// ── The card's view of one step ───────────────────────────────────────────────────────────────
/** The parent's places where a step's machine runs, and the invoke id of that machine. */
export type StepPlace = 'step1' | 'step2' | 'step3' | 'signingUp' | 'success';
const STEP_IDS = {
  step1: 'mobileStep',
  step2: 'detailsStep',
  step3: 'examStep',
  signingUp: 'signupStep',
  success: 'successStep',
} as const;

/**
 * What the student sees while a step's machine is at `step` (or, once it is done, after the real
 * parent took its output from that place): the same `viewOf` the card renders, of the parent's
 * context with the step's snapshot on top. A step's model test asserts it at every state.
 */
export function stepView(
  at: StepPlace,
  parent: RegistrationContext,
  step: AnyMachineSnapshot,
  which: keyof StepSnapshots | undefined,
): CardView {
  if (step.status === 'done') {
    const before = registrationMachine.resolveState({ value: at, context: parent });
    const event = { type: `xstate.done.actor.${STEP_IDS[at]}`, output: step.output as unknown };
    return cardView(getNextSnapshot(registrationMachine, before, event as never));
  }
  return viewOf(partsOf(at, parent, which ? { [which]: step } : {}));
}
