/**
 * Investment plans under /api/user (registered with prefix `/user`). Thin handlers: guard, validate
 * (schemas from common/), call one service, present. Money-moving POSTs accept an Idempotency-Key.
 * Every admin change is audited by the service. The sweep that completes due plans is started by
 * server/jobs.ts, not here.
 *
 * POST   /user/active-plan               verified client  {amount, duration (days), plan} → 201; dates set here
 * PUT    /user/admin/active-plan/:id     admin            {amount, duration, plan}: opens a plan for client :id
 * DELETE /user/admin/active-plan/:id     admin            clears client :id's plan (capital returns)
 * POST   /user/admin/add-profit/:id      admin            {profit, date, reason} → profit entry + activity row;
 *                                                          202 at or above the four-eyes threshold (|profit|)
 *                                                          (trading-activities/profit-posting.ts)
 */
import { PLAN_MSG } from '@common/messages';
import { errorAnswerSchema } from '@common/schemas/common';
import {
  activePlanAnswerSchema,
  addProfitSchema,
  openPlanSchema,
  tradingActivityAnswerSchema,
} from '@common/schemas/plans';
import type { AppInstance } from '../../app-context';
import { conflict, rowRoute, routeSchema } from '../../lib/route-schemas';
import { auditActor } from '../../lib/audit';
import { statementKey, unitOfWork } from '../../lib/idempotency';
import type { PlanRow } from '../../db/rows';
import { usd } from '../../lib/money';
import { heldAnswer, holdIfLarge } from '../approvals/routes';
import { refuseUncoverableLoss } from '../trading-activities/profit-posting';
import { currentUser } from '../auth/guard';
import { presentTradingActivity } from '../trading-activities/presenter';
import { presentActivePlan } from './presenter';
import { onClient } from '../../lib/targets';

export async function planRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;
  const svc = services.plans;
  const tags = ['plans'];
  const refused = errorAnswerSchema.describe('Outside the plan limits, or insufficient balance');

  app.post(
    '/active-plan',
    {
      schema: routeSchema(
        tags,
        'Opens an investment plan with capital from the available balance (verified client; staff 403)',
        {
          201: activePlanAnswerSchema,
          409: conflict('An active plan already exists, or the Idempotency-Key was used for another request'),
          422: refused,
        },
        { body: openPlanSchema },
      ),
      onRequest: guards.requireClient,
      config: { idempotent: 'statement' },
    },
    async (req, reply) => {
      const answer = (plan: PlanRow) => ({ message: PLAN_MSG.tradePlaced, data: presentActivePlan(plan) });
      const key = statementKey(req, 201, answer);
      const plan = await svc.openPlan(currentUser(req).id, req.body, { key });
      reply.code(201);
      return answer(plan);
    },
  );
}

/**
 * The staff's plan routes, registered inside the staff scope of app.ts, whose one onRequest hook is
 * the admin guard.
 */
export async function planAdminRoutes(app: AppInstance) {
  const { services } = app.ctx;
  const svc = services.plans;
  const tags = ['plans'];
  const refused = errorAnswerSchema.describe('Outside the plan limits, or insufficient balance');

  app.put(
    '/admin/active-plan/:id',
    {
      schema: rowRoute(
        tags,
        "Opens a plan for client :id with capital from the client's balance (admin)",
        {
          200: activePlanAnswerSchema,
          409: conflict('The client already has an active plan'),
          422: refused,
        },
        { body: openPlanSchema },
      ),
      config: { permission: 'plans.manage', target: onClient() },
    },
    async (req) => ({
      message: PLAN_MSG.planOpenedByAdmin,
      data: presentActivePlan(await svc.openPlan(req.params.id, req.body, { admin: auditActor(req) })),
    }),
  );

  app.delete(
    '/admin/active-plan/:id',
    {
      schema: rowRoute(tags, "Clears client :id's active plan; the capital returns to the balance (admin)", {
        200: activePlanAnswerSchema,
        409: conflict('The client has no active plan'),
      }),
      config: { permission: 'plans.manage', target: onClient() },
    },
    async (req) => ({
      message: PLAN_MSG.planCleared,
      data: presentActivePlan(await svc.clearPlan(auditActor(req), req.params.id)),
    }),
  );

  app.post(
    '/admin/add-profit/:id',
    {
      schema: rowRoute(
        tags,
        "Adds profit to client :id's active plan and records it as trading activity (admin)",
        {
          201: tradingActivityAnswerSchema,
          ...heldAnswer,
          409: conflict('The client has no active plan, or the Idempotency-Key was used for another request'),
        },
        { body: addProfitSchema },
      ),
      config: { idempotent: true, permission: 'profits.post', target: onClient() },
    },
    async (req, reply) => {
      const { profit, reason } = req.body;
      const held = await holdIfLarge(
        services.approvals,
        req,
        reply,
        {
          op: 'plan_result',
          clientId: req.params.id,
          amount: profit,
          reason,
          input: req.body,
          summary: profit < 0n ? `Plan loss of ${usd(-profit)}` : `Plan profit of ${usd(profit)}`,
          refuseImpossible: ({ tx }) => refuseUncoverableLoss(tx, req.params.id, req.body),
        },
        unitOfWork(req),
      );
      if (held) return held;
      const posting = services.profitPosting;
      const activity = await posting.addProfit(auditActor(req), req.params.id, req.body, unitOfWork(req));
      reply.code(201);
      return { message: PLAN_MSG.profitAdded, data: presentTradingActivity(activity) };
    },
  );
}
