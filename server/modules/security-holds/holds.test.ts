/**
 * Holds after security changes (docs/security.md "Holds after security changes"): after each cause
 * a withdrawal and a withdrawal code are refused with 422 `withdrawals_on_hold` (reason and end in
 * the message, no code try taken), the client and staff read the hold, and the change's e-mail
 * says until when; once SECURITY_HOLD_HOURS have passed (the clock moved by the test hook) the
 * withdrawal goes through. A client's very first sign-in, and a sign-in from a known device and
 * network, start none.
 */
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { SecurityHoldCause } from '@common/schemas/security-holds';
import { oneTimeCodes, securityHolds, users, withdrawals } from '../../db/schema';
import { createSignedInUser } from '../../test/app';
import { useTestContext } from '../../test/context';
import {
  addDestinationOf,
  cryptoWithdrawal,
  enrolTwoFactor,
  fundClient,
  withdrawalCode,
} from '../../test/factories';
import { codeIn } from '../../test/smtp-receiver';
import { moveSecurityHoldClock } from '../../test/clocks';

const { t, admin, inject, db } = useTestContext();

/** The withdrawal the tests ask for, to an address each client's address book holds active. */
const CRYPTO = cryptoWithdrawal(25);
const NEW_PASSWORD = 'Brand-new-pass-2';

type Client = Awaited<ReturnType<typeof createSignedInUser>>;

/**
 * A client signed in with a real password, identity verified, with $1,000 available and CRYPTO's
 * address active in their address book.
 */
async function client(): Promise<Client> {
  const c = await createSignedInUser(t.app);
  await db().update(users).set({ verificationStatus: 'verified' }).where(eq(users.id, c.id));
  await fundClient(db(), c.id, 1_000_00n);
  await addDestinationOf(db(), c.id, CRYPTO);
  return c;
}

/** Signs `c` in again with `password` (as createSignedInUser did: same device and network). */
async function signInAgain(c: Client, password: string): Promise<Client> {
  const res = await inject('POST', '/api/auth/signin', {}, { email: c.email, password });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().token as string;
  return { ...c, token, headers: { authorization: `Bearer ${token}` } };
}

const withdraw = async (c: Client) =>
  inject('POST', '/api/c-withdrawals', c.headers, {
    ...CRYPTO,
    token: await withdrawalCode(t.app, c.id, CRYPTO),
  });

/** The mails to `email` so far. */
const mailsTo = (email: string) => t.smtp.mails.filter((m) => m.to === email.toLowerCase());

/**
 * Expects `c`'s withdrawals held for `cause` for `hoursLeft` more: refused (nothing held, no try
 * taken), and shown to the client and to staff.
 */
async function expectHeld(c: Client, cause: SecurityHoldCause, hoursLeft = 24) {
  const res = await withdraw(c);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().code).toBe('withdrawals_on_hold');
  expect(res.json().message).toMatch(/^Withdrawals are paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC because /);
  const tries = await db().select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, c.id));
  expect(tries.every((x) => x.attempts === 0)).toBe(true);
  expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, c.id))).toEqual([]);
  const code = await inject('POST', '/api/withdrawals/code', c.headers, { method: 'crypto', ...CRYPTO });
  expect(code.statusCode, code.body).toBe(422);
  expect(code.json().code).toBe('withdrawals_on_hold');
  const own = await inject('GET', '/api/security-holds/current', c.headers);
  expect(own.json().data).toMatchObject({ cause, reason: res.json().message });
  const ends = new Date(own.json().data.endsAt).getTime();
  expect(Math.abs(ends - Date.now() - hoursLeft * 3_600_000)).toBeLessThan(60_000);
  const staff = await inject('GET', `/api/security-holds/admin/${c.id}`, admin.headers);
  expect(staff.json().data).toEqual(own.json().data);
}

/** Expects `c`'s withdrawals held for `cause` (`expectHeld`), then released after 24 hours. */
async function expectHeldFor24h(c: Client, cause: SecurityHoldCause) {
  await expectHeld(c, cause);
  await expectReleasedAfter24h(c);
}

/** Expects the hold to end after 24 hours, not before, and the withdrawal then to go through. */
async function expectReleasedAfter24h(c: Client) {
  await moveSecurityHoldClock(db(), 23.9, c.id);
  expect((await withdraw(c)).json().code).toBe('withdrawals_on_hold');
  await moveSecurityHoldClock(db(), 0.2, c.id);
  expect((await inject('GET', '/api/security-holds/current', c.headers)).json().data).toBeNull();
  const res = await withdraw(c);
  expect(res.statusCode, res.body).toBe(201);
}

/**
 * Expects a mail `subject` to `email` after its first `seen` that says until when withdrawals wait
 * and carries the "This wasn't me" link; answers the link's token.
 */
async function expectHoldMail(email: string, subject: string, seen: number) {
  const deadline = Date.now() + 5_000;
  let mail = mailsTo(email)
    .slice(seen)
    .find((m) => m.subject === subject);
  while (!mail && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    mail = mailsTo(email)
      .slice(seen)
      .find((m) => m.subject === subject);
  }
  if (!mail) throw new Error(`no "${subject}" to ${email}`);
  expect(mail.text).toMatch(/Withdrawals are paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  const link = /\/this-wasnt-me\?token=([\w-]{40,})/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return link![1]!;
}

describe('each security change holds withdrawals for SECURITY_HOLD_HOURS', () => {
  it('a password change', async () => {
    const c = await client();
    const seen = mailsTo(c.email).length;
    const res = await inject('POST', '/api/auth/change-password', c.headers, {
      oldPassword: c.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectHoldMail(c.email, 'Your password was changed', seen);
    await expectHeldFor24h(c, 'password_change');
  });

  it('a password reset', async () => {
    const c = await client();
    const seen = mailsTo(c.email).length;
    expect((await inject('POST', '/api/auth/forgot-password', {}, { email: c.email })).statusCode).toBe(200);
    const otp = codeIn(await t.smtp.waitForMail(c.email, { skip: seen }));
    const reset = await inject(
      'POST',
      '/api/auth/reset-password',
      {},
      {
        email: c.email,
        otp,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    await expectHoldMail(c.email, 'Your password was changed', seen + 1);
    const again = await signInAgain(c, NEW_PASSWORD);
    await expectHeldFor24h(again, 'password_reset');
  });

  it('two-factor authentication turned off by the client', async () => {
    const c = await client();
    const setup = await inject('POST', '/api/auth/two-factor/setup', c.headers, { password: c.password });
    const { totpURI, backupCodes } = setup.json() as { totpURI: string; backupCodes: string[] };
    const secret = new URL(totpURI).searchParams.get('secret')!;
    const on = await inject('POST', '/api/auth/two-factor/enable', c.headers, {
      code: await generate({ secret }),
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await db().select().from(securityHolds).where(eq(securityHolds.userId, c.id))).toEqual([]);
    const seen = mailsTo(c.email).length;
    const off = await inject('POST', '/api/auth/two-factor/disable', c.headers, {
      password: c.password,
      code: backupCodes[0],
    });
    expect(off.statusCode, off.body).toBe(200);
    await expectHoldMail(c.email, 'Two-factor authentication turned off', seen);
    await expectHeldFor24h(c, 'two_factor_off');
  });

  it("two-factor authentication reset by staff, who is recorded as the hold's maker", async () => {
    const c = await client();
    await enrolTwoFactor(t.app, c);
    const seen = mailsTo(c.email).length;
    const res = await inject('POST', `/api/user/admin/${c.id}/reset-two-factor`, admin.headers, {
      reason: 'Lost phone, identity checked by video call',
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectHoldMail(c.email, 'Two-factor authentication turned off', seen);
    const [hold] = await db().select().from(securityHolds).where(eq(securityHolds.userId, c.id));
    expect(hold).toMatchObject({ cause: 'two_factor_reset', createdBy: admin.id });
    const again = await signInAgain(c, c.password);
    await expectHeldFor24h(again, 'two_factor_reset');
  });

  it('an e-mail change by staff: both addresses are told', async () => {
    const c = await client();
    const [row] = await db().select().from(users).where(eq(users.id, c.id));
    const next = `moved.${c.email}`;
    const seen = mailsTo(c.email).length;
    const res = await inject('PUT', `/api/user/admin/${c.id}`, admin.headers, {
      firstName: row!.firstName,
      lastName: row!.lastName,
      email: next,
      phone: row!.phone || '+44 20 7946 0000',
      location: { address: '1 High Street', state: 'London' },
      verificationStatus: 'verified',
      isBlocked: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectHoldMail(c.email, 'The e-mail address of your account was changed', seen);
    await expectHoldMail(next, 'The e-mail address of your account was changed', 0);
    await expectHeldFor24h(c, 'email_change');
  });

  it('a first sign-in from a new device and network, but not the very first sign-in or a known one', async () => {
    const c = await client();
    expect((await inject('GET', '/api/security-holds/current', c.headers)).json().data).toBeNull();
    await signInAgain(c, c.password); // the same device and network as the first
    expect((await inject('GET', '/api/security-holds/current', c.headers)).json().data).toBeNull();
    const seen = mailsTo(c.email).length;
    const res = await inject(
      'POST',
      '/api/auth/signin',
      { 'user-agent': 'NewPhone/1.0' },
      {
        email: c.email,
        password: c.password,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    await expectHoldMail(c.email, 'New sign-in to your account', seen);
    await expectHeldFor24h(c, 'new_device');
  });

  it('the latest end wins when holds overlap, and staff without withdrawals get none', async () => {
    const c = await client();
    const change = (oldPassword: string, newPassword: string) =>
      inject('POST', '/api/auth/change-password', c.headers, { oldPassword, newPassword });
    expect((await change(c.password, NEW_PASSWORD)).statusCode).toBe(200);
    await moveSecurityHoldClock(db(), 12, c.id);
    expect((await change(NEW_PASSWORD, 'Third-pass-33')).statusCode).toBe(200);
    await moveSecurityHoldClock(db(), 13, c.id); // the first ended, the second has 11 hours to go
    await expectHeld(c, 'password_change', 11);
    const staff = await createSignedInUser(t.app, { role: 'support' });
    const staffChange = await inject('POST', '/api/auth/change-password', staff.headers, {
      oldPassword: staff.password,
      newPassword: NEW_PASSWORD,
    });
    expect(staffChange.statusCode).toBe(200);
    expect(
      await db()
        .select()
        .from(securityHolds)
        .where(and(eq(securityHolds.userId, staff.id))),
    ).toEqual([]);
  });
});
