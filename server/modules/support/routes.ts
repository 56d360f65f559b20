/**
 * /api/support (clients see their tickets and support's replies: docs/product.md):
 *
 * POST   /support              signed in  {message} → opens a ticket (rate-limited per user)
 * GET    /support/user?cursor&limit  signed in  own tickets with replies, newest first (cursor pages)
 * POST   /support/:id/replies  signed in  {message} → adds to own open ticket (404 others', 409 closed)
 * GET    /support?status&cursor&limit  admin  every ticket with the client's _id and e-mail and replies
 * GET    /support/export.csv?status= admin  every matching ticket as CSV, newest first (no replies' text)
 * PUT    /support/:id          admin      {reply?, status?} → reply notified to the client; audited
 * DELETE /support/:id          admin      audited
 */
import { MESSAGING_MSG, MSG } from '@common/messages';
import { idParams, messageAnswerSchema } from '@common/schemas/common';
import {
  supportMessageSchema,
  ticketAnswerSchema,
  ticketListAnswerSchema,
  ticketPageQuerySchema,
  ticketsExportQuerySchema,
  ticketsQuerySchema,
  updateTicketSchema,
} from '@common/schemas/support';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app-context';
import { conflict } from '../../lib/route-schemas';
import { declareCsvExport } from '../../lib/csv-route';
import { presentList } from '../../lib/cursor';
import { declareRoutes } from '../../lib/declare-routes';
import { auditActor } from '../../lib/audit';
import { perUserRateLimited } from '../../lib/rate-limit';
import { currentUser } from '../auth/guard';
import { exportTicketsCsv } from './export';
import { presentTicket, type TicketView } from './service';
import { onClient } from '../../lib/targets';

const tags = ['support'];

/** At most 10 new tickets or replies per user in 10 minutes. */
const ticketRateLimit = perUserRateLimited('support', 10, 10);

/** The 201 of a client's message (a new ticket or a reply to one): "message sent" and the ticket. */
const messageSent = (reply: FastifyReply, view: TicketView) =>
  reply.code(201).send({ message: MSG.messageSent, data: presentTicket(view) });

/**
 * The signed-in user's tickets: open one, list them, reply; registered in a signed-in scope of
 * app.ts (`signedIn`), whose one onRequest hook is `requireUser`.
 */
export async function supportRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { services } = app.ctx;
  const svc = services.support;

  route.post('', {
    summary: 'Opens a support ticket (signed in)',
    schema: { response: { 201: ticketAnswerSchema }, body: supportMessageSchema },
    config: { ...ticketRateLimit, errorCodes: [] },
    handler: async (req, reply) => messageSent(reply, await svc.createTicket(currentUser(req), req.body)),
  });

  route.get('/user', {
    summary:
      "Lists the signed-in user's tickets with their replies, newest first: all, or by cursor with ?limit and ?cursor",
    schema: { response: { 200: ticketListAnswerSchema }, querystring: ticketPageQuerySchema },
    config: { errorCodes: ['invalid_cursor'] },
    handler: async (req) => presentList(await svc.listForUser(currentUser(req).id, req.query), presentTicket),
  });

  route.post('/:id/replies', {
    summary: "Adds a message to the signed-in user's own open ticket",
    schema: {
      params: idParams,
      response: { 201: ticketAnswerSchema, 409: conflict('The ticket is closed') },
      body: supportMessageSchema,
    },
    config: { ...ticketRateLimit, errorCodes: ['ticket_not_found', 'ticket_closed'] },
    handler: async (req, reply) =>
      messageSent(reply, await svc.addClientReply(currentUser(req), req.params.id, req.body)),
  });
}

/**
 * The staff's support-ticket routes, registered inside the staff scope of app.ts, whose one
 * onRequest hook is the admin guard.
 */
export async function supportAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { services } = app.ctx;
  const svc = services.support;

  route.get('', {
    summary:
      'Lists every ticket, or only open or closed ones, newest first: all, or by cursor with ?limit and ?cursor (admin)',
    schema: { response: { 200: ticketListAnswerSchema }, querystring: ticketsQuerySchema },
    config: { permission: 'support.manage', errorCodes: ['invalid_cursor'] },
    handler: async (req) => presentList(await svc.listTickets(req.query), presentTicket),
  });

  declareCsvExport(app, route, {
    summary: 'Exports every ticket, or only open or closed ones, as CSV, newest first (admin)',
    rows: "One row per ticket, with a header row: the client, the first message, the replies' count, times in UTC",
    permission: 'support.manage',
    filename: 'support-tickets.csv',
    querystring: ticketsExportQuerySchema,
    csv: exportTicketsCsv,
  });

  route.put('/:id', {
    summary: 'Replies to a ticket and/or sets its status; the client is notified of a reply (admin)',
    schema: { params: idParams, response: { 200: ticketAnswerSchema }, body: updateTicketSchema },
    config: { permission: 'support.manage', target: onClient('ticket'), errorCodes: ['ticket_not_found'] },
    handler: async (req) => {
      const view = await svc.updateTicket(auditActor(req), req.params.id, req.body);
      return {
        message: req.body.reply ? MESSAGING_MSG.replySent : MESSAGING_MSG.ticketUpdated,
        data: presentTicket(view),
      };
    },
  });

  route.delete('/:id', {
    summary: 'Deletes a ticket (admin)',
    schema: { params: idParams, response: { 200: messageAnswerSchema } },
    config: { permission: 'support.manage', target: onClient('ticket'), errorCodes: ['ticket_not_found'] },
    handler: async (req) => {
      await svc.deleteTicket(auditActor(req), req.params.id);
      return { message: MESSAGING_MSG.ticketDeleted };
    },
  });
}
