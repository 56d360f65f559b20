/**
 * The contract journey of API keys (docs/integrations.md "API keys"): an owner with two-factor on
 * creates a key with a fresh code (a permission no key may hold refused first), lists it, the key
 * reads the clients and is refused a route outside its permissions, then is revoked with a reason
 * and refused at its next call.
 */
import { createTestUser, enrolTwoFactor } from '../factories';
import { ask, bearer, totp, type Journey } from './journey';

export const apiKeysJourney: Journey = {
  name: 'api keys: created with a fresh code, listed, used within their permissions, revoked',
  async run({ t }) {
    const call = ask(t);
    const owner = await createTestUser(t.app, { role: 'owner' });
    const secret = await enrolTwoFactor(t.app, owner);
    const key = {
      name: 'CRM sync',
      permissions: ['clients.read'],
      allowedNetworks: ['127.0.0.0/8', '::1'],
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    };
    await call('POST', '/api/api-keys', owner.headers, { ...key, permissions: ['approvals.decide'] }, 400);
    const created = await call(
      'POST',
      '/api/api-keys',
      owner.headers,
      { ...key, code: await totp(secret) },
      201,
    );
    const { key: made, secret: apiKey } = created.json().data as { key: { id: string }; secret: string };
    await call('GET', '/api/api-keys', owner.headers, undefined, 200);
    await call('GET', '/api/user/admin', bearer(apiKey), undefined, 200);
    await call('GET', '/api/api-keys', bearer(apiKey), undefined, 403);
    const reason = { reason: 'The CRM was retired' };
    await call('POST', `/api/api-keys/${made.id}/revoke`, owner.headers, reason, 200);
    await call('POST', `/api/api-keys/${made.id}/revoke`, owner.headers, reason, 409);
    await call('GET', '/api/user/admin', bearer(apiKey), undefined, 401);

    // a client's read-only key: made with a fresh code, reads their history, revoked
    const client = await createTestUser(t.app);
    const clientSecret = await enrolTwoFactor(t.app, client);
    const own = { name: 'Budget app', expiresAt: key.expiresAt, code: await totp(clientSecret) };
    const mine = await call('POST', '/api/api-keys/mine', client.headers, own, 201);
    const { key: ownKey, secret: ownSecret } = mine.json().data as { key: { id: string }; secret: string };
    await call('GET', '/api/api-keys/mine', client.headers, undefined, 200);
    await call('GET', '/api/transaction', bearer(ownSecret), undefined, 200);
    await call('GET', '/api/notifications/user', bearer(ownSecret), undefined, 403);
    await call('POST', `/api/api-keys/mine/${ownKey.id}/revoke`, client.headers, undefined, 200);
    await call('GET', '/api/transaction', bearer(ownSecret), undefined, 401);
  },
};
