/**
 * /api/user (seed §7 "User"): GET /me for the signed-in user; GET /admin (paged list with search),
 * GET /admin/:id and GET /admin/email/:email for admins.
 */
import { z } from 'zod';
import { usersQuerySchema } from '@common/schemas/users';
import type { AppInstance } from '../../app';
import { currentUser } from '../auth/guard';
import { presentUser } from './presenter';

const tags = ['users'];

export async function userRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;

  app.get('/me', { schema: { tags }, preHandler: guards.requireUser }, async (req) => ({
    data: await services.users.presentWithFigures(currentUser(req)),
  }));

  app.get('/admin', { schema: { tags, querystring: usersQuerySchema }, preHandler: guards.requireAdmin }, async (req) => {
    const { rows, total } = await services.users.listUsers(req.query);
    return { data: rows.map(presentUser), total };
  });

  app.get(
    '/admin/email/:email',
    { schema: { tags, params: z.object({ email: z.string().trim().min(1).max(254) }) }, preHandler: guards.requireAdmin },
    async (req) => ({ data: presentUser(await services.users.findUserByEmail(req.params.email)) }),
  );

  app.get(
    '/admin/:id',
    { schema: { tags, params: z.object({ id: z.uuid('Invalid id') }) }, preHandler: guards.requireAdmin },
    async (req) => ({ data: await services.users.presentWithFigures(await services.users.findUser(req.params.id)) }),
  );
}
