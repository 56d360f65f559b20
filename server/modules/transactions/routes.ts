/**
 * /api/transaction: the client's history (and its CSV export), and the admin's transactions on a
 * client's history. The admin review queue (/api/reviews) is server/modules/reviews.
 *
 * GET    /transaction               signed in  latest 10 of the signed-in user
 * GET    /transaction/all           signed in  ?page&pageSize(10|20|30|40)&search&type&status → {data, total}
 * GET    /transaction/export.csv    signed in  the user's whole history as CSV
 * GET    /transaction/admin         admin      same query plus userId → {data, total}
 * POST   /transaction/:userId       admin      {amount, transactionType, date?, details, status?} (Idempotency-Key)
 * DELETE /transaction/:id           admin      {reason?} — voids with a reversing entry
 */
import { z } from 'zod';
import { MONEY_MSG } from '@common/messages';
import { idParams } from '@common/schemas/common';
import {
  addTransactionSchema,
  historyQuerySchema,
  voidTransactionSchema,
} from '@common/schemas/transactions';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { idempotencyOf, runIdempotent, sendAnswer } from '../../lib/idempotency';
import { currentUser } from '../auth/guard';
import { historyCsv, presentTransaction } from './presenter';

const tags = ['transactions'];

export async function transactionRoutes(app: AppInstance) {
  const { guards, services, database } = app.ctx;
  const svc = services.transactions;

  app.get('/', { schema: { tags }, onRequest: guards.requireUser }, async (req) => ({
    data: (await svc.listRecent(currentUser(req).id)).map(presentTransaction),
  }));

  app.get(
    '/all',
    { schema: { tags, querystring: historyQuerySchema }, onRequest: guards.requireUser },
    async (req) => {
      const { rows, total } = await svc.listHistory(currentUser(req).id, req.query);
      return { data: rows.map(presentTransaction), total };
    },
  );

  app.get('/export.csv', { schema: { tags }, onRequest: guards.requireUser }, async (req, reply) => {
    const csv = historyCsv(await svc.listAll(currentUser(req).id));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="transactions.csv"')
      .send(csv);
  });

  app.get(
    '/admin',
    {
      schema: { tags, querystring: historyQuerySchema.extend({ userId: z.uuid('Invalid id') }) },
      onRequest: guards.requireAdmin,
    },
    async (req) => {
      const { rows, total } = await svc.listHistory(req.query.userId, req.query);
      return { data: rows.map(presentTransaction), total };
    },
  );

  app.post(
    '/:userId',
    {
      schema: { tags, params: z.object({ userId: z.uuid('Invalid id') }), body: addTransactionSchema },
      onRequest: guards.requireAdmin,
    },
    async (req, reply) => {
      const admin = currentUser(req);
      const answer = await runIdempotent(database.db, req.log, idempotencyOf(req, admin.id), async (uow) => ({
        statusCode: 201,
        body: {
          message: MONEY_MSG.transactionAdded,
          data: presentTransaction(
            await svc.addTransaction(auditActor(req), req.params.userId, req.body, uow),
          ),
        },
      }));
      return sendAnswer(reply, answer);
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, params: idParams, body: voidTransactionSchema }, onRequest: guards.requireAdmin },
    async (req) => ({
      message: MONEY_MSG.transactionVoided,
      data: presentTransaction(await svc.voidTransaction(auditActor(req), req.params.id, req.body?.reason)),
    }),
  );
}
