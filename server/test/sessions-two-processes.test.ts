/**
 * docs/deployment.md: several stateless API processes behind one proxy. Starts two
 * real servers on one fresh PostgreSQL with the same SESSION_SECRET and shows that a session made
 * on one works on the other: the bearer token (sessions live in the database), the signed XSRF
 * cookie (an HMAC under the shared secret) on a state-changing POST, and sign-out (revocation);
 * and that an API key revoked on one is refused by the other at its next call (docs/integrations.md
 * "API keys"). Needs PostgreSQL (TEST_DATABASE_URL); skipped otherwise.
 */
import { describe, expect, it } from 'vitest';
import { XSRF } from '@common/constants';
import { createUserWithPassword } from '../modules/users/factory';
import { TEST_PASSWORD, uniqueEmail } from './app';
import {
  addDestinationOf,
  approveIdentity,
  createApiKey,
  createTestUser,
  cryptoWithdrawal,
  fundClient,
} from './factories';
import { postgresOrSkip } from './processes';
import { useTwoApiProcesses } from './two-processes';

const pg = postgresOrSkip('sessions-two-processes.test.ts');

describe.skipIf(!pg)('a session made on one API process works on another', () => {
  const t = useTwoApiProcesses();

  it('signs in on A; B accepts the token, the XSRF pair on a POST, and A sees the sign-out made on B', async () => {
    const [a, b] = t.servers;
    const email = uniqueEmail('two');
    const user = await createUserWithPassword(t.app.ctx.auth, {
      email,
      password: TEST_PASSWORD,
      firstName: 'Two',
      lastName: 'Procs',
    });

    const signin = await fetch(`${a.origin}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(signin.status).toBe(200);
    const { token } = (await signin.json()) as { token: string };
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(signin.headers.get('set-cookie') ?? '')?.[1];
    expect(xsrf).toBeTruthy();
    const bearer = { authorization: `Bearer ${token}` };

    const me = await fetch(`${b.origin}/api/auth/user`, { headers: bearer });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);

    // A state-changing POST with the cookie: B checks the XSRF token A signed.
    const cookie = `${XSRF.cookie}=${xsrf}`;
    const codeFor = { method: 'crypto', ...cryptoWithdrawal(10) };
    await approveIdentity(t.app.ctx.database.db, user.id);
    await addDestinationOf(t.app.ctx.database.db, user.id, codeFor);
    // a code is sent only for what the balance can pay
    await fundClient(t.app.ctx.database.db, user.id, 10_00n);
    const forged = await fetch(`${b.origin}/api/withdrawals/code`, {
      method: 'POST',
      headers: { ...bearer, cookie, [XSRF.header]: 'forged', 'content-type': 'application/json' },
      body: JSON.stringify(codeFor),
    });
    expect(forged.status).toBe(403);
    const post = await fetch(`${b.origin}/api/withdrawals/code`, {
      method: 'POST',
      headers: {
        ...bearer,
        cookie,
        [XSRF.header]: decodeURIComponent(xsrf!),
        'content-type': 'application/json',
      },
      body: JSON.stringify(codeFor),
    });
    expect(post.status).toBe(202);

    const signout = await fetch(`${b.origin}/api/auth/signout`, {
      method: 'POST',
      headers: { ...bearer, cookie, [XSRF.header]: xsrf! },
    });
    expect(signout.status).toBe(200);
    expect((await fetch(`${a.origin}/api/auth/user`, { headers: bearer })).status).toBe(401);
  });

  it('an API key revoked on A is refused by B at its very next call, well within a second', async () => {
    const [a, b] = t.servers;
    const owner = await createTestUser(t.app, { role: 'owner' });
    const key = await createApiKey(t.app.ctx.database.db, owner.id, ['clients.read']);
    const onB = () => fetch(`${b.origin}/api/user/admin`, { headers: key.headers });
    expect((await onB()).status).toBe(200);
    const revoke = await fetch(`${a.origin}/api/api-keys/${key.id}/revoke`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'The laptop it was on was lost' }),
    });
    expect(revoke.status).toBe(200);
    const revokedAt = Date.now();
    const refused = await onB();
    expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([
      401,
      'api_key_revoked',
    ]);
    expect(Date.now() - revokedAt).toBeLessThan(1000);
  });
});
