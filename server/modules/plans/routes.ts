/**
 * Investment plans under /api/user (registered with prefix `/user`). Thin handlers: guard, validate
 * (schemas from common/), call one service, present. Money-moving POSTs accept an Idempotency-Key.
 * Every admin change is audited by the service. The sweep that completes due plans is started by
 * server/jobs.ts, not here.
 *
 * POST   /user/active-plan               verified client  {amount, duration (days), plan} → 201; dates set here
 * PUT    /user/admin/active-plan/:id     admin            {amount, duration, plan}: opens a plan for client :id
 * DELETE /user/admin/active-plan/:id     admin            clears client :id's plan (capital returns)
 * POST   /user/admin/add-profit/:id      admin            {profit, date} → profit entry + activity row
 *                                                          (trading-activities/profit-posting.ts)
 */
import { PLAN_MSG } from '@common/messages';
import { errorAnswerSchema, idempotencyHeaders, idParams } from '@common/schemas/common';
import {
  activePlanAnswerSchema,
  addProfitSchema,
  openPlanSchema,
  tradingActivityAnswerSchema,
} from '@common/schemas/plans';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { idempotencyOf, runIdempotent, sendAnswer } from '../../lib/idempotency';
import { currentUser } from '../auth/guard';
import { presentTradingActivity } from '../trading-activities/presenter';
import { presentActivePlan } from './presenter';

export async function planRoutes(app: AppInstance) {
  const { guards, services, database } = app.ctx;
  const svc = services.plans;
  const tags = ['plans'];
  const refused = errorAnswerSchema.describe('Outside the plan limits, or insufficient balance');

  app.post(
    '/active-plan',
    {
      schema: {
        tags,
        summary: 'Opens an investment plan with capital from the available balance (verified client)',
        headers: idempotencyHeaders,
        body: openPlanSchema,
        response: {
          201: activePlanAnswerSchema,
          409: errorAnswerSchema.describe(
            'An active plan already exists, or the Idempotency-Key was used for another request',
          ),
          422: refused,
        },
      },
      onRequest: guards.requireVerifiedUser,
    },
    async (req, reply) => {
      const user = currentUser(req);
      const answer = await runIdempotent(database.db, req.log, idempotencyOf(req, user.id), async (uow) => ({
        statusCode: 201,
        body: {
          message: PLAN_MSG.tradePlaced,
          data: presentActivePlan(await svc.openPlan(user.id, req.body, { uow })),
        },
      }));
      return sendAnswer(reply, answer);
    },
  );

  app.put(
    '/admin/active-plan/:id',
    {
      schema: {
        tags,
        summary: "Opens a plan for client :id with capital from the client's balance (admin)",
        params: idParams,
        body: openPlanSchema,
        response: {
          200: activePlanAnswerSchema,
          409: errorAnswerSchema.describe('The client already has an active plan'),
          422: refused,
        },
      },
      onRequest: guards.requireAdmin,
    },
    async (req) => ({
      message: PLAN_MSG.planOpenedByAdmin,
      data: presentActivePlan(await svc.openPlan(req.params.id, req.body, { admin: auditActor(req) })),
    }),
  );

  app.delete(
    '/admin/active-plan/:id',
    {
      schema: {
        tags,
        summary: "Clears client :id's active plan; the capital returns to the balance (admin)",
        params: idParams,
        response: {
          200: activePlanAnswerSchema,
          409: errorAnswerSchema.describe('The client has no active plan'),
        },
      },
      onRequest: guards.requireAdmin,
    },
    async (req) => ({
      message: PLAN_MSG.planCleared,
      data: presentActivePlan(await svc.clearPlan(auditActor(req), req.params.id)),
    }),
  );

  app.post(
    '/admin/add-profit/:id',
    {
      schema: {
        tags,
        summary: "Adds profit to client :id's active plan and records it as trading activity (admin)",
        headers: idempotencyHeaders,
        params: idParams,
        body: addProfitSchema,
        response: {
          201: tradingActivityAnswerSchema,
          409: errorAnswerSchema.describe(
            'The client has no active plan, or the Idempotency-Key was used for another request',
          ),
        },
      },
      onRequest: guards.requireAdmin,
    },
    async (req, reply) => {
      const admin = auditActor(req);
      const answer = await runIdempotent(database.db, req.log, idempotencyOf(req, admin.id), async (uow) => ({
        statusCode: 201,
        body: {
          message: PLAN_MSG.profitAdded,
          data: presentTradingActivity(
            await services.profitPosting.addProfit(admin, req.params.id, req.body, uow),
          ),
        },
      }));
      return sendAnswer(reply, answer);
    },
  );
}
