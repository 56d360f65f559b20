/**
 * GET /api/files/deposits/:id — a deposit's proof image, only for its owner or an admin
 * (DESIGN.md §4 "files": never public). Served with its sniffed type and no caching.
 */
import { idParams } from '@common/schemas/common';
import type { AppInstance } from '../../app';
import { currentUser } from '../auth/guard';

export async function fileRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;
  app.get('/deposits/:id', { schema: { tags: ['files'], params: idParams }, preHandler: guards.requireUser }, async (req, reply) => {
    const { data, mime } = await services.deposits.readProof(currentUser(req), req.params.id);
    return reply
      .type(mime)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });
}
