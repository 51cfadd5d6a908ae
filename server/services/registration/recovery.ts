// Credential recovery's look-up (part 1 §2): a mobile's or roll number's latest registered student
// (server/routes/recovery.ts sends the OTP and the SMS of login-details.ts).
import type { AppContext, Student } from '../../context';

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
