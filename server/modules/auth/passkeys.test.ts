/**
 * Passkeys through the API (docs/security.md "Passkeys"), with a software authenticator
 * (test/soft-authenticator.ts) answering the options better-auth's passkey plugin hands out: add,
 * list, rename, remove (only with a fresh proof), sign in with a passkey, a passkey as the second
 * step of a password sign-in, and as staff's second factor under STAFF_TWO_FACTOR=required.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passkeys, sessionReverifications } from '../../db/schema';
import { createSignedInUser, createTestContext, type TestContext } from '../../test/app';
import { passkeyCeremonies } from '../../test/passkey-ceremonies';

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;

describe.each([['optional'], ['required']] as const)('passkeys (STAFF_TWO_FACTOR=%s)', (staffTwoFactor) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ staffTwoFactor });
  });
  afterAll(() => t.close());

  const { authenticator, ceremony, addPasskey: addFor } = passkeyCeremonies(() => t.app);
  const addPasskey = (user: Signed, name?: string) => addFor(user.headers, name);

  const list = async (user: Signed) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/passkeys', headers: user.headers })).json().data;

  it('adds, lists and renames a passkey; the addition is audited', async () => {
    const user = await createSignedInUser(t.app);
    const { id } = await addPasskey(user);
    expect(await list(user)).toEqual([
      { id, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null, backedUp: false },
    ]);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/auth/passkeys/${id}`,
      headers: user.headers,
      payload: { name: '  Phone ' },
    });
    expect(renamed.json().data.name).toBe('Phone');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, user.id), eq(auditLog.action, 'passkey.add')));
    expect(audit).toMatchObject({ actorId: user.id, targetId: id, after: { name: 'Laptop' } });
    // a credential that does not verify (here: attestation data cut short) is a 400, never a 500
    const broken = await ceremony('register', user.headers, (o) => {
      const answer = authenticator().register(o);
      return { ...answer, response: { ...answer.response, attestationObject: 'o2NmbXRkbm9uZQ' } };
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('passkey_registration_failed');
    const other = await createSignedInUser(t.app);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/auth/passkeys/${id}`,
        headers: other.headers,
        payload: method === 'PATCH' ? { name: 'Mine' } : { password: other.password },
      });
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('signs in with a passkey alone, and records its use', async () => {
    const user = await createSignedInUser(t.app);
    const { key, id } = await addPasskey(user);
    const res = await ceremony('authenticate', {}, (o) => key.authenticate(o));
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().token as string;
    expect(token).not.toBe(user.token);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data.email).toBe(user.email);
    expect((await list(user)).find((p: { id: string }) => p.id === id).lastUsedAt).not.toBeNull();
  });

  it('refuses an assertion without user verification, an unknown passkey and a replayed challenge', async () => {
    const user = await createSignedInUser(t.app);
    const { key } = await addPasskey(user);
    const noUv = await ceremony('authenticate', {}, (o) => key.authenticate(o, { userVerified: false }));
    expect(noUv.statusCode).toBe(401);
    expect(noUv.json().code).toBe('passkey_failed');
    const stranger = authenticator();
    const unknown = await ceremony('authenticate', {}, (o) => stranger.authenticate(o));
    expect(unknown.json().code).toBe('passkey_failed');
    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/verify-authentication',
      payload: { response: key.authenticate({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA' }) },
    });
    expect(noCookie.json().code).toBe('passkey_failed');
    // an answer no authenticator could have written (ids and client data not base64url) is
    // refused like any other, never a 500 (the fuzz test found one)
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/verify-authentication?role=0.001',
      headers: { authorization: 'bearer \u0000', 'idempotency-key': 'x'.repeat(300) },
      payload: {
        response: {
          id: 'D46pt*@o',
          rawId: 'zj#S,',
          type: 'public-key',
          response: { clientDataJSON: 'VFK?I' },
        },
      },
    });
    expect(garbled.statusCode, garbled.body).toBe(401);
    expect(garbled.json().code).toBe('passkey_failed');
  });

  it('removes a passkey only with a fresh proof: password, or a passkey confirmation of the last 5 minutes', async () => {
    const user = await createSignedInUser(t.app);
    const first = await addPasskey(user, 'One');
    const second = await addPasskey(user, 'Two');
    const remove = (id: string, payload: object) =>
      t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: user.headers, payload });
    const bare = await remove(first.id, {});
    expect(bare.statusCode).toBe(403);
    expect(bare.json().code).toBe('reverification_required');
    expect((await remove(first.id, { password: 'Wrong-Horse-1' })).json().code).toBe('wrong_password');
    expect((await remove(first.id, { password: user.password })).statusCode).toBe(200);
    // a passkey confirmation of this session: opens no session, lets one removal through
    const confirm = await ceremony(
      'authenticate',
      { ...user.headers, 'x-passkey-purpose': 'reverify' },
      (o) => second.key.authenticate(o),
    );
    expect(confirm.json()).toEqual({ message: 'Confirmed with your passkey' });
    const third = await addPasskey(user, 'Three');
    expect((await remove(third.id, {})).statusCode).toBe(200);
    expect((await remove(second.id, {})).json().code).toBe('reverification_required');
    // a confirmation older than 5 minutes is refused
    await ceremony('authenticate', { ...user.headers, 'x-passkey-purpose': 'reverify' }, (o) =>
      second.key.authenticate(o),
    );
    await t.database.db.update(sessionReverifications).set({ verifiedAt: new Date(Date.now() - 6 * 60_000) });
    expect((await remove(second.id, {})).json().code).toBe('reverification_required');
    expect((await list(user)).map((p: { name: string }) => p.name)).toEqual(['Two']);
    const removed = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, user.id), eq(auditLog.action, 'passkey.remove')));
    expect(removed.map((r) => r.before)).toEqual(
      expect.arrayContaining([{ name: 'One' }, { name: 'Three' }]),
    );
  });

  it('answers a sign-in challenge with a passkey instead of a code, for its owner only', async () => {
    const owner = await createSignedInUser(t.app, { role: 'owner' });
    const { key } = await addPasskey(owner);
    const signin = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin?as=admin',
        payload: { email: owner.email, password: owner.password },
      });
    const first = await signin();
    if (staffTwoFactor === 'optional') {
      // without TOTP and without the requirement, the password alone signs in
      expect(first.json().token).toEqual(expect.any(String));
      return;
    }
    // required: the passkey is this staff member's second factor
    const { challenge } = first.json();
    expect(challenge).toEqual(expect.any(String));
    const other = await createSignedInUser(t.app);
    const otherKey = (await addPasskey(other)).key;
    const wrong = await ceremony('authenticate', { 'x-sign-in-challenge': challenge }, (o) =>
      otherKey.authenticate(o),
    );
    expect(wrong.json().code).toBe('sign_in_expired');
    const done = await ceremony('authenticate', { 'x-sign-in-challenge': challenge }, (o) =>
      key.authenticate(o),
    );
    expect(done.statusCode, done.body).toBe(200);
    const headers = { authorization: `Bearer ${done.json().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/user/admin', headers })).statusCode).toBe(200);
    const used = await ceremony('authenticate', { 'x-sign-in-challenge': challenge }, (o) =>
      key.authenticate(o),
    );
    expect(used.json().code).toBe('sign_in_expired');
  });

  it('lets staff with a passkey through the two-factor requirement; without one they are refused', async () => {
    const finance = await createSignedInUser(t.app, { role: 'finance' });
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/user/admin', headers });
    expect((await get(finance.headers)).statusCode).toBe(staffTwoFactor === 'required' ? 403 : 200);
    await addPasskey(finance);
    expect((await get(finance.headers)).statusCode).toBe(200);
    await t.database.db.delete(passkeys).where(eq(passkeys.userId, finance.id));
    expect((await get(finance.headers)).statusCode).toBe(staffTwoFactor === 'required' ? 403 : 200);
  });
});
