// examflow Studio's staff accounts (admin) and audit log (publisher and admin): decision 048.
import type { FastifyInstance } from 'fastify';
import type { StudioAuditQuery, StudioAuditReply } from '../../../src/generated/api/studio-audit';
import type {
  StudioStaffCreateBody,
  StudioStaffCreateReply,
} from '../../../src/generated/api/studio-staff-create';
import type { StudioStaffListReply } from '../../../src/generated/api/studio-staff-list';
import type {
  StudioStaffUpdateBody,
  StudioStaffUpdateParams,
  StudioStaffUpdateReply,
} from '../../../src/generated/api/studio-staff-update';
import { apiSchema } from '../../api/schemas';
import { actorOf, requireStaff, staffOf } from '../../auth/staff-sessions';
import { createStaff, listStaff, updateStaff } from '../../services/staff/accounts';
import { listAudit } from '../../services/staff/audit';

const tags = ['studio'];

export function registerStudioStaffRoutes(app: FastifyInstance): void {
  app.get<{ Reply: StudioStaffListReply }>(
    '/studio/api/staff',
    {
      schema: apiSchema('studio-staff-list', { summary: 'Every staff account (admin)', tags, staff: true }),
      preHandler: requireStaff('admin'),
    },
    async () => ({ success: 'true', staff: await listStaff(app.ctx) }),
  );

  app.post<{ Body: StudioStaffCreateBody; Reply: StudioStaffCreateReply }>(
    '/studio/api/staff',
    {
      schema: apiSchema('studio-staff-create', {
        summary: 'Create a staff account (admin); answers its first password once',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('admin'),
    },
    async (request, reply) => {
      const by = { actor: actorOf(staffOf(request)), ip: request.ip };
      const { staff, password } = await createStaff(app.ctx, request.body, by);
      reply.code(200);
      return {
        success: 'true',
        msg: 'Account created. Give the person this password: they change it after signing in.',
        staff,
        password,
      };
    },
  );

  app.patch<{ Params: StudioStaffUpdateParams; Body: StudioStaffUpdateBody; Reply: StudioStaffUpdateReply }>(
    '/studio/api/staff/:id',
    {
      schema: apiSchema('studio-staff-update', {
        summary: 'Change a staff account’s role or disable it (admin)',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('admin'),
    },
    async (request) => {
      const by = { actor: actorOf(staffOf(request)), ip: request.ip };
      const staff = await updateStaff(app.ctx, request.params.id, request.body, by);
      return { success: 'true', msg: 'Account changed.', staff };
    },
  );

  app.get<{ Querystring: StudioAuditQuery; Reply: StudioAuditReply }>(
    '/studio/api/audit',
    {
      schema: apiSchema('studio-audit', {
        summary: 'The Studio’s audit log, newest first (publisher or admin)',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('publisher'),
    },
    async (request) => {
      const limit = Number(request.query.limit ?? 50);
      const entries = await listAudit(app.ctx, {
        limit,
        before: request.query.before === undefined ? undefined : Number(request.query.before),
        action: request.query.action,
      });
      const last = entries.at(-1);
      return {
        success: 'true',
        entries,
        next_before: entries.length === limit && last ? String(last.id) : null,
      };
    },
  );
}
