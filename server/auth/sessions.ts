// Sessions: a random token, stored as a hash, with an idle and an absolute expiry.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_MARKER_COOKIE } from '../../src/engine/page-request';
import { ApiError } from '../api/errors';
import { addMs, iso, type AppContext, type Student } from '../context';
import { prepared } from '../db/prepared';
import { hashToken, newId, newToken } from './tokens';

const TOUCH_EVERY_MS = 60_000; // refresh last_seen_at at most once a minute: reads stay reads

export async function createSession(
  ctx: AppContext,
  studentId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = ctx.now();
  const expiresAt = addMs(now, ctx.config.session.absoluteHours * 3_600_000);
  await ctx.db
    .insertInto('sessions')
    .values({
      id: newId(),
      token_hash: hashToken(token),
      student_id: studentId,
      created_at: iso(now),
      last_seen_at: iso(now),
      expires_at: iso(expiresAt),
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt };
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
    .where('sessions.token_hash', '=', arg(0))
    .compile(),
);

/** The student holding this token, or null when it is unknown, revoked, idle too long or expired. */
export async function authenticate(ctx: AppContext, token: string): Promise<Student | null> {
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
  const { session_id: _s, last_seen_at: _l, expires_at: _e, revoked_at: _r, ...student } = row;
  return student;
}

export async function revokeSession(ctx: AppContext, token: string): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: iso(ctx.now()) })
    .where('token_hash', '=', hashToken(token))
    .execute();
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header) : null;
  return match?.[1];
}

/** preHandler for routes that need a logged-in student. */
export async function requireStudent(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  const student = token ? await authenticate(request.server.ctx, token) : null;
  if (!student) throw new ApiError(401, 'Your session has expired. Please log in again.');
  request.student = student;
}

/** The student set by requireStudent (throws if the route forgot the guard). */
export function studentOf(request: FastifyRequest): Student {
  if (!request.student) throw new Error('route is missing the requireStudent preHandler');
  return request.student;
}

/** The cookie that lets the page server apply the token rules (decision 001); no secret in it. */
export function setSessionMarker(reply: FastifyReply, maxAgeSeconds: number): void {
  reply.header('Set-Cookie', `${SESSION_MARKER_COOKIE}=1; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax`);
}
export function clearSessionMarker(reply: FastifyReply): void {
  reply.header('Set-Cookie', `${SESSION_MARKER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
}
