// examflow Studio's account routes (decision 048): the two sign-in steps, who is signed in (with the
// CSRF token), sign-out and a new password. Rules live in server/auth/staff-*.ts.
import type { FastifyInstance } from 'fastify';
import type { StudioAccountPasswordBody } from '../../../src/generated/api/studio-account-password';
import type {
  StudioAccountSecondFactorBody,
  StudioAccountSecondFactorReply,
} from '../../../src/generated/api/studio-account-second-factor';
import type { StudioAccountSessionReply } from '../../../src/generated/api/studio-account-session';
import type {
  StudioAccountSignInBody,
  StudioAccountSignInReply,
} from '../../../src/generated/api/studio-account-sign-in';
import { apiSchema } from '../../api/schemas';
import {
  actorOf,
  clearStudioCookie,
  idleUntil,
  requireStaff,
  revokeStaffSession,
  staffOf,
} from '../../auth/staff-sessions';
import { changePassword, completeSignIn, signInWithPassword } from '../../auth/staff-sign-in';
import { staffById, summaryOf } from '../../services/staff/accounts';
import { audit } from '../../services/staff/audit';

const tags = ['studio'];

export function registerStudioAccountRoutes(app: FastifyInstance): void {
  app.get<{ Reply: StudioAccountSessionReply }>(
    '/studio/api/account/session',
    {
      schema: apiSchema('studio-account-session', {
        summary: 'Who is signed in to the Studio, and the session’s CSRF token',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      const staff = staffOf(request);
      const row = await staffById(app.ctx, staff.id);
      if (!row) throw new Error('signed-in staff member vanished');
      return {
        success: 'true',
        staff: summaryOf(row),
        csrf_token: staff.csrfToken,
        expires_at: staff.expiresAt,
        idle_until: idleUntil(app.ctx, staff).toISOString(),
      };
    },
  );

  app.post<{ Body: StudioAccountSignInBody; Reply: StudioAccountSignInReply }>(
    '/studio/api/account/sign-in',
    {
      schema: apiSchema('studio-account-sign-in', {
        summary: 'Studio sign-in, step one: the password (answers a ticket for the second factor)',
        tags,
      }),
    },
    async (request) => {
      const answer = await signInWithPassword(app.ctx, request, request.body);
      return {
        success: 'true',
        msg: answer.enrolment
          ? 'Add this secret to an authenticator app, then give its current 6-digit code.'
          : 'Give the 6-digit code from your authenticator app (or a recovery code).',
        ticket: answer.ticket,
        expires_at: answer.expiresAt.toISOString(),
        second_factor: answer.enrolment ? 'enrol' : 'code',
        ...(answer.enrolment ? { enrolment: answer.enrolment } : {}),
      };
    },
  );

  app.post<{ Body: StudioAccountSecondFactorBody; Reply: StudioAccountSecondFactorReply }>(
    '/studio/api/account/second-factor',
    {
      schema: apiSchema('studio-account-second-factor', {
        summary:
          'Studio sign-in, step two: the ticket and a code (confirms the enrolment on the first sign-in)',
        tags,
      }),
    },
    async (request, reply) => {
      const answer = await completeSignIn(app.ctx, request, reply, request.body);
      return {
        success: 'true',
        msg: answer.recoveryCodes
          ? 'Signed in. Keep these recovery codes somewhere safe: each works once, and they are shown only now.'
          : 'Signed in.',
        staff: answer.staff,
        csrf_token: answer.csrfToken,
        expires_at: answer.expiresAt.toISOString(),
        ...(answer.recoveryCodes ? { recovery_codes: answer.recoveryCodes } : {}),
      };
    },
  );

  app.post(
    '/studio/api/account/sign-out',
    {
      schema: apiSchema('studio-account-sign-out', { summary: 'End the Studio session', tags, staff: true }),
      preHandler: requireStaff('editor'),
    },
    async (request, reply) => {
      const staff = staffOf(request);
      await revokeStaffSession(app.ctx, staff.sessionId, 'signed_out');
      await audit(app.ctx, { actor: actorOf(staff), action: 'sign-out', ip: request.ip });
      clearStudioCookie(request, reply);
      return { success: 'true', msg: 'Signed out.' };
    },
  );

  app.post<{ Body: StudioAccountPasswordBody }>(
    '/studio/api/account/password',
    {
      schema: apiSchema('studio-account-password', {
        summary: 'Change your own Studio password (the current one required)',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      await changePassword(app.ctx, request, staffOf(request), {
        current: request.body.current_password,
        next: request.body.new_password,
      });
      return { success: 'true', msg: 'Password changed. Your other sessions have ended.' };
    },
  );
}
