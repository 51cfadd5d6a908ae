// Translations in step (decision 054): a Hindi page's basis (which English text each of its texts
// was translated from) and the English page as it stands now, so the Studio marks the texts whose
// English changed; and "still right", which marks them in step without an edit (audited).
import type { FastifyInstance } from 'fastify';
import type {
  StudioTranslationsConfirmBody,
  StudioTranslationsConfirmReply,
} from '../../../src/generated/api/studio-translations-confirm';
import type {
  StudioTranslationsQuery,
  StudioTranslationsReply,
} from '../../../src/generated/api/studio-translations';
import { apiSchema } from '../../api/schemas';
import { actorOf, requireStaff, staffOf } from '../../auth/staff-sessions';
import { badPath } from '../../services/content/documents';
import { confirmTranslations, translationState } from '../../services/content/translation-basis';
import { isDocumentPath } from '../../services/content/versions';
import { audit } from '../../services/staff/audit';
import { contentActor } from './content-actor';
import { answering, refusalOf } from './content-refusals';

const tags = ['studio'];

function checkedPath(path: string): string {
  if (!isDocumentPath(path)) throw refusalOf(badPath());
  return path;
}

export function registerStudioTranslationRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  app.get<{ Querystring: StudioTranslationsQuery; Reply: StudioTranslationsReply }>(
    '/studio/api/translations',
    {
      schema: apiSchema('studio-translations', {
        summary: "A Hindi page's texts against the English page they translate",
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      const path = checkedPath(request.query.path);
      return (await answering(request, () => translationState(ctx, path))) as StudioTranslationsReply;
    },
  );

  app.post<{ Body: StudioTranslationsConfirmBody; Reply: StudioTranslationsConfirmReply }>(
    '/studio/api/translations/confirm',
    {
      schema: apiSchema('studio-translations-confirm', {
        summary: 'Hindi texts still right for the English as it is now',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('editor'),
    },
    async (request) => {
      const staff = staffOf(request);
      const path = checkedPath(request.body.path);
      const done = await answering(request, () =>
        confirmTranslations(ctx, {
          path,
          pointers: request.body.pointers,
          actor: contentActor(staff),
          now: ctx.now(),
        }),
      );
      await audit(ctx, {
        actor: actorOf(staff),
        action: 'config.translations-confirmed',
        ip: request.ip,
        details: { texts: request.body.pointers.length },
        versions: [{ path, number: done.number }],
      });
      return done;
    },
  );
}
