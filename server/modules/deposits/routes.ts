/**
 * /api/deposits (seed §7 "Deposits"; DESIGN.md §6). Thin handlers: guard, validate (schemas from
 * common/), call the deposits service, present. POST accepts an Idempotency-Key.
 *
 * POST   /deposits              verified client  {amount, image (data URL), wallet, transactionHash?}
 * GET    /deposits/wallets      signed in        wallet addresses to pay to
 * GET    /deposits              signed in        own deposits; an admin: all or ?userId=
 * PUT    /deposits/:id/approve  admin
 * PUT    /deposits/:id/reject   admin
 * DELETE /deposits/:id          admin            pending or rejected only
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MONEY_MSG } from '@common/messages';
import { idParams, userIdQuery } from '@common/schemas/common';
import { createDepositSchema, PROOF_MAX_BYTES } from '@common/schemas/deposits';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { idempotencyOf, runIdempotent, sendAnswer } from '../../lib/idempotency';
import { currentUser } from '../auth/guard';
import { maxDataUrlLength } from '../files/images';
import { presentDeposit } from './presenter';

const tags = ['deposits'];

/** Room for a 5 MB image as a data URL plus the other fields; a bigger body gets 413 unread. */
const DEPOSIT_BODY_LIMIT = maxDataUrlLength(PROOF_MAX_BYTES) + 64 * 1024;

export async function depositRoutes(app: AppInstance) {
  const { guards, services, database } = app.ctx;
  const svc = services.deposits;

  app.post(
    '/',
    {
      schema: { tags, body: createDepositSchema },
      onRequest: guards.requireVerifiedUser,
      bodyLimit: DEPOSIT_BODY_LIMIT,
      // Fastify refuses an oversized body before parsing it; answer with the seed's text.
      errorHandler(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
        if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          return reply.code(413).send({ message: MONEY_MSG.fileTooLarge });
        throw err;
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const answer = await runIdempotent(database.db, req.log, idempotencyOf(req, user.id), async (uow) => ({
        statusCode: 201,
        body: {
          message: MONEY_MSG.depositSubmitted,
          data: presentDeposit(await svc.submitDeposit(user, req.body, uow)),
        },
      }));
      return sendAnswer(reply, answer);
    },
  );

  app.get('/wallets', { schema: { tags }, onRequest: guards.requireUser }, async () => ({
    data: svc.wallets(),
  }));

  app.get(
    '/',
    { schema: { tags, querystring: userIdQuery }, onRequest: guards.requireUser },
    async (req) => ({
      data: (await svc.listDeposits(currentUser(req), req.query.userId)).map(presentDeposit),
    }),
  );

  app.put(
    '/:id/approve',
    { schema: { tags, params: idParams }, onRequest: guards.requireAdmin },
    async (req) => ({
      message: MONEY_MSG.depositApproved,
      data: presentDeposit(await svc.approveDeposit(auditActor(req), req.params.id)),
    }),
  );

  app.put(
    '/:id/reject',
    { schema: { tags, params: idParams }, onRequest: guards.requireAdmin },
    async (req) => ({
      message: MONEY_MSG.depositRejected,
      data: presentDeposit(await svc.rejectDeposit(auditActor(req), req.params.id)),
    }),
  );

  app.delete('/:id', { schema: { tags, params: idParams }, onRequest: guards.requireAdmin }, async (req) => {
    await svc.deleteDeposit(auditActor(req), req.params.id);
    return { message: MONEY_MSG.depositDeleted };
  });
}
