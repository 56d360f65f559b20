/**
 * GET /api/ledger/account — the signed-in client's figures (balance, held, invested, total
 * deposited, total profit, referral bonus, bonuses), all derived from the ledger, in USD.
 */
import { accountFiguresAnswerSchema } from '@common/schemas/transactions';
import type { AppInstance } from '../../app-context';
import { routeSchema } from '../../lib/route-schemas';
import { currentUser } from '../auth/guard';
import { presentFigures } from './presenter';

export async function ledgerRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;
  app.get(
    '/account',
    {
      schema: routeSchema(
        ['ledger'],
        "Answers the signed-in user's balance and totals, derived from the ledger",
        { 200: accountFiguresAnswerSchema },
      ),
      onRequest: guards.requireUser,
    },
    async (req) => ({
      data: presentFigures(await services.ledger.getClientFigures(currentUser(req).id)),
    }),
  );
}
