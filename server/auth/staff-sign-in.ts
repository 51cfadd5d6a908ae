// Signing in to examflow Studio (decision 048), in two steps: the password, which answers a ticket
// good for 5 minutes, then the ticket with a TOTP code or a recovery code, which opens a session.
// An account without a confirmed second factor enrols on its first sign-in: the ticket carries a
// new secret, and a right code from it confirms the secret and gives 10 one-time recovery codes.
//
// Throttling (one budget per secret, taken atomically in the database before the check, as the
// students' login does: throttle.ts): each password try counts against the (e-mail, address) pair,
// the e-mail and the address, all or none; a right password gives them back. Past the e-mail's free
// tries its locks grow (1 minute, doubling, at most 15) rather than shutting its owner out for
// long, and a browser the owner completed a sign-in on counts its tries against itself instead of
// the e-mail, so a stranger's guesses never lock the owner out there. Codes: 5 tries a ticket,
// and a budget per account.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api/errors';
import type { AppContext } from '../context';
import type { StaffTable } from '../db/tables/staff';
import {
  emailKey,
  endEverything,
  recoveryCodeHash,
  staffByEmail,
  staffById,
  summaryOf,
  type StaffSummary,
} from '../services/staff/accounts';
import { audit, type AuditActor } from '../services/staff/audit';
import { addMs, iso } from '../timestamps';
import {
  hashPassword,
  needsRehash,
  PASSWORD_MIN_LENGTH,
  verifyNoPassword,
  verifyPassword,
} from './staff-passwords';
import { openStaffSession } from './staff-sessions';
import { newTotpSecret, totpCodeStep } from './staff-totp';
import { clear, secondsUntil, takeAll, type Limit, type ThrottleRule } from './throttle';
import { hashToken, newId, newToken } from './tokens';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const STAFF_SIGN_IN_RULES = {
  /** One address (or one trusted browser) trying one e-mail: 5 tries, then 15 minutes. */
  pair: { lockAfter: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** One e-mail from anywhere: 10 tries a day, then 1 minute, doubling up to 15. */
  email: { lockAfter: 10, windowMs: 24 * HOUR, lockMs: MINUTE, maxLockMs: 15 * MINUTE },
  /** One address trying many e-mails. */
  ip: { lockAfter: 30, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** Second-factor codes of one account, over all its tickets: 10, then 1 minute doubling up to 15. */
  code: { lockAfter: 10, windowMs: HOUR, lockMs: MINUTE, maxLockMs: 15 * MINUTE },
} satisfies Record<string, ThrottleRule>;

export const TICKET_MS = 5 * MINUTE;
export const TICKET_TRIES = 5;
export const RECOVERY_CODES = 10;

/** The trusted-browser cookie: only the sign-in routes read it. */
export const STUDIO_DEVICE_COOKIE = 'examflow_studio_device';
const DEVICE_DAYS = 90;

const WRONG_PASSWORD = 'The e-mail address or the password is wrong.';

/** A 429 that says how long to wait, in the message and in a true Retry-After. */
export function tooManyRequestsFor(ctx: AppContext, until: Date, what: string): ApiError {
  const seconds = secondsUntil(ctx, until);
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  const error = new ApiError(429, `${what}: try again in ${wait}.`);
  error.retryAfterSeconds = seconds;
  return error;
}

const actorOf = (staff: Pick<StaffTable, 'id' | 'email'>): AuditActor => ({
  id: staff.id,
  email: staff.email,
});

export interface SignInAnswer {
  ticket: string;
  expiresAt: Date;
  /** For an account that has not enrolled yet: the secret to add to an authenticator app. */
  enrolment?: { secret: string; uri: string };
}

/** The browser's trusted-device hash, when its cookie is valid for this e-mail's account. */
async function trustedDevice(ctx: AppContext, request: FastifyRequest, key: string): Promise<string | null> {
  const token = request.cookies[STUDIO_DEVICE_COOKIE];
  if (!token) return null;
  const hash = hashToken(token);
  const row = await ctx.db
    .selectFrom('staff_devices')
    .innerJoin('staff', 'staff.id', 'staff_devices.staff_id')
    .select('staff_devices.token_hash')
    .where('staff_devices.token_hash', '=', hash)
    .where('staff_devices.expires_at', '>', iso(ctx.now()))
    .where('staff.email_key', '=', key)
    .executeTakeFirst();
  return row ? hash : null;
}

/** Step one: the password. Answers a ticket for step two, or 401 / 429 (all audited). */
export async function signInWithPassword(
  ctx: AppContext,
  request: FastifyRequest,
  { email, password }: { email: string; password: string },
): Promise<SignInAnswer> {
  const key = emailKey(email);
  const ip = request.ip;
  const device = await trustedDevice(ctx, request, key);
  const throttled = (until: Date) => tooManyRequestsFor(ctx, until, 'Too many sign-in attempts');
  const own: Limit = device
    ? { key: `staff-device:${device}`, rule: STAFF_SIGN_IN_RULES.pair, refusal: throttled }
    : { key: `staff-pair:${key}:${ip}`, rule: STAFF_SIGN_IN_RULES.pair, refusal: throttled };
  const limits: Limit[] = [own];
  if (!device)
    limits.push({ key: `staff-email:${key}`, rule: STAFF_SIGN_IN_RULES.email, refusal: throttled });
  limits.push({ key: `staff-ip:${ip}`, rule: STAFF_SIGN_IN_RULES.ip, refusal: throttled });
  let giveBack: () => Promise<void>;
  try {
    giveBack = await takeAll(ctx, limits);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 429)
      await audit(ctx, {
        actor: null,
        action: 'sign-in.throttled',
        ip,
        details: { email: key, step: 'password', retry_after: error.retryAfterSeconds },
      });
    throw error;
  }
  const staff = await staffByEmail(ctx, key);
  const right = staff
    ? await verifyPassword(password, staff.password_hash)
    : await verifyNoPassword(password);
  if (!staff || !right) {
    await audit(ctx, {
      actor: staff ? actorOf(staff) : null,
      action: 'sign-in.wrong-password',
      ip,
      details: { email: key, known: staff !== undefined },
    });
    throw new ApiError(401, WRONG_PASSWORD);
  }
  await giveBack();
  // The owner's own typos from this address or browser are forgiven; the e-mail's are not.
  await clear(ctx, own.key);
  if (staff.disabled_at) {
    await audit(ctx, { actor: actorOf(staff), action: 'sign-in.disabled', ip, details: { email: key } });
    throw new ApiError(401, WRONG_PASSWORD);
  }
  if (needsRehash(staff.password_hash))
    await ctx.db
      .updateTable('staff')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', staff.id)
      .execute();
  const ticket = newToken();
  const now = ctx.now();
  const expiresAt = addMs(now, TICKET_MS);
  const enrolment = staff.totp_confirmed_at ? undefined : newTotpSecret(staff.email);
  await ctx.db
    .insertInto('staff_tickets')
    .values({
      id: newId(),
      token_hash: hashToken(ticket),
      staff_id: staff.id,
      enrol_secret: enrolment?.secret ?? null,
      attempts: 0,
      created_at: iso(now),
      expires_at: iso(expiresAt),
      used_at: null,
      ip,
    })
    .execute();
  await audit(ctx, {
    actor: actorOf(staff),
    action: enrolment ? 'enrolment.started' : 'sign-in.password-accepted',
    ip,
  });
  return { ticket, expiresAt, ...(enrolment ? { enrolment } : {}) };
}

/** Ten recovery codes: 80 random bits each, written xxxx-xxxx-xxxx-xxxx (lower-case base32). */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = [...randomBytes(16)].map((b) => alphabet[b % 32]).join('');
    return chars.match(/.{4}/g)?.join('-') ?? chars;
  });
}

export interface SecondFactorAnswer {
  staff: StaffSummary;
  csrfToken: string;
  expiresAt: Date;
  /** Given once, at enrolment. */
  recoveryCodes?: string[];
  method: 'totp' | 'recovery-code' | 'enrolment';
}

const SIGN_IN_AGAIN = 'This sign-in has ended (5 minutes, or too many wrong codes): sign in again.';
const WRONG_CODE = 'The code is wrong or has been used already.';

/**
 * Step two: the ticket and a code from the authenticator app (or, once each, a recovery code).
 * Opens a session (the Studio cookie) and trusts this browser for later sign-ins.
 */
export async function completeSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { ticket, code }: { ticket: string; code: string },
): Promise<SecondFactorAnswer> {
  const ip = request.ip;
  const nowDate = ctx.now();
  const now = iso(nowDate);
  // One try of the ticket's five, taken before the code is looked at.
  const taken = await ctx.db
    .updateTable('staff_tickets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', hashToken(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', TICKET_TRIES)
    .returning(['id', 'staff_id', 'enrol_secret', 'attempts'])
    .executeTakeFirst();
  if (!taken) {
    await audit(ctx, { actor: null, action: 'sign-in.ticket-refused', ip });
    throw new ApiError(401, SIGN_IN_AGAIN);
  }
  const staff = await staffById(ctx, taken.staff_id);
  if (!staff || staff.disabled_at) {
    await audit(ctx, { actor: staff ? actorOf(staff) : null, action: 'sign-in.disabled', ip });
    throw new ApiError(401, SIGN_IN_AGAIN);
  }
  const actor = actorOf(staff);
  let giveBack: () => Promise<void>;
  try {
    giveBack = await takeAll(ctx, [
      {
        key: `staff-code:${staff.id}`,
        rule: STAFF_SIGN_IN_RULES.code,
        refusal: (until) => tooManyRequestsFor(ctx, until, 'Too many wrong codes'),
      },
    ]);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 429)
      await audit(ctx, {
        actor,
        action: 'sign-in.throttled',
        ip,
        details: { step: 'code', retry_after: error.retryAfterSeconds },
      });
    throw error;
  }
  const wrong = async (details: Record<string, unknown>): Promise<never> => {
    await audit(ctx, {
      actor,
      action: 'sign-in.wrong-code',
      ip,
      details: { ...details, tries_left: TICKET_TRIES - Number(taken.attempts) },
    });
    throw new ApiError(401, WRONG_CODE);
  };
  const secret = taken.enrol_secret ?? staff.totp_secret;
  if (!secret) return wrong({ reason: 'no-second-factor' });
  const digits = code.replace(/\s/g, '');
  const step = /^\d{6}$/.test(digits) ? totpCodeStep(secret, digits, nowDate) : null;
  const recovery = step === null && !taken.enrol_secret && /^[a-z2-7-\s]{16,24}$/i.test(code);
  if (step === null && !recovery) return wrong({ reason: 'wrong-code', enrolment: !!taken.enrol_secret });

  // All or nothing: the ticket is used, the code's step (or the recovery code) is spent, the
  // enrolment is confirmed; a twin request racing this one finds one of them gone and fails.
  type Outcome =
    | { ok: true; method: SecondFactorAnswer['method']; recoveryCodes?: string[] }
    | { ok: false; reason: string };
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
    const claimed = await trx
      .updateTable('staff_tickets')
      .set({ used_at: now })
      .where('id', '=', taken.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, reason: 'ticket-used' };
    if (taken.enrol_secret && step !== null) {
      const enrolled = await trx
        .updateTable('staff')
        .set({
          totp_secret: taken.enrol_secret,
          totp_confirmed_at: now,
          totp_last_step: step,
          updated_at: now,
        })
        .where('id', '=', staff.id)
        .where('totp_confirmed_at', 'is', null)
        .executeTakeFirst();
      if (Number(enrolled.numUpdatedRows) !== 1) return { ok: false, reason: 'enrolled-already' };
      const codes = newRecoveryCodes();
      await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staff.id).execute();
      await trx
        .insertInto('staff_recovery_codes')
        .values(
          codes.map((c) => ({
            staff_id: staff.id,
            code_hash: recoveryCodeHash(c),
            created_at: now,
            used_at: null,
          })),
        )
        .execute();
      return { ok: true, method: 'enrolment', recoveryCodes: codes };
    }
    if (step !== null) {
      // Each step's code once: only a later step than the last one used moves the mark.
      const fresh = await trx
        .updateTable('staff')
        .set({ totp_last_step: step })
        .where('id', '=', staff.id)
        .where('totp_secret', '=', secret)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(fresh.numUpdatedRows) === 1
        ? { ok: true, method: 'totp' }
        : { ok: false, reason: 'replay' };
    }
    const spent = await trx
      .updateTable('staff_recovery_codes')
      .set({ used_at: now })
      .where('staff_id', '=', staff.id)
      .where('code_hash', '=', recoveryCodeHash(code))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1
      ? { ok: true, method: 'recovery-code' }
      : { ok: false, reason: 'wrong-recovery-code' };
  });
  if (!outcome.ok) {
    if (outcome.reason === 'ticket-used') {
      await audit(ctx, { actor, action: 'sign-in.ticket-refused', ip, details: { reason: 'used' } });
      throw new ApiError(401, SIGN_IN_AGAIN);
    }
    return wrong({ reason: outcome.reason });
  }
  await giveBack();
  const session = await openStaffSession(ctx, staff.id, request, reply);
  await trustDevice(ctx, request, reply, staff.id);
  if (outcome.method === 'enrolment') await audit(ctx, { actor, action: 'enrolment.confirmed', ip });
  await audit(ctx, { actor, action: 'sign-in.success', ip, details: { method: outcome.method } });
  const after = outcome.method === 'enrolment' ? { ...staff, totp_confirmed_at: now } : staff;
  return {
    staff: summaryOf(after),
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt,
    method: outcome.method,
    ...(outcome.recoveryCodes ? { recoveryCodes: outcome.recoveryCodes } : {}),
  };
}

/** Marks this browser as the staff member's, for DEVICE_DAYS (its password tries count against it). */
async function trustDevice(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  staffId: string,
): Promise<void> {
  const token = newToken();
  const now = ctx.now();
  await ctx.db
    .deleteFrom('staff_devices')
    .where('staff_id', '=', staffId)
    .where('expires_at', '<=', iso(now))
    .execute();
  await ctx.db
    .insertInto('staff_devices')
    .values({
      token_hash: hashToken(token),
      staff_id: staffId,
      created_at: iso(now),
      expires_at: iso(addMs(now, DEVICE_DAYS * 24 * HOUR)),
    })
    .execute();
  reply.setCookie(STUDIO_DEVICE_COOKIE, token, {
    path: '/studio/api/account/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_DAYS * 24 * 3600,
  });
}

/**
 * A signed-in staff member's new password, given the current one (its tries count against the
 * account: 5 in 15 minutes). Every other session of the account ends.
 */
export async function changePassword(
  ctx: AppContext,
  request: FastifyRequest,
  staff: { id: string; email: string; sessionId: string },
  { current, next }: { current: string; next: string },
): Promise<void> {
  const actor = { id: staff.id, email: staff.email };
  if (next.length < PASSWORD_MIN_LENGTH)
    throw new ApiError(400, `The new password needs at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (next === current) throw new ApiError(400, 'The new password is the current one.');
  const giveBack = await takeAll(ctx, [
    {
      key: `staff-password:${staff.id}`,
      rule: STAFF_SIGN_IN_RULES.pair,
      refusal: (until) => tooManyRequestsFor(ctx, until, 'Too many wrong passwords'),
    },
  ]);
  const row = await staffById(ctx, staff.id);
  if (!row || !(await verifyPassword(current, row.password_hash))) {
    await audit(ctx, {
      actor,
      action: 'sign-in.wrong-password',
      ip: request.ip,
      details: { step: 'password-change' },
    });
    throw new ApiError(403, 'The current password is wrong.');
  }
  await giveBack();
  const passwordHash = await hashPassword(next);
  const now = iso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    const t = { ...ctx, db: trx };
    await trx
      .updateTable('staff')
      .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
      .where('id', '=', staff.id)
      .execute();
    await endEverything(t, staff.id, 'password_changed', staff.sessionId);
    await audit(t, { actor, action: 'password.changed', ip: request.ip });
  });
}
