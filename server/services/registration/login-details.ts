// The login details by SMS: the roll number, the password (the date of birth as the login asks for
// it, DD/MM/YYYY) and, where known, where to log in. One text for every sender: credential recovery
// sends it on request (server/routes/recovery.ts); a registration sends it once, when it completes
// (a free signup's own write, or the payment of its exam-fee order).
import { showDob } from '../../../src/domain/dates';
import type { AppContext, Student } from '../../context';
import { onOrderPaidNotify, type Order } from '../../payments/orders';

/** The site's own brand (what the header shows); `loginUrl` says where to log in. */
export const detailsText = (
  ctx: AppContext,
  s: Pick<Student, 'roll_number' | 'dob'>,
  loginUrl?: string,
): string =>
  `Your ${ctx.site.site.brand.providerName} roll number is ${s.roll_number} and your password (date of birth) is ${showDob(s.dob)}.` +
  (loginUrl ? ` Log in at ${loginUrl}` : '');

/** Where a logger writes why an SMS did not go out (a request's pino logger). */
interface Log {
  warn(object: object, message: string): void;
}

/**
 * The login details of a registration that has just completed, sent after its transaction
 * committed. Never fails the registration: a provider that fails or times out (services/sms.ts) is
 * logged, and the student still has the thank-you page and recovery.
 */
export async function sendRegistrationDetails(
  ctx: AppContext,
  student: Pick<Student, 'id' | 'mobile' | 'roll_number' | 'dob'>,
  loginUrl: string | undefined,
  log: Log,
): Promise<void> {
  try {
    await ctx.sms.send(student.mobile, detailsText(ctx, student, loginUrl));
  } catch (error) {
    log.warn({ err: error, student: student.id }, 'registration: login details SMS not sent');
  }
}

/** Where the signup said its student logs in, kept on the exam-fee order (details.login_url). */
function loginUrlOf(order: Order): string | undefined {
  const { login_url: url } = JSON.parse(order.details) as { login_url?: unknown };
  return typeof url === 'string' ? url : undefined;
}

/**
 * A paid registration's login details go out when its exam-fee order is paid: a notice, which
 * confirmOrder runs once per order, after the commit, and only for the callback that moved it to
 * paid (a repeated or concurrent callback changes no row and notifies nobody); a notice that fails
 * is logged there and the payment stands. Exam edits (details.purpose) are orders of the same kind
 * and send nothing.
 */
export function registerPaidRegistrationDetails(ctx: AppContext): void {
  onOrderPaidNotify(ctx, 'exam', async (order) => {
    const student = await ctx.db
      .selectFrom('students')
      .select(['id', 'mobile', 'roll_number', 'dob'])
      .where('id', '=', order.student_id)
      .executeTakeFirstOrThrow();
    await ctx.sms.send(student.mobile, detailsText(ctx, student, loginUrlOf(order)));
  });
}
