/**
 * /api/auth: two-factor settings, sessions and sign-in history of the signed-in user
 * (docs/security.md). The second sign-in step (`POST /two-factor/verify`) is in routes.ts.
 * The sign-in history also pages by cursor (docs/integrations.md "Cursor pages").
 *
 * | method | path                     | who  | body / query                 | answer                        |
 * | POST   | /two-factor/setup        | user | { password }                 | { totpURI, backupCodes }      |
 * | POST   | /two-factor/enable       | user | { code }                     | { message, user }             |
 * | POST   | /two-factor/disable      | user | { password, code }           | { message, user }             |
 * | GET    | /sessions                | user | —                            | { data: SessionInfo[] }       |
 * | DELETE | /sessions/:id            | user | —                            | { message }                   |
 * | POST   | /sessions/revoke-others  | user | —                            | { message }                   |
 * | GET    | /sign-in-history         | user | ?page&pageSize, or ?cursor&limit | { data: SignInEvent[], total, nextCursor? } |
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
import { idParams, messageAnswerSchema } from '@common/schemas/common';
import type { AppInstance } from '../../app-context';
import { conflict } from '../../lib/route-schemas';
import { declareRoutes } from '../../lib/declare-routes';
import { rateLimited } from '../../lib/rate-limit';
import { presentUser } from '../../lib/user-presenter';
import { currentUser } from './guard';

const tags = ['auth'];

/**
 * The signed-in user's account security: two-factor, sessions, sign-in history; registered in a
 * signed-in scope of app.ts (`signedIn`), whose one onRequest hook is `requireUser`.
 */
export async function securityRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { services } = app.ctx;
  const svc = services.auth;
  const limited = rateLimited(10, 10);
  // the checks of the password and of codes count toward the sign-in lock (throttle.ts): account_locked
  const checked = ['account_locked', 'wrong_password'] as const;

  route.post('/two-factor/setup', {
    summary:
      'Starts two-factor set-up: a secret (kept while set-up is pending) and new backup codes, not active until enabled (user)',
    schema: {
      response: { 200: twoFactorSetupAnswer, 409: conflict('Two-factor authentication is already on') },
      body: twoFactorSetupSchema,
    },
    config: { ...limited, errorCodes: [...checked, 'two_factor_already_on'] },
    handler: async (req) => svc.setUpTwoFactor(currentUser(req), req.body.password),
  });

  route.post('/two-factor/enable', {
    summary: 'Turns two-factor authentication on with a first authenticator code (user)',
    schema: {
      response: {
        200: userMessageAnswerSchema,
        409: conflict(
          'Two-factor authentication is not set up or already on, or the code was right but already used',
        ),
      },
      body: twoFactorEnableSchema,
    },
    config: {
      ...limited,
      errorCodes: [
        'two_factor_not_set_up',
        'two_factor_already_on',
        'invalid_authentication_code',
        'authentication_code_used',
      ],
    },
    handler: async (req) => ({
      message: SECURITY_MSG.enabled,
      user: presentUser(await svc.enableTwoFactor(currentUser(req), req.body.code)),
    }),
  });

  route.post('/two-factor/disable', {
    summary: 'Turns two-factor authentication off with the password and a code (user)',
    schema: {
      response: {
        200: userMessageAnswerSchema,
        409: conflict('Two-factor authentication is not on, or the code was right but already used'),
      },
      body: twoFactorDisableSchema,
    },
    config: {
      ...limited,
      errorCodes: [
        ...checked,
        'two_factor_not_on',
        'invalid_authentication_code',
        'authentication_code_used',
      ],
    },
    handler: async (req) => ({
      message: SECURITY_MSG.disabled,
      user: presentUser(await svc.disableTwoFactor(currentUser(req), req.body.password, req.body.code)),
    }),
  });

  route.get('/sessions', {
    summary: "Lists the signed-in user's active sessions",
    schema: { response: { 200: sessionListAnswerSchema } },
    config: { errorCodes: [] },
    handler: async (req) => ({
      data: await services.sessions.list(currentUser(req).id, req.auth!.sessionId),
    }),
  });

  route.delete('/sessions/:id', {
    summary: "Ends one of the signed-in user's sessions",
    schema: { params: idParams, response: { 200: messageAnswerSchema } },
    config: { errorCodes: ['not_found'] },
    handler: async (req) => {
      await services.sessions.revoke(currentUser(req).id, req.params.id);
      return { message: SECURITY_MSG.sessionRevoked };
    },
  });

  route.post('/sessions/revoke-others', {
    summary: 'Ends every session of the signed-in user but the current one',
    schema: { response: { 200: messageAnswerSchema } },
    config: { errorCodes: [] },
    handler: async (req) => {
      await services.sessions.revokeOthers(currentUser(req).id, req.auth!.sessionId);
      return { message: SECURITY_MSG.othersRevoked };
    },
  });

  route.get('/sign-in-history', {
    summary: "Pages through the signed-in user's sign-in attempts, newest first, by page number or by cursor",
    schema: { response: { 200: signInHistoryAnswerSchema }, querystring: signInHistoryQuerySchema },
    config: { errorCodes: ['invalid_cursor'] },
    handler: async (req) => services.sessions.history(currentUser(req).id, req.query),
  });
}
