/**
 * GET /api/ledger/account — the signed-in client's figures (balance, held, invested, total
 * deposited, total profit, referral bonus, bonuses), all derived from the ledger, in USD.
 */
import { accountFiguresAnswerSchema } from '@common/schemas/transactions';
import type { AppInstance } from '../../app-context';
import { declareRoutes } from '../../lib/declare-routes';
import { currentUser } from '../auth/guard';
import { presentFigures } from './presenter';

export async function ledgerRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['ledger']);
  const { guards, services } = app.ctx;
  route.get('/account', {
    summary: "Answers the signed-in user's balance and totals, derived from the ledger",
    schema: { response: { 200: accountFiguresAnswerSchema } },
    onRequest: guards.requireUser,
    handler: async (req) => ({
      data: presentFigures(await services.ledger.getClientFigures(currentUser(req).id)),
    }),
  });
}
