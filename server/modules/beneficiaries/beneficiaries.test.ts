/**
 * The withdrawal address book (docs/security.md "Withdrawal address book"): add, the e-mailed
 * single-use link, the waiting period, cancel, rename, delete, the sweep and the staff view. Time
 * moves through the address book's clock hook (testing.ts), never by sleeping.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BENEFICIARY_MSG } from '@common/schemas/beneficiaries';
import { beneficiaries, notifications } from '../../db/schema';
import { UNKNOWN_ID, type Headers } from '../../test/app';
import { useTestContext } from '../../test/context';
import { expectAnswer } from '../../test/expect';
import { createClient, createTestUser, type TestUser } from '../../test/factories';
import { moveBeneficiaryClock } from '../../test/clocks';

const { t, admin, inject, db } = useTestContext({ beneficiaryDelayHours: 24 });

const BTC = {
  kind: 'crypto',
  label: 'Cold wallet',
  network: 'bitcoin',
  address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
};
const IBAN = {
  kind: 'bank',
  label: 'Savings',
  iban: 'gb82 west 1234 5698 7654 32',
  swift: 'nwbkgb2l',
  bankName: 'Westminster Bank',
  accountName: 'Test User',
};

/** The token of the last confirmation link e-mailed to `c`. */
async function linkToken(c: TestUser, skip = 0): Promise<string> {
  const mail = await t.smtp.waitForMail(c.email, { skip });
  expect(mail.subject).toBe('Confirm your new withdrawal destination');
  const m = /[?&]confirm=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`no link in ${mail.text}`);
  return m[1]!;
}

async function add(c: TestUser, body: object = BTC): Promise<string> {
  const res = await inject('POST', '/api/beneficiaries', c.headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

const list = async (h: Headers) =>
  (await inject('GET', '/api/beneficiaries', h)).json().data as { _id: string; status: string }[];
const titles = async (c: TestUser) =>
  (await db().select().from(notifications).where(eq(notifications.userId, c.id))).map((n) => n.title).sort();

describe('the address book', () => {
  it('adds a destination pending its link, with the IBAN and BIC in electronic form', async () => {
    const c = await createClient(t.app);
    const res = await inject('POST', '/api/beneficiaries', c.headers, IBAN);
    expectAnswer(res, 201, BENEFICIARY_MSG.added, {
      kind: 'bank',
      iban: 'GB82WEST12345698765432',
      swift: 'NWBKGB2L',
      status: 'pending_confirmation',
      confirmedAt: null,
      activeFrom: null,
    });
    expect(await linkToken(c)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await titles(c)).toEqual(['Withdrawal destination added']);
  });

  it.each([
    [
      { ...BTC, address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh' },
      'address',
      BENEFICIARY_MSG.invalidAddress,
    ],
    [{ ...BTC, network: 'ethereum' }, 'address', BENEFICIARY_MSG.invalidAddress],
    [{ ...IBAN, iban: 'GB83 WEST 1234 5698 7654 32' }, 'iban', BENEFICIARY_MSG.invalidIban],
    [{ ...IBAN, swift: 'DEUTZZFF' }, 'swift', BENEFICIARY_MSG.invalidBic],
    [{ ...IBAN, iban: '' }, 'accountNumber', BENEFICIARY_MSG.ibanOrAccount],
  ])('refuses %j with 400 on its field and stores nothing', async (body, field, message) => {
    const c = await createClient(t.app);
    const res = await inject('POST', '/api/beneficiaries', c.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path: field, message });
    expect(await db().select().from(beneficiaries).where(eq(beneficiaries.userId, c.id))).toEqual([]);
  });

  it('holds each destination once while it is live (409), whatever its spelling', async () => {
    const c = await createClient(t.app);
    await add(c, BTC);
    const again = await inject('POST', '/api/beneficiaries', c.headers, {
      ...BTC,
      address: BTC.address.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('beneficiary_exists');
  });

  it('refuses staff (the address book is for clients)', async () => {
    expect((await inject('POST', '/api/beneficiaries', admin.headers, BTC)).statusCode).toBe(403);
  });
});

describe('the link and the waiting period', () => {
  it('confirms once: waiting for BENEFICIARY_DELAY_HOURS, then active, the client told each time', async () => {
    const c = await createClient(t.app);
    const id = await add(c);
    const token = await linkToken(c);
    const res = await inject('POST', '/api/beneficiaries/confirm', c.headers, { token });
    const body = expectAnswer(res, 200, BENEFICIARY_MSG.confirmed, { _id: id, status: 'waiting' }) as {
      data: { activeFrom: string; confirmedAt: string };
    };
    const wait = Date.parse(body.data.activeFrom) - Date.parse(body.data.confirmedAt);
    expect(wait).toBe(24 * 3600_000);
    const confirmedMail = await t.smtp.waitForMail(c.email, { skip: 1 });
    expect(confirmedMail.subject).toBe('Withdrawal destination confirmed');
    expect(confirmedMail.text).toContain(body.data.activeFrom.slice(0, 16).replace('T', ' '));

    const reuse = await inject('POST', '/api/beneficiaries/confirm', c.headers, { token });
    expect(reuse.json().code).toBe('beneficiary_link_invalid');

    await moveBeneficiaryClock(db(), 23.9, c.id);
    expect(await t.app.ctx.services.beneficiaries.activateDue()).toBe(0);
    expect((await list(c.headers))[0]!.status).toBe('waiting');
    await moveBeneficiaryClock(db(), 0.2, c.id);
    expect((await list(c.headers))[0]!.status).toBe('active');
    expect(await t.app.ctx.services.beneficiaries.activateDue()).toBe(1);
    expect(await t.app.ctx.services.beneficiaries.activateDue()).toBe(0);
    expect((await t.smtp.waitForMail(c.email, { skip: 2 })).subject).toBe('Withdrawal destination active');
    expect(await titles(c)).toEqual([
      'Withdrawal destination active',
      'Withdrawal destination added',
      'Withdrawal destination confirmed',
    ]);
  });

  it('refuses an expired link, another client using the link, and a made-up token', async () => {
    const c = await createClient(t.app);
    const other = await createClient(t.app);
    await add(c);
    const token = await linkToken(c);
    for (const [who, tok] of [
      [other, token],
      [c, 'x'.repeat(43)],
    ] as const) {
      const res = await inject('POST', '/api/beneficiaries/confirm', who.headers, { token: tok });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('beneficiary_link_invalid');
    }
    await moveBeneficiaryClock(db(), 24, c.id);
    const late = await inject('POST', '/api/beneficiaries/confirm', c.headers, { token });
    expect(late.json().code).toBe('beneficiary_link_invalid');
    expect((await list(c.headers))[0]!.status).toBe('pending_confirmation');
  });

  it('cancels during the waiting period (told), never after it, and a cancelled link is dead', async () => {
    const c = await createClient(t.app);
    const waiting = await add(c);
    await inject('POST', '/api/beneficiaries/confirm', c.headers, { token: await linkToken(c) });
    const res = await inject('POST', `/api/beneficiaries/${waiting}/cancel`, c.headers);
    expectAnswer(res, 200, BENEFICIARY_MSG.cancelled, { status: 'cancelled' });
    expect(await titles(c)).toContain('Withdrawal destination cancelled');

    const pending = await add(c, IBAN);
    const token = await linkToken(c, 3);
    expect((await inject('POST', `/api/beneficiaries/${pending}/cancel`, c.headers)).statusCode).toBe(200);
    expect((await inject('POST', '/api/beneficiaries/confirm', c.headers, { token })).statusCode).toBe(400);

    const usable = await add(c, { ...BTC, label: 'Again' });
    await inject('POST', '/api/beneficiaries/confirm', c.headers, { token: await linkToken(c, 5) });
    await moveBeneficiaryClock(db(), 25, c.id);
    const late = await inject('POST', `/api/beneficiaries/${usable}/cancel`, c.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('beneficiary_not_cancellable');
  });
});

describe('rename, delete and who sees what', () => {
  it("renames and deletes the client's own, 404 for another client's", async () => {
    const c = await createClient(t.app);
    const other = await createClient(t.app);
    const id = await add(c);
    expect(
      (await inject('PATCH', `/api/beneficiaries/${id}`, other.headers, { label: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await inject('DELETE', `/api/beneficiaries/${id}`, other.headers)).statusCode).toBe(404);
    expect((await inject('POST', `/api/beneficiaries/${id}/cancel`, other.headers)).statusCode).toBe(404);
    expect(await list(other.headers)).toEqual([]);
    const renamed = await inject('PATCH', `/api/beneficiaries/${id}`, c.headers, { label: '  Ledger  ' });
    expectAnswer(renamed, 200, BENEFICIARY_MSG.renamed, { label: 'Ledger' });
    expectAnswer(await inject('DELETE', `/api/beneficiaries/${id}`, c.headers), 200, BENEFICIARY_MSG.deleted);
    expect(await list(c.headers)).toEqual([]);
    expect((await inject('DELETE', `/api/beneficiaries/${id}`, c.headers)).statusCode).toBe(404);
  });

  it('shows staff with the permission every destination of a client, deleted ones too', async () => {
    const c = await createClient(t.app);
    const id = await add(c);
    await inject('DELETE', `/api/beneficiaries/${id}`, c.headers);
    const res = await inject('GET', `/api/beneficiaries/admin/${c.id}`, admin.headers);
    expect(res.json().data).toMatchObject([{ _id: id, status: 'deleted' }]);
    const support = await createTestUser(t.app, { role: 'support' });
    expect((await inject('GET', `/api/beneficiaries/admin/${c.id}`, support.headers)).statusCode).toBe(403);
    expect(
      (await inject('GET', `/api/beneficiaries/admin/${UNKNOWN_ID}`, admin.headers)).json().data,
    ).toEqual([]);
  });
});

describe('erasing a client', () => {
  it('removes their address book with their other personal data', async () => {
    const c = await createClient(t.app);
    await add(c);
    expect((await inject('DELETE', `/api/user/admin/${c.id}`, admin.headers)).statusCode).toBe(200);
    expect(await db().select().from(beneficiaries).where(eq(beneficiaries.userId, c.id))).toEqual([]);
  });
});
