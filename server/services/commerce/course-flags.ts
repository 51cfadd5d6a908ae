// The course flags both GET /api/courses and the dashboard answer carry: one shape, one source
// (decision 012). Their own module, so the catalogue and the dashboard's builder both import it and
// neither imports the other.
import type { CourseFlags } from '../../../src/generated/api/dashboard';
import type { Programme } from '../../../src/generated/config/programme';
import type { AppContext } from '../../context';
import { scholarshipOf } from '../results/scholarship';
import type { ExamContext } from '../exams/sittings';
import { feeWord } from './branch-terms';

export const prospectusPath = (examType: string) =>
  `/api/prospectus?exam_type=${encodeURIComponent(examType)}`;

/** The links both course-flag answers carry (GET /api/courses and the dashboard's). */
export function courseLinks(ctx: AppContext, programme: Programme | undefined, examType: string) {
  const { site } = ctx.site;
  return {
    term_condition_link: programme?.termsLink ?? '',
    privacy_policy_link: site.legal.privacyLink,
    iacst_download_prosp: prospectusPath(examType),
    preadmission_url: `${site.brand.websiteUrl}/pre-admission`,
  };
}

/** The course flags of the dashboard and of GET /api/courses. */
export function courseFlags(ctx: AppContext, ec: ExamContext): CourseFlags {
  const { programme } = ec;
  const purchased = ec.coursePurchased;
  const fee = feeWord(ec.branch);
  const scholarship = scholarshipOf(ec)?.percent ?? 0;
  return {
    course_purchased: purchased ? 1 : 0,
    product: programme.id.replace(/-/g, ''),
    enable_my_product_status: purchased ? 1 : 0,
    guided_journey_message: purchased
      ? `Welcome to ${ctx.site.site.brand.providerName}! Your course registration is complete.`
      : `Pay the ${fee} and get access to ${programme.shortName} exclusive course content.`,
    guided_journey_sub_message: purchased
      ? 'Start now: your e-books, videos, test series and audios are ready.'
      : 'Freebies like e-books, audios and videos come with your course registration.',
    scholarship_course_purchased_msg:
      purchased && scholarship > 0 ? `Your ${scholarship}% scholarship has been applied to your course.` : '',
    ...courseLinks(ctx, programme, programme.examType),
  };
}
