// Sessions: a random token, stored as a hash, with an idle and an absolute expiry.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_MARKER_COOKIE } from '../../src/engine/page-request';
import { ApiError } from '../api/errors';
import { message } from '../api/messages';
import type { AppContext, Student } from '../context';
import { addMs, iso } from '../timestamps';
import type { Db } from '../db/database';
import type { SessionEndReason } from '../db/tables/core';
import { prepared } from '../db/prepared';
import { hashToken, newId, newToken } from './tokens';

const TOUCH_EVERY_MS = 60_000; // refresh last_seen_at at most once a minute: reads stay reads

/** How long the one-time code of a login's dashboard_url on another host is good for. */
const HANDOFF_MS = 10 * 60_000;

/**
 * A new session. With a handoff code (from the dashboard_url a login on another host answered) it
 * joins that login, once: a logout on either host then ends both. An unknown, used or expired code,
 * or another student's, is ignored (the session is a login of its own).
 */
export async function createSession(
  ctx: AppContext,
  studentId: string,
  options: { handoff?: string } = {},
): Promise<{ token: string; expiresAt: Date; id: string }> {
  const token = newToken();
  const now = ctx.now();
  const expiresAt = addMs(now, ctx.config.session.absoluteHours * 3_600_000);
  const id = newId();
  return ctx.db.transaction().execute(async (trx) => {
    let loginId = id;
    if (options.handoff) {
      const from = await trx
        .selectFrom('sessions')
        .select(['id', 'login_id'])
        .where('handoff_hash', '=', hashToken(options.handoff))
        .where('student_id', '=', studentId)
        .where('revoked_at', 'is', null)
        .where('handoff_expires_at', '>', iso(now))
        .executeTakeFirst();
      if (from) {
        // Used once: the conditional update lets only one of two racing logins claim it.
        const claimed = await trx
          .updateTable('sessions')
          .set({ handoff_hash: null, handoff_expires_at: null })
          .where('id', '=', from.id)
          .where('handoff_hash', '=', hashToken(options.handoff))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 1) loginId = from.login_id;
      }
    }
    await trx
      .insertInto('sessions')
      .values({
        id,
        token_hash: hashToken(token),
        student_id: studentId,
        created_at: iso(now),
        last_seen_at: iso(now),
        expires_at: iso(expiresAt),
        revoked_at: null,
        login_id: loginId,
        revoked_reason: null,
        handoff_hash: null,
        handoff_expires_at: null,
      })
      .execute();
    return { token, expiresAt, id };
  });
}

/** A one-time code that lets a login on another host join this session's login (createSession). */
export async function createHandoff(ctx: AppContext, sessionId: string): Promise<string> {
  const code = newToken();
  await ctx.db
    .updateTable('sessions')
    .set({ handoff_hash: hashToken(code), handoff_expires_at: iso(addMs(ctx.now(), HANDOFF_MS)) })
    .where('id', '=', sessionId)
    .execute();
  return code;
}

const sessionByHash = prepared((db, arg) =>
  db
    .selectFrom('sessions')
    .innerJoin('students', 'students.id', 'sessions.student_id')
    .selectAll('students')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('data_versions')
        .select('version')
        .where('name', '=', 'reference')
        .as('reference_version'),
    )
    .where('sessions.token_hash', '=', arg(0))
    .compile(),
);

export interface Authenticated {
  student: Student;
  /** The version of everything the student's dashboard and profile answers are read from: their
   *  own data and the reference data (migration 011, services/dashboard/answer-cache.ts). */
  answersVersion: string;
}

/** The student holding this token, or null when it is unknown, revoked, idle too long or expired. */
export async function authenticate(ctx: AppContext, token: string): Promise<Authenticated | null> {
  const now = ctx.now();
  const [row] = await sessionByHash(ctx.db, hashToken(token));
  if (!row || row.revoked_at) return null;
  const idleUntil = addMs(new Date(row.last_seen_at), ctx.config.session.idleMinutes * 60_000);
  if (now >= new Date(row.expires_at) || now >= idleUntil) return null;
  if (now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: iso(now) })
      .where('id', '=', row.session_id)
      .execute();
  }
  const {
    session_id: _s,
    last_seen_at: _l,
    expires_at: _e,
    revoked_at: _r,
    reference_version: reference,
    ...student
  } = row;
  return { student, answersVersion: `${student.data_version} ${reference ?? ''}` };
}

/** Logout: ends every session of the token's login, on every host (each host's page then finds
 * its token refused and clears its own marker). */
export async function revokeLogin(ctx: AppContext, token: string): Promise<void> {
  const session = await ctx.db
    .selectFrom('sessions')
    .select('login_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!session) return;
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: iso(ctx.now()), revoked_reason: 'logged_out', handoff_hash: null })
    .where('login_id', '=', session.login_id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of the student now, for this reason, in the caller's transaction. */
export async function endStudentSessions(
  db: Db,
  studentId: string,
  reason: SessionEndReason,
  now: Date,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: iso(now), revoked_reason: reason, handoff_hash: null })
    .where('student_id', '=', studentId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Why the server ended this token's session, when it did (a logout, a submitted test). */
async function endReason(ctx: AppContext, token: string): Promise<SessionEndReason | undefined> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select('revoked_reason')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row?.revoked_reason ?? undefined;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header) : null;
  return match?.[1];
}

/**
 * preHandler for routes that need a logged-in student. A refused token also clears this host's
 * session marker (decision 001), and says why the server ended it when it did (session_end).
 */
export async function requireStudent(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { ctx } = request.server;
  const token = bearerToken(request);
  const authenticated = token ? await authenticate(ctx, token) : null;
  if (!authenticated) {
    clearSessionMarker(reply);
    const reason = token ? await endReason(ctx, token) : undefined;
    throw new ApiError(401, message('session.expired'), reason ? { session_end: reason } : {});
  }
  request.student = authenticated.student;
  request.answersVersion = authenticated.answersVersion;
}

/** The version of the student's answers, read with the session by requireStudent. */
export function answersVersionOf(request: FastifyRequest): string {
  if (!request.answersVersion) throw new Error('route is missing the requireStudent preHandler');
  return request.answersVersion;
}

/** The student set by requireStudent (throws if the route forgot the guard). */
export function studentOf(request: FastifyRequest): Student {
  if (!request.student) throw new Error('route is missing the requireStudent preHandler');
  return request.student;
}

/** The cookie that lets the page server apply the token rules (decision 001); no secret in it. */
export function setSessionMarker(reply: FastifyReply, maxAgeSeconds: number): void {
  reply.setCookie(SESSION_MARKER_COOKIE, '1', { path: '/', maxAge: maxAgeSeconds, sameSite: 'lax' });
}
export function clearSessionMarker(reply: FastifyReply): void {
  reply.clearCookie(SESSION_MARKER_COOKIE, { path: '/', sameSite: 'lax' });
}

/** The student with this roll number, if any (login checks the date of birth and the status). */
export const studentByRollNumber = (ctx: AppContext, rollNumber: string): Promise<Student | undefined> =>
  ctx.db.selectFrom('students').selectAll().where('roll_number', '=', rollNumber).executeTakeFirst();

/** The student with this id, if any. */
export const studentById = (ctx: AppContext, id: string): Promise<Student | undefined> =>
  ctx.db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();

/** The registered student with this roll number, if any. */
export const registeredStudentByRoll = (ctx: AppContext, rollNumber: string): Promise<Student | undefined> =>
  ctx.db
    .selectFrom('students')
    .selectAll()
    .where('roll_number', '=', rollNumber)
    .where('registration_status', '=', 'registered')
    .executeTakeFirst();
