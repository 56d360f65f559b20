/**
 * /api/auth passkeys (docs/security.md "Passkeys"). The four ceremony paths are the ones
 * better-auth's client plugin calls (web/src/lib/passkey-client.ts), so the browser
 * side is the plugin's own (@simplewebauthn/browser); each hands the request to `auth.api.*`
 * (passkeys.ts), the signed challenge travelling in the plugin's HttpOnly cookie.
 *
 * | method | path                                | who    | body / headers                      | answer              |
 * | GET    | /passkey/generate-register-options  | user   | —                                   | WebAuthn options    |
 * | POST   | /passkey/verify-registration        | user   | { response, name? }                 | { message, data }   |
 * | GET    | /passkey/generate-authenticate-options | anyone | —                                | WebAuthn options    |
 * | POST   | /passkey/verify-authentication      | anyone | { response }; x-sign-in-challenge?, x-passkey-purpose?, x-remember? | session or { message } |
 * | GET    | /passkeys                           | user   | —                                   | { data: Passkey[] } |
 * | PATCH  | /passkeys/:id                       | user   | { name }                            | { message, data }   |
 * | DELETE | /passkeys/:id                       | user   | { password? , code? }               | { message }         |
 */
import { z } from 'zod';
import { XSRF } from '@common/constants';
import { signedInAnswerSchema } from '@common/schemas/auth';
import { errorAnswerSchema, messageAnswerSchema } from '@common/schemas/common';
import {
  PASSKEY_MSG,
  passkeyAnswerSchema,
  passkeyAuthenticationHeaders,
  passkeyAuthenticationSchema,
  passkeyListAnswerSchema,
  passkeyRegistrationSchema,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  webAuthnOptionsSchema,
} from '@common/schemas/passkeys';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-context';
import { AppError, type ErrorCode } from '../../lib/errors';
import { rateLimited } from '../../lib/rate-limit';
import { routeSchema, rowRoute } from '../../lib/route-schemas';
import { presentUser } from '../../lib/user-presenter';
import { FRESH_FACTOR_CODES } from './fresh-factor';
import { REQUIRE_USER_CODES } from '../../lib/openapi';
import { currentUser, requestOrigin, xsrfTokenFor } from './guard';
import { createPasskeyService, type CeremonyHeaders } from './passkeys';

const tags = ['auth'];

/**
 * What each route's own code may answer (the OpenAPI document's per-operation codes,
 * server/lib/openapi.ts): the plugin's refusals as passkeys.ts translates them, and ours.
 */
const CODES = {
  registrationOptions: ['passkey_session_not_fresh', 'passkey_registration_failed'],
  // `not_found`: the new passkey removed before it was read back
  register: ['passkey_session_not_fresh', 'passkey_registration_failed', 'not_found'],
  authenticationOptions: ['passkey_failed'],
  // the plugin's check (a banned user's session is refused), sign-in.ts `completePasskey`, and a
  // confirmation's own guard (`x-passkey-purpose: reverify` needs a session)
  authenticate: [
    'passkey_failed',
    'account_blocked',
    'sign_in_expired',
    'staff_deactivated',
    'staff_network_refused',
    ...REQUIRE_USER_CODES,
  ],
  rename: ['not_found'],
  // the password under the sign-in lock, or a fresh factor (fresh-factor.ts)
  remove: ['not_found', 'wrong_password', ...FRESH_FACTOR_CODES],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** What a ceremony forwards to better-auth from `req`. */
function ceremonyHeaders(req: FastifyRequest): CeremonyHeaders {
  const { ip, userAgent } = requestOrigin(req);
  return { cookie: req.headers.cookie, authorization: req.headers.authorization, ip, userAgent };
}

export async function passkeyRoutes(app: AppInstance) {
  const { guards, services, config, auth, mailer, database } = app.ctx;
  const svc = createPasskeyService({ ...services, db: database.db, log: app.log, auth, mailer });
  const onRequest = guards.requireUser;
  const limited = rateLimited(10, 5);

  /** Answers WebAuthn options, passing on the plugin's signed-challenge cookie. */
  const sendOptions = (
    reply: FastifyReply,
    { options, setCookie }: { options: Record<string, unknown>; setCookie: string | null },
  ) => {
    if (setCookie) reply.header('set-cookie', setCookie);
    return options as z.infer<typeof webAuthnOptionsSchema>;
  };

  app.get(
    '/passkey/generate-register-options',
    {
      schema: routeSchema(tags, 'Starts adding a passkey: WebAuthn creation options (user)', {
        200: webAuthnOptionsSchema,
        403: errorAnswerSchema.describe('The session is more than a day old: sign in again'),
      }),
      onRequest,
      config: { ...limited, errorCodes: CODES.registrationOptions },
    },
    async (req, reply) => sendOptions(reply, await svc.registrationOptions(ceremonyHeaders(req))),
  );

  app.post(
    '/passkey/verify-registration',
    {
      schema: routeSchema(
        tags,
        'Adds the passkey the browser created; the owner is e-mailed (user)',
        {
          200: passkeyAnswerSchema,
          400: errorAnswerSchema.describe('The passkey could not be verified'),
        },
        { body: passkeyRegistrationSchema },
      ),
      onRequest,
      config: { ...limited, errorCodes: CODES.register },
    },
    async (req) => ({
      message: PASSKEY_MSG.added,
      data: await svc.register(currentUser(req), ceremonyHeaders(req), req.body.response, req.body.name),
    }),
  );

  app.get(
    '/passkey/generate-authenticate-options',
    {
      schema: routeSchema(
        tags,
        'Starts a passkey sign-in or confirmation: WebAuthn request options (anyone)',
        {
          200: webAuthnOptionsSchema,
        },
      ),
      config: { ...limited, errorCodes: CODES.authenticationOptions },
    },
    async (req, reply) => sendOptions(reply, await svc.authenticationOptions(ceremonyHeaders(req))),
  );

  app.post(
    '/passkey/verify-authentication',
    {
      schema: routeSchema(
        tags,
        'Signs in with a passkey, answers a sign-in challenge with one, or (x-passkey-purpose: reverify) confirms the signed-in user (anyone)',
        {
          200: z.union([signedInAnswerSchema, messageAnswerSchema]),
          // a public route: these refuse the passkey or the challenge, not a missing token
          401: errorAnswerSchema.describe('The passkey could not be verified, or the challenge expired'),
          403: errorAnswerSchema.describe('Blocked, or staff from a network not allowed'),
        },
        { body: passkeyAuthenticationSchema, headers: passkeyAuthenticationHeaders },
      ),
      config: { ...limited, errorCodes: CODES.authenticate },
    },
    async (req, reply) => {
      const purpose = req.headers['x-passkey-purpose'];
      if (purpose === 'reverify') await guards.requireUser(req);
      const { token, userId } = await svc.authenticate(ceremonyHeaders(req), req.body.response);
      if (purpose === 'reverify') {
        // a confirmation opens no session: the plugin's one ends at once
        await services.auth.signout(token);
        if (userId !== req.auth!.user.id) throw new AppError('passkey_failed');
        await svc.markReverified(req.auth!.sessionId);
        return { message: PASSKEY_MSG.confirmed };
      }
      const signedIn = await services.signIn.completePasskey(
        token,
        userId,
        requestOrigin(req),
        req.headers['x-sign-in-challenge'],
        req.headers['x-remember'] !== 'false',
      );
      reply.setCookie(XSRF.cookie, xsrfTokenFor(config.sessionSecret, signedIn.token), {
        path: '/',
        sameSite: 'strict',
        secure: config.env === 'production',
        httpOnly: false, // the web client reads it and echoes it in X-XSRF-TOKEN
      });
      return { token: signedIn.token, user: presentUser(signedIn.user) };
    },
  );

  app.get(
    '/passkeys',
    {
      schema: routeSchema(tags, "Lists the signed-in user's passkeys, newest first", {
        200: passkeyListAnswerSchema,
      }),
      onRequest,
      config: { errorCodes: [] },
    },
    async (req) => ({ data: await svc.list(currentUser(req).id) }),
  );

  app.patch(
    '/passkeys/:id',
    {
      schema: rowRoute(
        tags,
        "Renames one of the signed-in user's passkeys",
        { 200: passkeyAnswerSchema },
        { body: passkeyRenameSchema },
      ),
      onRequest,
      config: { errorCodes: CODES.rename },
    },
    async (req) => ({
      message: PASSKEY_MSG.renamed,
      data: await svc.rename(currentUser(req).id, req.params.id, req.body.name),
    }),
  );

  app.delete(
    '/passkeys/:id',
    {
      schema: rowRoute(
        tags,
        "Removes one of the signed-in user's passkeys, with the password, a code, or a passkey confirmation of the last 5 minutes; the owner is e-mailed",
        {
          200: messageAnswerSchema,
          403: errorAnswerSchema.describe('No fresh proof that it is the owner'),
        },
        { body: passkeyRemoveSchema },
      ),
      onRequest,
      config: { ...limited, errorCodes: CODES.remove },
    },
    async (req) => {
      await svc.remove(currentUser(req), req.auth!.sessionId, req.params.id, req.body, req.ip);
      return { message: PASSKEY_MSG.removed };
    },
  );
}
