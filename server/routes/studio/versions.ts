// examflow Studio's review workflow (decision 049): submit, send back, approve, publish (now or
// scheduled; a schedule withdrawn), unpublish, roll back and discard; a document's history, two
// versions compared, and the publishers' inbox. Editors save, submit and discard their own drafts; publishers and admins
// do the rest. Every action is audited with the versions it concerns.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StudioCompareQuery, StudioCompareReply } from '../../../src/generated/api/studio-compare';
import type { StudioHistoryQuery, StudioHistoryReply } from '../../../src/generated/api/studio-history';
import type { StudioInboxReply } from '../../../src/generated/api/studio-inbox';
import type { StudioVersionsApproveBody } from '../../../src/generated/api/studio-versions-approve';
import type { StudioVersionsDiscardBody } from '../../../src/generated/api/studio-versions-discard';
import type { StudioVersionsPublishBody } from '../../../src/generated/api/studio-versions-publish';
import type { StudioVersionsRollbackBody } from '../../../src/generated/api/studio-versions-rollback';
import type { StudioVersionsSendBackBody } from '../../../src/generated/api/studio-versions-send-back';
import type { StudioVersionsSubmitBody } from '../../../src/generated/api/studio-versions-submit';
import type { StudioVersionsUnpublishBody } from '../../../src/generated/api/studio-versions-unpublish';
import type { StudioVersionsUnscheduleBody } from '../../../src/generated/api/studio-versions-unschedule';
import type { StudioVersionReply } from '../../../src/generated/api/studio-common';
import { ApiError } from '../../api/errors';
import { apiSchema } from '../../api/schemas';
import { actorOf, requireStaff, staffOf } from '../../auth/staff-sessions';
import { badPath, compareVersions, inbox } from '../../services/content/documents';
import { isDocumentPath, type StaffRole } from '../../services/content/versions';
import {
  approveVersion,
  discardVersion,
  documentHistory,
  publishVersion,
  rollbackTo,
  sendBackVersion,
  submitVersion,
  unpublishDocument,
  unscheduleVersion,
  versionNow,
} from '../../services/content/workflow';
import { audit, type AuditedVersion } from '../../services/staff/audit';
import { contentActor, versionNumber } from './content-actor';
import { answering, refusalOf } from './content-refusals';

const tags = ['studio'];

/** An ISO date-time of a request, or a 400 that says which. */
function instant(value: string | undefined, what: string): Date | undefined {
  if (value === undefined) return undefined;
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(value)
    ? new Date(value)
    : undefined;
  if (!at || Number.isNaN(at.getTime())) {
    const msg = `The ${what} is not a date and time the Studio can read.`;
    throw new ApiError(400, msg, { error: 'bad-request', message: msg });
  }
  return at;
}

function checkedPath(path: string): string {
  if (!isDocumentPath(path)) throw refusalOf(badPath());
  return path;
}

export function registerStudioVersionRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  /** A workflow action: the service call, its audit entry, and the version as it is now. */
  function action<Body extends { path: string; number?: number }>(
    url: string,
    schema: string,
    role: StaffRole,
    summary: string,
    run: (
      request: FastifyRequest<{ Body: Body }>,
      body: Body,
    ) => Promise<{ code: string; msg: string; version: AuditedVersion; details?: Record<string, unknown> }>,
  ): void {
    app.post<{ Body: Body; Reply: StudioVersionReply }>(
      url,
      { schema: apiSchema(schema, { summary, tags, staff: true }), preHandler: requireStaff(role) },
      async (request) => {
        const body = request.body as Body;
        checkedPath(body.path);
        const concerned = body.number === undefined ? [] : [{ path: body.path, number: body.number }];
        const done = await answering(
          request,
          () => run(request as FastifyRequest<{ Body: Body }>, body),
          concerned,
        );
        await audit(ctx, {
          actor: actorOf(staffOf(request)),
          action: done.code,
          ip: request.ip,
          details: done.details ?? {},
          versions: [done.version],
        });
        const version = await versionNow(ctx, done.version.path, done.version.number);
        return { success: 'true', msg: done.msg, version };
      },
    );
  }

  const actorOfRequest = (request: FastifyRequest) => contentActor(staffOf(request));

  action<StudioVersionsSubmitBody>(
    '/studio/api/versions/submit',
    'studio-versions-submit',
    'editor',
    'Send a draft for review',
    async (request, { path, number, note }) => {
      await submitVersion(ctx, { path, number, note, actor: actorOfRequest(request) });
      return {
        code: 'config.submitted',
        msg: 'Sent for review.',
        version: { path, number },
        details: { note },
      };
    },
  );

  action<StudioVersionsSendBackBody>(
    '/studio/api/versions/send-back',
    'studio-versions-send-back',
    'publisher',
    'Send a version in review back to its author',
    async (request, { path, number, comment }) => {
      await sendBackVersion(ctx, { path, number, comment, actor: actorOfRequest(request) });
      return {
        code: 'config.sent-back',
        msg: 'Sent back to its author.',
        version: { path, number },
        details: { comment },
      };
    },
  );

  action<StudioVersionsApproveBody>(
    '/studio/api/versions/approve',
    'studio-versions-approve',
    'publisher',
    'Approve a version in review',
    async (request, { path, number }) => {
      await approveVersion(ctx, { path, number, actor: actorOfRequest(request) });
      return { code: 'config.approved', msg: 'Approved: it can be published.', version: { path, number } };
    },
  );

  action<StudioVersionsPublishBody>(
    '/studio/api/versions/publish',
    'studio-versions-publish',
    'publisher',
    'Publish an approved version now or at a date',
    async (request, { path, number, publish_at, unpublish_at }) => {
      const publishAt = instant(publish_at, 'publishing time');
      const unpublishAt = instant(unpublish_at, 'end');
      const { scheduled } = await publishVersion(ctx, {
        path,
        number,
        actor: actorOfRequest(request),
        ...(publishAt ? { publishAt } : {}),
        ...(unpublishAt ? { unpublishAt } : {}),
      });
      return {
        code: scheduled ? 'config.scheduled' : 'config.published',
        msg: scheduled ? 'Scheduled.' : 'Published: students see it now.',
        version: { path, number },
        details: { publish_at: publish_at ?? null, unpublish_at: unpublish_at ?? null },
      };
    },
  );

  action<StudioVersionsUnscheduleBody>(
    '/studio/api/versions/unschedule',
    'studio-versions-unschedule',
    'publisher',
    'Withdraw a scheduled version’s schedule (it is approved again)',
    async (request, { path, number }) => {
      await unscheduleVersion(ctx, { path, number, actor: actorOfRequest(request) });
      return {
        code: 'config.unscheduled',
        msg: 'The schedule is withdrawn: the version is approved and waits to be published.',
        version: { path, number },
      };
    },
  );

  app.post<{ Body: StudioVersionsUnpublishBody }>(
    '/studio/api/versions/unpublish',
    {
      schema: apiSchema('studio-versions-unpublish', {
        summary: 'Take a landing page off the site',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('publisher'),
    },
    async (request) => {
      const path = checkedPath(request.body.path);
      const before = await answering(request, () =>
        unpublishDocument(ctx, { path, actor: actorOfRequest(request) }),
      );
      await audit(ctx, {
        actor: actorOf(staffOf(request)),
        action: 'config.unpublished',
        ip: request.ip,
        versions: before === null ? [] : [{ path, number: before }],
      });
      return { success: 'true', msg: 'Taken off the site.' };
    },
  );

  action<StudioVersionsRollbackBody>(
    '/studio/api/versions/rollback',
    'studio-versions-rollback',
    'publisher',
    'Make a new version equal to an earlier one (to review, or restored now)',
    async (request, { path, to, restore_now }) => {
      const made = await rollbackTo(ctx, {
        path,
        to,
        restoreNow: restore_now,
        actor: actorOfRequest(request),
      });
      return {
        code: 'config.rolled-back',
        msg: restore_now
          ? `Version ${to} is restored: students see it now.`
          : `Version ${to} is copied and sent for review.`,
        version: { path, number: made.number },
        details: { to, restore_now },
      };
    },
  );

  action<StudioVersionsDiscardBody>(
    '/studio/api/versions/discard',
    'studio-versions-discard',
    'editor',
    'Discard a draft',
    async (request, { path, number }) => {
      await discardVersion(ctx, { path, number, actor: actorOfRequest(request) });
      return { code: 'config.discarded', msg: 'Draft discarded.', version: { path, number } };
    },
  );

  app.get<{ Querystring: StudioHistoryQuery; Reply: StudioHistoryReply }>(
    '/studio/api/history',
    {
      schema: apiSchema('studio-history', { summary: 'Every version of a document', tags, staff: true }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      const path = checkedPath(request.query.path);
      return { path, ...(await answering(request, () => documentHistory(ctx, path))) };
    },
  );

  app.get<{ Querystring: StudioCompareQuery; Reply: StudioCompareReply }>(
    '/studio/api/compare',
    {
      schema: apiSchema('studio-compare', {
        summary: 'What changes for students between two versions',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      const path = checkedPath(request.query.path);
      const from = versionNumber(request.query.from);
      const to = versionNumber(request.query.to);
      const change = await answering(request, () => compareVersions(ctx, path, from, to, ctx.site));
      return { path, from, to, ...change };
    },
  );

  app.get<{ Reply: StudioInboxReply }>(
    '/studio/api/inbox',
    {
      schema: apiSchema('studio-inbox', {
        summary: 'Every version waiting for a publisher',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async () => ({ versions: await inbox(ctx) }),
  );
}
