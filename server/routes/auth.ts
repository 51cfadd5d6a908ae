// Login by roll number and date of birth, and logout (part 1 §7).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { configuredHost, defaultProfile, resolveProfile } from '../../src/engine/hosts';
import type { LoginBody, LoginReply } from '../../src/generated/api/login';
import type { SessionReply } from '../../src/generated/api/session';
import { say } from '../api/messages';
import { apiSchema } from '../api/schemas';
import {
  bearerToken,
  clearSessionMarker,
  createHandoff,
  createSession,
  requireStudent,
  revokeLogin,
  setSessionMarker,
  studentOf,
} from '../auth/sessions';
import { checkRollAndDob, trustDevice } from '../auth/credentials';
import type { AppContext, Student } from '../context';

/**
 * The dashboard on a host of the student's exam type (the same host when it already is one). Only
 * hosts that hosts.json names: a request with any other Host header gets a link to the default
 * profile's host, never one to the host it claimed.
 */
export function dashboardUrl(
  ctx: AppContext,
  request: FastifyRequest,
  student: Pick<Student, 'exam_type'>,
): string {
  const { hosts, programmes } = ctx.site;
  const trusted = configuredHost(hosts, request.headers.host);
  const fallback = defaultProfile(hosts).hosts.find((h) => !h.startsWith('*.')) ?? 'localhost';
  const [hostName = fallback, port] = (trusted ?? fallback).split(':');
  const suffix = port ? `:${port}` : '';
  const proto = request.protocol;
  const examTypeOf = (programme: string) => programmes[programme]?.examType;
  const here = resolveProfile(hosts, trusted ?? fallback);
  if (examTypeOf(here.programme) === student.exam_type) return `${proto}://${hostName}${suffix}/dashboard`;
  const local = hostName === 'localhost' || hostName.endsWith('.localhost');
  const profile = hosts.profiles.find(
    (p) => examTypeOf(p.programme) === student.exam_type && !p.variantOverride,
  );
  const host = profile?.hosts.find((h) => !h.startsWith('*.') && h.endsWith('localhost') === local);
  return host ? `${proto}://${host}${suffix}/dashboard` : `${proto}://${hostName}${suffix}/dashboard`;
}

export function registerAuthRoutes(app: FastifyInstance): void {
  app.post<{ Body: LoginBody; Reply: LoginReply }>(
    '/api/login',
    { schema: apiSchema('login', { summary: 'Log in with roll number and date of birth', tags: ['auth'] }) },
    async (request, reply) => {
      const { ctx } = app;
      const { student, trusted } = await checkRollAndDob(
        ctx,
        request,
        { roll: request.body.roll_number, dob: request.body.date_of_birth },
        { tooMany: 'login.tooMany', noMatch: 'login.invalid' },
      );
      if (!trusted) await trustDevice(ctx, reply, student);
      const session = await createSession(ctx, student.id, { handoff: request.body.handoff });
      setSessionMarker(reply, ctx.config.session.absoluteHours * 3600);
      const dashboard = new URL(dashboardUrl(ctx, request, student));
      // On another host the student logs in again (part 1 §4); the code makes that login part of
      // this one, so a logout on either host ends both.
      if (dashboard.host !== configuredHost(ctx.site.hosts, request.headers.host))
        dashboard.searchParams.set('handoff', await createHandoff(ctx, session.id));
      return {
        success: 'true',
        token: session.token,
        dashboard_url: dashboard.toString(),
        msg: say(request, 'login.success'),
      };
    },
  );

  app.get<{ Reply: SessionReply }>(
    '/api/session',
    {
      schema: apiSchema('session', { summary: 'Check the session token', tags: ['auth'], auth: true }),
      preHandler: requireStudent,
    },
    async (request) => {
      const student = studentOf(request);
      const name = [student.first_name, student.last_name].filter(Boolean).join(' ');
      return {
        success: 'true',
        msg: 'Session active',
        data: { roll_number: student.roll_number, exam_type: student.exam_type, name },
      };
    },
  );

  app.post(
    '/api/logout',
    {
      schema: apiSchema('logout', { summary: 'End the session', tags: ['auth'], auth: true }),
      preHandler: requireStudent,
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (token) await revokeLogin(app.ctx, token);
      clearSessionMarker(reply);
      return { success: 'true', msg: 'You have been logged out.' };
    },
  );
}
