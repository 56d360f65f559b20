/**
 * API keys for integrations (docs/integrations.md "API keys"), in the staff scope:
 *
 * | method | path                        | who                      | body                                                   | answer                  |
 * | GET    | /api/api-keys               | staff `apiKeys.manage`   | —                                                      | { data: [key] }         |
 * | POST   | /api/api-keys               | staff `apiKeys.manage`   | { name, permissions, allowedNetworks, expiresAt, code? } | 201 { message, data: { key, secret } } |
 * | POST   | /api/api-keys/:id/revoke    | staff `apiKeys.manage`   | { reason }                                             | { message }             |
 *
 * Creating needs a session (a key cannot make keys: `apiKeys.manage` is never given to one) and a
 * fresh second factor; the secret is in that answer only.
 *
 * A client's own read-only keys (docs/integrations.md "Client keys"), in the signed-in scope:
 *
 * | GET    | /api/api-keys/mine             | a client | —                                              | { data: [key] }         |
 * | POST   | /api/api-keys/mine             | a client | { name, allowedNetworks, expiresAt, code? }    | 201 { message, data: { key, secret } } |
 * | POST   | /api/api-keys/mine/:id/revoke  | a client | —                                              | { message }             |
 */
import {
  API_KEY_MSG,
  apiKeyCreatedAnswerSchema,
  apiKeyCreateSchema,
  apiKeysAnswerSchema,
  clientApiKeyCreateSchema,
} from '@common/schemas/api-keys';
import { decisionReasonSchema, idParams, messageAnswerSchema } from '@common/schemas/common';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { declareRoutes } from '../../lib/declare-routes';
import { conflict } from '../../lib/route-schemas';
import { FRESH_FACTOR_CODES } from '../auth/fresh-factor';
import { currentUser } from '../auth/guard';

const tags = ['api-keys'];
/** What creating a key may answer besides its guard's and validation's (the service's checks, the fresh factor's). */
const CREATE_CODES = [
  'api_key_expiry_invalid',
  'api_key_network_invalid',
  'api_key_second_factor_needed',
  ...FRESH_FACTOR_CODES,
] as const;
const REVOKE_CODES = ['api_key_not_found', 'api_key_already_revoked'] as const;

/** GET /api-keys/mine, POST /api-keys/mine, POST /api-keys/mine/:id/revoke (a signed-in client, never a key) */
export async function clientApiKeyRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const svc = app.ctx.services.apiKeys;
  const onRequest = app.ctx.guards.requireClient;
  route.get('/mine', {
    summary: "The signed-in client's own read-only API keys, newest first; never a secret",
    schema: { response: { 200: apiKeysAnswerSchema } },
    onRequest,
    config: { errorCodes: [] },
    handler: async (req) => ({ data: await svc.listOwn(currentUser(req).id) }),
  });

  route.post('/mine', {
    summary:
      "Creates a read-only API key for the signed-in client's history, statements and balances, confirmed by a fresh second factor; the secret is answered this once",
    schema: {
      body: clientApiKeyCreateSchema,
      response: {
        201: apiKeyCreatedAnswerSchema,
        409: conflict('Two-factor authentication or a passkey is needed, or the code was used already'),
      },
    },
    onRequest,
    config: { errorCodes: CREATE_CODES },
    handler: async (req, reply) => {
      const data = await svc.createOwn(currentUser(req), req.auth!.sessionId, req.body);
      reply.code(201);
      return { message: API_KEY_MSG.created, data };
    },
  });

  route.post('/mine/:id/revoke', {
    summary: "Revokes one of the signed-in client's own API keys; its next call is refused",
    schema: {
      params: idParams,
      response: { 200: messageAnswerSchema, 409: conflict('The key is already revoked') },
    },
    onRequest,
    config: { errorCodes: REVOKE_CODES },
    handler: async (req) => {
      await svc.revokeOwn(currentUser(req).id, req.params.id);
      return { message: API_KEY_MSG.revoked };
    },
  });
}

/** GET /api-keys, POST /api-keys, POST /api-keys/:id/revoke (staff scope) */
export async function apiKeyAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const svc = app.ctx.services.apiKeys;
  route.get('', {
    summary:
      'Every API key, newest first, with its member, permissions, networks and status; never a secret (staff with apiKeys.manage)',
    schema: { response: { 200: apiKeysAnswerSchema } },
    config: { permission: 'apiKeys.manage', errorCodes: [] },
    handler: async () => ({ data: await svc.list() }),
  });

  route.post('', {
    summary:
      'Creates an API key that acts for the caller within the permissions given, confirmed by a fresh second factor; the secret is answered this once (staff with apiKeys.manage)',
    schema: {
      body: apiKeyCreateSchema,
      response: {
        201: apiKeyCreatedAnswerSchema,
        409: conflict('Two-factor authentication or a passkey is needed, or the code was used already'),
      },
    },
    config: { permission: 'apiKeys.manage', errorCodes: ['api_key_not_grantable', ...CREATE_CODES] },
    handler: async (req, reply) => {
      const data = await svc.create(auditActor(req), currentUser(req), req.auth!.sessionId, req.body);
      reply.code(201);
      return { message: API_KEY_MSG.created, data };
    },
  });

  route.post('/:id/revoke', {
    summary:
      'Revokes an API key with a reason, audited; its next call is refused in every process (staff with apiKeys.manage)',
    schema: {
      params: idParams,
      body: decisionReasonSchema,
      response: { 200: messageAnswerSchema, 409: conflict('The key is already revoked') },
    },
    config: { permission: 'apiKeys.manage', target: 'none', errorCodes: REVOKE_CODES },
    handler: async (req) => {
      await svc.revoke(auditActor(req), req.params.id, req.body.reason);
      return { message: API_KEY_MSG.revoked };
    },
  });
}
