// examflow Studio's images (decision 049): the site's images listed, and an upload stored in the
// database (the site serves it at /images/<name>). An upload's body is the image itself, so this
// scope alone parses image bodies, as bytes, up to STUDIO_MAX_IMAGE_BYTES.
import type { FastifyInstance } from 'fastify';
import type {
  StudioImageUploadQuery,
  StudioImageUploadReply,
} from '../../../src/generated/api/studio-image-upload';
import type { StudioImageRemoveQuery, StudioImagesReply } from '../../../src/generated/api/studio-images';
import { apiSchema } from '../../api/schemas';
import { actorOf, requireStaff, staffOf } from '../../auth/staff-sessions';
import { IMAGE_TYPES } from '../../services/content/image-check';
import { listImages, removeImage, storeImage, unusedImages } from '../../services/content/images';
import { audit } from '../../services/staff/audit';
import { answering } from './content-refusals';

const tags = ['studio'];

export async function registerStudioImageRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser([...IMAGE_TYPES], { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.get<{ Reply: StudioImagesReply }>(
    '/studio/api/images',
    {
      schema: apiSchema('studio-images', { summary: 'The site’s images', tags, staff: true }),
      preHandler: requireStaff('editor'),
    },
    async () => ({ images: await listImages(app.ctx) }),
  );

  app.post<{ Querystring: StudioImageUploadQuery; Reply: StudioImageUploadReply }>(
    '/studio/api/images',
    {
      bodyLimit: app.ctx.config.studio.maxImageBytes,
      schema: apiSchema('studio-image-upload', { summary: 'Upload an image to the site', tags, staff: true }),
      preHandler: requireStaff('editor'),
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const stored = await answering(request, () =>
        storeImage(app.ctx, {
          name: request.query.name,
          declared: String(request.headers['content-type'] ?? ''),
          bytes,
          overwrite: request.query.overwrite === '1',
          by: staff.name,
          now: app.ctx.now(),
        }),
      );
      await audit(app.ctx, {
        actor: actorOf(staff),
        action: 'config.image-uploaded',
        ip: request.ip,
        details: { src: stored.src, type: stored.type, bytes: bytes.length, sha256: stored.sha256 },
      });
      reply.code(201);
      return { src: stored.src, width: stored.width, height: stored.height };
    },
  );

  // The uploads no published page uses, for a publisher to remove (a draft's stay listed as drafts).
  app.get<{ Reply: StudioImagesReply }>(
    '/studio/api/images/unused',
    {
      schema: apiSchema('studio-images', {
        summary: 'Uploaded images no published page uses',
        tags,
        staff: true,
      }),
      preHandler: requireStaff('publisher'),
    },
    async () => ({ images: await unusedImages(app.ctx) }),
  );

  app.delete<{ Querystring: StudioImageRemoveQuery; Reply: StudioImagesReply }>(
    '/studio/api/images',
    {
      schema: {
        ...apiSchema('studio-images', {
          summary: 'Remove an uploaded image no published page uses',
          tags,
          staff: true,
        }),
        querystring: { $ref: 'studio-images.schema.json#/definitions/removeQuery' },
      },
      preHandler: requireStaff('publisher'),
    },
    async (request) => {
      const staff = staffOf(request);
      await answering(request, () => removeImage(app.ctx, request.query.name));
      await audit(app.ctx, {
        actor: actorOf(staff),
        action: 'config.image-removed',
        ip: request.ip,
        details: { name: request.query.name },
      });
      return { images: await unusedImages(app.ctx) };
    },
  );
}
