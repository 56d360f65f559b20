/**
 * Withdrawal routes (seed §7 "Bank withdrawals", "Crypto withdrawals"; DESIGN.md §5, §6).
 * `withdrawalRoutes` is registered twice — /c-withdrawals (crypto) and /b-withdrawals (bank) — over
 * one service. POST accepts an Idempotency-Key.
 *
 * POST   /withdrawals/code            verified client  e-mails a 6-digit confirmation code
 * POST   /{c,b}-withdrawals           verified client  crypto: {amount, address, token, wallet}
 *                                                       bank: {amount, bankName, accountName, accountNumber, routing, swift, token}
 * GET    /{c,b}-withdrawals           signed in        own; an admin: all or ?userId=
 * PUT    /{c,b}-withdrawals/:id/approve  admin
 * PUT    /{c,b}-withdrawals/:id/reject   admin
 * DELETE /{c,b}-withdrawals/:id          admin         declined ones only
 */
import { MONEY_MSG } from '@common/messages';
import { idParams, userIdQuery } from '@common/schemas/common';
import { bankWithdrawalSchema, cryptoWithdrawalSchema } from '@common/schemas/withdrawals';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { rateLimited } from '../../lib/rate-limit';
import { idempotencyOf, runIdempotent, sendAnswer } from '../../lib/idempotency';
import { currentUser } from '../auth/guard';
import { presentWithdrawal } from './presenter';
import type { WithdrawalInput, WithdrawalMethod } from './service';

const tags = ['withdrawals'];

const METHODS = {
  crypto: { body: cryptoWithdrawalSchema, submitted: MONEY_MSG.cryptoWithdrawalSubmitted },
  bank: { body: bankWithdrawalSchema, submitted: MONEY_MSG.bankWithdrawalSubmitted },
} as const;

/** POST /withdrawals/code */
export async function withdrawalCodeRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;
  app.post(
    '/code',
    {
      schema: { tags },
      onRequest: guards.requireVerifiedUser,
      config: rateLimited(5, 10),
    },
    async (req) => {
      await services.withdrawals.requestCode(currentUser(req));
      return { message: MONEY_MSG.codeSent };
    },
  );
}

export async function withdrawalRoutes(app: AppInstance, opts: { method: WithdrawalMethod }) {
  const { guards, services, database } = app.ctx;
  const svc = services.withdrawals;
  const { method } = opts;
  const { body, submitted } = METHODS[method];

  // The per-IP limit bounds how many confirmation-code guesses can race past the 5-try counter.
  const config = rateLimited(20, 1);
  app.post(
    '/',
    { schema: { tags, body }, onRequest: guards.requireVerifiedUser, config },
    async (req, reply) => {
      const user = currentUser(req);
      const request = { method, input: req.body } as WithdrawalInput;
      const answer = await runIdempotent(database.db, req.log, idempotencyOf(req, user.id), async (uow) => ({
        statusCode: 201,
        body: {
          message: submitted,
          data: presentWithdrawal(await svc.requestWithdrawal(user, request, uow)),
        },
      }));
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/',
    { schema: { tags, querystring: userIdQuery }, onRequest: guards.requireUser },
    async (req) => ({
      data: (await svc.listWithdrawals(currentUser(req), method, req.query.userId)).map(presentWithdrawal),
    }),
  );

  app.put(
    '/:id/approve',
    { schema: { tags, params: idParams }, onRequest: guards.requireAdmin },
    async (req) => ({
      message: MONEY_MSG.withdrawalApproved,
      data: presentWithdrawal(await svc.approveWithdrawal(auditActor(req), method, req.params.id)),
    }),
  );

  app.put(
    '/:id/reject',
    { schema: { tags, params: idParams }, onRequest: guards.requireAdmin },
    async (req) => ({
      message: MONEY_MSG.withdrawalDeclined,
      data: presentWithdrawal(await svc.rejectWithdrawal(auditActor(req), method, req.params.id)),
    }),
  );

  app.delete('/:id', { schema: { tags, params: idParams }, onRequest: guards.requireAdmin }, async (req) => {
    await svc.deleteWithdrawal(auditActor(req), method, req.params.id);
    return { message: MONEY_MSG.withdrawalDeleted };
  });
}
