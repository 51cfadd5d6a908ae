// The prospectus and the course details sheet, as small PDFs generated on the server.
import { maybeProgramme } from '../../services/exams/programme';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { applyWaiver, formatInr, type FeeComponent } from '../../../src/domain/fees';
import { resolveProfile } from '../../../src/engine/hosts';
import type { CourseContentParams } from '../../../src/generated/api/course-content';
import type { CourseProspectusQuery } from '../../../src/generated/api/course-prospectus';
import { ApiError } from '../../api/errors';
import { apiSchema } from '../../api/schemas';
import { simplePdf, type PdfLine } from '../../services/commerce/pdf';
import { message } from '../../api/messages';
import { courseByProductId, prospectus } from '../../services/commerce/documents';

function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer): FastifyReply {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .send(pdf);
}

export function registerDocumentRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  app.get<{ Querystring: CourseProspectusQuery }>(
    '/api/prospectus',
    {
      schema: apiSchema('course-prospectus', {
        summary: "The programme's prospectus (prospectus.pdf)",
        tags: ['commerce'],
        answers: { pdf: true },
      }),
    },
    async (request, reply) => {
      const examType = request.query.exam_type;
      const programme = examType
        ? maybeProgramme(ctx.site, examType)
        : ctx.site.programmes[resolveProfile(ctx.site.hosts, request.headers.host).programme];
      if (!programme) throw new ApiError(404, message('documents.noProspectus'));
      return sendPdf(reply, 'prospectus.pdf', prospectus(ctx, programme));
    },
  );

  app.get<{ Params: CourseContentParams }>(
    '/api/course-content/:product_id',
    {
      schema: apiSchema('course-content', {
        summary: "A course's details (course_detail.pdf)",
        tags: ['commerce'],
        answers: { pdf: true },
      }),
    },
    async (request, reply) => {
      const course = await courseByProductId(ctx, request.params.product_id);
      if (!course?.has_content) throw new ApiError(404, message('documents.noCourseDetails'));
      const breakup = applyWaiver(JSON.parse(course.price_list) as Partial<Record<FeeComponent, number>>);
      const lines: PdfLine[] = [
        { text: `${ctx.site.site.brand.providerName} - Course details`, size: 12 },
        { text: course.product_title, size: 18, bold: true, gap: 6 },
        { text: `${course.course_category} | Class ${course.class} | ${course.product_course_term}`, gap: 4 },
        { text: 'Highlights', size: 14, bold: true, gap: 12 },
        { text: course.course_highlights },
        { text: 'About the course', size: 14, bold: true, gap: 12 },
        { text: course.course_description },
        { text: 'COURSE FEATURES', size: 14, bold: true, gap: 12 },
        ...(JSON.parse(course.course_features) as string[]).map((f) => ({ text: `- ${f}` })),
        { text: 'Fee by component (list prices, before any scholarship)', size: 14, bold: true, gap: 12 },
        ...breakup.rows.map((row) => ({ text: `${row.key}: Rs. ${formatInr(row.value)}` })),
        { text: `Total: Rs. ${formatInr(breakup.total)}`, bold: true },
      ];
      return sendPdf(reply, 'course_detail.pdf', simplePdf(course.product_title, lines));
    },
  );
}
