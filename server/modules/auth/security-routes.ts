/**
 * /api/auth: two-factor settings, sessions and sign-in history of the signed-in user
 * (docs/security.md). The second sign-in step (`POST /two-factor/verify`) is in routes.ts.
 *
 * | method | path                     | who  | body / query                 | answer                        |
 * | POST   | /two-factor/setup        | user | { password }                 | { totpURI, backupCodes }      |
 * | POST   | /two-factor/enable       | user | { code }                     | { message, user }             |
 * | POST   | /two-factor/disable      | user | { password, code }           | { message, user }             |
 * | GET    | /sessions                | user | —                            | { data: SessionInfo[] }       |
 * | DELETE | /sessions/:id            | user | —                            | { message }                   |
 * | POST   | /sessions/revoke-others  | user | —                            | { message }                   |
 * | GET    | /sign-in-history         | user | ?page&pageSize               | { data: SignInEvent[], total }|
 */
import { TWO_FACTOR_MSG } from '@common/messages';
import {
  signInHistoryQuerySchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
} from '@common/schemas/auth';
import { idParams } from '@common/schemas/common';
import type { AppInstance } from '../../app-context';
import { rateLimited } from '../../lib/rate-limit';
import { presentUser } from '../users/presenter';
import { currentUser } from './guard';

const tags = ['auth'];

export async function securityRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;
  const svc = services.auth;
  const onRequest = guards.requireUser;
  const limited = rateLimited(10, 10);

  app.post(
    '/two-factor/setup',
    { schema: { tags, body: twoFactorSetupSchema }, onRequest, config: limited },
    async (req) => svc.setUpTwoFactor(currentUser(req), req.body.password),
  );

  app.post(
    '/two-factor/enable',
    { schema: { tags, body: twoFactorEnableSchema }, onRequest, config: limited },
    async (req) => ({
      message: TWO_FACTOR_MSG.enabled,
      user: presentUser(await svc.enableTwoFactor(currentUser(req), req.body.code)),
    }),
  );

  app.post(
    '/two-factor/disable',
    { schema: { tags, body: twoFactorDisableSchema }, onRequest, config: limited },
    async (req) => ({
      message: TWO_FACTOR_MSG.disabled,
      user: presentUser(await svc.disableTwoFactor(currentUser(req), req.body.password, req.body.code)),
    }),
  );

  app.get('/sessions', { schema: { tags }, onRequest }, async (req) => ({
    data: await services.sessions.list(currentUser(req).id, req.auth!.sessionId),
  }));

  app.delete('/sessions/:id', { schema: { tags, params: idParams }, onRequest }, async (req) => {
    await services.sessions.revoke(currentUser(req).id, req.params.id);
    return { message: TWO_FACTOR_MSG.sessionRevoked };
  });

  app.post('/sessions/revoke-others', { schema: { tags }, onRequest }, async (req) => {
    await services.sessions.revokeOthers(currentUser(req).id, req.auth!.sessionId);
    return { message: TWO_FACTOR_MSG.othersRevoked };
  });

  app.get(
    '/sign-in-history',
    { schema: { tags, querystring: signInHistoryQuerySchema }, onRequest },
    async (req) => services.sessions.history(currentUser(req).id, req.query),
  );
}
