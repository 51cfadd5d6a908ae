// Preview links (decision 049): an editor makes one for a version; whoever holds it opens the
// version's page without signing in, read-only under a "Preview" banner, never indexed, kept or
// sent on as a referrer. An unknown or expired link is a plain "not found" page.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type {
  StudioPreviewLinksBody,
  StudioPreviewLinksReply,
} from '../../../src/generated/api/studio-preview-links';
import type { StudioPreviewPageParams } from '../../../src/generated/api/studio-preview-page';
import { apiSchema } from '../../api/schemas';
import { actorOf, requireStaff, staffOf } from '../../auth/staff-sessions';
import { badPath } from '../../services/content/documents';
import { createPreviewLink, previewLinkVersion } from '../../services/content/preview-links';
import { previewDraft } from '../../services/content/preview';
import { isDocumentPath } from '../../services/content/versions';
import { audit } from '../../services/staff/audit';
import { answering, refusalOf } from './content-refusals';

const tags = ['studio'];

const BANNER =
  '<p role="status" data-studio-preview-banner="">Preview: this version is not what students see yet. It may change before it is published.</p>';

const plainPage = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

/** The banner as the body's first element (the page is shown as it is otherwise). */
export function withBanner(html: string): string {
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return BANNER + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + BANNER + html.slice(at);
}

const privately = (reply: FastifyReply) =>
  reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('X-Robots-Tag', 'noindex')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer');

export function registerStudioPreviewLinkRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  app.post<{ Body: StudioPreviewLinksBody; Reply: StudioPreviewLinksReply }>(
    '/studio/api/preview-links',
    {
      schema: apiSchema('studio-preview-links', {
        summary: 'A link that opens a version’s page without signing in, until it expires',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      const { path, number } = request.body;
      if (!isDocumentPath(path)) throw refusalOf(badPath());
      const staff = staffOf(request);
      const hours = ctx.config.studio.previewLinkHours;
      const link = await answering(request, () =>
        createPreviewLink(ctx, { path, number, by: staff.name, now: ctx.now(), hours }),
      );
      await audit(ctx, {
        actor: actorOf(staff),
        action: 'config.preview-link',
        ip: request.ip,
        details: { expires_at: link.expiresAt.toISOString() },
        versions: [{ path, number }],
      });
      return {
        success: 'true',
        msg: `Anyone with this link can see the page for ${hours} hours, without signing in.`,
        url: link.url,
        expires_at: link.expiresAt.toISOString(),
      };
    },
  );

  app.get<{ Params: StudioPreviewPageParams }>(
    '/studio/preview/:token',
    {
      schema: apiSchema('studio-preview-page', {
        summary: 'A preview link’s page (no session needed)',
        tags,
        answers: { html: true },
      }),
    },
    async (request, reply) => {
      privately(reply);
      const version = await previewLinkVersion(ctx, request.params.token, ctx.now());
      if (!version)
        return reply
          .code(404)
          .send(
            plainPage(
              'Preview not found',
              'This preview link has expired or does not exist. Ask for a new one.',
            ),
          );
      const render = ctx.renderPreview;
      const result = render
        ? await previewDraft(
            ctx,
            { path: version.path, content: JSON.parse(version.content) },
            { render, scripts: false },
          )
        : undefined;
      if (!result?.html)
        return reply.send(
          plainPage(
            'Preview',
            'This version has no page to show yet (a programme without a landing page, or site settings).',
          ),
        );
      return reply.send(withBanner(result.html));
    },
  );
}
