/**
 * Investment plans under /api/user and trading activity under /api/trading-activity (seed §7 "User",
 * "Trading activity"; DESIGN.md §5–§6). Thin handlers: guard, validate (schemas from common/), call
 * the plans service, present. Money-moving POSTs accept an Idempotency-Key. Every admin change is
 * audited by the service.
 *
 * POST   /user/active-plan               verified client  {amount, duration (days), plan} → 201; dates set here
 * PUT    /user/admin/active-plan/:id     admin            {amount, duration, plan}: opens a plan for client :id
 * DELETE /user/admin/active-plan/:id     admin            clears client :id's plan (capital returns)
 * POST   /user/admin/add-profit/:id      admin            {profit, date} → profit entry + activity row
 *
 * GET    /trading-activity               signed in        own rows: ?page&pageSize(10|20|30|40)&search → {data, total}
 * GET    /trading-activity/admin         admin            ?userId plus the same query → {data, total}
 * GET    /trading-activity/:id           owner or admin
 * POST   /trading-activity               admin            {userId, tradeAmount, profit, plan, statuss}
 * PUT    /trading-activity/:id           admin            {tradeAmount, profit, plan, statuss}: posts the profit difference
 * DELETE /trading-activity/:id           admin            withdraws its profit, then hides it
 *
 * `planRoutes` also runs the sweep that completes due plans every `config.planSweepIntervalMs`
 * (started when the app is ready, stopped — after any running pass — when it closes).
 */
import { PLAN_MSG } from '@common/messages';
import { idParams } from '@common/schemas/common';
import {
  addProfitSchema,
  adminTradingActivityQuerySchema,
  createTradingActivitySchema,
  openPlanSchema,
  tradingActivityQuerySchema,
  updateTradingActivitySchema,
} from '@common/schemas/plans';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { idempotencyOf, runIdempotent, sendAnswer } from '../../lib/idempotency';
import { runPeriodically } from '../../lib/periodic';
import { currentUser } from '../auth/guard';
import { presentActivePlan, presentTradingActivity } from './presenter';

export async function planRoutes(app: AppInstance) {
  const { guards, services, database, config } = app.ctx;
  const svc = services.plans;
  const tags = ['plans'];

  app.post(
    '/active-plan',
    { schema: { tags, body: openPlanSchema }, onRequest: guards.requireVerifiedUser },
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
    { schema: { tags, params: idParams, body: openPlanSchema }, onRequest: guards.requireAdmin },
    async (req) => ({
      message: PLAN_MSG.planOpenedByAdmin,
      data: presentActivePlan(await svc.openPlan(req.params.id, req.body, { admin: auditActor(req) })),
    }),
  );

  app.delete(
    '/admin/active-plan/:id',
    { schema: { tags, params: idParams }, onRequest: guards.requireAdmin },
    async (req) => ({
      message: PLAN_MSG.planCleared,
      data: presentActivePlan(await svc.clearPlan(auditActor(req), req.params.id)),
    }),
  );

  app.post(
    '/admin/add-profit/:id',
    { schema: { tags, params: idParams, body: addProfitSchema }, onRequest: guards.requireAdmin },
    async (req, reply) => {
      const admin = auditActor(req);
      const answer = await runIdempotent(database.db, req.log, idempotencyOf(req, admin.id), async (uow) => ({
        statusCode: 201,
        body: {
          message: PLAN_MSG.profitAdded,
          data: presentTradingActivity(await svc.addProfit(admin, req.params.id, req.body, uow)),
        },
      }));
      return sendAnswer(reply, answer);
    },
  );

  runPeriodically(app, {
    every: config.planSweepIntervalMs,
    name: 'plan sweep',
    task: async () => {
      const completed = await svc.completeDuePlans();
      return completed > 0 ? { completed } : undefined;
    },
  });
}

export async function tradingActivityRoutes(app: AppInstance) {
  const { guards, services, database } = app.ctx;
  const svc = services.plans;
  const tags = ['trading activity'];

  app.get(
    '/',
    { schema: { tags, querystring: tradingActivityQuerySchema }, onRequest: guards.requireUser },
    async (req) => {
      const { rows, total } = await svc.listActivities(currentUser(req).id, req.query);
      return { data: rows.map(presentTradingActivity), total };
    },
  );

  app.get(
    '/admin',
    { schema: { tags, querystring: adminTradingActivityQuerySchema }, onRequest: guards.requireAdmin },
    async (req) => {
      const { rows, total } = await svc.listActivities(req.query.userId, req.query);
      return { data: rows.map(presentTradingActivity), total };
    },
  );

  app.get('/:id', { schema: { tags, params: idParams }, onRequest: guards.requireUser }, async (req) => ({
    data: presentTradingActivity(await svc.getActivity(currentUser(req), req.params.id)),
  }));

  app.post(
    '/',
    { schema: { tags, body: createTradingActivitySchema }, onRequest: guards.requireAdmin },
    async (req, reply) => {
      const admin = auditActor(req);
      const answer = await runIdempotent(database.db, req.log, idempotencyOf(req, admin.id), async (uow) => ({
        statusCode: 201,
        body: {
          message: PLAN_MSG.activityAdded,
          data: presentTradingActivity(await svc.createActivity(admin, req.body, uow)),
        },
      }));
      return sendAnswer(reply, answer);
    },
  );

  app.put(
    '/:id',
    {
      schema: { tags, params: idParams, body: updateTradingActivitySchema },
      onRequest: guards.requireAdmin,
    },
    async (req) => ({
      message: PLAN_MSG.activityUpdated,
      data: presentTradingActivity(await svc.updateActivity(auditActor(req), req.params.id, req.body)),
    }),
  );

  app.delete('/:id', { schema: { tags, params: idParams }, onRequest: guards.requireAdmin }, async (req) => {
    await svc.deleteActivity(auditActor(req), req.params.id);
    return { message: PLAN_MSG.activityDeleted };
  });
}
