// examflow Studio's documents (decision 049): the list, one document, a draft saved, drafts
// validated and previewed. Rules live in server/services/content/*; every change is audited.
import type { FastifyInstance } from 'fastify';
import type { StudioFileQuery, StudioFileReply } from '../../../src/generated/api/studio-file';
import type { StudioFileSaveBody, StudioFileSaveReply } from '../../../src/generated/api/studio-file-save';
import type { StudioFilesReply } from '../../../src/generated/api/studio-files';
import type { StudioPreviewBody, StudioPreviewReply } from '../../../src/generated/api/studio-preview';
import type { StudioValidateBody, StudioValidateReply } from '../../../src/generated/api/studio-validate';
import type { StudioCardWorldBody, StudioCardWorldReply } from '../../../src/generated/api/studio-card-world';
import { cardWorldPlaces } from '../../services/master/card-world';
import { ContentError } from '../../services/content/errors';
import { CheckedFiles } from '../../../src/engine/node/validate-config';
import { apiSchema } from '../../api/schemas';
import { actorOf, requireStaff, staffOf } from '../../auth/staff-sessions';
import { badPath, listDocuments, openDocument, saveFromStudio } from '../../services/content/documents';
import { isDocumentPath } from '../../services/content/versions';
import { previewDraft, validateWithDrafts } from '../../services/content/preview';
import { audit } from '../../services/staff/audit';
import { answering, refusalOf } from './content-refusals';
import { recordBasis } from '../../services/content/translation-basis';
import { contentActor, versionNumber } from './content-actor';

const tags = ['studio'];

export function registerStudioContentRoutes(app: FastifyInstance): void {
  const bodyLimit = app.ctx.config.studio.maxJsonBytes;
  // Every validation reads the whole site; a document whose text did not change is not parsed and
  // schema-checked again (the preview and the checks run at each pause in typing).
  const checked = new CheckedFiles();

  app.get<{ Reply: StudioFilesReply }>(
    '/studio/api/files',
    {
      schema: apiSchema('studio-files', {
        summary: 'Every landing page and programme, with who is working on each',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async () => (await listDocuments(app.ctx)) as StudioFilesReply,
  );

  app.get<{ Querystring: StudioFileQuery; Reply: StudioFileReply }>(
    '/studio/api/file',
    {
      schema: apiSchema('studio-file', {
        summary: 'One document, at its published version or another',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      const { path, number } = request.query;
      return (await answering(request, () =>
        openDocument(app.ctx, path, number === undefined ? undefined : versionNumber(number)),
      )) as StudioFileReply;
    },
  );

  app.put<{ Body: StudioFileSaveBody; Reply: StudioFileSaveReply }>(
    '/studio/api/file',
    {
      bodyLimit,
      schema: apiSchema('studio-file-save', {
        summary: 'Save a draft version of a document',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      const staff = staffOf(request);
      const { path, content, baseVersion } = request.body;
      const { saved, others } = await answering(request, () =>
        saveFromStudio(app.ctx, {
          path,
          content,
          baseVersion,
          actor: contentActor(staff),
          now: app.ctx.now(),
          site: app.ctx.site,
        }),
      );
      // A Hindi page's new version records which English texts its texts are in step with.
      await recordBasis(app.ctx, {
        path,
        number: saved.number,
        previous: baseVersion === null ? null : Number(baseVersion),
        actor: contentActor(staff),
        now: app.ctx.now(),
      });
      await audit(app.ctx, {
        actor: actorOf(staff),
        action: 'config.draft-saved',
        ip: request.ip,
        details: { base: baseVersion, others: others.length },
        versions: [{ path, number: saved.number }],
      });
      return { version: String(saved.number), state: 'draft', number: saved.number, others };
    },
  );

  app.post<{ Body: StudioValidateBody; Reply: StudioValidateReply }>(
    '/studio/api/validate',
    {
      bodyLimit,
      schema: apiSchema('studio-validate', {
        summary: 'The problems of the site with these drafts in place',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      const drafts = request.body.drafts;
      if (drafts.some((d) => !isDocumentPath(d.path))) throw refusalOf(badPath());
      return { problems: (await validateWithDrafts(app.ctx, drafts, checked)).problems };
    },
  );

  app.post<{ Body: StudioPreviewBody; Reply: StudioPreviewReply }>(
    '/studio/api/preview',
    {
      bodyLimit,
      schema: apiSchema('studio-preview', {
        summary: 'A draft’s page as students would get it',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request, reply) => {
      const { body } = request;
      if (!/^(?:landings|programmes)\//.test(body.path) || !isDocumentPath(body.path))
        throw refusalOf(badPath());
      const render = app.ctx.renderPreview;
      if (!render)
        return {
          html: '',
          problems: [{ file: '', pointer: '', message: 'The preview is not available on this server.' }],
          pagePath: '',
          host: '',
        };
      const started = performance.now();
      const result = await previewDraft(app.ctx, body, { render, checked, marks: true });
      const total = performance.now() - started;
      // For the browser's devtools and bench:studio: where a preview's time goes.
      const timing = (name: string, ms: number) => `${name};dur=${ms.toFixed(1)}`;
      reply.header(
        'Server-Timing',
        [
          timing('validate', result.timings.validate),
          timing('render', result.timings.render),
          timing('total', total),
        ].join(', '),
      );
      return { html: result.html, problems: result.problems, pagePath: result.pagePath, host: result.host };
    },
  );
  app.post<{ Body: StudioCardWorldBody; Reply: StudioCardWorldReply }>(
    '/studio/api/card-world',
    {
      bodyLimit,
      schema: apiSchema('studio-card-world', {
        summary: 'The states, centres and dates the card preview offers for a programme',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      const { programme: id, locale } = request.body;
      const programme = app.ctx.site.programmes[id];
      if (!programme) throw refusalOf(new ContentError('not-found', 'There is no such programme.'));
      return cardWorldPlaces(app.ctx, programme, locale);
    },
  );
}
