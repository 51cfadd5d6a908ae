// Credential recovery's look-up and its message (part 1 §2): a mobile's or roll number's latest
// registered student and the SMS that gives back the roll number and password
// (server/routes/recovery.ts sends the OTP and the SMS).
import { showDob } from '../../../src/domain/dates';
import type { AppContext, Student } from '../../context';

// The site's own brand (what the header shows), and the date of birth as the login asks for it.
export const detailsText = (ctx: AppContext, s: Student) =>
  `Your ${ctx.site.site.brand.providerName} roll number is ${s.roll_number} and your password (date of birth) is ${showDob(s.dob)}.`;

export async function latestRegistered(
  ctx: AppContext,
  column: 'mobile' | 'roll_number',
  value: string,
): Promise<Student | undefined> {
  return ctx.db
    .selectFrom('students')
    .selectAll()
    .where(column, '=', value)
    .where('registration_status', '=', 'registered')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}
