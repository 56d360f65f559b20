/**
 * Investment plans under /api/user (registered with prefix `/user`). Thin handlers: guard, validate
 * (schemas from common/), call one service, present. Money-moving POSTs accept an Idempotency-Key.
 * Every admin change is audited by the service. The sweep that completes due plans is started by
 * server/jobs.ts, not here.
 *
 * POST   /user/active-plan               verified client  {amount, duration (days), plan} → 201; dates set here
 * PUT    /user/admin/active-plan/:id     admin            {amount, duration, plan}: opens a plan for client :id
 * DELETE /user/admin/active-plan/:id     admin            clears client :id's plan (capital returns)
 *
 * Profit added to a client's active plan (POST /user/admin/add-profit/:id) is profit posting:
 * server/modules/trading-activities/add-profit-routes.ts.
 */
import { PLAN_MSG } from '@common/messages';
import { errorAnswerSchema, idParams } from '@common/schemas/common';
import { activePlanAnswerSchema, openPlanSchema } from '@common/schemas/plans';
import type { AppInstance } from '../../app-context';
import { conflict } from '../../lib/route-schemas';
import { declareRoutes } from '../../lib/declare-routes';
import { auditActor } from '../../lib/audit';
import { statementKey } from '../../lib/idempotency';
import type { PlanRow } from '../../db/rows';
import { currentUser } from '../auth/guard';
import { presentActivePlan } from './presenter';
import { onClient } from '../../lib/targets';
import type { ErrorCode } from '@common/errors';
import { IDEMPOTENCY_CODES } from '../../lib/route-codes';

/** What opening a plan answers (open.ts): one already active, the amount outside the limits or the balance. */
const OPEN_CODES = [
  'plan_already_active',
  'plan_amount_out_of_range',
  'insufficient_funds_for_trade',
] as const satisfies readonly ErrorCode[];

/** The 422 of opening a plan, by the client or for them. */
const refused = errorAnswerSchema.describe('Outside the plan limits, or insufficient balance');

/** The client's plan route: opening a plan with capital from the available balance. */
export async function planRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['plans']);
  const { guards, services } = app.ctx;
  const svc = services.plans;

  route.post('/active-plan', {
    summary: 'Opens an investment plan with capital from the available balance (verified client; staff 403)',
    schema: {
      response: {
        201: activePlanAnswerSchema,
        409: conflict('An active plan already exists, or the Idempotency-Key was used for another request'),
        422: refused,
      },
      body: openPlanSchema,
    },
    onRequest: guards.requireClient,
    config: { idempotent: true, errorCodes: [...OPEN_CODES, ...IDEMPOTENCY_CODES] },
    handler: async (req, reply) => {
      const answer = (plan: PlanRow) => ({ message: PLAN_MSG.tradePlaced, data: presentActivePlan(plan) });
      const key = statementKey(req, 201, answer);
      const plan = await svc.openPlan(currentUser(req).id, req.body, { key });
      reply.code(201);
      return answer(plan);
    },
  });
}

/**
 * The staff's plan routes, registered inside the staff scope of app.ts, whose one onRequest hook is
 * the admin guard.
 */
export async function planAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['plans']);
  const { services } = app.ctx;
  const svc = services.plans;
  const config = { permission: 'plans.manage', target: onClient() } as const;

  route.put('/admin/active-plan/:id', {
    summary: "Opens a plan for client :id with capital from the client's balance (admin)",
    schema: {
      params: idParams,
      response: {
        200: activePlanAnswerSchema,
        409: conflict('The client already has an active plan'),
        422: refused,
      },
      body: openPlanSchema,
    },
    config: { ...config, errorCodes: ['client_not_found', ...OPEN_CODES] },
    handler: async (req) => ({
      message: PLAN_MSG.planOpenedByAdmin,
      data: presentActivePlan(await svc.openPlan(req.params.id, req.body, { admin: auditActor(req) })),
    }),
  });

  route.delete('/admin/active-plan/:id', {
    summary: "Clears client :id's active plan; the capital returns to the balance (admin)",
    schema: {
      params: idParams,
      response: { 200: activePlanAnswerSchema, 409: conflict('The client has no active plan') },
    },
    config: { ...config, errorCodes: ['client_not_found', 'no_active_plan'] },
    handler: async (req) => ({
      message: PLAN_MSG.planCleared,
      data: presentActivePlan(await svc.clearPlan(auditActor(req), req.params.id)),
    }),
  });
}
