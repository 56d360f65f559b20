/**
 * /api/transaction: the client's history (and its CSV export), and the admin's transactions on a
 * client's history. The admin review queue (/api/reviews) is server/modules/reviews.
 *
 * GET    /transaction               signed in  latest 10 of the signed-in user
 * GET    /transaction/all           signed in  ?page&pageSize(10|20|30|40)&search&type&status → {data, total},
 *                                               or a cursor page with ?cursor&limit → {data, total, nextCursor}
 * GET    /transaction/export.csv    signed in  the user's whole history as CSV
 * GET    /transaction/value-history signed in  ?range(1M|3M|1Y|all) → {range, from, points}: the user's
 *                                               account value per day (value-history.ts)
 * GET    /transaction/admin         admin      same query plus userId → {data, total, nextCursor?}
 * GET    /transaction/admin/export.csv  clients.read  ?userId&search&type&status → the client's history as CSV
 * POST   /transaction/:id           admin      {amount, transactionType, date?, details, status?} (Idempotency-Key);
 *                                               :id is the client's user id
 * DELETE /transaction/:id           admin      {reason} — voids with a reversing entry
 * A POST or DELETE at or above the four-eyes threshold answers 202 and waits in /approvals.
 */
import { z } from 'zod';
import { MONEY_MSG } from '@common/messages';
import { errorAnswerSchema, idParams } from '@common/schemas/common';
import {
  addTransactionSchema,
  adminHistoryExportQuerySchema,
  historyQuerySchema,
  transactionAnswerSchema,
  transactionListAnswerSchema,
  transactionPageAnswerSchema,
  voidTransactionSchema,
} from '@common/schemas/transactions';
import { valueHistoryAnswerSchema, valueHistoryQuerySchema } from '@common/schemas/value-history';
import type { AppInstance } from '../../app-context';
import { conflict, csvAnswer } from '../../lib/route-schemas';
import { declareRoutes } from '../../lib/declare-routes';
import { presentPage } from '../../lib/paging';
import { auditActor } from '../../lib/audit';
import { keyedTransaction } from '../../lib/idempotency';
import { usd } from '../../lib/money';
import { heldAnswer, holdOrRun } from '../approvals/routes';
import { currentUser } from '../auth/guard';
import { presentTransaction, presentValueDay } from './presenter';
import { sendCsv } from '../../lib/csv';
import { onClient } from '../../lib/targets';
import { declareCsvExport } from '../../lib/csv-route';
import { FOUR_EYES_CODES, IDEMPOTENCY_CODES } from '../../lib/route-codes';

/**
 * The signed-in user's own history: the latest lines, a page, the value per day, the CSV export;
 * registered in a signed-in scope of app.ts (`signedIn`), whose one onRequest hook is
 * `requireUser`.
 */
export async function transactionRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['transactions']);
  const { services } = app.ctx;
  const svc = services.transactions;

  route.get('', {
    summary: "Answers the signed-in user's latest 10 history lines",
    schema: { response: { 200: transactionListAnswerSchema } },
    config: { clientKeys: true, errorCodes: [] },
    handler: async (req) => ({
      data: (await svc.listRecent(currentUser(req).id)).map(presentTransaction),
    }),
  });

  route.get('/all', {
    summary:
      "Answers one page of the signed-in user's history, filtered and searched, by number or by cursor",
    schema: { response: { 200: transactionPageAnswerSchema }, querystring: historyQuerySchema },
    config: { clientKeys: true, errorCodes: ['invalid_cursor'] },
    handler: async (req) =>
      presentPage(await svc.listHistory(currentUser(req).id, req.query), presentTransaction),
  });

  route.get('/value-history', {
    summary:
      "Answers the signed-in user's account value per day over a range, with the day's deposits, withdrawals and profit",
    schema: { response: { 200: valueHistoryAnswerSchema }, querystring: valueHistoryQuerySchema },
    config: { clientKeys: true, errorCodes: [] },
    handler: async (req) => {
      const { range } = req.query;
      const { from, firstDay, days } = await svc.valueHistory(currentUser(req).id, range);
      return { range, from, firstDay, points: days.map(presentValueDay) };
    },
  });

  // A string sent as text/csv is not serialized by Fastify: the schema only documents the answer.
  route.get('/export.csv', {
    summary: "Exports the signed-in user's whole history as a CSV file",
    schema: {
      response: {
        200: csvAnswer('The whole history as CSV (RFC 4180), newest first, streamed as an attachment'),
      },
    },
    config: { clientKeys: true, errorCodes: [] },
    handler: async (req, reply) =>
      sendCsv(reply, 'transactions.csv', await svc.exportHistoryCsv(currentUser(req).id)),
  });
}

/**
 * The staff's transaction routes, registered inside the staff scope of app.ts, whose one onRequest
 * hook is the admin guard.
 */
export async function transactionAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['transactions']);
  const { services } = app.ctx;
  const svc = services.transactions;

  route.get('/admin', {
    summary: "Answers one page of a client's history, filtered and searched, by number or by cursor (admin)",
    schema: {
      response: { 200: transactionPageAnswerSchema },
      querystring: historyQuerySchema.extend({ userId: z.uuid('Invalid id') }),
    },
    config: { permission: 'clients.read', target: onClient('queryUser'), errorCodes: ['invalid_cursor'] },
    handler: async (req) =>
      presentPage(await svc.listHistory(req.query.userId, req.query), presentTransaction),
  });

  declareCsvExport(
    app,
    route,
    {
      summary: "Exports a client's history, with the list's search and filters, as CSV, newest first (admin)",
      rows: "One row per history line, with a header row, as the client's own export; amounts in USD, times in UTC",
      permission: 'clients.read',
      target: onClient('queryUser'),
      filename: 'transactions.csv',
      querystring: adminHistoryExportQuerySchema,
      csv: (_streamRows, q) => svc.exportHistoryCsv(q.userId, q),
    },
    '/admin/export.csv',
  );

  route.post('/:id', {
    summary: "Adds a transaction to client :id's history and posts it to the ledger (admin)",
    schema: {
      params: idParams,
      response: {
        201: transactionAnswerSchema,
        ...heldAnswer,
        422: errorAnswerSchema.describe('Insufficient balance'),
      },
      body: addTransactionSchema,
    },
    config: {
      idempotent: true,
      permission: 'ledger.adjust',
      target: onClient(),
      errorCodes: ['insufficient_balance', ...FOUR_EYES_CODES, ...IDEMPOTENCY_CODES],
    },
    handler: async (req, reply) =>
      keyedTransaction(req, reply, async (uow) => {
        const { amount, transactionType, details } = req.body;
        return holdOrRun(
          services.approvals,
          req,
          reply,
          {
            op: 'transaction',
            clientId: req.params.id,
            amount,
            reason: details,
            input: req.body,
            summary: `${transactionType[0]!.toUpperCase()}${transactionType.slice(1)} of ${usd(amount)} added to the history`,
            refuseImpossible: ({ tx }) => svc.refuseUncovered(tx, req.params.id, req.body),
          },
          {
            run: (u) => svc.addTransaction(auditActor(req), req.params.id, req.body, u),
            uow,
            status: 201,
            answer: (t) => ({ message: MONEY_MSG.transactionAdded, data: presentTransaction(t) }),
          },
        );
      }),
  });

  route.delete('/:id', {
    summary: 'Voids a history line with a reversing entry and answers the reversal (admin)',
    schema: {
      params: idParams,
      response: {
        200: transactionAnswerSchema,
        ...heldAnswer,
        409: conflict('Not voidable: pending or rejected, a reversal, or already voided'),
        422: errorAnswerSchema.describe("The client's balance no longer covers it"),
      },
      body: voidTransactionSchema,
    },
    config: {
      permission: 'transactions.void',
      target: onClient('historyLine'),
      errorCodes: ['not_voidable', 'already_voided', 'insufficient_balance', ...FOUR_EYES_CODES],
    },
    handler: async (req, reply) => {
      const { reason } = req.body;
      const line = await svc.voidableLine(req.params.id);
      const summary = `Void of the ${line.type.replaceAll('_', ' ')} of ${usd(line.amount)} on ${line.date.toISOString().slice(0, 10)}`;
      return holdOrRun(
        services.approvals,
        req,
        reply,
        {
          op: 'void',
          clientId: line.userId,
          amount: line.amount,
          reason,
          target: req.params.id,
          summary,
          refuseImpossible: ({ tx }) => svc.refuseUncoveredVoid(tx, req.params.id),
        },
        {
          run: (u) => svc.voidTransaction(auditActor(req), req.params.id, reason, u),
          answer: (t) => ({ message: MONEY_MSG.transactionVoided, data: presentTransaction(t) }),
        },
      );
    },
  });
}
