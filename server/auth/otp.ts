// One-time codes for registration and credential recovery: one flow, parameterised by purpose.
// Random digits (crypto; site config otp.length, 4 by default), stored as a hash, single use,
// 10 minutes, 5 wrong tries counted atomically before the check. Sends (decision 038): a new code
// no sooner than 45 s after the last; 5 an hour per (number, address); per number, waits that grow
// after the fifth send in an hour, up to 15 minutes, so that nobody, from any number of addresses,
// can keep the owner from a code for longer than that (an hourly lock per number once could, on
// exam day too); and a generous number per address (config sms.otpSendsPerAddressPerHour). A code
// the SMS provider could not send is withdrawn: it costs the student no send and starts no wait, so
// they can try again at once.
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import {
  CODE_JUST_SENT_ERROR_CODE,
  OTP_LENGTH,
  RESEND_DELAY_MS,
  WRONG_OTP_ERROR_CODE as SHARED_WRONG_OTP,
} from '../../src/domain/otp-rules';
import { ApiError } from '../api/errors';
import { message } from '../api/messages';
import type { AppContext } from '../context';
import { addMs, iso } from '../timestamps';
import type { OtpsTable } from '../db/tables/core';
import { SmsNotSent } from '../services/sms';
import {
  lockedFor,
  secondsUntil,
  takeAll,
  waitFor,
  waitOrLockedFor,
  type Limit,
  type ThrottleRule,
} from './throttle';
import { newId, randomDigits } from './tokens';

/** The digits of a new code: the site config's (otp.length), else the spec's 4. A code already
 * sent keeps its own length: verification compares the hash of whatever 4 to 8 digits arrive. */
export const otpLength = (ctx: AppContext): number => ctx.site.site.otp?.length ?? OTP_LENGTH;

export const OTP_RULES = {
  ttlMs: 10 * 60_000,
  maxWrongTries: 5,
  resendAfterMs: RESEND_DELAY_MS,
  sendsPerHour: 5,
} as const;

/** error_code 1: the client clears the boxes and refocuses the first (part 2 §8). */
export const WRONG_OTP_ERROR_CODE = SHARED_WRONG_OTP;

const hashCode = (otpId: string, code: string) => createHash('sha256').update(`${otpId}:${code}`).digest();

export interface IssueOtp {
  purpose: OtpsTable['purpose'];
  mobile: string;
  loginId: string;
  message: (code: string) => string;
  /** The address asking (request.ip). */
  ip: string;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Sends to one number from one address: an attacker's address locks itself, not the owner. */
const pairRule: ThrottleRule = { lockAfter: OTP_RULES.sendsPerHour, windowMs: HOUR, lockMs: HOUR };
/**
 * Sends to one number from anywhere: after the fifth in an hour the next waits 2 minutes, then 4,
 * 8 and at most 15 (about 12 texts an hour at most), never a lock the owner cannot wait out.
 */
export const numberRule: ThrottleRule = {
  lockAfter: OTP_RULES.sendsPerHour,
  windowMs: HOUR,
  lockMs: 2 * MINUTE,
  maxLockMs: 15 * MINUTE,
};
/**
 * Wrong codes for one number, over all its codes, from anywhere: 10 a day, then a lock of 1
 * minute doubling up to an hour (decision 038 computes the odds this leaves a guesser).
 */
export const wrongTriesRule: ThrottleRule = {
  lockAfter: 10,
  windowMs: 24 * HOUR,
  lockMs: MINUTE,
  maxLockMs: HOUR,
};

/** A send within the number's resend wait (answered by resendWaitRefusal). */
class WithinResendWait extends Error {
  constructor(readonly until: Date) {
    super('within the resend wait');
  }
}

/**
 * The refusal of a send within the resend wait. When the code sent moments ago still waits to be
 * typed (another tab asked for it), it says so (error_code 2, the seconds left and its digits): the
 * card offers its boxes. A code already used or expired is no help: the plain wait.
 */
async function resendWaitRefusal(
  ctx: AppContext,
  purpose: OtpsTable['purpose'],
  mobile: string,
  until: Date,
): Promise<ApiError> {
  const latest = await ctx.db
    .selectFrom('otps')
    .select(['consumed_at', 'expires_at', 'attempts'])
    .where('purpose', '=', purpose)
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const open =
    latest &&
    !latest.consumed_at &&
    Number(latest.attempts) < OTP_RULES.maxWrongTries &&
    new Date(latest.expires_at) > ctx.now();
  return waitFor(
    ctx,
    'otp.wait',
    until,
    open
      ? {
          error_code: CODE_JUST_SENT_ERROR_CODE,
          data: { resend_in: secondsUntil(ctx, until), otp_length: otpLength(ctx) },
        }
      : {},
  );
}

/** One send per resend wait: the first locks the number's key until the wait is over. */
const resendWaitRule: ThrottleRule = {
  lockAfter: 1,
  windowMs: OTP_RULES.resendAfterMs,
  lockMs: OTP_RULES.resendAfterMs,
};

export async function issueOtp(
  ctx: AppContext,
  { purpose, mobile, loginId, message: smsText, ip }: IssueOtp,
): Promise<{ otpId: string; length: number }> {
  const now = ctx.now();
  const addressRule: ThrottleRule = {
    lockAfter: ctx.config.sms.otpSendsPerAddressPerHour,
    windowMs: HOUR,
    lockMs: HOUR,
  };
  // The address, then the number's resend wait, its sends from this address and its growing wait
  // (each atomic: requests that arrive together cannot all pass).
  const limits: Limit[] = [
    {
      key: `otp-send-ip:${ip}`,
      rule: addressRule,
      refusal: (until) => lockedFor(ctx, 'otp.tooManyFromAddress', until),
    },
    {
      key: `otp-wait:${purpose}:${mobile}`,
      rule: resendWaitRule,
      refusal: (until) => new WithinResendWait(until),
    },
    {
      key: `otp-send-pair:${mobile}:${ip}`,
      rule: pairRule,
      refusal: (until) => lockedFor(ctx, 'otp.tooManySends', until),
    },
    {
      key: `otp-send:${mobile}`,
      rule: numberRule,
      refusal: (until) => waitOrLockedFor(ctx, 'otp.wait', 'otp.tooManySends', until),
    },
  ];
  const giveBack = await takeAll(ctx, limits).catch(async (error: unknown) => {
    throw error instanceof WithinResendWait
      ? await resendWaitRefusal(ctx, purpose, mobile, error.until)
      : error;
  });

  const otpId = newId();
  const length = otpLength(ctx);
  const code = randomDigits(length);
  await ctx.db
    .insertInto('otps')
    .values({
      id: otpId,
      purpose,
      mobile,
      login_id: loginId,
      code_hash: hashCode(otpId, code).toString('hex'),
      created_at: iso(now),
      expires_at: iso(addMs(now, OTP_RULES.ttlMs)),
      attempts: 0,
      consumed_at: null,
    })
    .execute();
  try {
    await ctx.sms.send(mobile, smsText(code), code);
  } catch (error) {
    // Nothing went out: withdraw the code (the resend wait counts from the latest code) and the
    // sends it counted.
    await ctx.db.deleteFrom('otps').where('id', '=', otpId).execute();
    await giveBack();
    throw error instanceof SmsNotSent ? new ApiError(503, message('otp.sendFailed')) : error;
  }
  return { otpId, length };
}

export interface VerifyOtp {
  purpose: OtpsTable['purpose'];
  code: string;
  /** The code to check: by its id, or the latest one sent to this mobile for this purpose. */
  otpId?: string;
  mobile?: string;
  /** Accept a code that was already used (to send the details again), if it is still valid. */
  allowUsed?: boolean;
}

/** The matching one-time code, now used; an ApiError with the reason otherwise. */
export async function verifyOtp(
  ctx: AppContext,
  { purpose, code, otpId, mobile, allowUsed = false }: VerifyOtp,
): Promise<OtpsTable> {
  let query = ctx.db.selectFrom('otps').selectAll().where('purpose', '=', purpose);
  if (otpId) query = query.where('id', '=', otpId);
  else if (mobile) query = query.where('mobile', '=', mobile);
  else throw new ApiError(400, message('otp.requestFirst'));
  const otp = await query.orderBy('created_at', 'desc').executeTakeFirst();
  const now = ctx.now();
  if (!otp) throw new ApiError(400, message('otp.requestFirst'));
  if (otp.consumed_at && !allowUsed) throw new ApiError(400, message('otp.used'));
  if (new Date(otp.expires_at) <= now) throw new ApiError(400, message('otp.expired'));
  // The try is counted before the code is compared, against the number's budget for a day and
  // the code's own 5, each in one statement: tries that arrive together, on any number of
  // processes, cannot pass a limit (a read, then a write, once let hundreds in).
  const giveBack = await takeAll(ctx, [
    {
      key: `otp-wrong:${otp.mobile}`,
      rule: wrongTriesRule,
      refusal: (until) => lockedFor(ctx, 'otp.tooManyWrongForNumber', until),
    },
  ]);
  const counted = await ctx.db
    .updateTable('otps')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', otp.id)
    .where('attempts', '<', OTP_RULES.maxWrongTries)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) {
    await giveBack();
    throw new ApiError(429, message('otp.tooManyWrong'));
  }
  const matches =
    /^\d{4,8}$/.test(code) && timingSafeEqual(hashCode(otp.id, code), Buffer.from(otp.code_hash, 'hex'));
  if (!matches) {
    const left = OTP_RULES.maxWrongTries - Number(counted.attempts);
    throw new ApiError(400, message(left > 0 ? 'otp.invalid' : 'otp.tooManyWrong'), {
      error_code: WRONG_OTP_ERROR_CODE,
    });
  }
  // A right code is no wrong try.
  await giveBack();
  await ctx.db
    .updateTable('otps')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('id', '=', otp.id)
    .execute();
  if (!otp.consumed_at) {
    // Single use, even when two requests race: only the first update changes a row.
    const used = await ctx.db
      .updateTable('otps')
      .set({ consumed_at: iso(now) })
      .where('id', '=', otp.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1 && !allowUsed) throw new ApiError(400, message('otp.used'));
  }
  return otp;
}

/**
 * A text other than an OTP that a request sends to a student's phone (recovery by roll number
 * sends the login details): as OTP sends, at most one per resend wait and growing waits per
 * number, so nobody can flood a phone through it; a send that did not go out gives its counts
 * back.
 */
export async function sendRequestedText(
  ctx: AppContext,
  { kind, mobile, text }: { kind: string; mobile: string; text: string },
): Promise<void> {
  const limits: Limit[] = [
    {
      key: `text-wait:${kind}:${mobile}`,
      rule: resendWaitRule,
      refusal: (until) => waitFor(ctx, 'recover.detailsWait', until),
    },
    {
      key: `text-send:${kind}:${mobile}`,
      rule: numberRule,
      refusal: (until) => waitOrLockedFor(ctx, 'recover.detailsWait', 'recover.tooManyDetails', until),
    },
  ];
  const giveBack = await takeAll(ctx, limits);
  try {
    await ctx.sms.send(mobile, text);
  } catch (error) {
    await giveBack();
    throw error;
  }
}
