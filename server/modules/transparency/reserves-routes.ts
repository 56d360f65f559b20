/**
 * The reserves the operator declares (docs/transparency.md "Proof of liabilities", what it cannot
 * show): the `TRANSPARENCY_RESERVES` setting (config.ts, common/schemas/reserves.ts), published as it is, with
 * the notice that we do not verify it. Nothing is read from the database.
 *
 * | Method | Path                   | Who    | Answer |
 * |--------|------------------------|--------|--------|
 * | GET    | /transparency/reserves | anyone | { data: the declared list (empty when none), notice } |
 */
import { RESERVES_MSG, reservesAnswerSchema } from '@common/schemas/reserves';
import type { AppInstance } from '../../app-context';
import { declareRoutes } from '../../lib/declare-routes';

const tags = ['transparency'];

/** GET /transparency/reserves */
export async function reservesRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const answer = { data: app.ctx.config.transparencyReserves ?? [], notice: RESERVES_MSG.notice };
  route.get('/reserves', {
    summary:
      'The reserve wallets and amounts the operator declares in its settings (declared, not verified by us)',
    schema: { response: { 200: reservesAnswerSchema } },
    config: { errorCodes: [] },
    handler: async () => answer,
  });
}
