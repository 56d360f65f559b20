/**
 * Holds after security changes (docs/security.md "Holds after security changes"):
 *
 * | method | path                              | who                          | body      | answer                       |
 * | GET    | /api/security-holds/current       | user                         | —         | { data: SecurityHold | null } |
 * | GET    | /api/security-holds/admin/:id     | staff `clients.read`         | —         | { data: SecurityHold | null } |
 * | POST   | /api/auth/this-wasnt-me           | anyone with the e-mailed link | { token } | { message }                  |
 *
 * The link's page (web `/this-wasnt-me?token=…`) asks to confirm before it posts: opening the link
 * (a mail scanner does) changes nothing. The POST locks the account, ends every session, audits
 * and tells staff (service.ts `thisWasntMe`); 400 `not_me_link_invalid` for a used, expired or
 * unknown token.
 */
import { idParams, messageAnswerSchema } from '@common/schemas/common';
import {
  SECURITY_HOLD_MSG,
  securityHoldAnswerSchema,
  thisWasntMeSchema,
} from '@common/schemas/security-holds';
import type { AppInstance } from '../../app-context';
import { declareRoutes } from '../../lib/declare-routes';
import { rateLimited } from '../../lib/rate-limit';
import { currentUser } from '../auth/guard';

const tags = ['security-holds'];

/**
 * GET /security-holds/current; registered in a signed-in scope of api-routes.ts (`signedIn`),
 * whose one onRequest hook is `requireUser`.
 */
export async function securityHoldRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { services } = app.ctx;
  route.get('/current', {
    summary: "The signed-in user's hold on withdrawals after a security change: why and until when, or null",
    schema: { response: { 200: securityHoldAnswerSchema } },
    config: { errorCodes: [] },
    handler: async (req) => ({ data: await services.holds.current(currentUser(req).id) }),
  });
}

/** GET /security-holds/admin/:id (staff scope) */
export async function securityHoldAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { services } = app.ctx;
  route.get('/admin/:id', {
    summary: "A client's hold on withdrawals after a security change: why and until when, or null (staff)",
    schema: { params: idParams, response: { 200: securityHoldAnswerSchema } },
    config: { permission: 'clients.read', target: { kind: 'client', named: 'user' }, errorCodes: [] },
    handler: async (req) => ({ data: await services.holds.current(req.params.id) }),
  });
}

/** POST /auth/this-wasnt-me */
export async function thisWasntMeRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['auth']);
  const { services } = app.ctx;
  route.post('/this-wasnt-me', {
    summary:
      'Locks the account of an e-mailed "This wasn\'t me" link and ends every session (anyone with the link; single use)',
    schema: { body: thisWasntMeSchema, response: { 200: messageAnswerSchema } },
    config: { ...rateLimited(10, 10), errorCodes: ['not_me_link_invalid'] },
    handler: async (req) => {
      await services.holds.thisWasntMe(req.body.token, req.ip);
      return { message: SECURITY_HOLD_MSG.locked };
    },
  });
}
