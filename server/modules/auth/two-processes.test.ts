/**
 * docs/security.md "Throttling": every attempt is reserved before it is checked, so a burst spread
 * over two API processes on one PostgreSQL checks at most the budget. Each case sends 100 wrong
 * secrets at once (half, then, once the budget is taken, the other half with the right secret):
 * passwords (5 per account), TOTP and backup codes at the second sign-in step (5 per account, each
 * challenge 5 tries), password-reset and e-mail verification codes (10 per account) and withdrawal
 * codes (5 tries per code), and shows what was checked (the sign-in history, the counters, the code's tries) and that
 * the right secret sent after the budget was refused. Needs PostgreSQL (TEST_DATABASE_URL).
 */
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import {
  oneTimeCodes,
  rateLimitHits,
  signInEvents,
  twoFactorChallenges,
  twoFactors,
  users,
  withdrawals,
} from '../../db/schema';
import { TEST_PASSWORD, uniqueEmail } from '../../test/app';
import { codeIn, startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver';
import { postgresOrSkip } from '../../test/processes';
import { useTwoApiProcesses } from '../../test/two-processes';
import { createClient, savedCryptoWithdrawal } from '../../test/factories';
import { createUserWithPassword } from '../users/factory';

const pg = postgresOrSkip('auth/two-processes.test.ts');

/** Answers of a burst: the statuses of the wrong secrets, and the right one's. */
interface Burst {
  wrong: number[];
  right: number;
}

describe.skipIf(!pg)('throttles hold against bursts over two API processes', () => {
  // both processes mail over SMTP to this receiver (its address is known once it listens)
  const env: Record<string, string> = {};
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => smtp?.close());
  const t = useTwoApiProcesses(env);
  const db = () => t.app.ctx.database.db;

  /** POSTs `body` to `path` on process `i % 2`; answers the status (the body is read and dropped). */
  const post = async (i: number, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.servers[i % 2]!.origin}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.text();
    return res.status;
  };

  /**
   * Sends `wrong(i)` for i < 100: the first 50 at once, then, once `taken()` says the budget is
   * used, the other 50 and `right()` at once.
   */
  async function burst(
    wrong: (i: number) => Promise<number>,
    right: () => Promise<number>,
    taken: () => Promise<boolean>,
  ): Promise<Burst> {
    const first = Array.from({ length: 50 }, (_, i) => wrong(i));
    await expect.poll(taken, { timeout: 20_000, interval: 20 }).toBe(true);
    const late = right();
    const second = Array.from({ length: 50 }, (_, i) => wrong(50 + i));
    return { wrong: await Promise.all([...first, ...second]), right: await late };
  }

  const hitsOf = async (key: string) =>
    (await db().select({ hits: rateLimitHits.hits }).from(rateLimitHits).where(eq(rateLimitHits.key, key)))[0]
      ?.hits ?? 0;
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
  /** Says when the counter `key` holds `n` hits: the budget it keeps is taken. */
  const taken = (key: string, n: number) => async () => (await hitsOf(key)) >= n;
  /** Of the burst's 100 wrong secrets 5 were checked (`checked`); the other 95 and the right one got `refused`. */
  const expectFiveChecked = (b: Burst, checked: number, refused: number) => {
    expect(count(b.wrong, checked)).toBe(5);
    expect(count(b.wrong, refused)).toBe(95);
    expect(b.right).toBe(refused);
  };
  /** Of the burst's 100 wrong secrets at most 10 were checked (400); the rest were throttled (429). */
  const expectAtMostTenChecked = (b: Burst) => {
    expect(count(b.wrong, 400)).toBeLessThanOrEqual(10);
    expect(count(b.wrong, 400) + count(b.wrong, 429)).toBe(100);
  };
  const historyOf = async (userId: string, result: 'wrong_password' | 'two_factor_failed') =>
    (
      await db()
        .select()
        .from(signInEvents)
        .where(and(eq(signInEvents.userId, userId), eq(signInEvents.result, result)))
    ).length;

  async function newUser() {
    const email = uniqueEmail('burst');
    const { id } = await createUserWithPassword(t.app.ctx.auth, {
      email,
      password: TEST_PASSWORD,
      firstName: 'Burst',
      lastName: 'Test',
    });
    return { id, email };
  }

  /** A user with 2FA on (set up through the in-process app), and `n` challenges of theirs. */
  async function twoFactorUser(n: number) {
    const user = await newUser();
    const inject = (url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload, headers });
    const signed = await inject('/api/auth/signin', { email: user.email, password: TEST_PASSWORD });
    const headers = { authorization: `Bearer ${signed.json().token as string}` };
    const setup = await inject('/api/auth/two-factor/setup', { password: TEST_PASSWORD }, headers);
    const { totpURI, backupCodes } = setup.json() as { totpURI: string; backupCodes: string[] };
    const secret = new URL(totpURI).searchParams.get('secret')!;
    const totp = (offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset });
    expect((await inject('/api/auth/two-factor/enable', { code: await totp() }, headers)).statusCode).toBe(
      200,
    );
    const challenges: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await inject('/api/auth/signin', { email: user.email, password: TEST_PASSWORD });
      challenges.push(res.json().challenge as string);
    }
    /** A 6-digit code no step from 90 s back to 90 s ahead accepts. */
    const valid = new Set(await Promise.all([-90, -60, -30, 0, 30, 60, 90].map((s) => totp(s))));
    const wrongTotp = (i: number) => {
      for (let k = i; ; k += 100) {
        const code = String((k * 7919 + 13) % 1_000_000).padStart(6, '0');
        if (!valid.has(code)) return code;
      }
    };
    return { ...user, challenges, totp, backupCodes, wrongTotp };
  }

  /** The sign-in budget of `email` (5 failures) is taken. */
  const signInTaken = (email: string) => taken(`acct:signin-fail:${email}`, 5);

  it('100 wrong passwords check 5; the right password after them is refused', async () => {
    const user = await newUser();
    const signin = (i: number, password: string) =>
      post(i, '/api/auth/signin', { email: user.email, password });
    const b = await burst(
      (i) => signin(i, `Wrong-password-${i}`),
      () => signin(1, TEST_PASSWORD),
      signInTaken(user.email),
    );
    expectFiveChecked(b, 401, 429);
    expect(await historyOf(user.id, 'wrong_password')).toBe(5);
  });

  it('100 wrong TOTP codes over 20 challenges check 5; the right code on a fresh challenge is refused', async () => {
    const user = await twoFactorUser(21);
    const verify = (i: number, challenge: string, code: string) =>
      post(i, '/api/auth/two-factor/verify', { challenge, code });
    const b = await burst(
      (i) => verify(i, user.challenges[i % 20]!, user.wrongTotp(i)),
      async () => verify(0, user.challenges[20]!, await user.totp()),
      signInTaken(user.email),
    );
    expectFiveChecked(b, 400, 429);
    expect(await historyOf(user.id, 'two_factor_failed')).toBe(5);
  });

  it('100 wrong TOTP codes on one challenge use its 5 tries; the right code after them is refused', async () => {
    const user = await twoFactorUser(1);
    const challenge = user.challenges[0]!;
    const verify = (i: number, code: string) => post(i, '/api/auth/two-factor/verify', { challenge, code });
    const b = await burst(
      (i) => verify(i, user.wrongTotp(i)),
      async () => verify(1, await user.totp()),
      async () => {
        const [row] = await db()
          .select()
          .from(twoFactorChallenges)
          .where(eq(twoFactorChallenges.userId, user.id));
        return (row?.attempts ?? 0) >= 5;
      },
    );
    expectFiveChecked(b, 400, 401);
    const [row] = await db()
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, user.id));
    expect(row).toMatchObject({ attempts: 5, consumedAt: null });
  });

  it('100 wrong backup codes check 5; a right backup code after them is refused and stays unused', async () => {
    const user = await twoFactorUser(21);
    const verify = (i: number, challenge: string, code: string) =>
      post(i, '/api/auth/two-factor/verify', { challenge, code });
    const wrongBackup = (i: number) => `wrong-${String(i).padStart(5, 'x')}`.slice(0, 11);
    const b = await burst(
      (i) => verify(i, user.challenges[i % 20]!, wrongBackup(i)),
      () => verify(0, user.challenges[20]!, user.backupCodes[0]!),
      signInTaken(user.email),
    );
    expectFiveChecked(b, 400, 429);
    const [row] = await db().select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row!.backupCodeHashes).toHaveLength(10);
  });

  it('100 wrong reset codes check at most 10; the right code after them is refused', async () => {
    const user = await newUser();
    expect(await post(0, '/api/auth/forgot-password', { email: user.email })).toBe(200);
    const code = codeIn(await smtp.waitForMail(user.email, { timeoutMs: 20_000 }));
    const wrong = code === '000000' ? '111111' : '000000';
    const reset = (i: number, otp: string) =>
      post(i, '/api/auth/reset-password', {
        email: user.email,
        otp,
        newPassword: 'New-password-22',
        confirmPassword: 'New-password-22',
      });
    const b = await burst(
      (i) => reset(i, wrong),
      () => reset(1, code),
      taken(`acct:reset-fail:${user.email}`, 10),
    );
    expectAtMostTenChecked(b);
    expect(b.right).toBe(429);
    // the password did not change
    expect(await post(0, '/api/auth/signin', { email: user.email, password: TEST_PASSWORD })).toBe(200);
  });

  it('100 wrong e-mail verification codes check at most 10; the right code after them is refused', async () => {
    const email = uniqueEmail('verify');
    const signup = {
      firstName: 'Vera',
      lastName: 'Burst',
      email,
      phone: '+44 20 7946 0000',
      password: TEST_PASSWORD,
      gender: 'female',
      country: 'United Kingdom',
      acceptTerms: true,
    };
    expect(await post(0, '/api/auth/signup', signup)).toBe(201);
    const code = codeIn(await smtp.waitForMail(email, { timeoutMs: 20_000 }));
    const signin = await fetch(`${t.servers[1]!.origin}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    const { token, user } = (await signin.json()) as { token: string; user: { _id: string } };
    const headers = { authorization: `Bearer ${token}` };
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (i: number, otp: string) => post(i, '/api/auth/verify-email', { otp }, headers);
    const b = await burst(
      (i) => verify(i, wrong),
      () => verify(1, code),
      taken(`acct:verify-fail:${email}`, 10),
    );
    expectAtMostTenChecked(b);
    expect(b.right).toBe(429);
    const [row] = await db().select().from(users).where(eq(users.id, user._id));
    expect(row!.emailVerified).toBe(false);
  });

  it('100 wrong withdrawal codes use the code’s 5 tries; the right code after them is refused', async () => {
    const client = await createClient(t.app, { level: 'identity', balance: 500_00n });
    const target = await savedCryptoWithdrawal(t.app, client.id, 40, 'bitcoin');
    expect(await post(0, '/api/withdrawals/code', { method: 'crypto', ...target }, client.headers)).toBe(202);
    const code = codeIn(await smtp.waitForMail(client.email, { timeoutMs: 20_000 }));
    const wrong = (i: number) => {
      const c = String((i * 7919 + 17) % 1_000_000).padStart(6, '0');
      return c === code ? '999999' : c;
    };
    const withdraw = (i: number, token: string) =>
      post(i, '/api/c-withdrawals', { ...target, token }, client.headers);
    const tries = async () =>
      (await db().select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, client.id)))[0]?.attempts ?? 0;
    const b = await burst(
      (i) => withdraw(i, wrong(i)),
      () => withdraw(1, code),
      async () => (await tries()) >= 5,
    );
    expect(await tries()).toBe(5);
    expectAtMostTenChecked(b);
    expect([400, 429]).toContain(b.right);
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, client.id))).toHaveLength(0);
  });
});
