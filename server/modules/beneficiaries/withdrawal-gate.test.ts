/**
 * Withdrawals go only to an active destination of the client's address book (BENEFICIARY_REQUIRED;
 * docs/security.md "Withdrawal address book"): not saved, unconfirmed, in its waiting period or
 * cancelled → 422 `beneficiary_not_active`, nothing held and no code try taken; active → 201.
 * The check is part of the request's read (withdrawals/request.ts); asking for a code to such a
 * destination (POST /api/withdrawals/code) is refused the same way, with no code made or mailed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BENEFICIARY_MSG } from '@common/schemas/beneficiaries';
import { mailOutbox, oneTimeCodes, users, withdrawals } from '../../db/schema';
import { useBareTestContext, useTestContext } from '../../test/context';
import { addDestination, createClient, withdrawalCode, type TestUser } from '../../test/factories';
import { moveBeneficiaryClock } from '../../test/clocks';

const { t, inject, db } = useTestContext();

const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const crypto = { amount: 25, wallet: 'ethereum', address: ETH };
const bank = {
  amount: 25,
  bankName: 'Bank',
  accountName: 'Test User',
  accountNumber: '12345678',
  routing: '021000021',
  swift: 'DEUTDEFF',
};

/** POSTs the withdrawal `fields` of `method` as `c` with a right e-mailed code. */
async function withdraw(c: TestUser, fields: Record<string, unknown>, method: 'crypto' | 'bank' = 'crypto') {
  const token = await withdrawalCode(t.app, c.id, fields, method);
  return inject('POST', method === 'crypto' ? '/api/c-withdrawals' : '/api/b-withdrawals', c.headers, {
    ...fields,
    token,
  });
}

async function refused(c: TestUser, fields: Record<string, unknown>, method: 'crypto' | 'bank' = 'crypto') {
  const res = await withdraw(c, fields, method);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toMatchObject({ code: 'beneficiary_not_active', message: BENEFICIARY_MSG.notActive });
  expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, c.id))).toEqual([]);
}

describe('withdrawals only to active destinations', () => {
  it('refuses a destination that is not in the address book, taking no try of the code', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
    await refused(c, crypto);
    const codes = await db().select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, c.id));
    expect(codes.map((x) => x.attempts)).toEqual([0]);
    await refused(c, bank, 'bank');
  });

  it('refuses one unconfirmed or in its waiting period, and passes once the wait is over', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
    await addDestination(db(), c.id, { network: 'ethereum', address: ETH }, 'pending_confirmation');
    await refused(c, crypto);
    const other = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
    await addDestination(db(), other.id, { network: 'ethereum', address: ETH }, 'waiting');
    await refused(other, crypto);
    await moveBeneficiaryClock(db(), 2, other.id);
    expect((await withdraw(other, crypto)).statusCode).toBe(201);
  });

  it('refuses a cancelled one, and another client’s active one', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
    const id = await addDestination(db(), c.id, { network: 'ethereum', address: ETH }, 'waiting');
    expect((await inject('POST', `/api/beneficiaries/${id}/cancel`, c.headers)).statusCode).toBe(200);
    await refused(c, crypto);
    const owner = await createClient(t.app);
    await addDestination(db(), owner.id, { network: 'ethereum', address: ETH });
    await refused(c, crypto);
  });

  it('passes an active one: the address in any case, USDT on either chain, a bank account with its BIC', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
    await addDestination(db(), c.id, { network: 'ethereum', address: ETH });
    expect((await withdraw(c, { ...crypto, address: ETH.toLowerCase() })).statusCode).toBe(201);
    await refused(await createClient(t.app, { level: 'identity', balance: 1_000_00n }), {
      ...crypto,
      wallet: 'usdt',
    });
    await addDestination(db(), c.id, { network: 'usdt_tron', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
    expect(
      (await withdraw(c, { ...crypto, wallet: 'usdt', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }))
        .statusCode,
    ).toBe(201);
    await addDestination(db(), c.id, { accountNumber: '12345678', routing: '021000021', swift: 'DEUTDEFF' });
    expect((await withdraw(c, { ...bank, swift: 'COBADEFF' }, 'bank')).statusCode).toBe(422);
    expect((await withdraw(c, bank, 'bank')).statusCode).toBe(201);
  });
});

describe('POST /api/withdrawals/code only for active destinations', () => {
  /** Asks for a code for `fields` of `method` as `c`. */
  const ask = (c: TestUser, fields: Record<string, unknown>, method: 'crypto' | 'bank' = 'crypto') =>
    inject('POST', '/api/withdrawals/code', c.headers, { method, ...fields });
  /** The client's one-time codes and queued mails, counted. */
  const made = async (c: TestUser) => ({
    codes: (await db().select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, c.id))).length,
    mails: (await db().select().from(mailOutbox).where(eq(mailOutbox.to, c.email))).length,
  });

  it('refuses a destination not in the book, waiting or another client’s: no code, no mail', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
    await addDestination(db(), c.id, { network: 'ethereum', address: ETH }, 'waiting');
    const owner = await createClient(t.app);
    await addDestination(db(), owner.id, {
      accountNumber: '12345678',
      routing: '021000021',
      swift: 'DEUTDEFF',
    });
    for (const [fields, method] of [
      [crypto, 'crypto'],
      [bank, 'bank'],
      [{ ...crypto, address: '0x52908400098527886E0F7030069857D2E4169EE7' }, 'crypto'],
    ] as const) {
      const res = await ask(c, fields, method);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'beneficiary_not_active',
        message: BENEFICIARY_MSG.notActive,
      });
    }
    expect(await made(c)).toEqual({ codes: 0, mails: 0 });
  });

  it('mails a code for an active one, its bank account matched with its BIC', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
    await addDestination(db(), c.id, { network: 'ethereum', address: ETH });
    await addDestination(db(), c.id, { accountNumber: '12345678', routing: '021000021', swift: 'DEUTDEFF' });
    expect((await ask(c, { ...crypto, address: ETH.toLowerCase() })).statusCode).toBe(202);
    expect((await ask(c, { ...bank, swift: 'COBADEFF' }, 'bank')).statusCode).toBe(422);
    expect((await ask(c, bank, 'bank')).statusCode).toBe(202);
    expect(await made(c)).toEqual({ codes: 2, mails: 2 });
  });
});

describe('with BENEFICIARY_REQUIRED=false', () => {
  const off = useBareTestContext({ beneficiaryRequired: false });

  it('a code is mailed and a withdrawal held for a destination outside the address book', async () => {
    const c = await createClient(off.app, { balance: 1_000_00n });
    // an identity checked, should withdrawals need one
    await off.database.db.update(users).set({ verificationStatus: 'verified' }).where(eq(users.id, c.id));
    const code = await off.app.inject({
      method: 'POST',
      url: '/api/withdrawals/code',
      headers: c.headers,
      payload: { method: 'crypto', ...crypto },
    });
    expect(code.statusCode, code.body).toBe(202);
    const token = await withdrawalCode(off.app, c.id, crypto);
    const res = await off.app.inject({
      method: 'POST',
      url: '/api/c-withdrawals',
      headers: c.headers,
      payload: { ...crypto, token },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
