/**
 * Two-factor sign-in (TOTP, RFC 6238) end to end through the API: set-up → enable → sign-in →
 * verify with codes computed here by otplib, backup codes, challenge expiry and tries, staff
 * enrolment when required, withdrawals confirmed by the authenticator, and a staff reset.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG, SECURITY_MSG } from '@common/messages';
import { auditLog, notifications, twoFactorChallenges, twoFactors } from '../../db/schema';
import { createSignedInUser, createTestContext, injector } from '../../test/app';
import { useBareTestContext } from '../../test/context';
import { addDestinationOf, approveIdentity, cryptoWithdrawal, fundClient } from '../../test/factories';

const t = useBareTestContext();

const inject = injector(() => t);
const now = () => Math.floor(Date.now() / 1000);
/** The TOTP code of `secret` for `offset` seconds from now (the server accepts one 30 s step either side). */
const totp = (secret: string, offset = 0) => generate({ secret, epoch: now() + offset });

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;

/** Sets up and enables 2FA for `user` through the API; answers the secret and backup codes. */
async function enrol(user: Signed) {
  const setup = await inject('POST', '/api/auth/two-factor/setup', user.headers, { password: user.password });
  expect(setup.statusCode).toBe(200);
  const { totpURI, backupCodes } = setup.json() as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret')!;
  const code = await totp(secret);
  const enabled = await inject('POST', '/api/auth/two-factor/enable', user.headers, { code });
  expect(enabled.statusCode).toBe(200);
  expect(enabled.json().user.twoFactorEnabled).toBe(true);
  return { secret, backupCodes, totpURI, code };
}

const signin = (user: Signed, query = '') =>
  inject('POST', `/api/auth/signin${query}`, {}, { email: user.email, password: user.password });
const verify = (challenge: string, code: string) =>
  inject('POST', '/api/auth/two-factor/verify', {}, { challenge, code });

describe('two-factor set-up and sign-in', () => {
  it('sets up, enables with a valid code, then signs in with a challenge and a code', async () => {
    const user = await createSignedInUser(t.app);
    const wrong = await inject('POST', '/api/auth/two-factor/setup', user.headers, {
      password: 'Not-my-pass-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SECURITY_MSG.wrongPassword);
    const { secret, backupCodes, totpURI, code } = await enrol(user);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    const [row] = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(row!.backupCodeHashes.some((h) => backupCodes.includes(h))).toBe(false);
    expect((await t.smtp.waitForMail(user.email)).subject).toBe('Two-factor authentication turned on');

    const first = await signin(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    // the very code that enabled it (not the current step's: on a slow run the step has moved on)
    const reused = await verify(first.json().challenge, code);
    // refused as used while its step is inside the window (409), as wrong once it has left it (400)
    expect([400, 409]).toContain(reused.statusCode);
    const ok = await verify(first.json().challenge, await totp(secret, 30));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user._id).toBe(user.id);
    const me = await inject('GET', '/api/auth/user', { authorization: `Bearer ${ok.json().token}` });
    expect(me.json().data.twoFactorEnabled).toBe(true);
    expect((await verify(first.json().challenge, backupCodes[0]!)).statusCode).toBe(401);
  });

  it("keeps a pending set-up's key, and refuses a right code used before as used (409), not wrong", async () => {
    const user = await createSignedInUser(t.app);
    const setUp = async () => {
      const res = await inject('POST', '/api/auth/two-factor/setup', user.headers, {
        password: user.password,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { totpURI: string; backupCodes: string[]; resumed: boolean };
      return { ...body, secret: new URL(body.totpURI).searchParams.get('secret')! };
    };
    const first = await setUp();
    const reload = await setUp();
    expect([first.resumed, reload.resumed]).toEqual([false, true]);
    expect(reload.secret).toBe(first.secret);
    expect(reload.backupCodes.some((c) => first.backupCodes.includes(c))).toBe(false);
    const enabled = await inject('POST', '/api/auth/two-factor/enable', user.headers, {
      code: await totp(first.secret),
    });
    expect(enabled.statusCode).toBe(200);
    // the earlier backup codes were replaced at the reload: only the newest work
    const old = await signin(user);
    expect((await verify(old.json().challenge, first.backupCodes[0]!)).statusCode).toBe(400);

    // the next step's code: it stays inside the window for a minute, however slow the run
    const code = await totp(first.secret, 30);
    const once = await signin(user);
    expect((await verify(once.json().challenge, code)).statusCode).toBe(200);
    const twice = await signin(user);
    const used = await verify(twice.json().challenge, code);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(SECURITY_MSG.codeUsed);
    // the refused code used nothing up: the challenge still takes a backup code
    expect((await verify(twice.json().challenge, reload.backupCodes[0]!)).statusCode).toBe(200);
  });

  it('lets one of two parallel sign-ins with the same code in; the other is told it was used', async () => {
    const user = await createSignedInUser(t.app);
    const { secret } = await enrol(user);
    const code = await totp(secret, 30);
    const [a, b] = [await signin(user), await signin(user)];
    const answers = await Promise.all([verify(a.json().challenge, code), verify(b.json().challenge, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(SECURITY_MSG.codeUsed);
  });

  it('accepts each backup code once', async () => {
    const user = await createSignedInUser(t.app);
    const { backupCodes } = await enrol(user);
    const a = await signin(user);
    expect((await verify(a.json().challenge, backupCodes[3]!.toUpperCase())).statusCode).toBe(200);
    const b = await signin(user);
    const again = await verify(b.json().challenge, backupCodes[3]!);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(SECURITY_MSG.invalidCode);
    expect((await verify(b.json().challenge, backupCodes[4]!)).statusCode).toBe(200);
  });

  it('ends a challenge after 5 minutes or 5 wrong codes, and records the failures', async () => {
    const user = await createSignedInUser(t.app);
    const { backupCodes } = await enrol(user);
    const expired = (await signin(user)).json().challenge as string;
    await t.database.db
      .update(twoFactorChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorChallenges.userId, user.id));
    const late = await verify(expired, backupCodes[0]!);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(SECURITY_MSG.challengeExpired);

    const challenge = (await signin(user)).json().challenge as string;
    for (let i = 0; i < 4; i++) expect((await verify(challenge, '000000')).statusCode).toBe(400);
    expect((await verify(challenge, 'aaaaa-bbbbb')).statusCode).toBe(400);
    expect((await verify(challenge, backupCodes[0]!)).statusCode).toBe(401);
    // 5 failures also lock the account for 15 minutes
    const locked = await signin(user);
    expect(locked.statusCode).toBe(429);
    const history = (await inject('GET', '/api/auth/sign-in-history?pageSize=20', user.headers)).json().data;
    expect(history.filter((r: { result: string }) => r.result === 'two_factor_failed')).toHaveLength(5);
  });

  it('disables with the password and a code, and e-mails the owner', async () => {
    const user = await createSignedInUser(t.app);
    const { backupCodes } = await enrol(user);
    const bad = await inject('POST', '/api/auth/two-factor/disable', user.headers, {
      password: user.password,
      code: '123456',
    });
    expect(bad.statusCode).toBe(400);
    const res = await inject('POST', '/api/auth/two-factor/disable', user.headers, {
      password: user.password,
      code: backupCodes[9],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.twoFactorEnabled).toBe(false);
    expect((await signin(user)).json().token).toEqual(expect.any(String));
    expect((await t.smtp.waitForMail(user.email, { skip: 1 })).subject).toBe(
      'Two-factor authentication turned off',
    );
  });
});

describe('withdrawals with two-factor authentication', () => {
  it('are confirmed with the authenticator code, never an e-mailed one', async () => {
    const user = await createSignedInUser(t.app);
    await fundClient(t.database.db, user.id, 500_00n);
    await approveIdentity(t.database.db, user.id);
    const { secret } = await enrol(user);
    await addDestinationOf(t.database.db, user.id, cryptoWithdrawal(50));
    const code = await inject('POST', '/api/withdrawals/code', user.headers, {
      method: 'crypto',
      ...cryptoWithdrawal(10),
    });
    expect(code.statusCode).toBe(409);
    expect(code.json().message).toBe(SECURITY_MSG.useAuthenticator);
    const body = (token: string) => ({ ...cryptoWithdrawal(50), token });
    const wrong = await inject('POST', '/api/c-withdrawals', user.headers, body('000000'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MONEY_MSG.invalidCode);
    const ok = await inject('POST', '/api/c-withdrawals', user.headers, body(await totp(secret, 30)));
    expect(ok.statusCode).toBe(201);
    const replay = await inject('POST', '/api/c-withdrawals', user.headers, body(await totp(secret, 30)));
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(SECURITY_MSG.codeUsed);
  });
});

describe('staff', () => {
  it('must enrol when STAFF_TWO_FACTOR=required: 403 on admin routes until then', async () => {
    const strict = await createTestContext({ staffTwoFactor: 'required' });
    try {
      const admin = await createSignedInUser(strict.app, { role: 'owner' });
      const again = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/signin?as=admin',
        payload: { email: admin.email, password: admin.password },
      });
      expect(again.json()).toMatchObject({ token: expect.any(String), twoFactorSetupRequired: true });
      const refused = await strict.app.inject({
        method: 'GET',
        url: '/api/user/admin',
        headers: admin.headers,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(SECURITY_MSG.staffRequired);
      const setup = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/setup',
        headers: admin.headers,
        payload: { password: admin.password },
      });
      const secret = new URL(setup.json().totpURI).searchParams.get('secret')!;
      const enable = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/enable',
        headers: admin.headers,
        payload: { code: await totp(secret) },
      });
      expect(enable.statusCode).toBe(200);
      const allowed = await strict.app.inject({
        method: 'GET',
        url: '/api/user/admin',
        headers: admin.headers,
      });
      expect(allowed.statusCode).toBe(200);
      const client = await createSignedInUser(strict.app);
      const clientSignin = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: client.email, password: client.password },
      });
      expect(clientSignin.json()).not.toHaveProperty('twoFactorSetupRequired');
    } finally {
      await strict.close();
    }
  });

  it('reset a client’s 2FA with a reason: audited, sessions ended, client e-mailed', async () => {
    const admin = await createSignedInUser(t.app, { role: 'owner' });
    const user = await createSignedInUser(t.app);
    await enrol(user);
    const url = `/api/user/admin/${user.id}/reset-two-factor`;
    expect((await inject('POST', url, admin.headers, { reason: 'x' })).statusCode).toBe(400);
    expect((await inject('POST', url, user.headers, { reason: 'Lost phone' })).statusCode).toBe(403);
    const res = await inject('POST', url, admin.headers, { reason: 'Lost phone, identity checked by call' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.twoFactorEnabled).toBe(false);
    expect((await inject('GET', '/api/auth/user', user.headers)).statusCode).toBe(401);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.reset_two_factor'));
    expect(audit).toMatchObject({ actorId: admin.id, targetUserId: user.id });
    expect(audit!.after).toMatchObject({ reason: 'Lost phone, identity checked by call' });
    const mail = await t.smtp.waitForMail(user.email, { skip: 1 });
    expect(mail.subject).toBe('Two-factor authentication turned off');
    expect(mail.text).toContain('Reason: Lost phone, identity checked by call');
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(notice).toMatchObject({ title: 'Two-factor authentication reset' });
    expect(notice!.message).toContain('Reason: Lost phone, identity checked by call.');
    expect((await inject('POST', url, admin.headers, { reason: 'Again please' })).statusCode).toBe(409);
  });
});
