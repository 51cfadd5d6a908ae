// The prospectus and the course details sheet, as small PDFs generated on the server.
import { maybeProgramme } from '../../services/exams/programme';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { applyWaiver, formatInr, type FeeComponent } from '../../../src/domain/fees';
import { resolveProfile } from '../../../src/engine/hosts';
import type { CourseContentParams } from '../../../src/generated/api/course-content';
import type { CourseProspectusQuery } from '../../../src/generated/api/course-prospectus';
import type { Programme } from '../../../src/generated/config/programme';
import { ApiError } from '../../api/errors';
import { apiSchema } from '../../api/schemas';
import type { AppContext } from '../../context';
import { simplePdf, type PdfLine } from '../../services/commerce/pdf';
import { message } from '../../api/messages';

function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer): FastifyReply {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .send(pdf);
}

function prospectus(ctx: AppContext, programme: Programme): Buffer {
  const { brand, support } = ctx.site.site;
  const lines: PdfLine[] = [
    { text: `${brand.providerName} - Prospectus`, size: 12 },
    { text: programme.name, size: 20, bold: true, gap: 6 },
    { text: programme.login?.tagline ?? programme.shortName, gap: 4 },
  ];
  const details = programme.criteria?.testDetails;
  if (details) {
    lines.push({ text: details.heading, size: 14, bold: true, gap: 12 });
    for (const row of details.rows) lines.push({ text: `${row.mode}: ${row.details}` });
  }
  const eligibility = programme.criteria?.eligibility;
  if (eligibility) {
    lines.push({ text: eligibility.heading, size: 14, bold: true, gap: 12 });
    for (const row of eligibility.rows) lines.push({ text: `${row.mode}: ${row.details}` });
  }
  lines.push({ text: 'Fee', size: 14, bold: true, gap: 12 });
  lines.push({
    text:
      programme.fee.amount > 0
        ? `Rs. ${formatInr(programme.fee.amount)}${programme.fee.papers ? ` for ${programme.fee.papers} papers` : ''}`
        : 'Free',
  });
  if (programme.scholarship) {
    lines.push({ text: 'Scholarship', size: 14, bold: true, gap: 12 });
    lines.push({
      text: `Up to ${programme.scholarship.maxPercent}%, valid for ${programme.scholarship.validityDays} days from the exam date.`,
    });
  }
  lines.push({ text: 'Contact', size: 14, bold: true, gap: 12 });
  lines.push({
    text: `Call ${programme.support.phone || support.phone} or write to ${programme.support.email}.`,
  });
  lines.push({ text: `Terms and conditions: ${programme.termsLink}`, size: 9, gap: 12 });
  return simplePdf(`${programme.name} - Prospectus`, lines);
}

export function registerDocumentRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  app.get<{ Querystring: CourseProspectusQuery }>(
    '/api/prospectus',
    {
      schema: apiSchema('course-prospectus', {
        summary: "The programme's prospectus (prospectus.pdf)",
        tags: ['commerce'],
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
      }),
    },
    async (request, reply) => {
      const course = await ctx.db
        .selectFrom('commerce_courses')
        .selectAll()
        .where('product_id', '=', request.params.product_id)
        .executeTakeFirst();
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
