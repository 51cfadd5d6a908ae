// Lead lookups (part 1 §7): by mobile (with the registration token of that mobile) and by sf_id
// (the registration page's payment-return link).
import type { FastifyInstance } from 'fastify';
import { toDdMmYyyy } from '../../../src/domain/dates';
import type {
  RegistrationLeadBySfIdQuery,
  RegistrationLeadBySfIdReply,
} from '../../../src/generated/api/registration-lead-by-sf-id';
import type {
  LeadRecord,
  RegistrationLeadsQuery,
  RegistrationLeadsReply,
} from '../../../src/generated/api/registration-leads';
import { ApiError } from '../../api/errors';
import { apiSchema } from '../../api/schemas';
import type { AppContext, Student } from '../../context';
import { programmeFor } from '../master/programme-lookup';
import { requireVerifiedMobile } from './registration-token';
import { message, say } from '../../api/messages';

const tags = ['registration'];

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
    exam_mode: s.exam_mode,
    sf_id: s.sf_id,
    registration_status: s.registration_status,
  };
}

/**
 * Registrations of a mobile, latest first (only of one exam type when filterExamType is given);
 * registration_count is the count for countExamType.
 */
export async function leadRecords(
  ctx: AppContext,
  mobile: string,
  options: { countExamType: string; filterExamType?: string },
): Promise<LeadRecord[]> {
  let query = ctx.db.selectFrom('students').selectAll().where('mobile', '=', mobile);
  if (options.filterExamType) query = query.where('exam_type', '=', options.filterExamType);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(20).execute();
  const count = await registrationCount(ctx, mobile, options.countExamType);
  return rows.map((s) => leadRecord(s, count));
}

export function registerLeadRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: RegistrationLeadsQuery; Reply: RegistrationLeadsReply }>(
    '/api/leads',
    {
      schema: apiSchema('registration-leads', {
        summary: 'Registrations of a verified mobile number (X-Registration-Token)',
        tags,
      }),
    },
    async (request) => {
      const { ctx } = app;
      const { mobile_no: mobile, exam_type: examType } = request.query;
      await requireVerifiedMobile(ctx, request, mobile);
      const { programme } = programmeFor(ctx, request, examType);
      const details = await leadRecords(ctx, mobile, {
        countExamType: programme.examType,
        filterExamType: examType ? programme.examType : undefined,
      });
      return { success: 'true', student_details: details };
    },
  );

  app.get<{ Querystring: RegistrationLeadBySfIdQuery; Reply: RegistrationLeadBySfIdReply }>(
    '/api/leads/by-sf-id',
    {
      schema: apiSchema('registration-lead-by-sf-id', {
        summary: 'A registration by its sf_id: awaiting payment, or its login details once complete',
        tags,
      }),
    },
    async (request) => {
      const { ctx } = app;
      const student = await ctx.db
        .selectFrom('students')
        .selectAll()
        .where('sf_id', '=', request.query.sf_id)
        .executeTakeFirst();
      if (!student) throw new ApiError(404, message('link.noRegistration'));
      if (student.registration_status === 'registered') {
        return {
          success: 'false',
          msg: say(request, 'link.complete'),
          data: { student_roll_no: student.roll_number, student_dob: toDdMmYyyy(student.dob) },
        };
      }
      const count = await registrationCount(ctx, student.mobile, student.exam_type);
      return {
        success: 'true',
        msg: 'Registration awaiting payment',
        student_details: [leadRecord(student, count)],
      };
    },
  );
}
