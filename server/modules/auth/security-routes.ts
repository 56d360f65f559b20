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
import { SECURITY_MSG } from '@common/messages';
import {
  sessionListAnswerSchema,
  signInHistoryAnswerSchema,
  signInHistoryQuerySchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupAnswer,
  twoFactorSetupSchema,
  userMessageAnswerSchema,
} from '@common/schemas/auth';
import { messageAnswerSchema } from '@common/schemas/common';
import type { AppInstance } from '../../app-context';
import { conflict, rowRoute, routeSchema } from '../../lib/route-schemas';
import { rateLimited } from '../../lib/rate-limit';
import { presentUser } from '../../lib/user-presenter';
import { currentUser } from './guard';

const tags = ['auth'];

export async function securityRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;
  const svc = services.auth;
  const onRequest = guards.requireUser;
  const limited = rateLimited(10, 10);

  app.post(
    '/two-factor/setup',
    {
      schema: routeSchema(
        tags,
        'Starts two-factor set-up: a new secret and backup codes, not active until enabled (user)',
        {
          200: twoFactorSetupAnswer,
          409: conflict('Two-factor authentication is already on'),
        },
        { body: twoFactorSetupSchema },
      ),
      onRequest,
      config: limited,
    },
    async (req) => svc.setUpTwoFactor(currentUser(req), req.body.password),
  );

  app.post(
    '/two-factor/enable',
    {
      schema: routeSchema(
        tags,
        'Turns two-factor authentication on with a first authenticator code (user)',
        {
          200: userMessageAnswerSchema,
          409: conflict('Two-factor authentication is not set up, or already on'),
        },
        { body: twoFactorEnableSchema },
      ),
      onRequest,
      config: limited,
    },
    async (req) => ({
      message: SECURITY_MSG.enabled,
      user: presentUser(await svc.enableTwoFactor(currentUser(req), req.body.code)),
    }),
  );

  app.post(
    '/two-factor/disable',
    {
      schema: routeSchema(
        tags,
        'Turns two-factor authentication off with the password and a code (user)',
        {
          200: userMessageAnswerSchema,
          409: conflict('Two-factor authentication is not on'),
        },
        { body: twoFactorDisableSchema },
      ),
      onRequest,
      config: limited,
    },
    async (req) => ({
      message: SECURITY_MSG.disabled,
      user: presentUser(await svc.disableTwoFactor(currentUser(req), req.body.password, req.body.code)),
    }),
  );

  app.get(
    '/sessions',
    {
      schema: routeSchema(tags, "Lists the signed-in user's active sessions", {
        200: sessionListAnswerSchema,
      }),
      onRequest,
    },
    async (req) => ({ data: await services.sessions.list(currentUser(req).id, req.auth!.sessionId) }),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: rowRoute(tags, "Ends one of the signed-in user's sessions", { 200: messageAnswerSchema }),
      onRequest,
    },
    async (req) => {
      await services.sessions.revoke(currentUser(req).id, req.params.id);
      return { message: SECURITY_MSG.sessionRevoked };
    },
  );

  app.post(
    '/sessions/revoke-others',
    {
      schema: routeSchema(tags, 'Ends every session of the signed-in user but the current one', {
        200: messageAnswerSchema,
      }),
      onRequest,
    },
    async (req) => {
      await services.sessions.revokeOthers(currentUser(req).id, req.auth!.sessionId);
      return { message: SECURITY_MSG.othersRevoked };
    },
  );

  app.get(
    '/sign-in-history',
    {
      schema: routeSchema(
        tags,
        "Pages through the signed-in user's sign-in attempts, newest first",
        { 200: signInHistoryAnswerSchema },
        { querystring: signInHistoryQuerySchema },
      ),
      onRequest,
    },
    async (req) => services.sessions.history(currentUser(req).id, req.query),
  );
}
