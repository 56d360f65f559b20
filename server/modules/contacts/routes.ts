/**
 * /api/contacts: POST from the public form (rate-limited per IP),
 * GET and DELETE for admins (a delete writes one audit row), and GET /contacts/export.csv: every
 * message as CSV, newest first.
 *
 * | method | path                    | who                 | answer                                       |
 * | POST   | /contacts               | anyone              | 201 { message }                              |
 * | GET    | /contacts?cursor&limit  | `contacts.manage`   | { data, nextCursor? } newest first (cursor pages) |
 * | GET    | /contacts/export.csv    | `contacts.manage`   | CSV, newest first                            |
 * | DELETE | /contacts/:id           | `contacts.manage`   | { message } (404 unknown)                    |
 */
import { MSG } from '@common/messages';
import { idParams, messageAnswerSchema } from '@common/schemas/common';
import { contactListAnswerSchema, contactSchema, contactsQuerySchema } from '@common/schemas/contact';
import type { AppInstance } from '../../app-context';
import { presentList } from '../../lib/cursor';
import { declareCsvExport } from '../../lib/csv-route';
import { declareRoutes } from '../../lib/declare-routes';
import { auditActor } from '../../lib/audit';
import { rateLimited } from '../../lib/rate-limit';
import { exportContactsCsv } from './export';
import { presentContact } from './service';

const tags = ['contacts'];

export async function contactRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { services } = app.ctx;

  route.post('', {
    summary: 'Sends a message from the public contact form (anyone)',
    schema: { response: { 201: messageAnswerSchema }, body: contactSchema },
    config: { ...rateLimited(5, 10), errorCodes: [] },
    handler: async (req, reply) => {
      await services.contacts.create(req.body, req.ip);
      return reply.code(201).send({ message: MSG.messageSent });
    },
  });
}

/**
 * The staff's contact-message routes, registered inside the staff scope of app.ts, whose one
 * onRequest hook is the admin guard.
 */
export async function contactAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { services } = app.ctx;

  route.get('', {
    summary:
      'Lists the contact form messages, newest first: all, or by cursor with ?limit and ?cursor (admin)',
    schema: { response: { 200: contactListAnswerSchema }, querystring: contactsQuerySchema },
    config: { permission: 'contacts.manage', errorCodes: ['invalid_cursor'] },
    handler: async (req) => presentList(await services.contacts.list(req.query), presentContact),
  });

  declareCsvExport(app, route, {
    summary: 'Exports the contact form messages as CSV, newest first (admin)',
    rows: 'One row per message, with a header row: time received (UTC), name, e-mail, message',
    permission: 'contacts.manage',
    filename: 'contact-messages.csv',
    csv: exportContactsCsv,
  });

  route.delete('/:id', {
    summary: 'Deletes a contact form message (admin)',
    schema: { params: idParams, response: { 200: messageAnswerSchema } },
    config: { permission: 'contacts.manage', target: 'none', errorCodes: ['contact_message_not_found'] },
    handler: async (req) => {
      await services.contacts.remove(auditActor(req), req.params.id);
      return { message: MSG.contactDeleted };
    },
  });
}
