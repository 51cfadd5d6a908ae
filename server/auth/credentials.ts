// The roll number + date of birth check, for every door that takes them (login, the result page):
// one budget per secret (decision 038). Each try is counted before the date is compared, atomically
// and all or none, against the (roll number, address) pair, the roll number and the address; a right
// one gives its counts back. Past the roll number's free tries its locks grow (1 minute, doubling
// up to an hour) instead of shutting the owner out for the rest of an hour, and every refusal says
// how long, with a true Retry-After. A browser the student has logged in from (a trusted-device
// cookie) counts its tries against itself instead of the roll number, so an attacker's failures
// elsewhere never lock the owner out there.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseDob } from '../../src/domain/dates';
import { ApiError } from '../api/errors';
import { message, type MessageId } from '../api/messages';
import type { AppContext, Student } from '../context';
import { addMs, iso } from '../timestamps';
import { registeredStudentByRoll } from './sessions';
import { clear, lockedFor, takeAll, type Limit, type ThrottleRule } from './throttle';
import { hashToken, newToken } from './tokens';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const CREDENTIAL_RULES = {
  /** One address trying one roll number (or one trusted device): 5 tries, then 15 minutes. */
  pair: { lockAfter: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** One roll number from anywhere: 10 tries a day, then 1 minute, doubling up to an hour. */
  roll: { lockAfter: 10, windowMs: 24 * HOUR, lockMs: MINUTE, maxLockMs: HOUR },
  /** One address trying many roll numbers. */
  ip: { lockAfter: 50, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} satisfies Record<string, ThrottleRule>;

/** The trusted-device cookie: only the API reads it, never a script. */
export const DEVICE_COOKIE = 'ef_device';
const DEVICE_DAYS = 180;

export interface CredentialDoor {
  /** The refusal's message once a limit is reached. */
  tooMany: MessageId;
  /** The answer to a wrong date or an unknown roll number (the same for both). */
  noMatch: MessageId;
}

/** The student of a trusted-device cookie, when it is valid and names this roll number. */
async function trustedDevice(ctx: AppContext, request: FastifyRequest, roll: string): Promise<string | null> {
  const token = request.cookies[DEVICE_COOKIE];
  if (!token) return null;
  const hash = hashToken(token);
  const row = await ctx.db
    .selectFrom('trusted_devices')
    .innerJoin('students', 'students.id', 'trusted_devices.student_id')
    .select('trusted_devices.token_hash')
    .where('trusted_devices.token_hash', '=', hash)
    .where('trusted_devices.expires_at', '>', iso(ctx.now()))
    .where('students.roll_number', '=', roll)
    .executeTakeFirst();
  return row ? hash : null;
}

/**
 * The registered student with this roll number and date of birth; otherwise a 401 with the door's
 * message, or a 429 once a limit is reached (a right date answers as a wrong one then: no oracle).
 */
export async function checkRollAndDob(
  ctx: AppContext,
  request: FastifyRequest,
  { roll, dob }: { roll: string; dob: string },
  door: CredentialDoor,
): Promise<{ student: Student; trusted: boolean }> {
  const device = await trustedDevice(ctx, request, roll);
  const refusal = (until: Date) => lockedFor(ctx, door.tooMany, until);
  // The device's or the address's own tries (forgiven on success), then the roll number's.
  const own: Limit = device
    ? { key: `cred-device:${device}`, rule: CREDENTIAL_RULES.pair, refusal }
    : { key: `cred-pair:${roll}:${request.ip}`, rule: CREDENTIAL_RULES.pair, refusal };
  const limits: Limit[] = [own];
  if (!device) limits.push({ key: `cred-roll:${roll}`, rule: CREDENTIAL_RULES.roll, refusal });
  limits.push({ key: `cred-ip:${request.ip}`, rule: CREDENTIAL_RULES.ip, refusal });
  const giveBack = await takeAll(ctx, limits);
  const parsed = parseDob(dob);
  const student = parsed ? await registeredStudentByRoll(ctx, roll) : undefined;
  if (!student || student.dob !== parsed) throw new ApiError(401, message(door.noMatch));
  await giveBack();
  // The owner's own typos from this address or device are forgiven; the roll number's are not.
  await clear(ctx, own.key);
  return { student, trusted: device !== null };
}

/** Marks this browser as the student's (after a login), for DEVICE_DAYS. */
export async function trustDevice(ctx: AppContext, reply: FastifyReply, student: Student): Promise<void> {
  const token = newToken();
  const now = ctx.now();
  // The student's devices whose trust has ended go as a new one is trusted: the table holds at
  // most a student's live devices and the ones of students who have not logged in since.
  await ctx.db
    .deleteFrom('trusted_devices')
    .where('student_id', '=', student.id)
    .where('expires_at', '<=', iso(now))
    .execute();
  await ctx.db
    .insertInto('trusted_devices')
    .values({
      token_hash: hashToken(token),
      student_id: student.id,
      created_at: iso(now),
      expires_at: iso(addMs(now, DEVICE_DAYS * 24 * HOUR)),
    })
    .execute();
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    maxAge: DEVICE_DAYS * 24 * 3600,
  });
}
