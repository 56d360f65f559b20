/**
 * POST /api/user/admin/email (admin) {email or userId, subject, message} → the mail to
 * that client, "Email sent successfully"; 404 for an unknown client. Audited (`user.email`).
 *
 * The mail outbox (lib/mail.ts; registered under /mail):
 * GET  /mail/outbox            ?status(failed|queued|sent)&page&pageSize → {data, total}, newest first
 * GET  /mail/outbox/export.csv ?status → every mail of that status as CSV, newest first (no bodies)
 * POST /mail/outbox/:id/retry  a failed mail queued again → {message, data}; audited (`mail.retry`)
 */
import { idParams } from '@common/schemas/common';
import { MESSAGING_MSG, MSG } from '@common/messages';
import {
  adminEmailAnswerSchema,
  adminEmailSchema,
  outboxExportQuerySchema,
  outboxMailAnswerSchema,
  outboxPageSchema,
  outboxQuerySchema,
  type OutboxMail,
} from '@common/schemas/emailing';
import type { AppInstance } from '../../app-context';
import { declareCsvExport } from '../../lib/csv-route';
import { conflict } from '../../lib/route-schemas';
import { declareRoutes } from '../../lib/declare-routes';
import { presentPage } from '../../lib/paging';
import { auditActor } from '../../lib/audit';
import { currentUser } from '../auth/guard';
import { onClient } from '../../lib/targets';
import { exportOutboxCsv } from './export';

export async function emailingAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['users']);
  const svc = app.ctx.services.emailing;

  route.post('/admin/email', {
    summary: 'E-mails one client, named by e-mail or id (admin)',
    schema: { response: { 200: adminEmailAnswerSchema }, body: adminEmailSchema },
    config: {
      permission: 'emailing.send',
      target: onClient('bodyUserOrEmail'),
      errorCodes: ['user_not_found'],
    },
    handler: async (req) => {
      const sent = await svc.sendEmail(auditActor(req), req.body);
      return { message: MSG.emailSent, data: sent };
    },
  });
}

/** An outbox row as the API answers it (ISO times, `_id`). */
function presentOutboxMail(r: {
  id: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  sentAt: Date | null;
  bodyRemovedAt: Date | null;
}): OutboxMail {
  return {
    _id: r.id,
    to: r.to,
    subject: r.subject,
    status: r.status as OutboxMail['status'],
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    bodyRemovedAt: r.bodyRemovedAt?.toISOString() ?? null,
  };
}

export async function mailOutboxAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['mail']);
  const svc = app.ctx.services.emailing;

  route.get('/outbox', {
    summary:
      "Answers one page of the mail outbox by status, newest first, by number or by cursor, without the mails' bodies (staff)",
    schema: { response: { 200: outboxPageSchema }, querystring: outboxQuerySchema },
    config: { permission: 'emailing.send', errorCodes: ['invalid_cursor'] },
    handler: async (req) => presentPage(await svc.listOutbox(currentUser(req), req.query), presentOutboxMail),
  });

  declareCsvExport(
    app,
    route,
    {
      summary:
        "Exports the mail outbox of one status as CSV, newest first, without the mails' bodies (staff)",
      rows: 'One row per mail, with a header row: recipient, subject, status, tries, last error, times in UTC',
      permission: 'emailing.send',
      filename: 'mail-outbox.csv',
      querystring: outboxExportQuerySchema,
      csv: (rows, query, req) => exportOutboxCsv(rows, query, currentUser(req)),
    },
    '/outbox/export.csv',
  );

  route.post('/outbox/:id/retry', {
    summary: 'Queues a failed mail again: tries from zero, sent in a moment (staff)',
    schema: {
      params: idParams,
      response: { 200: outboxMailAnswerSchema, 409: conflict('The mail has not failed') },
    },
    config: { permission: 'emailing.send', target: 'none', errorCodes: ['not_found', 'mail_not_failed'] },
    handler: async (req) => ({
      message: MESSAGING_MSG.mailQueuedAgain,
      data: presentOutboxMail(await svc.retryMail(auditActor(req), currentUser(req), req.params.id)),
    }),
  });
}
