/**
 * Stored files, each only for its owner or an admin (never public; there is
 * no static path to the upload folder). Served with their sniffed type and no caching:
 *
 * GET /api/files/deposits/:id                a deposit's proof image
 * GET /api/files/profile-pictures/:userId    a user's profile picture
 * GET /api/files/kyc/:userId/:side           one side (front | back) of a user's identity document
 *
 * 401 visitor, 403 another client's file, 404 no such file.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { binaryFileSchema, idParams } from '@common/schemas/common';
import { DOCUMENT_SIDES } from '@common/schemas/profile';
import type { AppInstance } from '../../app-context';
import { currentUser } from '../auth/guard';
import { IMAGE_TYPES, type ImageMime } from './images';

const tags = ['files'];
const userParams = z.object({ userId: z.uuid('Invalid id') });
const documentParams = userParams.extend({
  side: z.enum(DOCUMENT_SIDES, { error: 'Side must be front or back' }),
});

/** A 200 answer of image bytes in one of the stored types (documented only: a Buffer is sent as is). */
function imageAnswer(description: string) {
  const content = Object.fromEntries(
    Object.keys(IMAGE_TYPES).map((mime) => [mime, { schema: binaryFileSchema }]),
  );
  return { 200: { description, content } };
}

function sendImage(reply: FastifyReply, { data, mime }: { data: Buffer; mime: ImageMime }) {
  return reply
    .type(mime)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .send(data);
}

/**
 * The stored images (each checked against its owner by the service), registered in a signed-in
 * scope of app.ts (`signedIn`), whose one onRequest hook is `requireUser`.
 */
export async function fileRoutes(app: AppInstance) {
  const { services } = app.ctx;
  /**
   * The options of an image route: its summary, path parameters and answer, for a signed-in user;
   * another client's file answers 403 `forbidden` (lib/list-owner.ts), a missing one 404.
   */
  const imageRoute = <P extends z.ZodType>(summary: string, params: P, description: string) => ({
    schema: { tags, summary, params, response: imageAnswer(description) },
    config: { errorCodes: ['forbidden', 'not_found'] as const },
  });

  app.get(
    '/deposits/:id',
    imageRoute("Answers a deposit's proof image (its owner, or an admin)", idParams, 'The proof image'),
    async (req, reply) =>
      sendImage(reply, await services.deposits.readProof(currentUser(req), req.params.id)),
  );

  app.get(
    '/profile-pictures/:userId',
    imageRoute("Answers a user's profile picture (the user, or an admin)", userParams, 'The profile picture'),
    async (req, reply) =>
      sendImage(reply, await services.profile.readProfilePicture(currentUser(req), req.params.userId)),
  );

  app.get(
    '/kyc/:userId/:side',
    imageRoute(
      "Answers one side of a user's identity document (the user, or an admin)",
      documentParams,
      'The front or back of the identity document',
    ),
    async (req, reply) => {
      const { userId, side } = req.params;
      return sendImage(reply, await services.profile.readDocument(currentUser(req), userId, side));
    },
  );
}
