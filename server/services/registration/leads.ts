// Lead records (part 1 §7): a mobile's registrations and how many are complete
// (server/routes/registration/leads.ts serves them).
import type { LeadRecord } from '../../../src/generated/api/registration-leads';
import type { AppContext, Student } from '../../context';

/** Completed registrations of a mobile for an exam type (what allowedRegistrationCount limits). */
export async function registrationCount(ctx: AppContext, mobile: string, examType: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('students')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('mobile', '=', mobile)
    .where('exam_type', '=', examType)
    .where('registration_status', '=', 'registered')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function leadRecord(s: Student, count: number): LeadRecord {
  return {
    student_name: [s.first_name, s.last_name].filter(Boolean).join(' '),
    father_name: s.father_name ?? '',
    student_dob: s.dob,
    student_email: s.email,
    mobile_no: s.mobile,
    registration_count: count,
    exam_type: s.exam_type,
    class_stream: s.class_stream,
    exam_state: s.exam_state_id ?? '',
    branch_code: s.branch_code,
    exam_date: s.exam_date ?? '',
    exam_slot: s.exam_slot_id ?? '',
    exam_mode: s.exam_mode,
    sf_id: s.sf_id,
    registration_status: s.registration_status,
  };
}

const LEADS_SHOWN = 20;

/**
 * Registrations of a mobile, latest first (only of one exam type when filterExamType is given);
 * registration_count is the count for countExamType.
 */
export async function leadRecords(
  ctx: AppContext,
  mobile: string,
  { countExamType, filterExamType }: { countExamType: string; filterExamType?: string },
): Promise<LeadRecord[]> {
  let query = ctx.db.selectFrom('students').selectAll().where('mobile', '=', mobile);
  if (filterExamType) query = query.where('exam_type', '=', filterExamType);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(LEADS_SHOWN).execute();
  // When the rows are all of the mobile's registrations of countExamType (fewer than the limit, and
  // no other exam type filtered in their place), they are counted here: one read less (OTP verify).
  const complete = rows.length < LEADS_SHOWN && (!filterExamType || filterExamType === countExamType);
  const count = complete
    ? rows.filter((s) => s.exam_type === countExamType && s.registration_status === 'registered').length
    : await registrationCount(ctx, mobile, countExamType);
  return rows.map((s) => leadRecord(s, count));
}

/** The student a registration's sf_id names (the payment-return link), if any. */
export const studentBySfId = (ctx: AppContext, sfId: string): Promise<Student | undefined> =>
  ctx.db.selectFrom('students').selectAll().where('sf_id', '=', sfId).executeTakeFirst();
