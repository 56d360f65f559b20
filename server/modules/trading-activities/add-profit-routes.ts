/**
 * Profit (or a loss) added to a client's active plan: the back office's "Add profit" page. The URL is
 * the product's (`/api/user/admin/add-profit/:id`, registered with prefix `/user` in the staff scope
 * of app.ts); the room is this one, because what the route does is profit posting
 * (`profit-posting.ts`: a profit entry and a trading activity row of the plan) and what it answers
 * is a trading activity (`presenter.ts`).
 *
 * POST   /user/admin/add-profit/:id      admin            {profit, date, reason} → profit entry + activity row;
 *                                                          202 at or above the four-eyes threshold (|profit|)
 */
import { PLAN_MSG } from '@common/messages';
import { idParams } from '@common/schemas/common';
import { addProfitSchema, tradingActivityAnswerSchema } from '@common/schemas/plans';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { keyedTransaction } from '../../lib/idempotency';
import { usd } from '../../lib/money';
import { declareRoutes } from '../../lib/declare-routes';
import { conflict } from '../../lib/route-schemas';
import { ACTIVITY_POSTING_CODES, FOUR_EYES_CODES, IDEMPOTENCY_CODES } from '../../lib/route-codes';
import { onClient } from '../../lib/targets';
import { heldAnswer, holdOrRun } from '../approvals/routes';
import { presentTradingActivity } from './presenter';
import { refuseUncoverableLoss } from './profit-posting';

/** The add-profit route, registered inside the staff scope of app.ts (admin guard) under `/user`. */
export async function addProfitAdminRoutes(app: AppInstance) {
  // the OpenAPI tag stays the plans' one: the operation belongs to the plan pages of the document
  const route = declareRoutes(app, ['plans']);
  const { services } = app.ctx;

  route.post('/admin/add-profit/:id', {
    summary: "Adds profit to client :id's active plan and records it as trading activity (admin)",
    schema: {
      params: idParams,
      response: {
        201: tradingActivityAnswerSchema,
        ...heldAnswer,
        409: conflict('The client has no active plan, or the Idempotency-Key was used for another request'),
      },
      body: addProfitSchema,
    },
    config: {
      idempotent: true,
      permission: 'profits.post',
      target: onClient(),
      errorCodes: [
        'client_not_found',
        'no_active_plan',
        ...ACTIVITY_POSTING_CODES,
        ...FOUR_EYES_CODES,
        ...IDEMPOTENCY_CODES,
      ],
    },
    handler: async (req, reply) =>
      keyedTransaction(req, reply, async (uow) => {
        const { profit, reason } = req.body;
        return holdOrRun(
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
          {
            run: (u) => services.profitPosting.addProfit(auditActor(req), req.params.id, req.body, u),
            uow,
            status: 201,
            answer: (t) => ({
              message: profit < 0n ? PLAN_MSG.lossPosted : PLAN_MSG.profitPosted,
              data: presentTradingActivity(t),
            }),
          },
        );
      }),
  });
}
