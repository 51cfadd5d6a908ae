// The mobile a registration OTP goes to: a mobile number, or the mobile of a student id where the
// programme accepts one (server/routes/registration/otp.ts sends and verifies).
import type { Programme } from '../../../src/generated/config/programme';
import { maskMiddle } from '../../../src/domain/mask';
import { MOBILE_LENGTH } from '../../../src/domain/otp-rules';
import { ApiError } from '../../api/errors';
import { message } from '../../api/messages';
import type { AppContext } from '../../context';

/** Student ids: 11 digits (new registrations) or PS and 8 digits (older records). */
const PSID = /^(\d{11}|PS\d{8})$/i;

/** The mobile a login id (mobile number or student id) reaches, and how to show it. */
export async function resolveLoginId(
  ctx: AppContext,
  programme: Programme,
  loginId: string,
): Promise<{ mobile: string; shown: string }> {
  if (loginId.length === MOBILE_LENGTH && /^\d+$/.test(loginId)) {
    if (loginId.startsWith('0')) throw new ApiError(400, message('validation.mobileOrId.leadingZero'));
    return { mobile: loginId, shown: loginId };
  }
  if (programme.registration.acceptsStudentId && PSID.test(loginId)) {
    const student = await ctx.db
      .selectFrom('students')
      .select('mobile')
      .where('psid', '=', loginId.toUpperCase())
      .executeTakeFirst();
    if (!student) throw new ApiError(404, message('psid.notFound'));
    // Whoever typed a student id learns only the masked number.
    return { mobile: student.mobile, shown: maskMiddle(student.mobile) };
  }
  throw new ApiError(400, message('validation.mobileOrId.required'));
}

/** The account-exists message's {email}: the site's support address. */
export const accountExistsParams = (ctx: AppContext) => ({ email: ctx.site.site.support.email });
