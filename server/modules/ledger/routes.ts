/**
 * GET /api/ledger/account — the signed-in client's figures (balance, held, invested, total
 * deposited, total profit, referral bonus, bonuses), all derived from the ledger, in USD.
 */
import { accountFiguresAnswerSchema } from '@common/schemas/transactions';
import type { AppInstance } from '../../app-context';
import { declareRoutes } from '../../lib/declare-routes';
import { currentUser } from '../auth/guard';
import { presentFigures } from './presenter';

/**
 * The signed-in user's figures, registered in a signed-in scope of app.ts (`signedIn`), whose one
 * onRequest hook is `requireUser`.
 */
export async function ledgerRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['ledger']);
  const { services } = app.ctx;
  route.get('/account', {
    summary: "Answers the signed-in user's balance and totals, derived from the ledger",
    schema: { response: { 200: accountFiguresAnswerSchema } },
    config: { clientKeys: true, errorCodes: [] },
    handler: async (req) => ({
      data: presentFigures(await services.ledger.getClientFigures(currentUser(req).id)),
    }),
  });
}
