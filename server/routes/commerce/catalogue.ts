// Courses for the logged-in student (with the course flags), branch centres and payment options.
import type { FastifyInstance } from 'fastify';
import { splitClassStream } from '../../../src/domain/class-stream';
import type { Branch, BranchListParams, BranchListReply } from '../../../src/generated/api/branch-list';
import type {
  CourseListParams,
  CourseListQuery,
  CourseListReply,
} from '../../../src/generated/api/course-list';
import type { PaymentOptionsParams, PaymentOptionsReply } from '../../../src/generated/api/payment-options';
import { ApiError } from '../../api/errors';
import { apiSchema } from '../../api/schemas';
import { requireStudent, studentOf } from '../../auth/sessions';
import { loadExamContext } from '../../services/exams/sittings';
import { centreLabel } from '../../services/master/centres';
import { courseFlags } from '../../services/commerce/course-flags';
import { offersFor } from '../../services/commerce/courses';
import { message } from '../../api/messages';
import { branchCentres, knownBranch, paymentOptions } from '../../services/commerce/catalogue';

export function registerCatalogueRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  app.get<{ Params: CourseListParams; Querystring: CourseListQuery; Reply: CourseListReply }>(
    '/api/courses/:class/:stream/:branch_code/:roll_number/:mobile_number',
    {
      schema: apiSchema('course-list', {
        summary: 'Courses offered to the logged-in student, with the fee breakup and course flags',
        tags: ['commerce'],
        auth: true,
      }),
      preHandler: requireStudent,
    },
    async (request) => {
      const student = studentOf(request);
      const p = request.params;
      const { klass, stream } = splitClassStream(student.class_stream);
      // The path repeats the student's own details: another student's courses are not theirs to see.
      if (
        p.class !== klass ||
        p.stream !== stream ||
        p.branch_code !== student.branch_code ||
        p.roll_number !== student.roll_number ||
        p.mobile_number !== student.mobile
      ) {
        throw new ApiError(403, message('course.notYours'));
      }
      const exams = await loadExamContext(ctx, student);
      const { courses } = await offersFor(ctx, student, exams, request.query.career_type);
      return {
        success: 'true',
        msg: courses.length > 0 ? 'Courses for you' : 'No Courses Available for this user',
        data: courses,
        // The dashboard's own flags: the two answers cannot disagree.
        flags: courseFlags(ctx, exams),
      };
    },
  );

  app.get<{ Params: BranchListParams; Reply: BranchListReply }>(
    '/api/branches/:branch_code',
    {
      schema: apiSchema('branch-list', {
        summary: "A branch's centres with addresses, phone numbers and map links",
        tags: ['commerce'],
      }),
    },
    async (request) => {
      const code = request.params.branch_code;
      await knownBranch(ctx, code);
      const rows = await branchCentres(ctx, code);
      return {
        success: 'true',
        msg: rows.length > 0 ? 'Branches near you' : 'Our team will contact you soon.',
        data: rows.map((r) => ({
          center_name: r.center_name,
          // The one prefix rule (services/master/centres): the client shows it and strips nothing.
          center_label: centreLabel(r.center_name),
          address: r.address,
          contact_numbers: JSON.parse(r.contact_numbers) as Branch['contact_numbers'], // seeded as 4
          location_url: r.location_url,
          latitude: Number(r.latitude),
          longitude: Number(r.longitude),
        })),
      };
    },
  );

  app.get<{ Params: PaymentOptionsParams; Reply: PaymentOptionsReply }>(
    '/api/payment-options/:branch_code',
    {
      schema: apiSchema('payment-options', {
        summary: "The centre's payment options (value → label)",
        tags: ['commerce'],
      }),
    },
    async (request) => {
      const code = request.params.branch_code;
      await knownBranch(ctx, code);
      return { success: 'true', msg: 'Payment options', data: await paymentOptions(ctx, code) };
    },
  );
}
