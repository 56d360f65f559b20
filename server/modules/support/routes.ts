/**
 * /api/support (seed §7 "Support"; DESIGN.md §5: clients see their tickets and support's replies):
 *
 * POST   /support              signed in  {message} → opens a ticket (rate-limited per user)
 * GET    /support/user         signed in  own tickets with replies, newest first
 * POST   /support/:id/replies  signed in  {message} → adds to own open ticket (404 others', 409 closed)
 * GET    /support?status=      admin      every ticket with the client's _id and e-mail and replies
 * PUT    /support/:id          admin      {reply?, status?} → reply notified to the client; audited
 * DELETE /support/:id          admin      audited
 */
import { MESSAGING_MSG, MSG } from '@common/messages';
import { idParams } from '@common/schemas/common';
import { supportMessageSchema, ticketsQuerySchema, updateTicketSchema } from '@common/schemas/support';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { rateLimited } from '../../lib/rate-limit';
import { currentUser } from '../auth/guard';
import { presentTicket } from './service';

const tags = ['support'];

/** At most 10 new tickets per user in 10 minutes (the guard runs first, so the user is known). */
const ticketRateLimit = (() => {
  const config = rateLimited(10, 10);
  return {
    rateLimit: {
      ...config.rateLimit,
      keyGenerator: (req: { ip: string; auth?: { user: { id: string } } | null }) =>
        req.auth ? `support:${req.auth.user.id}` : `support-ip:${req.ip}`,
    },
  };
})();

export async function supportRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;
  const svc = services.support;

  app.post(
    '/',
    { schema: { tags, body: supportMessageSchema }, onRequest: guards.requireUser, config: ticketRateLimit },
    async (req, reply) => {
      const view = await svc.createTicket(currentUser(req), req.body);
      return reply.code(201).send({ message: MSG.messageSent, data: presentTicket(view) });
    },
  );

  app.get('/user', { schema: { tags }, onRequest: guards.requireUser }, async (req) => ({
    data: (await svc.listForUser(currentUser(req).id)).map(presentTicket),
  }));

  app.post(
    '/:id/replies',
    {
      schema: { tags, params: idParams, body: supportMessageSchema },
      onRequest: guards.requireUser,
      config: ticketRateLimit,
    },
    async (req, reply) => {
      const view = await svc.addClientReply(currentUser(req), req.params.id, req.body);
      return reply.code(201).send({ message: MSG.messageSent, data: presentTicket(view) });
    },
  );

  app.get(
    '/',
    { schema: { tags, querystring: ticketsQuerySchema }, onRequest: guards.requireAdmin },
    async (req) => ({
      data: (await svc.listTickets(req.query.status)).map(presentTicket),
    }),
  );

  app.put(
    '/:id',
    { schema: { tags, params: idParams, body: updateTicketSchema }, onRequest: guards.requireAdmin },
    async (req) => {
      const view = await svc.updateTicket(auditActor(req), req.params.id, req.body);
      return {
        message: req.body.reply ? MESSAGING_MSG.replySent : MESSAGING_MSG.ticketUpdated,
        data: presentTicket(view),
      };
    },
  );

  app.delete('/:id', { schema: { tags, params: idParams }, onRequest: guards.requireAdmin }, async (req) => {
    await svc.deleteTicket(auditActor(req), req.params.id);
    return { message: MESSAGING_MSG.ticketDeleted };
  });
}
