/**
 * The contract journey of limits by verification level (docs/security.md "Limits by verification
 * level"): a client reads their limits, the owner reads and sets a level's caps (a raise above the
 * four-eyes threshold held, then approved by a second owner), staff approve a client's proof of
 * address (and are refused a second time), then revoke it with a reason (and are refused when it is
 * not approved).
 */
import { createClient, createTestUser } from '../factories';
import { ask, type Journey } from './journey';

export const limitsJourney: Journey = {
  name: 'limits: the client reads them; the owner sets caps; a proof of address approved and revoked',
  async run({ t, admin }) {
    const call = ask(t);
    const c = await createClient(t.app, { level: 'identity' });
    await call('GET', '/api/limits', c.headers, undefined, 200);
    await call('GET', '/api/limits/levels', admin.headers, undefined, 200);
    const caps = {
      depositDay: 100_000,
      depositMonth: 250_000,
      withdrawalDay: 10_000,
      withdrawalMonth: 50_000,
    };
    await call('PUT', '/api/limits/levels/identity', admin.headers, { ...caps, reason: 'Unchanged' }, 200);
    // a raise above the four-eyes threshold waits (202) until a second owner approves it
    const raise = {
      ...caps,
      depositMonth: caps.depositMonth + Number(t.app.ctx.config.fourEyesThreshold / 100n) + 1,
    };
    const put = await call(
      'PUT',
      '/api/limits/levels/identity',
      admin.headers,
      { ...raise, reason: 'Wires' },
      202,
    );
    const second = await createTestUser(t.app, { role: 'owner' });
    await call(
      'POST',
      `/api/approvals/${put.json().data._id as string}/approve`,
      second.headers,
      undefined,
      200,
    );
    await call('PUT', `/api/limits/address/${c.id}`, admin.headers, { reason: 'Utility bill checked' }, 200);
    await call('PUT', `/api/limits/address/${c.id}`, admin.headers, { reason: 'Utility bill checked' }, 409);
    // a mistaken approval revoked with its reason (and refused when there is none left to revoke)
    const revoke = { reason: 'The bill names another address' };
    await call('DELETE', `/api/limits/address/${c.id}`, admin.headers, revoke, 200);
    await call('DELETE', `/api/limits/address/${c.id}`, admin.headers, revoke, 409);
  },
};
