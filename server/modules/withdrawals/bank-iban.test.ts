/**
 * A bank withdrawal to an IBAN (common/schemas/withdrawals.ts, destination.ts; docs/security.md
 * "Withdrawal address book"): the request names the IBAN (printed or electronic format, checksum
 * checked, ISO 13616) in place of the account and routing numbers; it goes through only to an
 * IBAN active in the client's address book with the same BIC; the code's e-mail and the reviewer's
 * queue mask it to its last 4 characters, the client's review page shows it in full, and a second
 * withdrawal to it once one was approved is no longer new.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BENEFICIARY_MSG } from '@common/schemas/beneficiaries';
import { withdrawals } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { addDestinationOf, createClient, withdrawalCode, type TestUser } from '../../test/factories';

const { t, admin, inject, db } = useTestContext();

const IBAN = 'DE89370400440532013000';
/** A bank withdrawal of `amount` USD to IBAN, without its code (`over` replaces fields). */
const toIban = (amount: number | string, over: Record<string, unknown> = {}) => ({
  amount,
  bankName: 'Euro Bank',
  accountName: 'Test User',
  iban: 'DE89 3704 0044 0532 0130 00',
  swift: 'deutdeff',
  ...over,
});

/** POST /api/b-withdrawals as `c` of `body` with a code issued for it. */
const withdraw = async (c: TestUser, body: Record<string, unknown>) =>
  inject('POST', '/api/b-withdrawals', c.headers, {
    ...body,
    token: await withdrawalCode(t.app, c.id, body, 'bank'),
  });

/** A verified client with $1,000 and IBAN active in their address book. */
async function client() {
  const c = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
  await addDestinationOf(db(), c.id, toIban(0), 'bank');
  return c;
}

describe('a bank withdrawal to a saved IBAN', () => {
  it('goes through (201): stored and answered with the IBAN in electronic format, no account number', async () => {
    const c = await client();
    const res = await withdraw(c, toIban(40));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      iban: IBAN,
      accountNumber: null,
      routing: null,
      swift: 'DEUTDEFF',
      bankName: 'Euro Bank',
    });
    const [row] = await db().select().from(withdrawals).where(eq(withdrawals.userId, c.id));
    expect(row).toMatchObject({ iban: IBAN, accountNumber: null, routing: null, amount: 40_00n });
    const list = await inject('GET', '/api/b-withdrawals', c.headers);
    expect(list.json().data[0]).toMatchObject({ iban: IBAN, accountNumber: null });
  });

  it('refuses an IBAN not in the book, or with another BIC (422 beneficiary_not_active)', async () => {
    const c = await client();
    const other = await withdraw(c, toIban(40, { iban: 'GB82WEST12345698765432' }));
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().code).toBe('beneficiary_not_active');
    const bic = await withdraw(c, toIban(40, { swift: 'COBADEFF' }));
    expect(bic.json().code).toBe('beneficiary_not_active');
  });

  it('refuses a wrong check digit, and an IBAN given with an account number (400)', async () => {
    const c = await client();
    const body = { ...toIban(40, { iban: 'DE89370400440532013001' }), token: '123456' };
    const wrong = await inject('POST', '/api/b-withdrawals', c.headers, body);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(BENEFICIARY_MSG.invalidIban);
    const both = { ...toIban(40, { accountNumber: '1234', routing: '021000021' }), token: '123456' };
    const res = await inject('POST', '/api/b-withdrawals', c.headers, both);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(BENEFICIARY_MSG.ibanOrAccount);
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, c.id))).toEqual([]);
  });

  it('the code e-mail and the review queue mask it; the client page shows it in full', async () => {
    const c = await client();
    const ask = await inject('POST', '/api/withdrawals/code', c.headers, { method: 'bank', ...toIban(40) });
    expect(ask.statusCode, ask.body).toBe(202);
    const codeMail = () =>
      t.smtp.mails.find((m) => m.to === c.email.toLowerCase() && m.subject.includes('confirmation code'));
    await expect
      .poll(() => codeMail()?.text)
      .toContain('to confirm a withdrawal of $40.00 to IBAN ending in 3000 at Euro Bank');
    const id = (await withdraw(c, toIban(40))).json().data._id as string;
    const queue = await inject('GET', '/api/reviews/pending?pageSize=40', admin.headers);
    expect(queue.json().data.find((r: { _id: string }) => r._id === id)).toMatchObject({
      destination: 'IBAN ending in 3000 at Euro Bank',
      newDestination: true,
    });
    const facts = await inject('GET', `/api/reviews/client/${c.id}`, admin.headers);
    expect(JSON.stringify(facts.json())).toContain(`IBAN ${IBAN} (SWIFT DEUTDEFF) at Euro Bank`);
  });
});
