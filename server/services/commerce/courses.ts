// The courses offered to a student, priced with the spec's fee waiver (src/domain/fees.ts). The
// course list and the course order use the same function, so the amount charged is the amount shown.
// The waiver is the student's scholarship (derived from the released result and the programme's
// rules) together with a third-party waiver record, when one exists.
import { splitClassStream } from '../../../src/domain/class-stream';
import {
  applyWaiver,
  combineWaivers,
  FEE_COMPONENTS,
  type FeeComponent,
  type WaiverRecord,
  type WaiverZeroReading,
} from '../../../src/domain/fees';
import type { CourseItem, PriceBreakup } from '../../../src/generated/api/course-list';
import type { AppContext, Student } from '../../context';
import type { CommerceCoursesTable } from '../../db/tables/commerce';
import { branchTerms, type BranchTerms } from './branch-terms';
import { scholarshipWaiverOf } from '../results/scholarship';
import type { ExamContext } from '../exams/sittings';
import { purchasedCourses } from './purchases';

/** The third-party waiver record of a roll number (GetStudentResult_WebJsonResult), if any. */
export async function thirdPartyWaiverOf(ctx: AppContext, rollNumber: string): Promise<WaiverRecord | null> {
  const row = await ctx.db
    .selectFrom('commerce_fee_waivers')
    .selectAll()
    .where('roll_number', '=', rollNumber)
    .executeTakeFirst();
  if (!row) return null;
  return {
    admfee: row.admfee,
    tuitionfee: row.tuitionfee,
    Technology_Examination_Fee: row.technology_examination_fee,
    ClassroomService: row.classroom_service,
  };
}

const isComponent = (key: string): key is FeeComponent => (FEE_COMPONENTS as readonly string[]).includes(key);

function priceList(json: string): Partial<Record<FeeComponent, number>> {
  const parsed = JSON.parse(json) as Record<string, unknown>;
  const prices: Partial<Record<FeeComponent, number>> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (isComponent(key) && typeof value === 'number' && Number.isInteger(value) && value >= 0)
      prices[key] = value;
  }
  return prices;
}

export const courseContentPath = (productId: string) =>
  `/api/course-content/${encodeURIComponent(productId)}`;

export function toCourseItem(
  course: CommerceCoursesTable,
  branch: BranchTerms,
  waiver: WaiverRecord | null,
  /** Rupees the student paid for it, or null when they have not bought it. */
  paid: number | null,
  zero: WaiverZeroReading,
): CourseItem {
  const prices = priceList(course.price_list);
  const breakup = applyWaiver(prices, waiver, zero);
  const priceBreakup: PriceBreakup = {};
  for (const row of breakup.rows)
    priceBreakup[row.key] = { key: row.key, value: row.value, strike_value: row.strike_value };
  const courseFee = branch.fee_basis === 'course_fee';
  return {
    product_id: course.product_id,
    product_title: course.product_title,
    product_course_term: course.product_course_term,
    course_category: course.course_category,
    class: course.class,
    stream: course.stream,
    purchased: paid === null ? 0 : 1,
    amount_paid: paid,
    registration_fees: courseFee ? breakup.total : (priceBreakup['Registration Fee']?.value ?? 0),
    fee_label: courseFee ? 'Course Fee' : 'Registration Fee',
    price_breakup: priceBreakup,
    total_fee: breakup.total,
    list_total: breakup.listTotal,
    total_savings: breakup.savings,
    course_highlights: course.course_highlights,
    course_description: course.course_description,
    course_feature: JSON.parse(course.course_features) as string[],
    course_content_cta: course.has_content ? courseContentPath(course.product_id) : null,
  };
}

export interface Offers {
  branch: BranchTerms;
  courses: CourseItem[];
}

/**
 * The student's courses: their class and stream, on their branch's channel, priced with their
 * scholarship (from `ec`, the student's exam context) and any third-party waiver.
 */
export async function offersFor(
  ctx: AppContext,
  student: Student,
  ec: ExamContext,
  careerType = '',
): Promise<Offers> {
  const { klass, stream } = splitClassStream(student.class_stream);
  const branch = await branchTerms(ctx, student.branch_code);
  const [rows, thirdParty, purchased] = await Promise.all([
    ctx.db
      .selectFrom('commerce_courses')
      .selectAll()
      .where('class', '=', klass)
      .where('stream', '=', stream)
      .where('channel', '=', branch.channel)
      .orderBy('position')
      .orderBy('product_id')
      .execute(),
    thirdPartyWaiverOf(ctx, student.roll_number),
    purchasedCourses(ctx.db, student.id),
  ]);
  const zero = ctx.site.site.commerce.waiverZero ?? 'free';
  const waiver = combineWaivers(scholarshipWaiverOf(ec), thirdParty, zero);
  // The main exam's career type lists its courses first, without hiding the others.
  const career = careerType.trim().toLowerCase();
  const first = (c: CommerceCoursesTable) => (career && c.career_type.toLowerCase() === career ? 0 : 1);
  const sorted = [...rows].sort((a, b) => first(a) - first(b));
  return {
    branch,
    courses: sorted.map((c) => toCourseItem(c, branch, waiver, purchased.get(c.product_id) ?? null, zero)),
  };
}
