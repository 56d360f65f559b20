import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import { users, verifications } from '../../db/schema';
import { createSignedInUser, signupBody, TEST_PASSWORD, uniqueEmail } from '../../test/app';
import { useBareTestContext } from '../../test/context';
import { codeIn } from '../../test/smtp-receiver';

const t = useBareTestContext();

const post = (url: string, payload?: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload !== undefined && { payload: payload as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** Registers, signs in (unverified) and answers the token plus the sign-up code from the mail. */
async function registerAndSignIn(email = uniqueEmail('otp')) {
  const res = await post('/api/auth/signup', signupBody({ email }));
  expect(res.statusCode).toBe(201);
  const code = codeIn(await t.smtp.waitForMail(email));
  const signin = await post('/api/auth/signin', { email, password: 'Secret-pass-1' });
  expect(signin.statusCode).toBe(200);
  return { email, code, token: signin.json().token as string, user: signin.json().user };
}

describe('POST /api/auth/signup', () => {
  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone number is required'],
    ['password', 'Password is required'],
    ['gender', 'Gender is required'],
    ['country', 'Country is required'],
  ])('refuses a missing %s with 400 "%s"', async (field, message) => {
    const body = signupBody();
    delete (body as Record<string, unknown>)[field];
    const res = await post('/api/auth/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('registers only with the consent box ticked, and keeps when it was', async () => {
    for (const acceptTerms of [undefined, false, 'true', 1]) {
      const email = uniqueEmail('consent');
      const res = await post('/api/auth/signup', signupBody({ email, acceptTerms }));
      expect(res.statusCode, String(acceptTerms)).toBe(400);
      expect(res.json().message).toBe(MSG.consentRequired);
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
    const email = uniqueEmail('consent');
    const before = Date.now();
    expect((await post('/api/auth/signup', signupBody({ email }))).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses blank required fields', async () => {
    const res = await post('/api/auth/signup', signupBody({ firstName: '   ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('First name is required');
  });

  it('refuses a password shorter than 8 characters', async () => {
    const res = await post('/api/auth/signup', signupBody({ password: 'Ab1!xyz' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.passwordTooShort);
  });

  it('refuses a malformed e-mail and one longer than 254 characters', async () => {
    const bad = await post('/api/auth/signup', signupBody({ email: 'not-an-email' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.invalidEmail);
    const long = await post(
      '/api/auth/signup',
      signupBody({ email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com` }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.emailTooLong);
  });

  it('refuses an unknown gender and an unknown referral id', async () => {
    expect((await post('/api/auth/signup', signupBody({ gender: 'robot' }))).statusCode).toBe(400);
    const res = await post('/api/auth/signup', signupBody({ referralId: 'NOPE1234' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.unknownReferral);
  });

  it('registers, gives every user a referral code and records the referrer', async () => {
    const referrer = await createSignedInUser(t.app);
    const email = uniqueEmail('dup');
    const res = await post(
      '/api/auth/signup',
      signupBody({ email: email.toUpperCase(), referralId: referrer.referralId }),
    );
    expect(res.statusCode).toBe(201);
    const user = res.json().user;
    expect(user.email).toBe(email);
    expect(user.isEmailConfirmed).toBe(false);
    expect(user.referralId).toMatch(/^[A-Z2-9]{8}$/);
    expect(user).not.toHaveProperty('password');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.referredBy).toBe(referrer.id);
  });

  it('answers 400, never 5xx, for malformed bodies', async () => {
    for (const payload of ['not json', '[]', 'null', '{"firstName": {"$ne": 1}}', '{"email": 1e308}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('e-mail verification', () => {
  it('lets an unverified user sign in, then verifies with the mailed code, once', async () => {
    const { code, token, user } = await registerAndSignIn();
    expect(user.isEmailConfirmed).toBe(false);
    const res = await post('/api/auth/verify-email', { otp: code }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.isEmailConfirmed).toBe(true);
    const again = await post('/api/auth/verify-email', { otp: code }, token);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a code that is not 6 digits', async () => {
    const { token } = await registerAndSignIn();
    for (const otp of ['12345', '1234567', 'abcdef']) {
      const res = await post('/api/auth/verify-email', { otp }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.otpLength);
    }
  });

  it('refuses a wrong code, and after 5 wrong tries refuses even the right one', async () => {
    const { code, token } = await registerAndSignIn();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/verify-email', { otp: wrong }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.invalidOtp);
    }
    const sixth = await post('/api/auth/verify-email', { otp: code }, token);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe(MSG.tooManyAttempts);
  });

  it('refuses an expired code', async () => {
    const { email, code, token } = await registerAndSignIn();
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, `%${email}`));
    const res = await post('/api/auth/verify-email', { otp: code }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidOtp);
  });

  it('resends a fresh code that replaces the old one', async () => {
    const { email, code, token } = await registerAndSignIn();
    const res = await post('/api/auth/resend-otp', undefined, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.emailSent);
    const fresh = codeIn(await t.smtp.waitForMail(email, { skip: 1 }));
    if (fresh !== code)
      expect((await post('/api/auth/verify-email', { otp: code }, token)).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { otp: fresh }, token)).statusCode).toBe(200);
    expect((await post('/api/auth/resend-otp', undefined, token)).statusCode).toBe(409);
  });

  it('needs a session', async () => {
    expect((await post('/api/auth/verify-email', { otp: '123456' })).statusCode).toBe(401);
    expect((await post('/api/auth/resend-otp')).statusCode).toBe(401);
  });
});

describe('sign-in, session and sign-out', () => {
  it('refuses wrong credentials with 401 and missing fields with 400', async () => {
    const u = await createSignedInUser(t.app);
    const wrong = await post('/api/auth/signin', { email: u.email, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.invalidCredentials);
    const nobody = await post('/api/auth/signin', { email: uniqueEmail('nobody'), password: 'whatever1' });
    expect(nobody.statusCode).toBe(401);
    expect((await post('/api/auth/signin', { email: u.email })).statusCode).toBe(400);
  });

  it('answers { token, user }, sets the XSRF cookie, and GET /api/auth/user needs the token', async () => {
    const u = await createSignedInUser(t.app);
    const res = await post('/api/auth/signin', { email: u.email, password: TEST_PASSWORD });
    expect(Object.keys(res.json()).sort()).toEqual(['token', 'user']);
    expect(res.headers['cache-control'], 'the token is never cached').toBe('no-store');
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(u.email);
    expect(me.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const bogus = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: 'Bearer nope' },
    });
    expect(bogus.statusCode).toBe(401);
  });

  it('checks the XSRF header against the cookie on state-changing requests that carry it', async () => {
    const u = await createSignedInUser(t.app);
    const res = await post('/api/auth/signin', { email: u.email, password: TEST_PASSWORD });
    const token = res.json().token as string;
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const send = (header?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/resend-otp',
        headers: {
          authorization: `Bearer ${token}`,
          cookie: `XSRF-TOKEN=${xsrf}`,
          ...(header && { 'x-xsrf-token': header }),
        },
      });
    expect((await send()).statusCode).toBe(403);
    expect((await send('forged')).statusCode).toBe(403);
    expect((await send(xsrf)).statusCode).toBe(409); // passes the check; the e-mail is already verified
  });

  it('signout revokes the token', async () => {
    const u = await createSignedInUser(t.app);
    expect((await post('/api/auth/signout', undefined, u.token)).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: u.headers });
    expect(me.statusCode).toBe(401);
  });

  it('a blocked user cannot sign in and their open session stops working at once', async () => {
    const u = await createSignedInUser(t.app);
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, u.id));
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: u.headers });
    expect(me.statusCode).toBe(403);
    expect(me.json().message).toBe(MSG.accountBlocked);
    const res = await post('/api/auth/signin', { email: u.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.accountBlocked);
  });

  it('admin sign-in succeeds only for admins', async () => {
    const client = await createSignedInUser(t.app);
    const res = await post('/api/auth/signin?as=admin', { email: client.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.notAdmin);
    const admin = await createSignedInUser(t.app, { role: 'owner' });
    const ok = await post('/api/auth/signin?as=admin', { email: admin.email, password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.isAdmin).toBe(true);
  });
});

describe('passwords', () => {
  it('change-password refuses a wrong old password and a short new one, then changes and ends other sessions', async () => {
    const u = await createSignedInUser(t.app);
    const other = await post('/api/auth/signin', { email: u.email, password: TEST_PASSWORD });
    const wrong = await post(
      '/api/auth/change-password',
      { oldPassword: 'nope-nope', newPassword: 'Brand-new-pass-2' },
      u.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.wrongOldPassword);
    const short = await post(
      '/api/auth/change-password',
      { oldPassword: TEST_PASSWORD, newPassword: 'short' },
      u.token,
    );
    expect(short.statusCode).toBe(400);
    const ok = await post(
      '/api/auth/change-password',
      { oldPassword: TEST_PASSWORD, newPassword: 'Brand-new-pass-2' },
      u.token,
    );
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: u.headers })).statusCode,
    ).toBe(200);
    const otherMe = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${other.json().token}` },
    });
    expect(otherMe.statusCode).toBe(401);
    expect(
      (await post('/api/auth/signin', { email: u.email, password: 'Brand-new-pass-2' })).statusCode,
    ).toBe(200);
  });

  it('forgot-password answers the same whether or not the e-mail exists', async () => {
    const u = await createSignedInUser(t.app);
    const known = await post('/api/auth/forgot-password', { email: u.email });
    const unknown = await post('/api/auth/forgot-password', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect((await post('/api/auth/forgot-password', {})).statusCode).toBe(400);
  });

  /** POST /api/auth/reset-password; the confirmation repeats the new password unless given. */
  const resetPassword = (email: string, otp: string, newPassword: string, confirmPassword = newPassword) =>
    post('/api/auth/reset-password', { email, otp, newPassword, confirmPassword });

  it('reset-password with the mailed code sets the password and ends every session', async () => {
    const u = await createSignedInUser(t.app);
    await post('/api/auth/forgot-password', { email: u.email });
    const code = codeIn(await t.smtp.waitForMail(u.email));
    const mismatch = await resetPassword(u.email, code, 'Reset-pass-123', 'Reset-pass-124');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(MSG.passwordsDoNotMatch);
    const wrong = await resetPassword(u.email, code === '000000' ? '111111' : '000000', 'Reset-pass-123');
    expect(wrong.statusCode).toBe(400);
    const ok = await resetPassword(u.email, code, 'Reset-pass-123');
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: u.headers })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/signin', { email: u.email, password: TEST_PASSWORD })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/signin', { email: u.email, password: 'Reset-pass-123' })).statusCode).toBe(
      200,
    );
    const reused = await resetPassword(u.email, code, 'Reset-pass-456');
    expect(reused.statusCode).toBe(400);
  });
});
