// Lead lookups (part 1 §7): by mobile (with the registration token of that mobile) and by sf_id
// (the registration page's payment-return link).
import type { FastifyInstance } from 'fastify';
import { toDdMmYyyy } from '../../../src/domain/dates';
import type {
  RegistrationLeadBySfIdQuery,
  RegistrationLeadBySfIdReply,
} from '../../../src/generated/api/registration-lead-by-sf-id';
import type {
  RegistrationLeadsQuery,
  RegistrationLeadsReply,
} from '../../../src/generated/api/registration-leads';
import type {
  RegistrationDraftBody,
  RegistrationDraftReply,
} from '../../../src/generated/api/registration-draft';
import { draftPage, saveDraft } from '../../services/registration/drafts';
import { ApiError } from '../../api/errors';
import { apiSchema } from '../../api/schemas';
import { programmeFor } from '../master/programme-lookup';
import { requireVerifiedMobile, verifiedToken } from './registration-token';
import { message, say } from '../../api/messages';
import { registrationCount, leadRecord, leadRecords, studentBySfId } from '../../services/registration/leads';

const tags = ['registration'];

export function registerLeadRoutes(app: FastifyInstance): void {
  app.put<{ Body: RegistrationDraftBody; Reply: RegistrationDraftReply }>(
    '/api/registration/draft',
    {
      schema: apiSchema('registration-draft', {
        summary: 'Keep the registration card part-way for the verified number (X-Registration-Token)',
        tags,
      }),
      bodyLimit: 8 * 1024,
    },
    async (request) => {
      const { ctx } = app;
      const token = await verifiedToken(ctx, request);
      const page = draftPage(programmeFor(ctx, request, request.body.registration_page));
      const kept = await saveDraft(ctx, token, page, request.body.draft);
      return { success: 'true', msg: kept ? 'Kept.' : 'Registered: nothing to keep.' };
    },
  );

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
        summary:
          "A registration by its sf_id: awaiting payment, or its login details once complete (to the mobile's X-Registration-Token only)",
        tags,
      }),
    },
    async (request) => {
      const { ctx } = app;
      const student = await studentBySfId(ctx, request.query.sf_id);
      if (!student) throw new ApiError(404, message('link.noRegistration'));
      // The sf_id is a capability that expires: after a short time, and, once the registration is
      // paid, it gives the login details only to whoever holds that mobile's registration token.
      const age = ctx.now().getTime() - new Date(student.created_at).getTime();
      if (age > ctx.config.sfIdLinkHours * 3_600_000) throw new ApiError(410, message('link.expired'));
      if (student.registration_status === 'registered') {
        const token = await verifiedToken(ctx, request).catch(() => undefined);
        if (token?.mobile !== student.mobile) throw new ApiError(410, message('link.expired'));
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
