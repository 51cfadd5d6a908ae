// examflow Studio's staff sessions (decision 048), apart from the students': their own table, a
// random token stored as a hash in the cookie `examflow_studio` (HttpOnly, SameSite=Strict,
// Path=/studio), an idle and an absolute timeout of their own, and a CSRF token each that every
// change must send back in X-CSRF-Token. requireStaff(role) guards every Studio route.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ApiError } from '../api/errors';
import type { AppContext } from '../context';
import type { StaffRole, StaffSessionsTable } from '../db/tables/staff';
import { audit, type AuditActor } from '../services/staff/audit';
import { roleAtLeast } from '../services/staff/accounts';
import { addMs, iso } from '../timestamps';
import { hashToken, newId, newToken, sameSecret } from './tokens';

export const STUDIO_COOKIE = 'examflow_studio';
const STUDIO_PATH = '/studio';
const TOUCH_EVERY_MS = 60_000; // last_seen_at at most once a minute: a read stays a read

/** The signed-in staff member of a Studio request (requireStaff sets it). */
export interface StaffOnRequest {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: string;
  csrfToken: string;
  expiresAt: string;
  lastSeenAt: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireStaff. */
    staff: StaffOnRequest | null;
  }
}

export const actorOf = (staff: Pick<StaffOnRequest, 'id' | 'email'>): AuditActor => ({
  id: staff.id,
  email: staff.email,
});

/**
 * A new session, its cookie set on the reply, for a staff member who has proven who they are: both
 * factors (staff-sign-in.ts), or the organisation's OpenID Connect provider (staff-oidc.ts).
 */
export async function openStaffSession(
  ctx: AppContext,
  staffId: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ csrfToken: string; expiresAt: Date }> {
  const token = newToken();
  const csrfToken = newToken();
  const now = ctx.now();
  const expiresAt = addMs(now, ctx.config.studio.sessionAbsoluteHours * 3_600_000);
  await ctx.db
    .insertInto('staff_sessions')
    .values({
      id: newId(),
      token_hash: hashToken(token),
      staff_id: staffId,
      csrf_token: csrfToken,
      created_at: iso(now),
      last_seen_at: iso(now),
      expires_at: iso(expiresAt),
      revoked_at: null,
      revoked_reason: null,
      ip: request.ip,
      user_agent: request.headers['user-agent']?.slice(0, 300) ?? null,
    })
    .execute();
  setStudioCookie(request, reply, token, ctx.config.studio.sessionAbsoluteHours * 3600);
  return { csrfToken, expiresAt };
}

/** The staff member holding this token, or null: unknown, revoked, idle too long, expired, disabled. */
export async function authenticateStaff(ctx: AppContext, token: string): Promise<StaffOnRequest | null> {
  const now = ctx.now();
  const row = await ctx.db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([
      'staff.id',
      'staff.email',
      'staff.name',
      'staff.role',
      'staff.disabled_at',
      'staff_sessions.id as session_id',
      'staff_sessions.csrf_token',
      'staff_sessions.last_seen_at',
      'staff_sessions.expires_at',
      'staff_sessions.revoked_at',
    ])
    .where('staff_sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.disabled_at) return null;
  const idleUntil = addMs(new Date(row.last_seen_at), ctx.config.studio.sessionIdleMinutes * 60_000);
  if (now >= new Date(row.expires_at) || now >= idleUntil) return null;
  let lastSeenAt = row.last_seen_at;
  if (now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    lastSeenAt = iso(now);
    await ctx.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: lastSeenAt })
      .where('id', '=', row.session_id)
      .execute();
  }
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    sessionId: row.session_id,
    csrfToken: row.csrf_token,
    expiresAt: row.expires_at,
    lastSeenAt,
  };
}

/** When the session ends if nothing more is asked of it. */
export const idleUntil = (ctx: AppContext, staff: StaffOnRequest): Date =>
  addMs(new Date(staff.lastSeenAt), ctx.config.studio.sessionIdleMinutes * 60_000);

/** Ends one session (sign-out). */
export async function revokeStaffSession(
  ctx: AppContext,
  sessionId: string,
  reason: NonNullable<StaffSessionsTable['revoked_reason']>,
): Promise<void> {
  await ctx.db
    .updateTable('staff_sessions')
    .set({ revoked_at: iso(ctx.now()), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Secure only when the request came over https: the Studio is also signed into on plain http
 * (`npm run dev`, tests, a host on this machine), where a browser would drop a Secure cookie and
 * nobody could sign in. In production the server is reached over https (behind a proxy, set its
 * trustProxy so request.protocol says so), and the cookie is then Secure.
 */
const cookieOptions = (request: FastifyRequest) => ({
  path: STUDIO_PATH,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
});

/**
 * The cookie lasts as long as the session, counted from when the browser receives it (Max-Age), not
 * to a date of the server's clock (Expires): a browser whose clock is hours ahead of the server's
 * would otherwise drop the cookie at once and sign the person out as they sign in.
 */
function setStudioCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(STUDIO_COOKIE, token, { ...cookieOptions(request), maxAge: maxAgeSeconds });
}

export function clearStudioCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(STUDIO_COOKIE, cookieOptions(request));
}

/** Whether an Authorization header carries a student's session token (refused here, and said so). */
async function isStudentToken(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return false;
  const row = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('token_hash', '=', hashToken(match[1]))
    .executeTakeFirst();
  return row !== undefined;
}

const isChange = (request: FastifyRequest) => request.method !== 'GET' && request.method !== 'HEAD';

/** Writes a refusal in the audit log, and answers it. */
async function refuse(
  ctx: AppContext,
  request: FastifyRequest,
  status: number,
  msg: string,
  reason: string,
  actor: AuditActor | null,
  extra: Record<string, unknown> = {},
): Promise<never> {
  await audit(ctx, {
    actor,
    action: 'access.refused',
    ip: request.ip,
    details: { reason, method: request.method, path: request.url.split('?')[0], ...extra },
  });
  throw new ApiError(status, msg);
}

/**
 * The hook for Studio routes: a signed-in staff member whose role is at least `role` (editor <
 * publisher < admin), and for a change (any method but GET and HEAD) the session's CSRF token in
 * X-CSRF-Token. Sets request.staff. Every refusal is audited.
 */
export function requireStaff(role: StaffRole): preHandlerAsyncHookHandler {
  return async function requireStaffHook(request) {
    const { ctx } = request.server;
    const token = request.cookies[STUDIO_COOKIE];
    const staff = token ? await authenticateStaff(ctx, token) : null;
    if (!staff) {
      const student = await isStudentToken(ctx, request);
      return refuse(
        ctx,
        request,
        401,
        'Sign in to the Studio first (or again: the session has ended).',
        student ? 'student-token' : token ? 'session-ended' : 'no-session',
        null,
      );
    }
    if (isChange(request)) {
      const sent = request.headers['x-csrf-token'];
      if (typeof sent !== 'string' || !sameSecret(staff.csrfToken, sent))
        return refuse(
          ctx,
          request,
          403,
          'This change lacks the session’s CSRF token (X-CSRF-Token, from GET /studio/api/account/session): reload the Studio and try again.',
          sent === undefined ? 'csrf-missing' : 'csrf-wrong',
          actorOf(staff),
        );
    }
    if (!roleAtLeast(staff.role, role))
      return refuse(
        ctx,
        request,
        403,
        `This needs the ${role} role; your account is ${/^[aeiou]/.test(staff.role) ? 'an' : 'a'} ${staff.role}.`,
        'role',
        actorOf(staff),
        { role: staff.role, needed: role },
      );
    request.staff = staff;
  };
}

/** The staff member set by requireStaff (throws if the route forgot the guard). */
export function staffOf(request: FastifyRequest): StaffOnRequest {
  if (!request.staff) throw new Error('route is missing the requireStaff hook');
  return request.staff;
}
