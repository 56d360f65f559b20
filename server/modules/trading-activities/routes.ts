/**
 * Trading activity under /api/trading-activity (registered with prefix `/trading-activity`). Thin
 * handlers: guard, validate (schemas from common/), call the trading activities service, present.
 * The money-moving POST accepts an Idempotency-Key. Every admin change is audited by the service.
 *
 * GET    /trading-activity               signed in        own rows: ?page&pageSize(10|20|30|40)&search → {data, total},
 *                                                          or a cursor page with ?cursor&limit → {data, total, nextCursor}
 * GET    /trading-activity/admin         admin            ?userId plus the same query → {data, total, nextCursor?}
 * GET    /trading-activity/admin/export.csv  clients.read ?userId&search → the client's rows as CSV, newest first
 * GET    /trading-activity/:id           owner or admin
 * POST   /trading-activity               admin            {userId, tradeAmount, profit, plan, statuss}
 * PUT    /trading-activity/:id           admin            {tradeAmount, profit, plan, statuss}: posts the profit difference
 * DELETE /trading-activity/:id           admin            withdraws its profit, then hides it
 * The three changes answer 202 at or above the four-eyes threshold (the result, or its change).
 *
 * Profit added to a client's active plan (POST /user/admin/add-profit/:id, under the product's
 * /user URL) is declared beside this file: add-profit-routes.ts.
 */
import { PLAN_MSG } from '@common/messages';
import { idParams, messageAnswerSchema } from '@common/schemas/common';
import {
  adminActivityExportQuerySchema,
  adminTradingActivityQuerySchema,
  createTradingActivitySchema,
  tradingActivityAnswerSchema,
  tradingActivityItemAnswerSchema,
  tradingActivityPageSchema,
  tradingActivityQuerySchema,
  updateTradingActivitySchema,
} from '@common/schemas/plans';
import type { AppInstance } from '../../app-context';
import { conflict } from '../../lib/route-schemas';
import { declareRoutes } from '../../lib/declare-routes';
import { presentPage } from '../../lib/paging';
import { auditActor } from '../../lib/audit';
import { keyedTransaction } from '../../lib/idempotency';
import { usd } from '../../lib/money';
import { heldAnswer, holdOrRun } from '../approvals/routes';
import { currentUser } from '../auth/guard';
import { refuseUnpostable } from './profit-posting';
import { presentTradingActivity } from './presenter';
import { onClient } from '../../lib/targets';
import { declareCsvExport } from '../../lib/csv-route';
import { exportActivitiesCsv } from './export';
import { ACTIVITY_POSTING_CODES, FOUR_EYES_CODES, IDEMPOTENCY_CODES } from '../../lib/route-codes';

/** The OpenAPI tag of every trading activity route. */
const tags = ['trading activity'];

/** Why taking profit back (a change or a removal) conflicts with the client's state. */
const unpostable = conflict(
  'The available balance cannot cover the profit taken back, or the plan has ended',
);

/** What changing or removing a row answers: its posting's codes and four-eyes'. */
const CHANGE_CODES = [...ACTIVITY_POSTING_CODES, ...FOUR_EYES_CODES];

/**
 * The signed-in user's own trading activity: a page of it, one row; registered in a signed-in
 * scope of app.ts (`signedIn`), whose one onRequest hook is `requireUser`.
 */
export async function tradingActivityRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { services } = app.ctx;
  const svc = services.tradingActivities;

  route.get('', {
    summary: "Answers one page of the signed-in user's trading activity, by number or by cursor",
    schema: { response: { 200: tradingActivityPageSchema }, querystring: tradingActivityQuerySchema },
    config: { errorCodes: ['invalid_cursor'] },
    handler: async (req) =>
      presentPage(await svc.listActivities(currentUser(req).id, req.query), presentTradingActivity),
  });

  route.get('/:id', {
    summary: 'Answers one trading activity row (its owner or an admin)',
    schema: { params: idParams, response: { 200: tradingActivityItemAnswerSchema } },
    config: { errorCodes: ['forbidden'] },
    handler: async (req) => ({
      data: presentTradingActivity(await svc.getActivity(currentUser(req), req.params.id)),
    }),
  });
}

/**
 * The staff's trading-activity routes, registered inside the staff scope of app.ts, whose one
 * onRequest hook is the admin guard.
 */
export async function tradingActivityAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { services } = app.ctx;
  const svc = services.tradingActivities;
  const edit = { permission: 'tradingActivity.edit', target: onClient('activity') } as const;

  route.get('/admin', {
    summary: "Answers one page of a client's trading activity, by number or by cursor (admin)",
    schema: {
      response: { 200: tradingActivityPageSchema },
      querystring: adminTradingActivityQuerySchema,
    },
    config: { permission: 'clients.read', target: onClient('queryUser'), errorCodes: ['invalid_cursor'] },
    handler: async (req) =>
      presentPage(await svc.listActivities(req.query.userId, req.query), presentTradingActivity),
  });

  declareCsvExport(
    app,
    route,
    {
      summary: "Exports a client's trading activity, with the list's search, as CSV, newest first (admin)",
      rows: 'One row per trading activity row, with a header row; amounts in USD, times in UTC',
      permission: 'clients.read',
      target: onClient('queryUser'),
      filename: 'trading-activity.csv',
      querystring: adminActivityExportQuerySchema,
      csv: exportActivitiesCsv,
    },
    '/admin/export.csv',
  );

  route.post('', {
    summary: "Records a client's trading activity row and posts its profit to the balance (admin)",
    schema: {
      response: { 201: tradingActivityAnswerSchema, ...heldAnswer },
      body: createTradingActivitySchema,
    },
    config: {
      idempotent: true,
      permission: 'tradingActivity.edit',
      target: onClient('bodyUser'),
      errorCodes: ['client_not_found', ...ACTIVITY_POSTING_CODES, ...FOUR_EYES_CODES, ...IDEMPOTENCY_CODES],
    },
    handler: async (req, reply) =>
      keyedTransaction(req, reply, async (uow) => {
        const { userId, profit } = req.body;
        const summary = `Trading activity with a result of ${usd(profit)}`;
        return holdOrRun(
          services.approvals,
          req,
          reply,
          {
            op: 'activity_create',
            clientId: userId,
            amount: profit,
            reason: summary,
            input: req.body,
            summary,
          },
          {
            run: (u) => svc.createActivity(auditActor(req), req.body, u),
            uow,
            status: 201,
            answer: (t) => ({ message: PLAN_MSG.activityAdded, data: presentTradingActivity(t) }),
          },
        );
      }),
  });

  route.put('/:id', {
    summary: 'Changes a trading activity row; a change of profit posts the difference (admin)',
    schema: {
      params: idParams,
      response: { 200: tradingActivityAnswerSchema, ...heldAnswer, 409: unpostable },
      body: updateTradingActivitySchema,
    },
    config: { ...edit, errorCodes: CHANGE_CODES },
    handler: async (req, reply) => {
      const { id } = req.params;
      const activity = await svc.findActivity(id);
      const { userId, posted } = activity;
      const summary = `Trading activity result changed from ${usd(posted)} to ${usd(req.body.profit)}`;
      return holdOrRun(
        services.approvals,
        req,
        reply,
        {
          op: 'activity_update',
          clientId: userId,
          amount: req.body.profit - posted,
          reason: summary,
          target: id,
          input: req.body,
          summary,
          refuseImpossible: ({ tx }) => refuseUnpostable(tx, activity, { posted, target: req.body.profit }),
        },
        {
          run: (u) => svc.updateActivity(auditActor(req), id, req.body, u),
          answer: (t) => ({ message: PLAN_MSG.activityUpdated, data: presentTradingActivity(t) }),
        },
      );
    },
  });

  route.delete('/:id', {
    summary: 'Takes back the profit of a trading activity row, then hides it (admin)',
    schema: {
      params: idParams,
      response: { 200: messageAnswerSchema, ...heldAnswer, 409: unpostable },
    },
    config: { ...edit, errorCodes: CHANGE_CODES },
    handler: async (req, reply) => {
      const { id } = req.params;
      const activity = await svc.findActivity(id);
      const { userId, posted } = activity;
      const summary = `Trading activity with a result of ${usd(posted)} removed`;
      return holdOrRun(
        services.approvals,
        req,
        reply,
        {
          op: 'activity_delete',
          clientId: userId,
          amount: posted,
          reason: summary,
          target: id,
          summary,
          refuseImpossible: ({ tx }) => refuseUnpostable(tx, activity, { posted, target: 0n }),
        },
        {
          run: (u) => svc.deleteActivity(auditActor(req), id, u),
          answer: () => ({ message: PLAN_MSG.activityDeleted }),
        },
      );
    },
  });
}
