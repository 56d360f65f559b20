/**
 * Stored files, each only for its owner or an admin (DESIGN.md §4 "files": never public; there is
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
import { idParams } from '@common/schemas/common';
import { DOCUMENT_SIDES } from '@common/schemas/profile';
import type { AppInstance } from '../../app-context';
import { currentUser } from '../auth/guard';
import type { ImageMime } from './images';

const tags = ['files'];
const userParams = z.object({ userId: z.uuid('Invalid id') });
const documentParams = userParams.extend({
  side: z.enum(DOCUMENT_SIDES, { error: 'Side must be front or back' }),
});

function sendImage(reply: FastifyReply, { data, mime }: { data: Buffer; mime: ImageMime }) {
  return reply
    .type(mime)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .send(data);
}

export async function fileRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;
  app.get(
    '/deposits/:id',
    { schema: { tags, params: idParams }, onRequest: guards.requireUser },
    async (req, reply) =>
      sendImage(reply, await services.deposits.readProof(currentUser(req), req.params.id)),
  );

  app.get(
    '/profile-pictures/:userId',
    { schema: { tags, params: userParams }, onRequest: guards.requireUser },
    async (req, reply) =>
      sendImage(reply, await services.profile.readProfilePicture(currentUser(req), req.params.userId)),
  );

  app.get(
    '/kyc/:userId/:side',
    { schema: { tags, params: documentParams }, onRequest: guards.requireUser },
    async (req, reply) =>
      sendImage(
        reply,
        await services.profile.readDocument(currentUser(req), req.params.userId, req.params.side),
      ),
  );
}
